import Foundation

extension UIViewController {
    /// The controller's traits with `overrideUserInterfaceStyle` laid over `inherited`, as UIKit's
    /// `traitCollection` has it (children inherit the overridden style).
    func applyingUserInterfaceStyleOverride(to inherited: UITraitCollection) -> UITraitCollection {
        guard overrideUserInterfaceStyle != .unspecified else { return inherited }
        return UITraitCollection(traitsFrom: [inherited, UITraitCollection(userInterfaceStyle: overrideUserInterfaceStyle)])
    }

    /// After `overrideUserInterfaceStyle` changed: `traitCollectionDidChange` on this controller
    /// and its children, and, for an `ASDKViewController` whose view is loaded, the new traits
    /// handed to its node tree at once, so the nodes redraw in the new appearance even when they
    /// are rendered without the controller.
    func userInterfaceStyleOverrideDidChange() {
        traitsMayHaveChanged()
        var pending: [UIViewController] = [self]
        while let controller = pending.popLast() {
            if let controller = controller as? ASDKViewController, controller.isViewLoaded { controller.propagateDisplayTraits() }
            pending += controller.children
        }
    }
}
