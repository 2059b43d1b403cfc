import Foundation

/// The result of laying out an element: its size, its position in its parent, and the layouts of
/// its children; Texture's `ASLayout`.
///
/// Sizes are rounded up to the screen's pixel grid when a layout is made, as in Texture; positions
/// given at creation are too, while positions a parent spec assigns afterwards (`positioned(at:)`)
/// are kept exact (Texture's stack places children at unrounded offsets such as 125.5).
///
/// Immutable: a parent spec places a child by making a positioned copy, never by moving the
/// child's layout, which the child's node caches and other layout passes share.
///
/// Ownership: a layout references a **node** weakly and any other element (a spec) strongly.
/// A node caches its own layout, and its supernode's layout contains it, so a strong reference
/// from a layout to its node would be a cycle (node → cached layout → node) and no laid-out node
/// would ever be freed. Specs, on the other hand, are made for one layout pass and nothing but the
/// layout keeps them, so the layout must own them (and, through their children, the nodes they
/// place, as Texture's `retainSublayoutElements` does). `layoutElement` is therefore nil once a
/// node is gone, as Texture's weak `layoutElement` is; messages and dumps still name its type.
/// Sendable; use from any context.
public final class ASLayout: @unchecked Sendable, CustomStringConvertible {
    // SAFETY: every stored property is set in `init` and never changed; the weak reference is
    // read through the runtime's thread-safe weak-reference support. The element (a node or a
    // spec, not Sendable only so that subclasses need not say so) guards its state with its mutex,
    // or, a spec, is only read once laid out.
    private let ownedElement: (any ASLayoutElement)?
    private weak let node: ASDisplayNode?
    /// The element's type, for names once a node is gone.
    private let elementType: any ASLayoutElement.Type
    public let size: CGSize
    /// The position in the parent's coordinates; zero until a parent places a copy.
    public let position: CGPoint
    public let sublayouts: [ASLayout]
    /// The nodes of the sublayouts of a node's flat layout (see `isFlat`), held strongly, as
    /// Texture's flattened layouts hold them (`retainSublayoutElements`): a flattened layout keeps
    /// the nodes it places until it is applied, while its own element stays weak. Empty otherwise:
    /// a spec owns the nodes it places, and so does the spec of a node's layout that is not flat.
    private let retainedSublayoutNodes: [ASDisplayNode]
    /// Problems found in this layout's input or its children's, in the order met.
    public let issues: [ASLayoutIssue]

    public init(layoutElement: any ASLayoutElement, size: CGSize, position: CGPoint? = nil, sublayouts: [ASLayout] = [],
                issues: [ASLayoutIssue] = []) {
        (node, ownedElement) = Self.split(layoutElement)
        elementType = type(of: layoutElement)
        let valid = size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0
        self.size = valid ? CGSize(width: ASCeilPixelValue(size.width), height: ASCeilPixelValue(size.height)) : .zero
        self.position = position.map { CGPoint(x: ASCeilPixelValue($0.x), y: ASCeilPixelValue($0.y)) } ?? .zero
        self.sublayouts = sublayouts
        retainedSublayoutNodes = node == nil ? [] : Self.nodesToRetain(sublayouts)
        var all = issues
        for sublayout in sublayouts { all += sublayout.issues }
        if !valid { all.append(.invalidSizeRange(element: ASLayout.name(of: layoutElement), range: "computed size \(size)")) }
        self.issues = all
    }

    /// A node is held weakly (a cached layout must not keep its node alive); a spec is owned.
    private static func split(_ element: any ASLayoutElement) -> (node: ASDisplayNode?, owned: (any ASLayoutElement)?) {
        if let node = element as? ASDisplayNode { return (node, nil) }
        return (nil, element)
    }

    /// A copy of `layout` at `position`, sharing its sublayouts.
    private init(_ layout: ASLayout, position: CGPoint) {
        ownedElement = layout.ownedElement
        node = layout.node
        elementType = layout.elementType
        size = layout.size
        self.position = position
        sublayouts = layout.sublayouts
        retainedSublayoutNodes = layout.retainedSublayoutNodes
        issues = layout.issues
    }

