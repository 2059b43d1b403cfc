import Dispatch
import Foundation
import Synchronization

/// A collection's data pipeline, as Texture's `ASDataController`: edits collect into a change set;
/// on the main actor (where the data source lives) it is validated against the data source's new
/// counts and its fresh elements are asked for (node blocks and constrained sizes, no node); then,
/// on a serial editing queue and in order, the fresh nodes are made on node-creation threads, the
/// map is published and the batch's completion runs.
///
/// Every new element map, a batch's or a load's, relayout's or cell relayout's, becomes visible
/// through one rule: `State.publish(_:over:)`, which publishes only over the map it was
/// made from. A load, relayout or cell relayout holds the map while it works (`beginReplacement`):
/// batches submitted meanwhile are validated at once but held, and applied after it, in order. A
/// batch submitted during a load before the load read the data source is part of what the load
/// reads: it is absorbed (its completion gets `true` once the load is published). So no edit is
/// lost, and no replacement publishes over a batch it did not see.
///
/// Thread safety: `state` (a mutex) owns the load lifecycle (`LoadLifecycle`), the visible and
/// pending maps, counts, held batches and the replacement; planning runs on the main actor, so submissions from any thread are serialized
/// there; applying runs on `editingQueue`. Completions and `onDidFinishProcessingUpdates` blocks
/// run on the editing queue, marked as such, so an edit made there never waits for itself.
final class ASDataController: @unchecked Sendable {
    // SAFETY: all mutable state is in `state` (a mutex); the collection node is held weakly and
    // used through its own thread-safe API.

    /// What holds the map while it replaces every element.
    enum ReplacementKind: String, Sendable { case load, relayout, cellRelayout = "cell relayout" }

    struct Replacement {
        let kind: ReplacementKind
        let thread: ObjectIdentifier
        /// A load has asked the data source: edits after this are applied over its map.
        var snapshotTaken = false
        /// A load has published its map: the elements shown now are its own, and it will not
        /// replace them.
        var published = false
    }

    /// A batch submitted while a replacement held the map.
    enum HeldBatch {
        /// Validated against the counts it will apply to; built and queued when the replacement ends.
        case planned(PlannedBatch, completion: (@Sendable (Bool) -> Void)?)
        /// Made during a load before it asked the data source: the load's map includes it.
        case absorbed(completion: (@Sendable (Bool) -> Void)?)
        /// Already answered (rejected, or absorbed by a load of its own): the answer waits its turn.
        case answered(completion: (@Sendable (Bool) -> Void)?, Bool)
    }

    struct State {
        /// The map after every batch queued so far: what the next batch is built over.
        var pending = ASElementMap()
        /// The item counts after every batch accepted so far, held ones included: what the next
        /// batch is validated against.
        var pendingCounts: [Int] = []
        /// The generation of the newest map queued for publishing: the next batch publishes over it.
        var plannedGeneration = 0
        /// Work items queued so far (a batch to apply, or a completion alone), numbered in order.
        var issued = 0
        /// Work items applied on the editing queue, and whose callbacks (completion, then finish
        /// blocks when nothing is left) have run: both follow the order of `issued`.
        var applied = 0
        var completed = 0
        var held: [HeldBatch] = []
        var replacement: Replacement?
        /// The load lifecycle: loaded, running, a reload asked for, the announcements that make
        /// edits part of what a coming load reads.
        var load = LoadLifecycle()
        /// The visible map: what queries answer and what the layout adopts.
        var visible = PublishedMap()
        var finishBlocks: [@Sendable () -> Void] = []
        /// Finish blocks running now: `waitUntilAllUpdatesAreProcessed()` waits for them too.
        var finishing = 0
        /// Whether nothing is queued, applying, held or waiting for its completion (finish blocks
        /// running now are counted by `finishing`).
        var isIdle: Bool { completed == issued && held.isEmpty }

