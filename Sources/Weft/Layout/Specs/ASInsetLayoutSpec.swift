import Foundation

/// Places its child inside insets; Texture's `ASInsetLayoutSpec`.
///
/// The child gets the range shrunk by the insets. An infinite inset absorbs the slack on its
/// axis: `left = .infinity` pins the child to the right, infinite insets on both sides centre it
/// (rounded to the pixel); on such an axis the child's minimum is 0 and the spec takes the range's
/// maximum. The spec's own style size is not applied, as in Texture.
///
/// Right to left, `left` and `right` swap: the layout is the mirror image of the left-to-right
/// one, so `left` is the leading inset (UIKit's `NSDirectionalEdgeInsets.leading`), kept from the
/// right edge; a child in a spec the range makes wider than child and insets stays at the leading
/// side, and `left = .infinity` pins the child to the left.
/// Configure on one thread, then lay out from any.
open class ASInsetLayoutSpec: ASLayoutSpec {
    public var insets: UIEdgeInsets

    public init(insets: UIEdgeInsets, child: any ASLayoutElement) {
        self.insets = insets
        super.init()
        self.child = child
    }

    open override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange, relativeToParentSize parentSize: CGSize) -> ASLayout {
        guard let child else { return missingChildLayout("child") }
        func finiteOrZero(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        func finite(_ v: CGFloat, _ fallback: CGFloat) -> CGFloat { v.isFinite ? v : fallback }
        func centerInset(_ outer: CGFloat, _ inner: CGFloat) -> CGFloat { ASRoundPixelValue((outer - inner) / 2) }

        let insetsX = finiteOrZero(insets.left) + finiteOrZero(insets.right)
        let insetsY = finiteOrZero(insets.top) + finiteOrZero(insets.bottom)
        let minWidth = (insets.left.isInfinite || insets.right.isInfinite) ? 0 : constrainedSize.min.width
        let minHeight = (insets.top.isInfinite || insets.bottom.isInfinite) ? 0 : constrainedSize.min.height
        let childRange = ASSizeRange(min: CGSize(width: max(0, minWidth - insetsX), height: max(0, minHeight - insetsY)),
                                     max: CGSize(width: max(0, constrainedSize.max.width - insetsX), height: max(0, constrainedSize.max.height - insetsY)))
        let childParent = CGSize(width: max(0, parentSize.width - insetsX), height: max(0, parentSize.height - insetsY))
        let sublayout = child.layoutThatFits(childRange, parentSize: childParent)

        let size = constrainedSize.clamp(CGSize(
            width: finite(sublayout.size.width + insets.left + insets.right, constrainedSize.max.width),
            height: finite(sublayout.size.height + insets.top + insets.bottom, constrainedSize.max.height)))
        let x = finite(insets.left, constrainedSize.max.width
                       - (finite(insets.right, centerInset(constrainedSize.max.width, sublayout.size.width)) + sublayout.size.width))
        let y = finite(insets.top, constrainedSize.max.height
                       - (finite(insets.bottom, centerInset(constrainedSize.max.height, sublayout.size.height)) + sublayout.size.height))
        let placed = [sublayout.positioned(at: CGPoint(x: x, y: y))]
        return ASLayout(layoutElement: self, size: size, sublayouts: isRightToLeft ? LayoutMirroring.mirrored(placed, inWidth: size.width) : placed)
    }
}
