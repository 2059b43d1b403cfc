import Foundation

/// The corner a corner spec decorates; Texture's `ASCornerLayoutLocation`.
public enum ASCornerLayoutLocation: Int, Sendable { case topLeft, topRight, bottomLeft, bottomRight }

/// Places a corner element (a badge, say) centred on a corner of its child; Texture's
/// `ASCornerLayoutSpec`. `offset` moves the corner element; with `wrapsCorner` the spec's size
/// is the union of both, shifted so no position is negative. `layoutPosition` is ignored.
///
/// Right to left, the layout is the mirror image of the left-to-right one: the location's "left"
/// and "right" are the leading and trailing sides (Texture's names predate right-to-left
/// support), so a `.topRight` badge sits at the top left, as UIKit's badges move to the leading
/// corner in right-to-left interfaces, and `offset.x` points the other way. To keep a physical
/// corner, give the node that lays the spec out `semanticContentAttribute = .forceLeftToRight`.
/// Configure on one thread, then lay out from any.
open class ASCornerLayoutSpec: ASLayoutSpec {
    public var corner: (any ASLayoutElement)?
    public var cornerLocation: ASCornerLayoutLocation
    public var offset = CGPoint.zero
    public var wrapsCorner = false

    public init(child: any ASLayoutElement, corner: any ASLayoutElement, location: ASCornerLayoutLocation) {
        self.corner = corner
        self.cornerLocation = location
        super.init()
        self.child = child
    }

    open override var sublayoutElements: [any ASLayoutElement] { children + (corner.map { [$0] } ?? []) }

    open override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        guard let child else { return missingChildLayout("child") }
        guard let corner else { return missingChildLayout("corner") }
        func validOrUndefined(_ v: CGFloat) -> CGFloat { v.isFinite && v >= 0 && v < 10_000_000 ? v : .nan }
        let parent = CGSize(width: validOrUndefined(constrainedSize.max.width), height: validOrUndefined(constrainedSize.max.height))
        let childLayout = child.layoutThatFits(constrainedSize, parentSize: parent)
        let cornerLayout = corner.layoutThatFits(constrainedSize, parentSize: parent)
        var childFrame = CGRect(origin: .zero, size: childLayout.size)
        let c = cornerLayout.size
        var cornerOrigin: CGPoint
        switch cornerLocation {
        case .topLeft: cornerOrigin = CGPoint(x: -c.width / 2, y: -c.height / 2)
        case .topRight: cornerOrigin = CGPoint(x: childFrame.width - c.width / 2, y: -c.height / 2)
        case .bottomLeft: cornerOrigin = CGPoint(x: -c.width / 2, y: childFrame.height - c.height / 2)
        case .bottomRight: cornerOrigin = CGPoint(x: childFrame.width - c.width / 2, y: childFrame.height - c.height / 2)
        }
        cornerOrigin.x += offset.x
        cornerOrigin.y += offset.y
        var cornerFrame = CGRect(origin: cornerOrigin, size: c)
        var frame = childFrame
        if wrapsCorner {
            frame = childFrame.union(cornerFrame)
            frame.size = constrainedSize.clamp(frame.size)
        }
        childFrame.origin.x -= frame.minX
        cornerFrame.origin.x -= frame.minX
        childFrame.origin.y -= frame.minY
        cornerFrame.origin.y -= frame.minY
        let placed = [childLayout.positioned(at: childFrame.origin), cornerLayout.positioned(at: cornerFrame.origin)]
        return ASLayout(layoutElement: self, size: frame.size,
                        sublayouts: isRightToLeft ? LayoutMirroring.mirrored(placed, inWidth: frame.width) : placed)
    }
}
