import Foundation

/// The two insets added side by side; Texture's `ASConcatInsets` (ASInternalHelpers.h, public
/// through its umbrella header). Sendable values; use from any context.
public func ASConcatInsets(_ insetsA: UIEdgeInsets, _ insetsB: UIEdgeInsets) -> UIEdgeInsets {
    UIEdgeInsets(top: insetsA.top + insetsB.top, left: insetsA.left + insetsB.left,
                 bottom: insetsA.bottom + insetsB.bottom, right: insetsA.right + insetsB.right)
}