        /// The one rule by which a new element map becomes the visible one, for loads, relayouts,
        /// cell relayouts and batches alike: `map` is published only over the map it was made
        /// from, generation `base`, so a map made from a stale copy never replaces newer elements.
        /// Returns the new generation, or nil (nothing changed) when the visible map is no longer
        /// `base`. The layout adopts it on the driving thread (`adoptPublishedMap`).
        mutating func publish(_ map: ASElementMap, over base: Int) -> Int? {
            guard visible.generation == base else { return nil }
            visible.map = map
            visible.generation += 1
            return visible.generation
        }
        /// The first thread that edited (or the main actor, whichever threads serve it).
        var owner: Owner?
        /// Where a batch is being validated on the main actor: an edit made there (the data
        /// source editing while it answers) is UIKit's error. One made elsewhere (work a wait
        /// inside the data source's answer served for another thread) waits in `awaitingPlan`.
        var planning: Context?
        /// Batches submitted while another was being validated, from work a wait inside it
        /// served: validated, in order, once that one is (see `finishPlanning`).
        var awaitingPlan: [(changes: CollectionChangeSet, completion: (@Sendable (Bool) -> Void)?)] = []
        /// Where the data source answers a load's questions now: what it does there (a
        /// `reloadData()`, say) is the load's own work.
        var answeringLoad: Context?
        /// The batch each thread is recording in `performBatchUpdates`, and how deep it is nested.
        var openBatches: [ObjectIdentifier: (batch: CollectionChangeSet, depth: Int)] = [:]
        /// Whether a load has read the data source's counts (see `takeFirstCountRead`).
        var countsRead = false
    }

    /// The collection's data: the load lifecycle, the visible and pending maps, batches. The
    /// only lock its transitions take; the collection's configuration lock (`settings`) is never
    /// taken inside it, nor it inside that. User callbacks and diagnostics run outside it.
    let state = Mutex(State())
    /// Broadcast whenever queued work is applied or called back, or a replacement ends.
    private let idle = NSCondition()
    /// Applies batches, in order: makes fresh nodes, publishes maps. Never runs user callbacks,
    /// so a callback that edits and waits never waits behind itself.
    private let editingQueue = DispatchQueue(label: "weft.collection.editing", qos: .userInitiated)
    /// Runs completions and finish blocks, in the order their batches were applied.
    private let callbackQueue = DispatchQueue(label: "weft.collection.callbacks", qos: .userInitiated)
    private static let onEditingQueue = ThreadLocal { EditingMark() }
    final class EditingMark {
        /// Running a completion or finish block.
        var callingBack = false
        /// Applying a batch on the editing queue.
        var applying = false
    }
    private static let threadToken = ThreadLocal { ThreadToken() }
    final class ThreadToken {}
    /// Set once, by the collection's initializer, before the controller is shared.
    weak var node: ASCollectionNode?

    init() {}

    /// Whether this thread runs the collection's update work: applying a batch, or a completion
    /// or finish block. Such work does not drive the collection (no owner check, no layout
    /// adoption) and must not wait for updates.
    static var isOnEditingQueue: Bool { let mark = onEditingQueue.value; return mark.callingBack || mark.applying }

    /// Whether this thread applies a batch now: what runs behind it on the editing queue cannot be
    /// waited for here.
    static var isApplying: Bool { onEditingQueue.value.applying }

    /// This thread's identity while it lives (a per-thread object's).
    static var currentThread: ObjectIdentifier { ObjectIdentifier(threadToken.value) }

    private var subject: String { node.map { "\($0)" } ?? "collection" }

    // MARK: Recording

    /// Records edits into this thread's open batch.
    func record(_ edits: [CollectionUpdateError.Edit]) {
        let me = Self.currentThread
        state.withLock { s in s.openBatches[me]?.batch.edits += edits }
    }

    func openBatch() {
        let me = Self.currentThread
        state.withLock { s in
            let open = s.openBatches[me] ?? (CollectionChangeSet(), 0)
            s.openBatches[me] = (open.batch, open.depth + 1)
        }
    }

