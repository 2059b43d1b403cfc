import Foundation

/// Converting points and rectangles between nodes' coordinate spaces, through each node's
/// position, anchor point, bounds origin, `transform` and its supernode's `subnodeTransform`, as
/// Core Animation converts between layers. Texture's `convertPoint:toNode:` family.
extension ASDisplayNode {
    /// `point` in this node's coordinates, in `node`'s; Texture's `convertPoint:toNode:`. With a
    /// nil node, as Texture: a loaded node converts to its window's coordinates (the point
    /// unchanged when it is in no window); a node not loaded, to its root node's. Nodes in two
    /// hierarchies have no common space (Texture asserts): reported, and their roots are taken as one.
    public func convert(_ point: CGPoint, to node: ASDisplayNode?) -> CGPoint {
        point.applying(transform(to: node, api: "convert(_:to:)"))
    }

    /// `point` in `node`'s coordinates, in this node's; Texture's `convertPoint:fromNode:`. A nil
    /// node stands for the window or the root node, as in `convert(_:to:)`.
    public func convert(_ point: CGPoint, from node: ASDisplayNode?) -> CGPoint {
        point.applying(transform(from: node, api: "convert(_:from:)"))
    }

    /// The bounding box of `rect`, in this node's coordinates, in `node`'s; Texture's `convertRect:toNode:`.
    public func convert(_ rect: CGRect, to node: ASDisplayNode?) -> CGRect {
        rect.applying(transform(to: node, api: "convert(_:to:)"))
    }

    /// The bounding box of `rect`, in `node`'s coordinates, in this node's; Texture's `convertRect:fromNode:`.
    public func convert(_ rect: CGRect, from node: ASDisplayNode?) -> CGRect {
        rect.applying(transform(from: node, api: "convert(_:from:)"))
    }

    private func transform(to node: ASDisplayNode?, api: String) -> CGAffineTransform {
        guard let target = space(for: node) else { return windowTransform(toWindow: true) }
        return CoordinateSpace.transform(from: .node(self), to: target, api: api, subject: description)
    }

    private func transform(from node: ASDisplayNode?, api: String) -> CGAffineTransform {
        guard let source = space(for: node) else { return windowTransform(toWindow: false) }
        return CoordinateSpace.transform(from: source, to: .node(self), api: api, subject: description)
    }

    /// The space a node argument names: the node's, or for nil on a node that is not loaded, its
    /// root node's (Texture's `ASDisplayNodeUltimateParentOfNode`); nil means the window.
    private func space(for node: ASDisplayNode?) -> CoordinateSpace? {
        if let node { return .node(node) }
        guard !isNodeLoaded else { return nil }
        var root = self
        while let supernode = root.supernode { root = supernode }
        return .node(root)
    }

    /// To (or from) the window this loaded node is in; the identity when it is in none.
    private func windowTransform(toWindow: Bool) -> CGAffineTransform {
        let (up, root) = CoordinateSpace.node(self).toRoot()
        guard root.isWindow else { return .identity }
        return toWindow ? up : up.inverted()
    }
}
