import Foundation

/// The collection asks its data controller where its data stands and moves it on: each call is
/// one transition of `LoadLifecycle`, made under `state` with what it announces to the batches
/// (an edit made after a load is decided is absorbed by it), so no edit slips between a decision
/// and its announcement.
extension ASDataController {
    /// `loadDataIfNeeded()`'s next step; see `LoadLifecycle.nextStep`.
    func nextLoadStep(viewport: CGSize, vertical: Bool, mayReplace: Bool) -> LoadLifecycle.Step {
        state.withLock { $0.load.nextStep(viewport: viewport, vertical: vertical, mayReplace: mayReplace) }
    }

    /// `relayoutItems()` starts; false when it may not.
    func beginRelayout() -> Bool { state.withLock { $0.load.beginRelayout() } }

    /// The running load or relayout ended; true when a reload asked for meanwhile follows at once
    /// (see `LoadLifecycle.endRunning`).
    func endRunning() -> Bool { state.withLock { $0.load.endRunning() } }

    /// `reloadData()`'s plan; see `LoadLifecycle.requestReload`.
    func requestReload(fromLoad: Bool, later: Bool) -> LoadLifecycle.ReloadPlan {
        state.withLock { $0.load.requestReload(fromLoad: fromLoad, later: later) }
    }

    /// What a submitted batch finds; see `LoadLifecycle.readinessForEdits`.
    func readinessForEdits() -> LoadLifecycle.EditReadiness { state.withLock { $0.load.readinessForEdits() } }

    /// The configuration the data was loaded with changed: the next access loads again.
    func invalidateLoad() { state.withLock { $0.load.invalidate() } }

    /// Deferred items were resolved while the viewport was changing; see
    /// `LoadLifecycle.noteItemsMeasuredForAnotherViewport`.
    func noteItemsMeasuredForAnotherViewport() { state.withLock { $0.load.noteItemsMeasuredForAnotherViewport() } }

    /// A deferred item the data source could not describe puts the data in error.
    func noteDeferredItemError(_ error: CollectionError) { state.withLock { $0.load.noteDeferredItemError(error) } }

    /// Why the last load failed; nil when it succeeded.
    var loadError: CollectionError? { state.withLock { $0.load.error } }

    /// Whether the last load deferred its items.
    var itemsDeferred: Bool { state.withLock { $0.load.itemsDeferred } }

    /// Loaded, and no load or reload is under way.
    var isSettled: Bool { state.withLock { $0.load.isSettled } }
}