    /// Adds a nested batch's completion to this thread's open batch (see
    /// `CollectionChangeSet.nestedCompletions`).
    func addNestedCompletion(_ completion: @escaping @Sendable (Bool) -> Void) {
        let me = Self.currentThread
        state.withLock { s in s.openBatches[me]?.batch.nestedCompletions.append(completion) }
    }

    /// Closes one level of this thread's batch; returns the whole batch when the outermost closes.
    func closeBatch() -> CollectionChangeSet? {
        let me = Self.currentThread
        return state.withLock { s in
            guard let open = s.openBatches[me] else { return nil }
            guard open.depth == 1 else { s.openBatches[me] = (open.batch, open.depth - 1); return nil }
            s.openBatches[me] = nil
            return open.batch
        }
    }

    // MARK: Submitting

    /// Submits a batch; a rejection goes to the collection's `onUpdateError` and the completion gets `false`.
    func submitReporting(_ changes: CollectionChangeSet, completion: (@Sendable (Bool) -> Void)?) {
        do throws(CollectionUpdateError) {
            try submit(changes, completion: completion)
        } catch {
            node?.reportUpdateError(error)
            queueCompletion(completion, false)
        }
    }

    /// Validates the batch and queues (or holds) it; throws, changing nothing, when it is inconsistent.
    func submit(_ changes: CollectionChangeSet, completion: (@Sendable (Bool) -> Void)?) throws(CollectionUpdateError) {
        guard let node else { completion?(false); return }
        let fromEditingQueue = Self.isOnEditingQueue
        // Completions and finish blocks run on the callback queue; an edit made there is part of
        // driving the collection.
        if !fromEditingQueue { checkOwner(changes.edits.first) }
        // A collection that never loaded loads now, from the data source that already includes
        // the edits: there is nothing older to change (UIKit would ask twice and throw).
        guard node.prepareForEdits(absorbing: completion) else { return }
        let loader = node.loader(for: node.bounds.size)
        // On the main actor (inline when this is it), as Texture asks on the main thread; it also
        // puts submissions from several threads in one order.
        let ticket = try MainActorBridge.run { () throws(CollectionUpdateError) -> Int? in
            try plan(changes, completion: completion, loader: loader)
        }
        // Texture's synchronous processing waits for this batch to be applied, not for callbacks
        // (which may be what submitted it). A held batch never waits: the load or relayout it
        // waits for may be waiting for this thread. Nor does a batch made by work that a wait
        // inside this thread's own use of the layout served (a frame's flow layout waiting for a
        // node serves the main actor, which edits): that use is mid-step, so the layout cannot be
        // asked whether the content fits, and a wait here would keep the holder's own wait (and
        // the node block that may be waiting for this edit to return) behind it. It is applied
        // asynchronously, in order with the others; the holder adopts it at its next frame.
        if let ticket, !fromEditingQueue, !ElementAllocation.isRunningNodeBlock, !node.layoutAccess.isSuspendedHere,
           node.shouldProcessSynchronously(changes) {
            BlockingWait.on(idle, "\(subject): a batch update processed synchronously") { state.withLock { $0.applied >= ticket } }
        }
    }

