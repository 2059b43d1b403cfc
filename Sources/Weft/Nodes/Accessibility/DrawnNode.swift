import Foundation

/// A node as it appears in its root's rendered image: where, and how opaque. What the
/// accessibility audit walks to find what is behind text and which controls are small.
///
/// Holds the node, which is thread-safe but not Sendable; use it where it was made.
public struct DrawnNode {
    public let node: ASDisplayNode
    /// The node's frame in the root's image, in points.
    public let frame: CGRect
    /// The node's alpha times its ancestors'.
    public let alpha: CGFloat
}

extension ASDisplayNode {
    /// The visible nodes of this tree in the order they are painted (a node, then its subnodes
    /// back to front), with a collection's or table's visible cells after it, where it draws
    /// them at its content offset. Hidden nodes and nodes with alpha 0 are left out with their
    /// subtrees. Lays the tree out first.
    ///
    /// Each node is listed once and no deeper than `WeftLimits.maximumTreeDepth`: a collection
    /// inside one of its own cells, or a tree deeper than that, is cut there and reported.
    public func drawnNodesInPaintOrder() -> [DrawnNode] {
        layoutIfNeeded()
        var result: [DrawnNode] = []
        var seen = Set<ObjectIdentifier>()
        var repeated: (node: ASDisplayNode, count: Int)?
        var tooDeep: (node: ASDisplayNode, count: Int)?
        var pending: [(node: ASDisplayNode, offset: CGPoint, alpha: CGFloat, depth: Int)] = [(self, .zero, 1, 1)]
        while let (node, offset, inherited, depth) = pending.popLast() {
            let alpha = inherited * node.alpha
            guard !node.isHidden, alpha > 0 else { continue }
            guard seen.insert(ObjectIdentifier(node)).inserted else {
                repeated = (repeated?.node ?? node, (repeated?.count ?? 0) + 1)
                continue
            }
            guard depth <= WeftLimits.maximumTreeDepth else {
                tooDeep = (tooDeep?.node ?? node, (tooDeep?.count ?? 0) + 1)
                continue
            }
            // In its own tree's root coordinates; `offset` moves a cell's tree to its place.
            let local = node.frameInRootCoordinates()
            result.append(DrawnNode(node: node, frame: local.offsetBy(dx: offset.x, dy: offset.y), alpha: alpha))
            // Pushed in reverse, so popped in paint order: subnodes, then cells on top.
            let cells = CollectionCells.placed(in: node, at: local.origin)
            pending += cells.reversed().map { ($0.cell, CGPoint(x: offset.x + $0.offset.x, y: offset.y + $0.offset.y), alpha, depth + 1) }
            pending += node.subnodes.reversed().map { ($0, offset, alpha, depth + 1) }
        }
        if let (node, count) = repeated {
            WeftDiagnostics.report(.accessibility, node.description,
                                   "drawnNodesInPaintOrder reached it again (a collection inside its own cell); listed once, \(count) repeat(s) left out")
        }
        if let (node, count) = tooDeep {
            WeftDiagnostics.report(.accessibility, node.description,
                                   "drawnNodesInPaintOrder: deeper than WeftLimits.maximumTreeDepth (\(WeftLimits.maximumTreeDepth)); \(count) subtree(s) left out")
        }
        return result
    }
}

/// Where a collection or table draws its visible cells. Cells are trees of their own (not
/// subnodes), so each comes with the translation from its own root coordinates to the image.
enum CollectionCells {
    /// The visible cells (items and supplementary views, in the layout's order) of `node` if it
    /// is a collection or table whose viewport's top left is at `origin` in its tree's root
    /// coordinates; each offset moves the cell's own coordinates to the same space.
    static func placed(in node: ASDisplayNode, at origin: CGPoint) -> [(cell: ASCellNode, offset: CGPoint)] {
        guard let composed = node as? any ComposedContent else { return [] }
        return composed.visibleCellFrames.map { cell, frame in
            let cellOrigin = cell.frameInRootCoordinates().origin
            return (cell, CGPoint(x: origin.x + frame.minX - cellOrigin.x, y: origin.y + frame.minY - cellOrigin.y))
        }
    }
}
