import Foundation

/// Where a collection's data is between loads: whether it is loaded and for which viewport, a
/// load or relayout running, a reload asked for behind it, and the announcements that make edits
/// part of what a coming load reads. A value with no locks of its own: `ASDataController` keeps it
/// in its `state`, beside the pending and visible maps, so that a decision, its announcement and
/// the map it publishes change under one lock. Each transition is a method, so the machine can be
/// driven (and tested) without a collection.
struct LoadLifecycle: Sendable {
    /// The data source's elements were loaded and nothing has asked for another load since.
    var loaded = false
    /// A load or relayout runs (on some thread): another must not start inside it.
    var running = false
    /// `reloadData()` was called during the running load or relayout: another load follows it.
    var reloadRequested = false
    /// The running load is the follow-up a `reloadData()` during an earlier one asked for: a
    /// reload its own data source answers or node blocks ask for is refused.
    var isFollowUp = false
    /// Why the last load failed; nil when it succeeded.
    var error: CollectionError?
    /// The viewport the elements were measured for; a new cross size measures them again.
    var measuredViewport = CGSize.zero
    /// Whether the last load deferred its items (see `CollectionDataLoader.defersItems`).
    var itemsDeferred = false
    /// A load was decided and has not taken the map yet: it reads the data source after any edit
    /// made now, so such edits are absorbed.
    var loadAnnounced = false
    /// A reload waits behind the running load or relayout, or for the next access: its load reads
    /// the data source after any edit made now. Unlike `loadAnnounced`, it outlives the running
    /// replacement's end; the load that takes the map clears it.
    var reloadAnnounced = false

    /// What `loadDataIfNeeded()` does next.
    enum Step: Equatable { case busy, current(CollectionError?), relayout, load }

    /// Decides the next step of `loadDataIfNeeded()` for `viewport`: nothing while a load runs or
    /// where none may start (`mayReplace` false), the current data when it is loaded for this
    /// cross size, a relayout when only the cross size changed, else a load. A relayout or load
    /// marks the data as running; a load is announced with the decision.
    mutating func nextStep(viewport: CGSize, vertical: Bool, mayReplace: Bool) -> Step {
        if running { return .busy }
        let crossChanged = vertical ? measuredViewport.width != viewport.width : measuredViewport.height != viewport.height
        if loaded && !crossChanged { return .current(error) }
        guard mayReplace else { return .busy }
        running = true
        isFollowUp = false
        // Only the cross size changed: keep the nodes, measure them again.
        guard loaded && error == nil else {
            loadAnnounced = true
            return .load
        }
        return .relayout
    }

    /// `relayoutItems()`: starts a relayout when the data is loaded without error and nothing runs.
    mutating func beginRelayout() -> Bool {
        guard loaded, error == nil, !running else { return false }
        running = true
        isFollowUp = false
        return true
    }

    /// The running load or relayout ended. When a reload was asked for meanwhile, the data goes
    /// on running, as that reload's follow-up load (announced, so edits from now on are part of
    /// what it reads), and this returns true: the caller runs it next, and no other thread's load
    /// or relayout can start in between and leave the reload undone.
    mutating func endRunning() -> Bool {
        guard reloadRequested else {
            running = false
            return false
        }
        reloadRequested = false
        isFollowUp = true
        loaded = false
        loadAnnounced = true
        return true
    }

    /// A load replaced the elements for `viewport`, or failed with `error` (the collection is then
    /// empty and keeps the error).
    mutating func loadFinished(viewport: CGSize, itemsDeferred deferred: Bool?, error: CollectionError?) {
        loaded = true
        self.error = error
        measuredViewport = viewport
        if let deferred { itemsDeferred = deferred }
    }

    /// What `reloadData()` does.
    enum ReloadPlan: Equatable { case now, afterRunningLoad, refused, onNextAccess }

    /// `reloadData()`: `fromLoad` when the running load's own work asks (its data source or a
    /// node block), `later` where no load may start on this thread now.
    mutating func requestReload(fromLoad: Bool, later: Bool) -> ReloadPlan {
        if running && isFollowUp && fromLoad { return .refused }
        loaded = false
        if running {
            reloadRequested = true
            reloadAnnounced = true
            return .afterRunningLoad
        }
        if later { reloadAnnounced = true; return .onNextAccess }
        return .now
    }

    /// What a batch finds when it is submitted.
    enum EditReadiness: Equatable { case ready, loadNow, duringLoad }

    /// A batch is submitted: it applies over the loaded data, waits for a running load or
    /// relayout, or (never loaded, or the last load failed) starts the load that reads it.
    mutating func readinessForEdits() -> EditReadiness {
        if running { return .duringLoad }
        guard loaded && error == nil else { loaded = false; return .loadNow }
        return .ready
    }

    /// The configuration the data was loaded with changed (data source, delegate, kinds).
    mutating func invalidate() { loaded = false }

    /// A deferred item the data source could not describe: the data is in error, as after a
    /// failed load, until it is reloaded.
    mutating func noteDeferredItemError(_ failure: CollectionError) {
        if error == nil { error = failure }
    }

    /// A batch measured its fresh elements for `viewport`: when the elements are measured for
    /// another one now, the next load measures every element again.
    mutating func noteBatchMeasured(for viewport: CGSize) {
        if measuredViewport != viewport { measuredViewport = .zero }
    }

    /// Deferred items were resolved while the viewport was another than the one their load
    /// measured for: the delegate reads the live bounds as it answers, so their ranges may be for
    /// that other size. The next access measures every element again.
    mutating func noteItemsMeasuredForAnotherViewport() {
        measuredViewport = .zero
    }

    /// Loaded and nothing runs or is asked for: only then may measuring ahead ask the data source.
    var isSettled: Bool { loaded && !running && !reloadRequested }

    /// A load that was announced took the map, or gave up taking it: what the announcements
    /// promised is now that load's to answer, or no one's.
    mutating func clearAnnouncements() {
        loadAnnounced = false
        reloadAnnounced = false
    }
}
