import Foundation

/// Sizes and observes a collection node's elements; Texture's `ASCollectionDelegate` together with
/// `ASCollectionDelegateFlowLayout`. Every method is optional.
/// Called on the thread that drives the collection node, except
/// `collectionNode(_:willBeginBatchFetchWith:)`, which runs on a background queue.
@preconcurrency @MainActor
public protocol ASCollectionDelegate: AnyObject {
    /// The size range an item's node is measured in.
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange
    /// The size range of a flow layout's section header; only the scrolling dimension is used.
    func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForHeaderInSection section: Int) -> ASSizeRange
    /// The size range of a flow layout's section footer; only the scrolling dimension is used.
    func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForFooterInSection section: Int) -> ASSizeRange
    /// Whether the collection may ask for more content now; true by default. Texture's
    /// `shouldBatchFetch(for:)`.
    func shouldBatchFetch(for collectionNode: ASCollectionNode) -> Bool
    /// Fetch more content, insert it, then call `context.completeBatchFetching(true)`; called on a
    /// background queue when the end of the content comes within `leadingScreensForBatching`.
    /// Texture's `collectionNode(_:willBeginBatchFetchWith:)`. A delegate without it never fetches.
    func collectionNode(_ collectionNode: ASCollectionNode, willBeginBatchFetchWith context: ASBatchContext)
    /// Texture's older spelling of `collectionNode(_:constrainedSizeForItemAt:)`, asked when that
    /// one is not implemented.
    func collectionView(_ collectionView: ASCollectionView, constrainedSizeForNodeAt indexPath: IndexPath) -> ASSizeRange
}

extension ASCollectionDelegate {
    public func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        collectionView(collectionNode.viewMadeIfNeeded, constrainedSizeForNodeAt: indexPath)
    }
    public func collectionView(_ collectionView: ASCollectionView, constrainedSizeForNodeAt indexPath: IndexPath) -> ASSizeRange {
        DefaultAnswer.mark()
        return .zero
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForHeaderInSection section: Int) -> ASSizeRange {
        DefaultAnswer.mark()
        return .zero
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForFooterInSection section: Int) -> ASSizeRange {
        DefaultAnswer.mark()
        return .zero
    }
    public func shouldBatchFetch(for collectionNode: ASCollectionNode) -> Bool { true }
    public func collectionNode(_ collectionNode: ASCollectionNode, willBeginBatchFetchWith context: ASBatchContext) {
        // Texture asks only a delegate that implements this: remember this one does not.
        collectionNode.settings.withLockedValue { $0.delegateWithoutBatchFetching = ObjectIdentifier(self) }
        context.cancelBatchFetching()
    }
}
