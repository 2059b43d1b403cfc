import Dispatch
import Foundation
import Synchronization

/// A collection's data pipeline, as Texture's `ASDataController`: edits collect into a change set;
/// on the caller's thread it is validated against the data source's new counts and the new
/// element map is planned (fresh elements hold node blocks and constrained sizes, no node); then,
/// on a serial editing queue and in order, the fresh nodes are made on node-creation threads and
/// the map is applied (published to the collection, every element and node renumbered), and the
/// batch's completion runs.
///
/// Thread safety: edits are made on the thread that drives the collection; the first thread that
/// edits becomes its owner, and an edit from another thread is reported (it stays memory-safe:
/// `pending` is behind `state`'s mutex, and a submission is exclusive). Completions and
/// `onDidFinishProcessingUpdates` blocks run on the editing queue.
final class ASDataController: @unchecked Sendable {
    // SAFETY: all mutable state is in `state` (a mutex) or only touched on `editingQueue`; the
    // collection node is held weakly and used through its own thread-safe API.
    struct State {
        /// The map after every batch submitted so far (applied or not): what the next batch is
        /// validated against.
        var pending = ASElementMap()
        var inFlight = 0
        var finishBlocks: [@Sendable () -> Void] = []
        /// Finish blocks running now: `waitUntilAllUpdatesAreProcessed()` waits for them too.
        var finishing = 0
        var owner: pthread_t?
        var submitting = false
        /// The batch being recorded by `performBatchUpdates`, and how deep the nesting is.
        var openBatch: CollectionChangeSet?
        var openDepth = 0
    }

    let state = Mutex(State())
    private let idle = NSCondition()
    private let editingQueue = DispatchQueue(label: "weft.collection.editing", qos: .userInitiated)
    private static let onEditingQueue = ThreadLocal { EditingMark() }
    final class EditingMark { var active = false }
    weak var node: ASCollectionNode?

    init(node: ASCollectionNode) { self.node = node }

    static var isOnEditingQueue: Bool { onEditingQueue.value.active }

    // MARK: Recording

    /// Records one edit into the open batch.
    func record(_ edit: CollectionUpdateError.Edit) {
        state.withLock { s in s.openBatch?.edits.append(edit) }
    }

    func openBatch() {
        state.withLock { s in
            if s.openBatch == nil { s.openBatch = CollectionChangeSet() }
            s.openDepth += 1
        }
    }

    /// Closes one level of batch; returns the whole batch when the outermost closes.
    func closeBatch() -> CollectionChangeSet? {
        state.withLock { s in
            s.openDepth -= 1
            guard s.openDepth == 0 else { return nil }
            defer { s.openBatch = nil }
            return s.openBatch
        }
    }

    // MARK: Submitting

    /// Submits a batch; a rejection goes to the collection's `onUpdateError` and the completion gets `false`.
    func submitReporting(_ changes: CollectionChangeSet, completion: (@Sendable (Bool) -> Void)?) {
        do throws(CollectionUpdateError) {
            try submit(changes, completion: completion)
        } catch {
            node?.reportUpdateError(error)
            enqueueCompletion { completion?(false) }
        }
    }

    /// Validates the batch and queues it; throws (changing nothing) when it is inconsistent.
    func submit(_ changes: CollectionChangeSet, completion: (@Sendable (Bool) -> Void)?) throws(CollectionUpdateError) {
        // The wait happens once this submission is over, so a completion may edit meanwhile.
        if try submitExclusively(changes, completion: completion), !Self.isOnEditingQueue { waitUntilAllUpdatesAreProcessed() }
    }

