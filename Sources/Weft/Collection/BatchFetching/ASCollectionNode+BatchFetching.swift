import Dispatch
import Foundation

extension ASCollectionNode {
    /// How many viewports before the end of the content the delegate is asked for more; 2 by
    /// default. Texture's `leadingScreensForBatching`; 0 or less never fetches. NaN is set to 0
    /// and reported.
    public var leadingScreensForBatching: CGFloat {
        get { settings.withLock { $0.leadingScreensForBatching } }
        set {
            let value = newValue.isNaN ? 0 : newValue
            if value != newValue || newValue.isNaN {
                WeftDiagnostics.report(.collection, "\(self).leadingScreensForBatching", "\(newValue) is not a number of screens; used 0 (no batch fetching)")
            }
            settings.withLock { $0.leadingScreensForBatching = value }
        }
    }

    /// Before a deterministic frame: waits for a batch fetch started before it, then for the
    /// updates it made, so the frame shows the fetched items.
    func waitForBatchFetch() {
        // A fetch that already completed may have left its batch on the editing queue: wait for
        // that too, so the frame does not depend on how fast the fetch was.
        guard settings.withLock({ s in defer { s.batchFetchSinceLastFrame = false }; return s.batchFetchSinceLastFrame }) else { return }
        if !batchContext.waitUntilNotFetching(timeout: WeftLimits.batchFetchWait) {
            WeftDiagnostics.report(.collection, "\(self)",
                                   "a batch fetch did not complete within \(WeftLimits.batchFetchWait) s (WeftLimits.batchFetchWait); the frame was rendered without it. Call context.completeBatchFetching(true) or cancelBatchFetching()")
        }
        waitUntilAllUpdatesAreProcessed()
    }

    /// After a frame at `offset`: begins a batch fetch when Texture's rule says so. The delegate is
    /// asked on a background queue.
    func checkForBatchFetching(offset: CGPoint) {
        guard let delegate, !batchContext.isFetching() else { return }
        let (leading, withoutFetching) = settings.withLock { ($0.leadingScreensForBatching, $0.delegateWithoutBatchFetching) }
        guard withoutFetching != ObjectIdentifier(delegate), delegate.shouldBatchFetch(for: self) else { return }
        let vertical = collectionViewLayout.scrollDirection == .vertical
        let rule = BatchFetchingRule(isFetching: false, leadingScreens: leading, viewport: bounds.size,
                                     contentSize: collectionViewLayout.collectionViewContentSize, offset: offset, vertical: vertical,
                                     scrollingTowardHead: rangeController.movedTowardHead(vertical: vertical))
        guard rule.shouldFetch else { return }
        let context = batchContext
        context.beginBatchFetching()
        settings.withLock { $0.batchFetchSinceLastFrame = true }
        let target = BatchFetchTarget(delegate: delegate)
        // A queue of its own rather than a global one: the fetch usually inserts and so may wait for
        // node creation, which runs on the global queues and must not be starved by it.
        DispatchQueue(label: "weft.collection.batch-fetch", qos: .userInitiated).async { [weak self] in
            guard let self, let delegate = target.delegate else {
                context.cancelBatchFetching()
                return
            }
            delegate.collectionNode(self, willBeginBatchFetchWith: context)
        }
    }
}

/// The delegate, carried to the background queue that asks it to fetch.
private struct BatchFetchTarget: @unchecked Sendable {
    // SAFETY: Texture's contract: `collectionNode(_:willBeginBatchFetchWith:)` is called on a
    // background queue, and a delegate implementing it must be ready for that; nothing else of the
    // delegate is used there.
    weak var delegate: (any ASCollectionDelegate)?
}