    /// A layout of exactly these values, nothing rounded (for `flattened()`).
    private init(element: any ASLayoutElement, size: CGSize, position: CGPoint, sublayouts: [ASLayout], issues: [ASLayoutIssue]) {
        (node, ownedElement) = Self.split(element)
        elementType = type(of: element)
        self.size = size
        self.position = position
        self.sublayouts = sublayouts
        retainedSublayoutNodes = node == nil ? [] : Self.nodesToRetain(sublayouts)
        self.issues = issues
    }

    /// The nodes a node's layout with these sublayouts retains: theirs when they are all nodes'
    /// layouts without sublayouts (a flat layout), none otherwise.
    private static func nodesToRetain(_ sublayouts: [ASLayout]) -> [ASDisplayNode] {
        guard !sublayouts.isEmpty, isFlat(sublayouts) else { return [] }
        return sublayouts.compactMap(\.node)
    }

    /// A node's layout with its specs flattened away, as Texture keeps a node's calculated layout
    /// (`filteredNodeLayoutTree`): a sublayout for each node, at the frame `appliedNodeFrames()`
    /// gives it and without its own sublayouts, so it applies the same frames and keeps none of
    /// the specs (nor their layouts) it was made of. The same size, position and issues. `self`
    /// when already flat, or when this is not a node's layout.
    func flattened() -> ASLayout {
        guard ownedElement == nil, let node, !isFlat else { return self }
        return ASLayout(element: node, size: size, position: position, sublayouts: flattenedSublayouts(), issues: issues)
    }

    /// A layout of the same element and size whose sublayouts are the display nodes in this one,
    /// specs flattened away, each at its position relative to this layout rounded up to the pixel
    /// grid and without sublayouts of its own; Texture's `filteredNodeLayoutTree`. Its position is
    /// `ASPointNull`, and it holds the nodes it places (see `retainedSublayoutNodes`). As in
    /// Texture, a node's sublayout already at its rounded position with no sublayouts is reused,
    /// and `self` is returned when already flattened: unplaced (`ASPointNull`, or zero, the
    /// position of a layout made without one) and every sublayout a node's without sublayouts.
    /// Works on a spec's layout as on a node's. The issues are kept. A node that is gone is left out.
    public func filteredNodeLayoutTree() -> ASLayout {
        guard let element = layoutElement, !((ASPointIsNull(position) || position == .zero) && isFlat) else { return self }
        return ASLayout(element: element, size: size, position: ASPointNull, sublayouts: flattenedSublayouts(), issues: issues)
    }

    /// The sublayouts of a flattened layout: one per node, at the frame applying this layout gives
    /// it (its position rounded up to the pixel grid); a node's sublayout already there without
    /// sublayouts of its own is used as it is, as Texture reuses it.
    private func flattenedSublayouts() -> [ASLayout] {
        nodeSublayouts().map { sublayout, node, origin in
            let position = CGPoint(x: ASCeilPixelValue(origin.x), y: ASCeilPixelValue(origin.y))
            if sublayout.sublayouts.isEmpty && sublayout.position == position { return sublayout }
            return ASLayout(element: node, size: sublayout.size, position: position, sublayouts: [], issues: [])
        }
    }

    /// Whether every sublayout is a node's without sublayouts of its own: applied as it is.
    private var isFlat: Bool { Self.isFlat(sublayouts) }

    private static func isFlat(_ sublayouts: [ASLayout]) -> Bool {
        sublayouts.allSatisfy { $0.ownedElement == nil && $0.sublayouts.isEmpty }
    }

    /// This layout placed at `position` in its parent (kept exact, not rounded): a new layout that
    /// shares the element, size, sublayouts and issues. Returns `self` when already there.
    public func positioned(at position: CGPoint) -> ASLayout {
        position == self.position ? self : ASLayout(self, position: position)
    }

    /// The element laid out: the spec, or the node while it is alive (see the ownership note above).
    public var layoutElement: (any ASLayoutElement)? { ownedElement ?? node }