    /// Returns whether the caller should wait for the batch (Texture's synchronous processing).
    private func submitExclusively(_ changes: CollectionChangeSet, completion: (@Sendable (Bool) -> Void)?) throws(CollectionUpdateError) -> Bool {
        guard let node else { return false }
        // Completions run on the editing queue; an edit made there is part of driving the collection.
        if !Self.isOnEditingQueue { checkOwner(changes.edits.first) }
        let busy = state.withLock { s -> Bool in
            if s.submitting { return true }
            s.submitting = true
            return false
        }
        if busy { throw .editDuringUpdate(changes.edits.first) }
        defer { state.withLock { $0.submitting = false } }

        // A collection that never loaded loads now, from the data source that already includes
        // the edits: there is nothing older to change (UIKit would ask twice and throw).
        guard node.prepareForEdits() else {
            enqueueCompletion { completion?(true) }
            return false
        }
        let loader = node.loader(for: node.bounds.size)
        let before = state.withLock { $0.pending }
        // The data source is asked on the main actor (inline when this is it), as Texture asks it
        // on the main thread.
        let (map, fresh) = try MainActorBridge.run { () throws(CollectionUpdateError) -> (ASElementMap, [ASCollectionElement]) in
            let after: [Int]
            do throws(CollectionError) { after = try loader.itemCounts() } catch { throw .dataSource(error) }
            let plan = try ChangeSetPlanner.plan(changes, before: before.sections.map(\.items.count), after: after)
            var map = ASElementMap()
            var fresh: [ASCollectionElement] = []
            do throws(CollectionError) {
                for (s, source) in plan.sections.enumerated() {
                    switch source {
                    case .fresh:
                        let entry = try loader.sectionEntry(s, count: after[s])
                        fresh += Array(entry.supplementary.values) + entry.items
                        map.sections.append(entry)
                    case .kept(let o):
                        var entry = ASElementMap.Section()
                        entry.supplementary = before.sections[o].supplementary
                        for (j, item) in plan.items[s].enumerated() {
                            switch item {
                            case .kept(let p): entry.items.append(before.sections[p.section].items[p.item])
                            case .fresh:
                                let element = try loader.itemElement(at: IndexPath(item: j, section: s))
                                fresh.append(element)
                                entry.items.append(element)
                            }
                        }
                        map.sections.append(entry)
                    }
                }
            } catch {
                throw .dataSource(error)
            }
            // Set before the main actor moves on: a deferred item it resolves next is asked at its
            // place in this map, which the data source now describes.
            state.withLock { $0.pending = map }
            return (map, fresh)
        }
        let eager = loader.eager, serial = loader.serialize
        enqueue { [weak node, map, fresh, changes] in
            if eager { ASCollectionElement.allocate(fresh, serial: serial) }
            map.renumberElements()
            if let node { node.noteAppliedBatch(changes, generation: node.publish(map)) }
            completion?(true)
        }
        return node.shouldProcessSynchronously(changes)
    }

    /// Makes the pending map `map` (after a load or relayout replaced the elements).
    func reset(to map: ASElementMap) { state.withLock { $0.pending = map } }

    // MARK: The editing queue

    private func enqueue(_ work: @escaping @Sendable () -> Void) {
        state.withLock { $0.inFlight += 1 }
        editingQueue.async { [self] in
            let mark = Self.onEditingQueue.value
            mark.active = true
            ElementAllocation.asNodeCreationThread { work() }
            mark.active = false
            let blocks = state.withLock { s -> [@Sendable () -> Void] in
                s.inFlight -= 1
                guard s.inFlight == 0, !s.finishBlocks.isEmpty else { return [] }
                defer { s.finishBlocks = [] }
                s.finishing += 1
                return s.finishBlocks
            }
            if !blocks.isEmpty {
                for block in blocks { block() }
                state.withLock { $0.finishing -= 1 }
            }
            idle.lock(); idle.broadcast(); idle.unlock()
        }
    }

    private func enqueueCompletion(_ work: @escaping @Sendable () -> Void) { enqueue(work) }

    var isProcessingUpdates: Bool { state.withLock { $0.inFlight > 0 } }

    /// Blocks until every submitted batch is applied. From the editing queue (a completion) it
    /// cannot wait for itself: it returns at once and reports.
    func waitUntilAllUpdatesAreProcessed() {
        if Self.isOnEditingQueue {
            WeftDiagnostics.report(.collection, "\(node.map { "\($0)" } ?? "collection").waitUntilAllUpdatesAreProcessed()",
                                   "called from a batch completion on the editing queue, which would wait for itself; returned at once")
            return
        }
        // On the main actor the wait keeps serving it: a completion that edits asks the data source there.
        let settled = { self.state.withLock { $0.inFlight == 0 && $0.finishing == 0 } }
        MainActorBridge.wait(until: settled) { slice in
            idle.lock()
            if !settled() { _ = idle.wait(until: Date(timeIntervalSinceNow: slice)) }
            idle.unlock()
        }
    }

    /// Runs `block` once every batch submitted so far is applied: now, on this thread, when none
    /// is in flight; otherwise on the editing queue.
    func onDidFinishProcessingUpdates(_ block: @escaping @Sendable () -> Void) {
        let now = state.withLock { s -> Bool in
            if s.inFlight == 0 { return true }
            s.finishBlocks.append(block)
            return false
        }
        if now { block() }
    }

    // MARK: The driving thread

    /// Records the first editing thread and reports an edit from any other.
    func checkOwner(_ edit: CollectionUpdateError.Edit?) {
        // A batch fetch inserts its items from the fetch's own thread: offscreen there is no main
        // thread to hop back to, and a frame waits for the fetch rather than driving meanwhile.
        if node?.batchContext.isFetching() == true { return }
        let me = pthread_self()
        let other = state.withLock { s -> Bool in
            guard let owner = s.owner else { s.owner = me; return false }
            return pthread_equal(owner, me) == 0
        }
        if other {
            WeftDiagnostics.report(.collection, "\(node.map { "\($0)" } ?? "collection")",
                                   "\(edit.map { "\($0)" } ?? "an edit") was made on another thread than the one that drives the collection (the first that edited it); drive a collection from one thread, as Texture's main thread")
        }
    }
}
