import Foundation

extension ASTableView {
    /// UIKit's `cellForRow(at:)`: for a row in the viewport, the `UITableViewCell` that stands for
    /// it, configured from its node as Texture's cell is (`_ASTableViewCell`'s `setElement:`): the
    /// node's background colour, selection style, clipping, and the tint colour set on the node
    /// itself. Nil for a row outside the viewport or out of range, as UIKit answers. A row answers
    /// the same cell while its node is shown. Weft draws rows as nodes: the cell is for code that
    /// reads these settings, and is not drawn.
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        guard let tableNode else { return nil }
        let visible = tableNode.indexPathsForVisibleRows()
        let shown = Set(visible.compactMap { tableNode.collection.layoutElements.element(at: $0)?.allocatedNode }.map(ObjectIdentifier.init))
        // Cells of rows no longer shown are let go, as UIKit's are reused.
        rowCells = rowCells.filter { shown.contains($0.key) && $0.value.node.value != nil }
        guard visible.contains(indexPath), let node = tableNode.collection.layoutElements.element(at: indexPath)?.allocatedNode else { return nil }
        let id = ObjectIdentifier(node)
        let cell = rowCells[id]?.cell ?? UITableViewCell(frame: .zero)
        rowCells[id] = (WeakCellNode(node), cell)
        cell.frame = tableNode.rectForRow(at: indexPath)
        cell.backgroundColor = node.backgroundColor
        cell.selectionStyle = node.selectionStyle
        cell.clipsToBounds = node.clipsToBounds
        // Only a colour set on the node: an inherited one is the cell's own to inherit.
        cell.tintColor = node.state.withLock { $0.tintColor }
        return cell
    }
}
