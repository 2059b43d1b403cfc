import Foundation

extension UIViewController {
    /// Hands the host's insets, and the controller's own with its container's, to the loaded
    /// view, calling `viewSafeAreaInsetsDidChange()` when the view's insets changed. Before the view loads
    /// there is nothing to tell; loading calls this again.
    func applySafeArea() {
        guard let view = viewIfLoaded else { return }
        let before = view.safeAreaInsets
        view.setSafeAreaSource(SafeAreaSource(window: hostSafeAreaInsets, additional: SafeAreaGeometry.adding(additionalSafeAreaInsets, containerSafeAreaInsets)))
        if view.safeAreaInsets != before { viewSafeAreaInsetsDidChange() }
    }
}
