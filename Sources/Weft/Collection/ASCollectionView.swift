import Foundation

/// The collection node's view-side object, which layouts read; Texture's `ASCollectionView`.
/// A custom `UICollectionViewLayout` reads item counts, the viewport and the measured size of each
/// item's node here while it prepares.
/// Used on the collection node's thread.
public final class ASCollectionView: @unchecked Sendable {
    // SAFETY: a facade over the collection node, which guards its own state.
    public private(set) weak var collectionNode: ASCollectionNode?

    init(collectionNode: ASCollectionNode) { self.collectionNode = collectionNode }

    /// The viewport: origin at the content offset, size the collection's bounds.
    public var bounds: CGRect {
        guard let node = collectionNode else { return .zero }
        return CGRect(origin: node.contentOffset, size: node.bounds.size)
    }

    public var contentInset: UIEdgeInsets { collectionNode?.contentInset ?? .zero }
    /// The counts the layout sees: those of the map it is prepared from, which changes only on the
    /// driving thread, so a batch applied meanwhile cannot tear a layout pass.
    public var numberOfSections: Int { collectionNode?.layoutElements.numberOfSections ?? 0 }
    public func numberOfItems(inSection section: Int) -> Int { collectionNode?.layoutElements.numberOfItems(inSection: section) ?? 0 }

    /// The measured size of the item's node (allocating it if needed); zero out of range.
    public func sizeForItem(at indexPath: IndexPath) -> CGSize {
        collectionNode?.layoutElements.element(at: indexPath)?.size ?? .zero
    }

    /// The measured length, along the scrolling axis, of a section's supplementary node of `kind`;
    /// 0 when the section has none.
    public func supplementaryLength(ofKind kind: String, inSection section: Int) -> CGFloat {
        guard let node = collectionNode, let element = node.layoutElements.supplementaryElement(ofKind: kind, section: section) else { return 0 }
        let size = element.size
        return node.collectionViewLayout.scrollDirection == .vertical ? size.height : size.width
    }
}
