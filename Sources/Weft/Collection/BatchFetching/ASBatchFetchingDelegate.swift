import Foundation

/// Decides, from the time left before the user reaches the end of the content, whether a batch
/// fetch begins; Texture's `ASBatchFetchingDelegate`. Set as a collection's or table's
/// `batchFetchingDelegate` (held weakly). The collection asks it on the main actor, when a frame
/// scrolls toward the tail at a known velocity (see `ASDisplayShouldFetchBatchForContext`).
/// Not isolated, as Texture's protocol is not: `ASDisplayShouldFetchBatchForContext` may be
/// called with it from any context.
public protocol ASBatchFetchingDelegate: AnyObject {
    /// Whether to fetch, `remainingTime` seconds before the end of the content is reached; `hint`
    /// is what the leading-screens rule decided, to fall back to.
    func shouldFetchBatch(withRemainingTime remainingTime: TimeInterval, hint: Bool) -> Bool
}

/// A batch-fetching delegate held weakly, for a node's settings. The delegate is used on the main
/// actor only (see `ASCollectionNode.checkForBatchFetching`); other threads only test it for nil.
struct WeakBatchFetchingDelegate: @unchecked Sendable {
    // SAFETY: the reference is only dereferenced on the main actor, the one context the delegate
    // is called from; elsewhere it is only compared with nil.
    weak var value: (any ASBatchFetchingDelegate)?
    init(_ value: (any ASBatchFetchingDelegate)?) { self.value = value }
}
