import Foundation

/// The result of laying out an element: its size, its position in its parent, and the layouts of
/// its children; Texture's `ASLayout`.
///
/// Sizes are rounded up to the screen's pixel grid when a layout is made, as in Texture; positions
/// given at creation are too, while positions a parent spec assigns afterwards are kept exact
/// (Texture's stack places children at unrounded offsets such as 125.5).
/// Made and positioned by the spec that computes it, then read-only. Sendable; use from any context.
public final class ASLayout: @unchecked Sendable, CustomStringConvertible {
    // SAFETY: `position` is written only by the parent spec that owns this layout while it computes
    // its own layout, before that is returned; afterwards nothing writes.
    public let layoutElement: any ASLayoutElement
    public let size: CGSize
    public internal(set) var position: CGPoint
    public let sublayouts: [ASLayout]
    /// Problems found in this layout's input or its children's, in the order met.
    public let issues: [ASLayoutIssue]

    public init(layoutElement: any ASLayoutElement, size: CGSize, position: CGPoint? = nil, sublayouts: [ASLayout] = [],
                issues: [ASLayoutIssue] = []) {
        self.layoutElement = layoutElement
        let valid = size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0
        self.size = valid ? CGSize(width: ASCeilPixelValue(size.width), height: ASCeilPixelValue(size.height)) : .zero
        self.position = position.map { CGPoint(x: ASCeilPixelValue($0.x), y: ASCeilPixelValue($0.y)) } ?? .zero
        self.sublayouts = sublayouts
        var all = issues
        for sublayout in sublayouts { all += sublayout.issues }
        if !valid { all.append(.invalidSizeRange(element: ASLayout.name(of: layoutElement), range: "computed size \(size)")) }
        self.issues = all
    }

    /// The frame in the parent's coordinates.
    public var frame: CGRect { CGRect(origin: position, size: size) }

    /// The frame of `element` among the direct sublayouts, or nil.
    public func frame(for element: any ASLayoutElement) -> CGRect? {
        sublayouts.first { $0.layoutElement === element }?.frame
    }

    /// Every display node in this layout with its frame relative to this layout's origin, specs
    /// flattened away: what a node applies to its subnodes. Nodes' own subtrees are not entered.
    public func flattenedNodeFrames() -> [(node: ASDisplayNode, frame: CGRect)] {
        var result: [(ASDisplayNode, CGRect)] = []
        func visit(_ layout: ASLayout, offset: CGPoint) {
            for sublayout in layout.sublayouts {
                let origin = CGPoint(x: offset.x + sublayout.position.x, y: offset.y + sublayout.position.y)
                if let node = sublayout.layoutElement as? ASDisplayNode {
                    result.append((node, CGRect(origin: origin, size: sublayout.size)))
                } else {
                    visit(sublayout, offset: origin)
                }
            }
        }
        visit(self, offset: .zero)
        return result
    }

    /// An indented dump of the tree, one element per line with its frame:
    /// `ASStackLayoutSpec (0.0, 0.0, 320.0, 88.0)`.
    public var recursiveDescription: String {
        var lines: [String] = []
        func visit(_ layout: ASLayout, depth: Int) {
            let f = layout.frame
            lines.append(String(repeating: "  ", count: depth) + "\(ASLayout.name(of: layout.layoutElement)) (\(f.minX), \(f.minY), \(f.width), \(f.height))")
            for sublayout in layout.sublayouts { visit(sublayout, depth: depth + 1) }
        }
        visit(self, depth: 0)
        return lines.joined(separator: "\n")
    }

    public var description: String { "<ASLayout \(ASLayout.name(of: layoutElement)) frame=\(frame)>" }

    /// A short name for messages: the type, and the debug name if any.
    static func name(of element: any ASLayoutElement) -> String {
        let type = String(describing: Swift.type(of: element))
        if let name = element.debugName, !name.isEmpty { return "\(type) \"\(name)\"" }
        return type
    }
}