    /// Validates `changes` against the data source's counts and queues (or holds) the batch, on
    /// the main actor; returns its ticket when queued. A batch submitted from work a wait served
    /// while another batch is being validated waits for that one (see `State.awaitingPlan`): it
    /// is validated right after it, and a rejection then goes to `onUpdateError` (and its
    /// completion gets `false`) rather than being thrown.
    @MainActor
    private func plan(_ changes: CollectionChangeSet, completion: (@Sendable (Bool) -> Void)?,
                      loader: CollectionDataLoader) throws(CollectionUpdateError) -> Int? {
        let here = Context.here
        enum Step { case plan, absorbed, awaiting }
        let step = try state.withLock { s throws(CollectionUpdateError) -> Step in
            if let planning = s.planning {
                if planning == here { throw .editDuringUpdate(changes.edits.first) }
                s.awaitingPlan.append((changes, completion))
                return .awaiting
            }
            let loadStillToRead = s.load.loadAnnounced || s.load.reloadAnnounced
                || s.replacement.map { $0.kind == .load && !$0.snapshotTaken } == true
            if loadStillToRead {
                s.held.append(.absorbed(completion: completion))
                return .absorbed
            }
            s.planning = here
            return .plan
        }
        guard case .plan = step else { return nil }
        defer { finishPlanning() }
        let after: [Int]
        do throws(CollectionError) { after = try loader.itemCounts() } catch { throw .dataSource(error) }
        // The map the batch will be built over, when it is the pending one (no batch held behind
        // a load or relayout): its made nodes are offered the reloads' node models.
        let (before, previous) = state.withLock { s in
            (s.pendingCounts, s.replacement == nil && s.pending.sections.map(\.items.count) == s.pendingCounts ? s.pending : nil)
        }
        let plan = try ChangeSetPlanner.plan(changes, before: before, after: after)
        let batch: PlannedBatch
        do throws(CollectionError) {
            batch = try PlannedBatch.asking(loader, changes: changes, plan: plan, before: before, after: after, previous: previous)
        } catch {
            throw .dataSource(error)
        }
        // Decided before the main actor moves on: a deferred item it resolves next is asked at
        // its place in the newest map, which the data source now describes.
        let (ticket, problem) = state.withLock { s -> (Int?, String?) in
            s.pendingCounts = batch.after
            if s.replacement != nil {
                s.held.append(.planned(batch, completion: completion))
                return (nil, nil)
            }
            let problem = queue(batch, completion: completion, in: &s)
            return (s.issued, problem)
        }
        if let problem { WeftDiagnostics.report(.collection, subject, problem) }
        return ticket
    }

    /// Ends the validation running here, then validates the batches that waited for it, in order.
    @MainActor
    private func finishPlanning() {
        let awaiting = state.withLock { s -> [(changes: CollectionChangeSet, completion: (@Sendable (Bool) -> Void)?)] in
            s.planning = nil
            defer { s.awaitingPlan = [] }
            return s.awaitingPlan
        }
        for batch in awaiting {
            guard let node else { queueCompletion(batch.completion, false); continue }
            do throws(CollectionUpdateError) {
                _ = try plan(batch.changes, completion: batch.completion, loader: node.loader(for: node.bounds.size))
            } catch {
                node.reportUpdateError(error)
                queueCompletion(batch.completion, false)
            }
        }
    }

    /// Builds `batch` over the pending map and queues its application. Called with `state` held,
    /// so batches are queued in the order they were accepted. Returns a problem to report once
    /// the lock is let go (observers of diagnostics may call back into the collection).
    private func queue(_ batch: PlannedBatch, completion: (@Sendable (Bool) -> Void)?, in s: inout State) -> String? {
        guard let map = batch.map(over: s.pending) else {
            // Validated against `pendingCounts`, which the pending map has by construction.
            s.pendingCounts = s.pending.sections.map(\.items.count)
            queueWork(in: &s, completion) { false }
            return "a batch (\(batch.changes.edits.first.map { "\($0)" } ?? "no edits")) was validated against \(batch.before) items per section but the collection has \(s.pendingCounts); not applied"
        }
        s.pending = map
        let base = s.plannedGeneration
        s.plannedGeneration += 1
        queueWork(in: &s, completion) { [weak self] in
            if batch.eager { ASCollectionElement.allocate(batch.freshElements, serial: batch.serial) }
            guard let self else { return false }
            map.renumberElements()
            // Asked for another viewport than the one the elements are measured for now (the
            // batch was planned while a relayout for a new viewport began): measured again.
            let (generation, old) = self.state.withLock { s -> (Int?, ASElementMap) in
                let old = s.visible.map
                guard let generation = s.publish(map, over: base) else { return (nil, old) }
                s.load.noteBatchMeasured(for: batch.viewport)
                return (generation, old)
            }
            batch.clearIndexPaths(ofNodesRemovedFrom: old)
            guard let generation else {
                WeftDiagnostics.report(.collection, self.subject, "a batch was made over a map that is no longer the visible one; not applied (please report: every replacement is meant to hold the map)")
                return false
            }
            // `node` is set once, before the controller is shared, and held weakly.
            self.node?.noteAppliedBatch(batch.changes, generation: generation)
            return true
        }
        return nil
    }

