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
        propagateTraitsToNodes()
    }

    /// `traitCollectionDidChange` on this controller and its children whose traits changed, then
    /// each loaded `ASDKViewController`'s traits in this controller's tree handed to its nodes, as
    /// Texture's controller does before its layout.
    func propagateTraitsToNodes() {
        traitsMayHaveChanged()
        var pending: [UIViewController] = [self]
        while let controller = pending.popLast() {
            if controller.isViewLoaded, let controller = controller as? NodeTraitsPropagating { controller.propagateDisplayTraits() }
            pending += controller.children
        }
    }
}

/// A controller that hands its traits to a node tree: `ASDKViewController`, whatever its node type
/// (a cast to the generic class would match one node type only).
@MainActor protocol NodeTraitsPropagating: AnyObject {
    func propagateDisplayTraits()
}

extension ASDKViewController: NodeTraitsPropagating {}
