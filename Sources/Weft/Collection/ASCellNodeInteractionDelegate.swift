import Foundation

/// Told when a cell node's selection is set by the app, so its collection selects or deselects
/// the item; Texture's `ASCellNodeInteractionDelegate` (ASCellNode+Internal.h). The collection that
/// made the cell is its delegate.
protocol ASCellNodeInteractionDelegate: AnyObject {
    func nodeSelectedStateDidChange(_ node: ASCellNode)
}

/// A cell's interaction delegate, held weakly (the collection owns its cells).
final class WeakInteractionDelegate: @unchecked Sendable {
    // SAFETY: set once; the delegate (a collection node) guards its own state.
    weak var value: (any ASCellNodeInteractionDelegate)?
    init(_ value: any ASCellNodeInteractionDelegate) { self.value = value }
}

extension ASCellNode {
    /// Sets `isSelected` without telling the collection: for the collection's own selection and
    /// its cells' (Texture's `__setSelectedFromUIKit:`). Does nothing when the value is current, so
    /// an override of `isSelected` sees one call per change.
    func setSelectedFromCollection(_ selected: Bool) {
        guard isSelected != selected else { return }
        suspendInteractionDelegate = true
        isSelected = selected
        suspendInteractionDelegate = false
    }
}

extension ASCollectionNode: ASCellNodeInteractionDelegate {
    /// Selects or deselects the cell's item as the app set the cell's `isSelected` (Texture's
    /// ASCollectionView does so through UIKit's selection), without scrolling. A cell no longer in
    /// the collection changes nothing here.
    func nodeSelectedStateDidChange(_ node: ASCellNode) {
        guard indexPath(for: node) != nil else { return }
        if node.isSelected { noteSelected(node) } else { noteDeselected(node) }
    }
}
