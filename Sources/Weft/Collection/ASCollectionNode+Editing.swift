import Foundation

extension ASCollectionNode {
    // MARK: Batches

    /// Texture's `performBatchUpdates(_:completion:)`: the edits made in `updates` form one batch.
    /// Update the data source first (or inside `updates`); deletes, reloads and move sources name
    /// index paths before the batch, inserts and move destinations after it.
    ///
    /// The batch is validated on the main actor (where the data source lives) against the data
    /// source's new counts, with UIKit's rules. An inconsistent batch is rejected whole, leaving
    /// the collection exactly as it was: `onUpdateError` is told why (UIKit's message) and
    /// `completion` gets `false`. A valid batch is applied on the editing queue, in order with the
    /// others: fresh nodes are made on node-creation threads, nodes of untouched items are kept
    /// (the same objects, not made or measured again), every element and cell is renumbered; then
    /// `completion(true)` runs on the collection's callback queue, completions in order. A batch
    /// made while a load or relayout runs is applied after it.
    /// Whether this call waits for it follows `cellLayoutMode` (Texture's rule).
    /// In a frame sequence the batch animates, as UIKit's does (see `performBatch(animated:…)`).
    /// `updates` does not escape (it runs before this returns), as Texture's `AS_NOESCAPE` block,
    /// so it may use `self`'s members without writing `self.`.
    @preconcurrency public func performBatchUpdates(_ updates: () -> Void, completion: (@Sendable (Bool) -> Void)? = nil) {
        performBatch(animated: true, updates: updates, completion: completion)
    }

    /// `performBatchUpdates(_:completion:)` with no updates (`nil`): the edits already made
    /// since the last batch, or none.
    @_disfavoredOverload
    @preconcurrency public func performBatchUpdates(_ updates: (() -> Void)?, completion: (@Sendable (Bool) -> Void)? = nil) {
        performBatchUpdates(updates ?? {}, completion: completion)
    }

    /// Texture's `performBatch(animated:updates:completion:)`: `performBatchUpdates` whose frames,
    /// in a frame sequence, animate the change as UIKit does when `animated` (inserted cells fade
    /// in, deleted ones fade out, kept ones slide; see `FrameSequence.editing(atFrame:_:)`) and
    /// show it at once when not. In a nested batch the outermost call decides.
    @preconcurrency public func performBatch(animated: Bool, updates: () -> Void, completion: (@Sendable (Bool) -> Void)? = nil) {
        performBatch(animated: animated, anchoringTopItem: false, updates: updates, completion: completion)
    }

    /// `performBatch(animated:updates:completion:)`; with `anchoringTopItem`, a non-animated batch
    /// that does not reload everything keeps the top visible item where it is (a table's
    /// `automaticallyAdjustsContentOffset`), captured here, on the driving thread, from the frame shown.
    func performBatch(animated: Bool, anchoringTopItem: Bool, updates: () -> Void, completion: (@Sendable (Bool) -> Void)?) {
        dataController.openBatch()
        updates()
        endBatch(animated: animated, anchoringTopItem: anchoringTopItem, completion: completion)
    }

    /// Whether this thread has a batch open (`performBatchUpdates` running, or a view's
    /// `beginUpdates()` not yet ended).
    var hasOpenBatchHere: Bool {
        let me = ASDataController.currentThread
        return dataController.state.withLock { $0.openBatches[me] != nil }
    }

    /// Opens a batch on this thread, which `endBatch` closes: Texture's `beginUpdates`, on a view.
    func beginBatch() { dataController.openBatch() }