    /// Queues an answer that needs no work; while a replacement holds the map it waits behind the
    /// batches held before it, so answers keep the order of submission.
    private func queueCompletion(_ completion: (@Sendable (Bool) -> Void)?, _ applied: Bool) {
        state.withLock { s in
            if s.replacement != nil {
                s.held.append(.answered(completion: completion, applied))
            } else {
                queueWork(in: &s, completion) { applied }
            }
        }
    }

    // MARK: Replacing every element (load, relayout, cell relayout)

    /// Takes the map for a load, relayout or cell relayout: batches queued before it are applied
    /// first; batches submitted from now on are held until `endReplacement`. Waits while another
    /// replacement holds the map when `waitIfBusy`; returns false (the caller does not replace)
    /// when it does not wait, or when this thread holds it already. The caller then reads the
    /// visible map and its generation, and publishes over that generation.
    func beginReplacement(_ kind: ReplacementKind, waitIfBusy: Bool) -> Bool {
        let me = Self.currentThread
        enum Take { case taken, mine, busy }
        let take = { self.state.withLock { s -> Take in
            guard let holder = s.replacement else {
                s.replacement = Replacement(kind: kind, thread: me)
                if kind == .load { s.load.clearAnnouncements() }
                return .taken
            }
            guard holder.thread == me else { return .busy }
            // A load inside this thread's own relayout: what it absorbs is let go when the
            // relayout ends, and the announcement must not outlive it.
            if kind == .load { s.load.clearAnnouncements() }
            return .mine
        } }
        var outcome = take()
        // Another thread's relayout holds the map only after a `LayoutAccess` wait gave up (both
        // are taken by frames, loads and relayouts): this waits for it, bounded.
        if outcome == .busy && waitIfBusy {
            BlockingWait.on(idle, "\(subject): a \(kind.rawValue) waiting for another thread's load or relayout") {
                // Asked once more after it answered: the map is taken by then.
                if outcome != .busy { return true }
                outcome = take()
                return outcome != .busy
            }
        }
        guard outcome == .taken else {
            // A load that does not take the map reads nothing for what its announcement absorbs.
            if kind == .load && outcome == .busy { state.withLock { $0.load.clearAnnouncements() } }
            return false
        }
        // Loads and relayouts never start while a batch applies (see `loadDataIfNeeded`), so the
        // queued batches are not behind this thread.
        BlockingWait.on(idle, "\(subject): a \(kind.rawValue) waiting for queued batch updates") {
            state.withLock { $0.applied == $0.issued }
        }
        return true
    }

    /// Whether this is the first time a load reads the data source's counts (and notes that it
    /// is no longer): Texture's first load reads them twice, as a batch's old and new counts.
    func takeFirstCountRead() -> Bool {
        state.withLock { s in
            defer { s.countsRead = true }
            return !s.countsRead
        }
    }

    /// A load has read the data source's counts (called on the main actor, in the same visit as
    /// the read): edits from now on apply over its map, and every batch held so far is part of
    /// what it read. The load runs on the thread that holds the map, whether it took the map
    /// itself or runs inside that thread's own relayout.
    func noteLoadSnapshot(counts: [Int], by thread: ObjectIdentifier) {
        state.withLock { s in
            guard s.replacement?.thread == thread else { return }
            s.replacement?.snapshotTaken = true
            s.pendingCounts = counts
            s.held = s.held.map { batch in
                if case .planned(_, let completion) = batch { return .absorbed(completion: completion) }
                return batch
            }
        }
    }

    /// What a replacement did, recorded in the load lifecycle with its map.
    enum ReplacementOutcome {
        /// A load read the data source for `viewport` (`itemsDeferred` when known), or failed.
        case loaded(viewport: CGSize, itemsDeferred: Bool?, error: CollectionError?)
        /// Every made node was measured again for `viewport`.
        case relaidOut(viewport: CGSize)
        /// Invalidated cells were measured again.
        case cellsRelaidOut
    }

