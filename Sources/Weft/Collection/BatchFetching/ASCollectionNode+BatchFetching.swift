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

    /// Consulted, with the time left before the end of the content is reached, when a frame
    /// scrolls toward the tail; Texture's `batchFetchingDelegate`. Held weakly. Asked on the main
    /// actor, after `shouldBatchFetch(for:)`, only for a frame of a `FrameSequence` that moves
    /// along the scrolling axis (Texture asks it when a drag ends, with the release velocity: a
    /// sequence has no drags, so each frame passes the velocity it scrolls at).
    public var batchFetchingDelegate: (any ASBatchFetchingDelegate)? {
        get { settings[\.batchFetchingDelegate].value }
        set { settings[\.batchFetchingDelegate] = WeakBatchFetchingDelegate(newValue) }
    }

    /// After a frame at `offset`: when the batch-fetching rule (`ASDisplayShouldFetchBatchForContext`,
    /// through `BatchFetchingInputs`) says so, asks the delegate, on the main actor and after this
    /// frame (Texture asks from the main thread's scroll handling and fetches on a background
    /// queue; here the delegate is a main-actor object, as UIKit's are), whether to fetch, then
    /// the batch-fetching delegate when the rule defers to it, and begins the fetch. The next
    /// deterministic frame waits for both. `velocity` is the frame's scrolling velocity in points
    /// per millisecond (zero outside a frame sequence, as Texture's checks outside a drag pass);
    /// `visible` is false for a view laid out outside a window (Texture's `window != nil`).
    func checkForBatchFetching(offset: CGPoint, velocity: CGPoint = .zero, visible: Bool = true) {
        // Without a delegate there is nothing to ask.
        guard delegate != nil, !batchContext.isFetching() else { return }
        let (leading, pending, consultsDelegate) = settings.withLockedValue {
            ($0.leadingScreensForBatching, $0.batchFetchDecisionPending, $0.batchFetchingDelegate.value != nil)
        }
        guard !pending else { return }
        let layout = collectionViewLayout
        let vertical = layout.scrollDirection == .vertical
        let viewport = bounds.size
        // The rule only asks whether the content ends within the leading screens: a lazy layout
        // measures that far and no further. The batch-fetching delegate is told the time left to
        // the very end, so a frame that will ask it measures the content to its end.
        let asksDelegate = consultsDelegate && (vertical ? velocity.y : velocity.x) > 0
        let reach = asksDelegate ? CGFloat.infinity
            : (vertical ? offset.y + viewport.height * (1 + leading) : offset.x + viewport.width * (1 + leading)) + 1
        let content = layoutAccess.entering("\(self): the batch fetching rule") { () -> CGSize in
            // Prepared already when a frame asks; a layout pass outside a window may not have.
            layout.prepareIfNeeded()
            return layout.contentSize(measuringThrough: reach)
        }
        // Texture's `ASDisplayShouldFetchBatchForScrollView`: the view's direction as
        // `UIView.userInterfaceLayoutDirection(for:)` answers it for its semantic content attribute.
        let inputs = BatchFetchingInputs(scrollDirection: rangeController.lastScrollDirection,
                                         scrollableDirections: vertical ? .verticalDirections : .horizontalDirections,
                                         bounds: CGRect(origin: offset, size: viewport), contentSize: content, targetOffset: offset,
                                         leadingScreens: leading, visible: visible,
                                         shouldRenderRTLLayout: semanticContentAttribute.layoutDirection(relativeTo: .leftToRight) == .rightToLeft,
                                         velocity: velocity,
                                         flipsHorizontallyInOppositeLayoutDirection: layout.flipsHorizontallyInOppositeLayoutDirection)
        let decision = inputs.decision(isFetching: false, consultingDelegate: consultsDelegate)
        guard decision != .decided(false) else { return }
        settings.withLockedValue { $0.batchFetchDecisionPending = true; $0.batchFetchSinceLastFrame = true }
        let context = batchContext
        // The delegates are asked on the main actor; the node is held weakly and guards its state.
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
            if case let .askDelegate(remainingTime, hint) = decision {
                // Gone since the frame: the rule's own answer stands, as Texture's does without one.
                let fetch = self.batchFetchingDelegate?.shouldFetchBatch(withRemainingTime: remainingTime, hint: hint) ?? hint
                guard fetch else { return }
            }
            context.beginBatchFetching()
            delegate.collectionNode(self, willBeginBatchFetchWith: context)
        }
    }
}