    /// Closes this thread's batch (see `beginBatch`) and, when it was the outermost, submits it;
    /// see `performBatch(animated:anchoringTopItem:updates:completion:)`.
    func endBatch(animated: Bool, anchoringTopItem: Bool, completion: (@Sendable (Bool) -> Void)?) {
        guard var batch = dataController.closeBatch() else {
            // A nested batch: its completion runs with the outer batch's, before it.
            if let completion { dataController.addNestedCompletion(completion) }
            return
        }
        batch.animated = animated
        if anchoringTopItem && !animated && !batch.reloadsData { batch.contentOffsetAnchor = topVisibleItemAnchor() }
        dataController.submitReporting(batch, completion: relayingOutWindow(batch.chainingNested(completion)))
    }

    /// `performBatch(animated:updates:completion:)` with no updates (`nil`).
    @_disfavoredOverload
    @preconcurrency public func performBatch(animated: Bool, updates: (() -> Void)?, completion: (@Sendable (Bool) -> Void)? = nil) {
        performBatch(animated: animated, updates: updates ?? {}, completion: completion)
    }

    /// `performBatchUpdates(_:completion:)` for new code: an inconsistent batch throws (with
    /// UIKit's message) instead of reaching `onUpdateError`, and changes nothing.
    public func performBatchUpdatesChecked(_ updates: (() -> Void)?, completion: (@Sendable (Bool) -> Void)? = nil) throws(CollectionUpdateError) {
        guard let batch = recordBatch(updates ?? {}) else {
            if let completion { dataController.addNestedCompletion(completion) }
            return
        }
        try dataController.submit(batch, completion: batch.chainingNested(completion))
    }

    /// `completion` preceded by a layout pass of the view, when it is in a window (see
    /// `scheduleWindowLayout()`).
    private func relayingOutWindow(_ completion: (@Sendable (Bool) -> Void)?) -> @Sendable (Bool) -> Void {
        let owner = WeakCollectionNode(self)
        return { finished in
            owner.value?.scheduleWindowLayout()
            completion?(finished)
        }
    }

    /// Runs `updates` with a batch open; returns the batch when this was the outermost one.
    private func recordBatch(_ updates: () -> Void) -> CollectionChangeSet? {
        dataController.openBatch()
        updates()
        return dataController.closeBatch()
    }

    /// One call's edits: part of the open batch, or a batch of their own.
    private func edit(_ edits: [CollectionUpdateError.Edit]) {
        performBatchUpdates({ self.dataController.record(edits) })
    }

    // MARK: Edits

    /// Texture's `insertItems(at:)`: index paths after the batch.
    public func insertItems(at indexPaths: [IndexPath]) { edit(indexPaths.map { .insertItem($0) }) }
    /// Texture's `deleteItems(at:)`: index paths before the batch.
    public func deleteItems(at indexPaths: [IndexPath]) { edit(indexPaths.map { .deleteItem($0) }) }
    /// Texture's `reloadItems(at:)`: index paths before the batch; each gets a fresh node.
    public func reloadItems(at indexPaths: [IndexPath]) { edit(indexPaths.map { .reloadItem($0) }) }
    /// Texture's `moveItem(at:to:)`: from before the batch, to after it. The item keeps its node.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { edit([.moveItem(indexPath, to: newIndexPath)]) }
    /// Texture's `insertSections(_:)`: sections after the batch.
    public func insertSections(_ sections: IndexSet) { edit(sections.map { .insertSection($0) }) }
    /// Texture's `deleteSections(_:)`: sections before the batch.
    public func deleteSections(_ sections: IndexSet) { edit(sections.map { .deleteSection($0) }) }
    /// Texture's `reloadSections(_:)`: sections before the batch; their elements are made again.
    public func reloadSections(_ sections: IndexSet) { edit(sections.map { .reloadSection($0) }) }
    /// Texture's `moveSection(_:toSection:)`: the section keeps its elements and nodes.
    public func moveSection(_ section: Int, toSection newSection: Int) { edit([.moveSection(section, to: newSection)]) }

    // MARK: Processing

    /// Whether batches are queued or being applied; Texture's `isProcessingUpdates`.
    public var isProcessingUpdates: Bool { dataController.isProcessingUpdates }