    /// Publishes the replacement's map over generation `base` (what it read after it began), by
    /// the one rule, and records `outcome` in the same hold. Nil when the visible map changed
    /// since (the map was made from a stale copy); with `force`, a load's or relayout's map (newer
    /// than what slipped in) is published anyway, and the slip reported.
    @discardableResult
    func publishReplacement(_ map: ASElementMap, over base: Int, _ outcome: ReplacementOutcome, force: Bool = false) -> Int? {
        let (generation, slipped) = state.withLock { s -> (Int?, Bool) in
            var slipped = false
            var generation = s.publish(map, over: base)
            if generation == nil && force {
                slipped = true
                generation = s.publish(map, over: s.visible.generation)
            }
            guard let generation else { return (nil, false) }
            s.plannedGeneration = generation
            s.pending = map
            switch outcome {
            case .loaded(let viewport, let deferred, let error):
                s.load.loadFinished(viewport: viewport, itemsDeferred: deferred, error: error)
                if s.replacement?.kind == .load { s.replacement?.published = true }
            case .relaidOut(let viewport): s.load.measuredViewport = viewport
            case .cellsRelaidOut: break
            }
            return (generation, slipped)
        }
        if slipped {
            WeftDiagnostics.report(.collection, subject, "the element map changed while it was being replaced (please report: a replacement is meant to hold the map)")
        }
        return generation
    }

    /// The visible map and its generation.
    var visible: PublishedMap { state.withLock { $0.visible } }

    /// The map after every batch submitted so far: the pending map with the batches a load,
    /// relayout or cell relayout holds built over it. It is the model the data source describes
    /// (Texture's pending map), and the place a deferred item is asked for: a cell relayout keeps
    /// the deferred elements, so one asked for at its place in the pending map alone would get
    /// another item's node block once the held batches move it. Folded here, outside the lock,
    /// without queuing anything: the held batches are still built over the replacement's map when
    /// it ends. Nil when a held batch does not fit the map before it (never, by construction: each
    /// was validated against the counts of the map and batches before it).
    var submittedMap: ASElementMap? {
        let (pending, held) = state.withLock { ($0.pending, $0.held) }
        var map = pending
        for case .planned(let batch, _) in held {
            guard let next = batch.map(over: map) else { return nil }
            map = next
        }
        return map
    }

    /// Ends the replacement this thread holds: held batches are built over its map and queued in
    /// order (absorbed ones complete); when `failure` is set (the load failed), each is rejected
    /// and reported, its completion getting `false`.
    func endReplacement(failure: CollectionError? = nil) {
        let problems = state.withLock { s -> [String] in
            if s.replacement?.kind == .load { s.load.loadAnnounced = false }
            s.replacement = nil
            return releaseHeld(failure: failure, in: &s)
        }
        for problem in problems { WeftDiagnostics.report(.collection, subject, problem) }
        wakeWaiters()
    }

    /// A batch that starts the load it is part of (the collection never loaded, or its last load
    /// failed): held as absorbed before that load is decided, so it is answered in order with
    /// the edits made during the load, when the load ends.
    func holdForComingLoad(_ completion: (@Sendable (Bool) -> Void)?) {
        state.withLock { $0.held.append(.absorbed(completion: completion)) }
    }

    /// After the load `holdForComingLoad` was for: when no load holds the map or is to come (the
    /// load was left to the next access, or another thread's had loaded already), what is held
    /// is answered now, `failure` rejecting it.
    func releaseHeldUnlessALoadIsComing(failure: CollectionError?) {
        let problems = state.withLock { s -> [String] in
            guard s.replacement == nil, !s.load.loadAnnounced, !s.load.reloadAnnounced else { return [] }
            return releaseHeld(failure: failure, in: &s)
        }
        for problem in problems { WeftDiagnostics.report(.collection, subject, problem) }
        wakeWaiters()
    }