    /// The frame in the parent's coordinates.
    public var frame: CGRect { CGRect(origin: position, size: size) }

    /// The frame of `element` among the direct sublayouts, or nil.
    public func frame(for element: any ASLayoutElement) -> CGRect? {
        sublayouts.first { $0.layoutElement === element }?.frame
    }

    /// Every display node in this layout with its frame relative to this layout's origin, specs
    /// flattened away: what a node applies to its subnodes. Nodes' own subtrees are not entered.
    public func flattenedNodeFrames() -> [(node: ASDisplayNode, frame: CGRect)] {
        nodeSublayouts().map { sublayout, node, origin in (node, CGRect(origin: origin, size: sublayout.size)) }
    }

    /// The layout of every display node in this layout, with the node and its origin relative to
    /// this layout's, specs flattened away, in depth-first order. Nodes' own subtrees are not entered.
    private func nodeSublayouts() -> [(layout: ASLayout, node: ASDisplayNode, origin: CGPoint)] {
        var result: [(ASLayout, ASDisplayNode, CGPoint)] = []
        // Iterative, in the recursive walk's order: a layout can be as deep as layout nesting allows.
        func push(_ layout: ASLayout, _ offset: CGPoint, onto pending: inout [(ASLayout, CGPoint)]) {
            for sublayout in layout.sublayouts.reversed() {
                pending.append((sublayout, CGPoint(x: offset.x + sublayout.position.x, y: offset.y + sublayout.position.y)))
            }
        }
        var pending: [(ASLayout, CGPoint)] = []
        push(self, .zero, onto: &pending)
        while let (sublayout, origin) = pending.popLast() {
            if sublayout.ownedElement != nil {
                push(sublayout, origin, onto: &pending)
            } else if let node = sublayout.node {
                result.append((sublayout, node, origin))
            }
        }
        return result
    }

    /// The frames a node gives its subnodes when it applies this layout; Texture's
    /// `filteredNodeLayoutTree`. Like `flattenedNodeFrames()`, but each node's position in this
    /// layout is rounded up to the screen's pixel grid (Texture makes a new, rounded layout for
    /// every node it flattens), so 3 × 50 pt spaced around in 305 pt land at 26, 127.5 and 229.5
    /// at scale 2, not at 25.83 and 229.17. A layout whose sublayouts are already all nodes
    /// without sublayouts counts as flattened and is applied as it is, as in Texture.
    /// (A collection's layout state uses the exact positions: `flattenedNodeFrames()`.)
    func appliedNodeFrames() -> [(node: ASDisplayNode, frame: CGRect)] {
        let frames = flattenedNodeFrames()
        guard !isFlat else { return frames }
        return frames.map { node, frame in
            (node, CGRect(origin: CGPoint(x: ASCeilPixelValue(frame.minX), y: ASCeilPixelValue(frame.minY)), size: frame.size))
        }
    }

    /// An indented dump of the tree, one element per line with its frame:
    /// `ASStackLayoutSpec (0.0, 0.0, 320.0, 88.0)`.
    public var recursiveDescription: String {
        var lines: [String] = []
        var pending: [(layout: ASLayout, depth: Int)] = [(self, 0)]
        while let (layout, depth) = pending.popLast() {
            let f = layout.frame
            lines.append(String(repeating: "  ", count: depth) + "\(layout.elementName) (\(f.minX), \(f.minY), \(f.width), \(f.height))")
            for sublayout in layout.sublayouts.reversed() { pending.append((sublayout, depth + 1)) }
        }
        return lines.joined(separator: "\n")
    }

    public var description: String { "<ASLayout \(elementName) frame=\(frame)>" }

    /// The element's name for messages and dumps; its type alone once a node is gone.
    var elementName: String {
        if let element = layoutElement { return ASLayout.name(of: element) }
        return String(describing: elementType)
    }

    /// A short name for messages: the type, and the debug name if any.
    static func name(of element: any ASLayoutElement) -> String {
        let type = String(describing: Swift.type(of: element))
        if let name = element.debugName, !name.isEmpty { return "\(type) \"\(name)\"" }
        return type
    }
}