    /// Blocks until every batch submitted so far is applied; Texture's
    /// `waitUntilAllUpdatesAreProcessed()`. A snapshot taken after it is deterministic.
    public func waitUntilAllUpdatesAreProcessed() {
        // Edits held for a reload left to the next query or frame (asked for where no load could
        // run) are answered by that load: this wait is such an access, or it would wait for ever.
        if dataController.holdsEditsForNextAccessLoad && !ASDataController.isOnEditingQueue { try? loadDataIfNeeded() }
        dataController.waitUntilAllUpdatesAreProcessed()
        if !ASDataController.isOnEditingQueue { adoptPublishedMap() }
    }

    /// Runs `block` once every batch submitted so far is applied: at once on this thread when none
    /// is queued, else on the callback queue after the last completion; Texture's
    /// `onDidFinishProcessingUpdates(_:)`.
    @preconcurrency public func onDidFinishProcessingUpdates(_ block: @escaping @Sendable () -> Void) {
        dataController.onDidFinishProcessingUpdates(block)
    }

    /// Told why a batch made with a non-throwing edit method was rejected. Nil (the default)
    /// reports it as a `WeftDiagnostics` diagnostic of the collection area.
    public var onUpdateError: (@Sendable (CollectionUpdateError) -> Void)? {
        get { settings[\.onUpdateError] }
        set { settings[\.onUpdateError] = newValue }
    }

    func reportUpdateError(_ error: CollectionUpdateError) {
        if let handler = onUpdateError {
            handler(error)
        } else {
            WeftDiagnostics.report(.collection, "\(self)", "rejected a batch update, nothing changed: \(error)")
        }
    }

    /// Loads the data if it never was (or its last load failed) and no load is running. Returns
    /// false in that case: the load already reflects the edits, so the batch has nothing left to
    /// change, and `completion` is answered in order with the edits made during that load (see
    /// `ASDataController.holdForComingLoad`). During a running load or relayout it returns true:
    /// the batch is validated now and held until that ends, or absorbed by a load that has not
    /// read the data source yet.
    func prepareForEdits(absorbing completion: (@Sendable (Bool) -> Void)?) -> Bool {
        let plan = dataController.readinessForEdits()
        // Ready, nothing is loaded or relaid out here: a wait for it would serve the main actor
        // between the data source's change and this batch's validation, where another thread's
        // load could read the change first. A new viewport is measured at the next frame.
        switch plan {
        case .duringLoad, .ready: return true
        case .loadNow:
            dataController.holdForComingLoad(completion)
            try? loadDataIfNeeded()
            dataController.releaseHeldUnlessALoadIsComing(failure: dataError)
            return false
        }
    }

    /// Texture's rule for processing a batch synchronously: always with `.alwaysSync`, never with
    /// `.alwaysAsync`; otherwise when the batch makes fewer than 2 nodes, or the content fits in
    /// the viewport.
    func shouldProcessSynchronously(_ changes: CollectionChangeSet) -> Bool {
        let mode = cellLayoutMode
        if mode.contains(.alwaysSync) { return true }
        if mode.contains(.alwaysAsync) { return false }
        if changes.nodeCount < 2 { return true }
        // Up to date when no other thread uses the layout now (and this thread's use is not
        // suspended beneath the edit, see `LayoutAccess`); else as last noted (not noted per
        // frame: that would be layout work on every frame for an answer edits rarely need).
        layoutAccess.tryEntering { noteWhetherContentFits() }
        return settings.withLockedValue { $0.contentFitsViewport }
    }

    /// Holding the layout (`layoutAccess`): notes whether the content fits in the viewport, for
    /// `shouldProcessSynchronously`.
    func noteWhetherContentFits() {
        let viewport = bounds.size
        let content = collectionViewLayout.contentSize(measuringThrough: max(viewport.width, viewport.height) + 1)
        let fits = content.width <= viewport.width && content.height <= viewport.height
        settings[\.contentFitsViewport] = fits
    }

}
