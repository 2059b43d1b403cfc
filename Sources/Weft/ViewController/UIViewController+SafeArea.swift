import Foundation

extension UIViewController {
    /// Hands the host's and the controller's own insets to the loaded view, calling
    /// `viewSafeAreaInsetsDidChange()` when the view's insets changed. Before the view loads
    /// there is nothing to tell; loading calls this again.
    func applySafeArea() {
        guard let view = viewIfLoaded else { return }
        let before = view.safeAreaInsets
        view.setSafeAreaSource(SafeAreaSource(window: hostSafeAreaInsets, additional: additionalSafeAreaInsets))
        if view.safeAreaInsets != before { viewSafeAreaInsetsDidChange() }
    }
}
