import Foundation

/// Lays out its child, then stretches an overlay over exactly the child's size; Texture's
/// `ASOverlayLayoutSpec`. The spec's own style size is not applied, as in Texture.
/// Configure on one thread, then lay out from any.
open class ASOverlayLayoutSpec: ASLayoutSpec {
    public var overlay: (any ASLayoutElement)?

    public init(child: any ASLayoutElement, overlay: (any ASLayoutElement)?) {
        self.overlay = overlay
        super.init()
        self.child = child
    }

    open override var sublayoutElements: [any ASLayoutElement] { children + (overlay.map { [$0] } ?? []) }

    open override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange, relativeToParentSize parentSize: CGSize) -> ASLayout {
        guard let child else { return missingChildLayout("child") }
        let contents = child.layoutThatFits(constrainedSize, parentSize: parentSize).positioned(at: .zero)
        var sublayouts = [contents]
        if let overlay {
            let overlayLayout = overlay.layoutThatFits(ASSizeRange(exactly: contents.size), parentSize: contents.size)
                .positioned(at: .zero)
            sublayouts.append(overlayLayout)
        }
        return ASLayout(layoutElement: self, size: contents.size, sublayouts: sublayouts)
    }
}
