import Foundation
import Testing
@testable import Weft

/// One layout case: build a tree, lay it out in a range, and compare the root size and the frames
/// of chosen elements (relative to the root) with numbers worked out from Texture's rules.
struct LayoutCase: Sendable, CustomTestStringConvertible {
    let name: String
    let range: ASSizeRange
    let size: CGSize
    let frames: [CGRect]
    let build: @Sendable () -> (root: any ASLayoutElement, measured: [any ASLayoutElement])

    init(_ name: String, range: ASSizeRange, size: CGSize, frames: [CGRect],
         build: @escaping @Sendable () -> (root: any ASLayoutElement, measured: [any ASLayoutElement])) {
        self.name = name
        self.range = range
        self.size = size
        self.frames = frames
        self.build = build
    }

    var testDescription: String { name }

    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let (root, measured) = build()
        let layout = withScreenScale(2) { root.layoutThatFits(range) }
        #expect(layout.size == size, "\(name): size", sourceLocation: sourceLocation)
        let actual = measured.map { LayoutCase.frame(of: $0, in: layout) }
        for (index, expected) in frames.enumerated() {
            let got = index < actual.count ? actual[index] : nil
            #expect(got == expected, "\(name): frame \(index)\n\(layout.recursiveDescription)", sourceLocation: sourceLocation)
        }
        #expect(layout.issues.isEmpty, "\(name): \(layout.issues)", sourceLocation: sourceLocation)
    }

    /// The frame of `element` relative to the layout's origin, found anywhere in the tree.
    static func frame(of element: any ASLayoutElement, in layout: ASLayout) -> CGRect? {
        func search(_ layout: ASLayout, _ offset: CGPoint) -> CGRect? {
            for sublayout in layout.sublayouts {
                let origin = CGPoint(x: offset.x + sublayout.position.x, y: offset.y + sublayout.position.y)
                if sublayout.layoutElement === element { return CGRect(origin: origin, size: sublayout.size) }
                if let found = search(sublayout, origin) { return found }
            }
            return nil
        }
        return search(layout, .zero)
    }
}

/// Builders for layout cases, in the style of Texture's tests: coloured boxes with a style size.
enum L {
    static func box(_ width: CGFloat, _ height: CGFloat, grow: CGFloat = 0, shrink: CGFloat = 0, _ configure: (ASLayoutElementStyle) -> Void = { _ in }) -> ASDisplayNode {
        let node = ASDisplayNode()
        node.style.preferredSize = CGSize(width: width, height: height)
        node.style.flexGrow = grow
        node.style.flexShrink = shrink
        configure(node.style)
        return node
    }

    /// A node with an intrinsic size, as an image or text node has.
    static func intrinsic(_ width: CGFloat, _ height: CGFloat) -> ASDisplayNode { IntrinsicNode(CGSize(width: width, height: height)) }

    static func range(_ minW: CGFloat, _ minH: CGFloat, _ maxW: CGFloat, _ maxH: CGFloat) -> ASSizeRange {
        ASSizeRange(min: CGSize(width: minW, height: minH), max: CGSize(width: maxW, height: maxH))
    }

    static func exact(_ w: CGFloat, _ h: CGFloat) -> ASSizeRange { ASSizeRange(exactly: CGSize(width: w, height: h)) }

    static func r(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect { CGRect(x: x, y: y, width: w, height: h) }

    static func size(_ w: CGFloat, _ h: CGFloat) -> CGSize { CGSize(width: w, height: h) }

    static func stack(spacing: CGFloat = 0, justify: ASStackLayoutJustifyContent = .start,
                      align: ASStackLayoutAlignItems = .stretch, wrap: ASStackLayoutFlexWrap = .noWrap,
                      alignContent: ASStackLayoutAlignContent = .start, lineSpacing: CGFloat = 0,
                      _ children: [any ASLayoutElement]) -> ASStackLayoutSpec {
        stack(.horizontal, spacing: spacing, justify: justify, align: align, wrap: wrap, alignContent: alignContent,
              lineSpacing: lineSpacing, children)
    }

    static func stack(_ direction: ASStackLayoutDirection, spacing: CGFloat = 0, justify: ASStackLayoutJustifyContent = .start,
                      align: ASStackLayoutAlignItems = .stretch, wrap: ASStackLayoutFlexWrap = .noWrap,
                      alignContent: ASStackLayoutAlignContent = .start, lineSpacing: CGFloat = 0,
                      _ children: [any ASLayoutElement]) -> ASStackLayoutSpec {
        ASStackLayoutSpec(direction: direction, spacing: spacing, justifyContent: justify, alignItems: align,
                          flexWrap: wrap, alignContent: alignContent, lineSpacing: lineSpacing, children: children)
    }
}

/// A node whose natural size is fixed, whatever the constraint.
final class IntrinsicNode: ASDisplayNode, @unchecked Sendable {
    let intrinsicSize: CGSize
    init(_ size: CGSize) {
        intrinsicSize = size
        super.init()
    }
    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize { intrinsicSize }
}