    /// Queues the held batches in order: built over the current map (absorbed ones complete),
    /// or each rejected when `failure` is set. Called with `state` held; returns the problems to
    /// report once it is let go.
    private func releaseHeld(failure: CollectionError?, in s: inout State) -> [String] {
        let held = s.held
        s.held = []
        s.pendingCounts = s.pending.sections.map(\.items.count)
        var problems: [String] = []
        for batch in held {
            switch batch {
            case .answered(let completion, let answer):
                queueWork(in: &s, completion) { answer }
            case .absorbed(let completion):
                if let failure { problems.append("an edit made while the data loaded was not applied: the load failed: \(failure)") }
                queueWork(in: &s, completion) { failure == nil }
            case .planned(let planned, let completion):
                if let failure {
                    problems.append("a batch made while the data loaded (\(planned.changes.edits.first.map { "\($0)" } ?? "no edits")) was not applied: the load failed: \(failure)")
                    queueWork(in: &s, completion) { false }
                } else {
                    if let problem = queue(planned, completion: completion, in: &s) { problems.append(problem) }
                    s.pendingCounts = s.pending.sections.map(\.items.count)
                }
            }
        }
        return problems
    }

    // MARK: The editing queue

    /// Queues `apply` on the editing queue, then `completion` with its answer on the callback
    /// queue, and the finish blocks when nothing is left. Called with `state` held, so work is
    /// queued in the order it was decided.
    private func queueWork(in s: inout State, _ completion: (@Sendable (Bool) -> Void)?, _ apply: @escaping @Sendable () -> Bool) {
        s.issued += 1
        editingQueue.async { [self] in
            let mark = Self.onEditingQueue.value
            mark.applying = true
            let applied = ElementAllocation.asNodeCreationThread { apply() }
            mark.applying = false
            state.withLock { $0.applied += 1 }
            wakeWaiters()
            callbackQueue.async { [self] in
                let mark = Self.onEditingQueue.value
                // Marked: an edit or a wait made in a callback must not wait for itself.
                mark.callingBack = true
                defer { mark.callingBack = false }
                completion?(applied)
                let blocks = state.withLock { s -> [@Sendable () -> Void] in
                    s.completed += 1
                    guard s.isIdle, !s.finishBlocks.isEmpty else { return [] }
                    defer { s.finishBlocks = [] }
                    s.finishing += 1
                    return s.finishBlocks
                }
                if !blocks.isEmpty {
                    for block in blocks { block() }
                    state.withLock { $0.finishing -= 1 }
                }
                wakeWaiters()
            }
        }
    }

    private func wakeWaiters() {
        idle.lock(); idle.broadcast(); idle.unlock()
    }

    /// Batches queued or held and not yet applied (completions may still be running).
    var isProcessingUpdates: Bool { state.withLock { $0.applied != $0.issued || !$0.held.isEmpty } }

    /// Blocks until every submitted batch is applied (and every finish block has run), serving
    /// the main actor meanwhile when on it. A wait that would wait for itself returns at once and
    /// is reported: from the editing queue (a completion or finish block), from a node block, or
    /// from the thread whose load or relayout holds batches back.
    func waitUntilAllUpdatesAreProcessed() {
        let me = Self.currentThread
        let context: String? = if Self.isOnEditingQueue {
            "a batch completion or onDidFinishProcessingUpdates block (on the collection's callback queue), which would wait for itself"
        } else if ElementAllocation.isRunningNodeBlock {
            "a node block, which the batches it would wait for may be waiting for"
        } else if state.withLock({ $0.replacement?.thread == me && !$0.held.isEmpty }) {
            "inside a load or relayout, which holds back the batches it would wait for"
        } else if holdsEditsForNextAccessLoad {
            "where the reload the held edits wait for cannot run (main-actor work served inside this thread's own use of the layout); it runs at the next query or frame"
        } else {
            nil
        }
        if let context {
            WeftDiagnostics.report(.threading, "\(subject).waitUntilAllUpdatesAreProcessed()", "called from \(context); returned at once")
            return
        }
        // Everything submitted before this call: queued work up to now, then what is held (it is
        // queued, first, when its load or relayout ends). Later work does not keep it waiting.
        let target = state.withLock { $0.issued + $0.held.count }
        BlockingWait.on(idle, "\(subject).waitUntilAllUpdatesAreProcessed()") {
            state.withLock { $0.completed >= target && $0.finishing == 0 }
        }
    }

