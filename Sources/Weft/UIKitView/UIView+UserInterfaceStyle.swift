import Foundation

extension UIView {
    /// The traits this view draws with when it inherits `inherited`: those, with this view's
    /// `overrideUserInterfaceStyle` when it is set.
    func drawingTraits(inheriting inherited: UITraitCollection) -> UITraitCollection {
        guard overrideUserInterfaceStyle != .unspecified else { return inherited }
        return UITraitCollection(traitsFrom: [inherited, UITraitCollection(userInterfaceStyle: overrideUserInterfaceStyle)])
    }

    /// Runs `body` (this view's compositing) with its traits as `UITraitCollection.current`, so its
    /// background, border, `draw(_:)` and subviews resolve dynamic colours for its appearance.
    /// Views draw on the main actor, synchronously, so the traits they inherit are the current ones.
    func withDrawingTraits<R>(_ body: () throws -> R) rethrows -> R {
        guard overrideUserInterfaceStyle != .unspecified else { return try body() }
        return try UITraitCollection.withCurrent(drawingTraits(inheriting: .current), body)
    }
}
