import Foundation

/// UIKit's item queries and selection on a collection view, answered by its collection node
/// (Texture's ASCollectionView forwards them to the node the same way).
extension UICollectionView {
    /// The index paths of the items in the viewport, in order; UIKit's `indexPathsForVisibleItems`.
    public var indexPathsForVisibleItems: [IndexPath] { owner?.indexPathsForVisibleItems ?? [] }

    /// The selected items' index paths; UIKit's `indexPathsForSelectedItems` (an empty array when
    /// none is selected, as UIKit answers for a collection that allows selection).
    public var indexPathsForSelectedItems: [IndexPath]? {
        guard let owner else { return nil }
        return owner.indexPathsForSelectedItems ?? []
    }

    /// UIKit's `selectItem(at:animated:scrollPosition:)`: the node's.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        owner?.selectItem(at: indexPath, animated: animated, scrollPosition: scrollPosition)
    }

    /// UIKit's `deselectItem(at:animated:)`: the node's.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        owner?.deselectItem(at: indexPath, animated: animated)
    }

    /// UIKit's `scrollToItem(at:at:animated:)`: the node's.
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        owner?.scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
    }

    /// UIKit's `layoutAttributesForItem(at:)`: the layout's, for the collection's current data.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        owner?.layoutAttributesForItem(at: indexPath)
    }

    /// UIKit's `layoutAttributesForSupplementaryElement(ofKind:at:)`.
    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        owner?.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath)
    }

    /// The cell showing the item, nil when the item is not in the viewport; UIKit's
    /// `cellForItem(at:)`. A UIKit cell (interop) is the dequeued cell on screen; a node's item
    /// gets the `_ASCollectionViewCell` that shows its node, as in Texture.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        guard let owner, owner.indexPathsForVisibleItems.contains(indexPath) else { return nil }
        if let shown = displayedViews.values.first(where: { $0.kind == nil && $0.indexPath == indexPath }),
           let cell = shown.view as? UICollectionViewCell {
            return cell
        }
        guard let node = owner.nodeForItem(at: indexPath), let attributes = layoutAttributesForItem(at: indexPath) else { return nil }
        let visible = Set(owner.visibleNodes.map(ObjectIdentifier.init))
        nodeCells = nodeCells.filter { visible.contains($0.key) && $0.value.node != nil }
        let cell = nodeCells[ObjectIdentifier(node)] ?? _ASCollectionViewCell(frame: .zero)
        nodeCells[ObjectIdentifier(node)] = cell
        cell.show(node, attributes: attributes)
        return cell
    }
}

extension ASCollectionNode {
    /// The layout's attributes for an item, nil for an index path the layout does not place.
    func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        try? loadDataIfNeeded()
        return withLayout("layoutAttributesForItem(at:)", fallback: nil) { layout in
            layout.prepareIfNeeded()
            return layout.layoutAttributesForItem(at: indexPath)
        }
    }

    /// The layout's attributes for a supplementary element.
    func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        try? loadDataIfNeeded()
        return withLayout("layoutAttributesForSupplementaryElement(ofKind:at:)", fallback: nil) { layout in
            layout.prepareIfNeeded()
            return layout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
        }
    }
}