    /// Edits are held for a load that nothing runs or has taken the map for: a reload asked for
    /// where none could start, left to the next query or frame. (A decided load is always
    /// running, so only the reload's announcement can be waiting here.)
    var holdsEditsForNextAccessLoad: Bool {
        state.withLock { s in
            !s.held.isEmpty && s.replacement == nil && !s.load.running && s.load.reloadAnnounced
        }
    }

    /// Runs `block` once every batch submitted so far is applied: now, on this thread, when none
    /// is queued or held; otherwise on the callback queue, after the last completion.
    func onDidFinishProcessingUpdates(_ block: @escaping @Sendable () -> Void) {
        let now = state.withLock { s -> Bool in
            if s.isIdle { return true }
            s.finishBlocks.append(block)
            return false
        }
        if now { block() }
    }

    // MARK: The driving thread

    enum Owner: Equatable { case mainActor, thread(ObjectIdentifier) }

    /// Where code runs: a thread, and how deep in work its waits served (`MainActorBridge.servingDepth`).
    /// Work a wait served runs on the waiting thread but for another caller, so the thread alone
    /// cannot tell a data source's own call from another thread's request. Sendable value.
    struct Context: Equatable, Sendable {
        let thread: ObjectIdentifier
        let servingDepth: Int
        static var here: Context { Context(thread: currentThread, servingDepth: MainActorBridge.servingDepth) }
    }

    /// Runs `body`, the data source answering a load's questions, marked as such (see
    /// `isAnsweringLoad`).
    func answeringLoad<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let here = Context.here
        let outer = state.withLock { s -> Context? in
            defer { s.answeringLoad = here }
            return s.answeringLoad
        }
        defer { state.withLock { $0.answeringLoad = outer } }
        return try body()
    }

    /// Whether a load is decided, asked for (`reloadData()`) or running: the data source may
    /// describe a model that load is to read, where the current elements' places are unknown.
    /// Deferred elements were shown empty because a load was awaited (`ElementResolver`). When
    /// the running load had already published its map, they are that map's own and no load would
    /// replace them: a follow-up load is asked for, as a `reloadData()` during the load would be.
    func noteShownEmptyAwaitingLoad() {
        state.withLock { s in
            guard let replacement = s.replacement, replacement.kind == .load, replacement.published else { return }
            _ = s.load.requestReload(fromLoad: false, later: !s.load.running)
        }
    }

    var isAwaitingLoad: Bool {
        state.withLock { $0.load.loadAnnounced || $0.load.reloadAnnounced || $0.replacement?.kind == .load }
    }

    /// Whether the code running now is the data source answering a load's questions.
    var isAnsweringLoad: Bool {
        let here = Context.here
        return state.withLock { $0.answeringLoad == here }
    }

    /// Records the first editing thread and reports an edit from any other.
    func checkOwner(_ edit: CollectionUpdateError.Edit?) {
        // A batch fetch inserts its items from the fetch's own thread: offscreen there is no main
        // thread to hop back to, and a frame waits for the fetch rather than driving meanwhile.
        if node?.batchContext.isFetching() == true { return }
        // The main actor is one driver, whichever thread serves it (on Linux, under dispatch_main,
        // the main queue runs on worker threads).
        let me: Owner = MainActorBridge.isOnMainActor ? .mainActor : .thread(Self.currentThread)
        let other = state.withLock { s -> Bool in
            guard let owner = s.owner else { s.owner = me; return false }
            return owner != me
        }
        if other {
            WeftDiagnostics.report(.collection, subject,
                                   "\(edit.map { "\($0)" } ?? "an edit") was made on another thread than the one that drives the collection (the first that edited it); drive a collection from one thread, as Texture's main thread")
        }
    }
}
