import Dispatch
import Foundation

extension ASCollectionNode {
    /// How many viewports before the end of the content the delegate is asked for more; 2 by
    /// default. Texture's `leadingScreensForBatching`; 0 or less never fetches. NaN is set to 0
    /// and reported.
    public var leadingScreensForBatching: CGFloat {
        get { settings[\.leadingScreensForBatching] }
        set {
            let value = newValue.isNaN ? 0 : newValue
            if value != newValue || newValue.isNaN {
                WeftDiagnostics.report(.collection, "\(self).leadingScreensForBatching", "\(newValue) is not a number of screens; used 0 (no batch fetching)")
            }
            settings[\.leadingScreensForBatching] = value
        }
    }

    /// Before a deterministic frame: waits for a batch fetch decided or started before it, then
    /// for the updates it made, so the frame shows the fetched items.
    func waitForBatchFetch() {
        // A fetch that already completed may have left its batch on the editing queue: wait for
        // that too, so the frame does not depend on how fast the fetch was.
        guard settings.withLockedValue({ s in defer { s.batchFetchSinceLastFrame = false }; return s.batchFetchSinceLastFrame }) else { return }
        let context = batchContext
        BlockingWait.until("\(self): a batch fetch did not complete (context.completeBatchFetching(true) or cancelBatchFetching() was not called); the frame was rendered without it",
                           limit: WeftLimits.batchFetchWait,
                           isDone: { self.settings.withLockedValue { !$0.batchFetchDecisionPending } && !context.isFetching() }) { slice in
            context.waitForChange(upTo: slice)
        }
        waitUntilAllUpdatesAreProcessed()
    }

    /// After a frame at `offset`: when Texture's rule says so, asks the delegate, on the main actor
    /// and after this frame (Texture asks from the main thread's scroll handling and fetches on a
    /// background queue; here the delegate is a main-actor object, as UIKit's are), whether to
    /// fetch, and begins the fetch. The next deterministic frame waits for both.
    /// `visible` is false for a view laid out outside a window (see `BatchFetchingRule.visible`).
    func checkForBatchFetching(offset: CGPoint, visible: Bool = true) {
        // Without a delegate there is nothing to ask.
        guard delegate != nil, !batchContext.isFetching() else { return }
        let (leading, pending) = settings.withLockedValue { ($0.leadingScreensForBatching, $0.batchFetchDecisionPending) }
        guard !pending else { return }
        let vertical = collectionViewLayout.scrollDirection == .vertical
        let viewport = bounds.size
        // The rule only asks whether the content ends within the leading screens: a lazy layout
        // measures that far and no further.
        let reach = (vertical ? offset.y + viewport.height * (1 + leading) : offset.x + viewport.width * (1 + leading)) + 1
        let content = layoutAccess.entering("\(self): the batch fetching rule") { () -> CGSize in
            // Prepared already when a frame asks; a layout pass outside a window may not have.
            collectionViewLayout.prepareIfNeeded()
            return collectionViewLayout.contentSize(measuringThrough: reach)
        }
        let rule = BatchFetchingRule(isFetching: false, leadingScreens: leading, viewport: viewport,
                                     contentSize: content, offset: offset, vertical: vertical,
                                     scrollingTowardHead: rangeController.movedTowardHead(vertical: vertical), visible: visible)
        guard rule.shouldFetch else { return }
        settings.withLockedValue { $0.batchFetchDecisionPending = true; $0.batchFetchSinceLastFrame = true }
        let context = batchContext
        // The delegate is asked on the main actor; the node is held weakly and guards its state.
        let owner = WeakCollectionNode(self)
        MainActorBridge.post {
            guard let self = owner.value else { return }
            defer {
                self.settings[\.batchFetchDecisionPending] = false
                context.wake()
            }
            let withoutFetching = self.settings.withLockedValue { $0.delegateWithoutBatchFetching }
            guard let delegate = self.delegate, withoutFetching != ObjectIdentifier(delegate), !context.isFetching(),
                  delegate.shouldBatchFetch(for: self) else { return }
            context.beginBatchFetching()
            delegate.collectionNode(self, willBeginBatchFetchWith: context)
        }
    }
}
