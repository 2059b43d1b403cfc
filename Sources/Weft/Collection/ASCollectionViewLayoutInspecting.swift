import Foundation

/// Gives node sizes to a collection whose custom layout cannot; Texture's
/// `ASCollectionViewLayoutInspecting`, set as `ASCollectionNode.layoutInspector`.
/// Called on the collection's thread.
@MainActor
public protocol ASCollectionViewLayoutInspecting: AnyObject {
    /// The range the node at `indexPath` is measured in.
    func collectionView(_ collectionView: ASCollectionView, constrainedSizeForNodeAt indexPath: IndexPath) -> ASSizeRange
    /// The directions the layout scrolls in.
    func scrollableDirections() -> ASScrollDirection
}

extension ASCollectionViewLayoutInspecting {
    public func scrollableDirections() -> ASScrollDirection { .verticalDirections }
}
