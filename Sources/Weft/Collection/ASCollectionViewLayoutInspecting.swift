import Foundation

/// Gives node sizes to a collection whose custom layout cannot; Texture's
/// `ASCollectionViewLayoutInspecting`, set as `ASCollectionNode.layoutInspector`.
/// Called on the collection's thread.
@preconcurrency @MainActor
public protocol ASCollectionViewLayoutInspecting: AnyObject {
    /// The range the node at `indexPath` is measured in.
    func collectionView(_ collectionView: ASCollectionView, constrainedSizeForNodeAt indexPath: IndexPath) -> ASSizeRange
    /// The range a supplementary node (a section header, say) is measured in; Texture's
    /// `collectionView(_:constrainedSizeForSupplementaryNodeOfKind:at:)`. An inspector that leaves
    /// it out sizes supplementary nodes as the delegate or flow layout does.
    func collectionView(_ collectionView: ASCollectionView, constrainedSizeForSupplementaryNodeOfKind kind: String, at indexPath: IndexPath) -> ASSizeRange
    /// How many sections, from the first, have supplementary nodes of `kind`; Texture's
    /// `collectionView(_:numberOfSectionsForSupplementaryNodeOfKind:)`.
    func collectionView(_ collectionView: ASCollectionView, numberOfSectionsForSupplementaryNodeOfKind kind: String) -> UInt
    /// How many supplementary nodes of `kind` `section` has; Texture's
    /// `collectionView(_:supplementaryNodesOfKind:inSection:)`. Weft makes at most one per kind and
    /// section (item 0); a larger count is reported and one is made.
    func collectionView(_ collectionView: ASCollectionView, supplementaryNodesOfKind kind: String, inSection section: UInt) -> UInt
    /// The directions the layout scrolls in.
    func scrollableDirections() -> ASScrollDirection
}

extension ASCollectionViewLayoutInspecting {
    public func scrollableDirections() -> ASScrollDirection { .verticalDirections }
    public func collectionView(_ collectionView: ASCollectionView, constrainedSizeForSupplementaryNodeOfKind kind: String, at indexPath: IndexPath) -> ASSizeRange {
        DefaultAnswer.mark()
        return .zero
    }
    public func collectionView(_ collectionView: ASCollectionView, numberOfSectionsForSupplementaryNodeOfKind kind: String) -> UInt {
        DefaultAnswer.mark()
        return 0
    }
    public func collectionView(_ collectionView: ASCollectionView, supplementaryNodesOfKind kind: String, inSection section: UInt) -> UInt {
        DefaultAnswer.mark()
        return 0
    }
}
