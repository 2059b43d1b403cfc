import Foundation

/// The first responder: one view per window, as UIKit keeps it. Offscreen there is no keyboard
/// or event delivery; what is kept is which view holds the role, so code that asks (`isFirstResponder`,
/// a text node's editing state) sees UIKit's answers.
extension UIView {
    /// What `becomeFirstResponder()` does: asks the current first responder to resign, then takes
    /// the role.
    func takeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window else { return false }
        if let current = window.firstResponderView, current !== self {
            guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
        }
        window.firstResponderView = self
        return true
    }

    /// What `resignFirstResponder()` does: gives up the role if this view holds it.
    func giveUpFirstResponder() {
        if let window, window.firstResponderView === self { window.firstResponderView = nil }
    }
}
