import Foundation

extension UIView {
    /// Calls `tintColorDidChange()` on this view and on each subview below it that inherits the
    /// tint (sets none of its own), as UIKit does when a tint changes.
    func tintDidChangeInSubtree() {
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            view.tintColorDidChange()
            pending += view.ownSubviews.filter { !$0.setsOwnTintColor }
        }
    }

    /// Whether this view has a tint of its own (a node's view: its node's).
    var setsOwnTintColor: Bool {
        if let node = (self as? ASDisplayNodeView)?.node { return node.ownTintColor != nil }
        return ownTintColor != nil
    }
}
