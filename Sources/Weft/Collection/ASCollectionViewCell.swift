import Foundation

/// The `UICollectionViewCell` that shows a cell node on an `ASCollectionView`; Texture's
/// `_ASCollectionViewCell`. `cellForItem(at:)` hands one out for an item on screen: its frame is
/// the item's, its `isSelected` the node's, and setting `isSelected` on it sets the node's (as
/// UIKit sets a cell's, without changing the collection's selection). Main-actor isolated.
@MainActor
final class _ASCollectionViewCell: UICollectionViewCell {
    /// The node it shows; the collection owns the node.
    weak var node: ASCellNode?
    /// Set while the cell takes the node's state, which it must not hand back.
    private var adoptingNodeState = false

    override var isSelected: Bool {
        didSet { if !adoptingNodeState { node?.setSelectedFromCollection(isSelected) } }
    }

    /// Shows `node` placed by `attributes`.
    func show(_ node: ASCellNode, attributes: UICollectionViewLayoutAttributes) {
        self.node = node
        frame = attributes.frame
        adoptingNodeState = true
        isSelected = node.isSelected
        isHighlighted = node.isHighlighted
        adoptingNodeState = false
    }
}
