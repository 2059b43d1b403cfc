import Foundation

/// Lays out its child, then stretches a background behind exactly the child's size; Texture's
/// `ASBackgroundLayoutSpec`. The spec's own style size is not applied, as in Texture.
/// Configure on one thread, then lay out from any.
open class ASBackgroundLayoutSpec: ASLayoutSpec {
    public var background: (any ASLayoutElement)?

    public init(child: any ASLayoutElement, background: (any ASLayoutElement)?) {
        self.background = background
        super.init()
        self.child = child
    }

    open override var sublayoutElements: [any ASLayoutElement] { (background.map { [$0] } ?? []) + children }

    open override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange, relativeToParentSize parentSize: CGSize) -> ASLayout {
        guard let child else { return missingChildLayout("child") }
        let contents = child.layoutThatFits(constrainedSize, parentSize: parentSize).positioned(at: .zero)
        var sublayouts: [ASLayout] = []
        if let background {
            let backgroundLayout = background.layoutThatFits(ASSizeRange(exactly: contents.size), parentSize: parentSize)
                .positioned(at: .zero)
            sublayouts.append(backgroundLayout)
        }
        sublayouts.append(contents)
        return ASLayout(layoutElement: self, size: contents.size, sublayouts: sublayouts)
    }
}
