import Foundation
import Synchronization
import Testing
@testable import Weft

/// A gate that work on another thread can be held at: `arm()`, then the first `pass()` signals
/// `reached` and blocks until `open()`. Thread-safe.
final class Gate: Sendable {
    private let armed = Mutex(false)
    let reached = DispatchSemaphore(value: 0)
    private let opened = DispatchSemaphore(value: 0)

    func arm() { armed.withLock { $0 = true } }
    /// Called by the held work; only the first call after `arm()` stops.
    func pass() {
        guard armed.withLock({ was in defer { was = false }; return was }) else { return }
        reached.signal()
        opened.wait()
    }
    func open() { opened.signal() }
}

/// Completions' answers, in the order they came.
final class Results: Sendable {
    let list = Mutex<[Bool]>([])
}

/// An `IDCell` whose measuring passes a gate.
final class GatedIDCell: IDCell, @unchecked Sendable {
    let gate: Gate
    let side: CGSize
    init(id: Int, size: CGSize, gate: Gate) {
        self.gate = gate
        side = size
        super.init(id: id, size: nil)
    }
    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        gate.pass()
        return side
    }
}

/// `LiveSource` whose cells measure through `gate`.
final class GatedLiveSource: LiveSource, @unchecked Sendable {
    let gate = Gate()
    override func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let id = model[indexPath.section][indexPath.item], size = itemSize, gate = gate
        return { GatedIDCell(id: id, size: size, gate: gate) }
    }
}

/// Four reproducers of lost edits and hangs: each lost an edit or hung before the collection
/// held its map during loads and relayouts and every wait served the main actor. The work that
/// must overlap is held at a gate on another thread while the main actor edits, so the overlap is
/// certain, not a matter of timing. The main actor opens the gate at once: a node block held there
/// holds one of the global queue's few threads, which other tests' nodes need too.
@Suite struct ConcurrencyReproducerTests {
    /// Runs `body` on a thread of its own and returns a semaphore signalled when it is done.
    /// (These helpers are shared with `ReloadDuringReplacementTests`.)
    func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread { body(); done.signal() }
        return done
    }

    /// A vertical flow collection of `source`'s items, 40×100, loaded when `load`.
    @MainActor func collection(_ source: LiveSource, load: Bool) -> ASCollectionNode {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        let node = ASCollectionNode(collectionViewLayout: layout)
        node.frame = CGRect(x: 0, y: 0, width: 40, height: 100)
        node.dataSource = source
        node.delegate = source
        if load { try? node.loadDataIfNeeded() }
        return node
    }

    /// On the main actor: appends an item to section 0 of the model and inserts it.
    @MainActor private func insertOne(_ node: ASCollectionNode, _ source: GatedLiveSource, id: Int, result: Results) {
        source.model[0].append(id)
        node.performBatchUpdates({ node.insertItems(at: [IndexPath(item: source.model[0].count - 1, section: 0)]) }) { ok in
            result.list.withLock { $0.append(ok) }
        }
    }

    /// Blocks the main actor until `semaphore` is signalled, serving it meanwhile (the work
    /// waited for asks its data source there), as Weft's own waits do.
    @MainActor func serve(until semaphore: DispatchSemaphore) -> Bool {
        BlockingWait.forSignal(semaphore, "the test's other thread", limit: 60)
    }

    /// Holds `work` (started on a thread of its own) at the source's gate, inserts an item (id 3)
    /// on the main actor meanwhile, lets the work go on and waits for it and for the updates.
    /// Returns the insert's answer.
    @MainActor private func insertWhileHeld(_ node: ASCollectionNode, _ source: GatedLiveSource,
                                            _ work: @escaping @Sendable () -> Void) -> [Bool] {
        source.gate.arm()
        let done = onThread(work)
        #expect(serve(until: source.gate.reached))
        let results = Results()
        insertOne(node, source, id: 3, result: results)
        source.gate.open()
        #expect(serve(until: done))
        node.waitUntilAllUpdatesAreProcessed()
        return results.list.withLock { $0 }
    }

    /// Reproducer 1: an edit made while a load runs (here, while its node blocks measure on
    /// another thread) was dropped with `true`; the data source had 4 items, the collection 3, and
    /// every later edit was rejected.
    @MainActor @Test(.timeLimit(.minutes(10))) func anEditDuringALoadIsAppliedAfterIt() throws {
        let source = GatedLiveSource([[0, 1, 2]])
        let node = collection(source, load: false)
        let box = UncheckedBox(node)
        #expect(insertWhileHeld(node, source) { try? box.value.loadDataIfNeeded() } == [true])
        #expect(Living.ids(node) == [[0, 1, 2, 3]])
        // And the next edit is accepted.
        let results = Results()
        insertOne(node, source, id: 4, result: results)
        node.waitUntilAllUpdatesAreProcessed()
        #expect(Living.ids(node) == [[0, 1, 2, 3, 4]])
        #expect(results.list.withLock { $0 } == [true])
    }

    /// Reproducer 1, with `relayoutItems()` instead of a load.
    @MainActor @Test(.timeLimit(.minutes(10))) func anEditDuringARelayoutIsAppliedAfterIt() throws {
        let source = GatedLiveSource([[0, 1, 2]])
        let node = collection(source, load: true)
        // The relayout measures made nodes again; a cached layout would not reach the gate.
        try #require(node.nodeForItem(at: IndexPath(item: 0, section: 0))).setNeedsLayout()
        let box = UncheckedBox(node)
        #expect(insertWhileHeld(node, source) { box.value.relayoutItems() } == [true])
        #expect(Living.ids(node) == [[0, 1, 2, 3]])
    }

    /// Reproducer 2: a cell relayout (a frame after `setNeedsLayout()` on a cell) copied the
    /// element map, measured while the main actor applied a batch, then published its stale copy
    /// over the batch.
    @MainActor @Test(.timeLimit(.minutes(10))) func aCellRelayoutDoesNotPublishOverABatchAppliedMeanwhile() throws {
        let source = GatedLiveSource([[0, 1, 2]])
        let node = collection(source, load: true)
        let box = UncheckedBox(node)
        #expect(serve(until: onThread { _ = try? box.value.snapshot(at: .zero, scale: 1) }))
        let cell = try #require(node.nodeForItem(at: IndexPath(item: 1, section: 0)))
        cell.setNeedsLayout()
        #expect(insertWhileHeld(node, source) { _ = try? box.value.snapshot(at: .zero, scale: 1) } == [true])
        #expect(Living.ids(node) == [[0, 1, 2, 3]])
        // The remeasured cell kept its node.
        #expect(node.nodeForItem(at: IndexPath(item: 1, section: 0)) === cell)
    }

    /// Reproducer 3: a block given to `onDidFinishProcessingUpdates` that waits, then edits (with
    /// Texture's synchronous processing), hung: the block ran unmarked and the wait counted it.
    @MainActor @Test(.timeLimit(.minutes(10))) func aFinishBlockThatWaitsAndEditsDoesNotHang() throws {
        let source = GatedLiveSource([[0, 1]])
        // Used by the finish block on the editing queue: the node guards its own state.
        nonisolated(unsafe) let node = collection(source, load: true)
        node.cellLayoutMode = .alwaysAsync
        source.gate.arm()
        let results = Results()
        insertOne(node, source, id: 2, result: results)
        // The batch is held at the gate on the editing queue: the block is queued behind it.
        let (_, reported) = WeftDiagnostics.collect(matching: "waitUntilAllUpdatesAreProcessed") {
            node.onDidFinishProcessingUpdates {
                node.waitUntilAllUpdatesAreProcessed()
                MainActorBridge.run { insertOne(node, source, id: 3, result: results) }
            }
            node.cellLayoutMode = []
            let start = Date()
            source.gate.open()
            node.waitUntilAllUpdatesAreProcessed()
            node.waitUntilAllUpdatesAreProcessed()
            #expect(Date().timeIntervalSince(start) < 30)
        }
        #expect(Living.ids(node) == [[0, 1, 2, 3]])
        #expect(results.list.withLock { $0 } == [true, true])
        #expect(reported.contains { $0.message.contains("would wait for itself") })
    }

    /// Reproducer 4: the main thread waiting for a display job (a frame's cell being drawn on the
    /// display queue) deadlocked with a job that needs the main actor, here an `onDidLoad` block
    /// on a loaded node and a snapshot of a collection whose data source lives there.
    @MainActor @Test(.timeLimit(.minutes(10))) func aMainActorWaitForADisplayJobServesTheMainActor() throws {
        // Used by the display job: the node guards its own state.
        nonisolated(unsafe) let loaded = ASDisplayNode()
        loaded.loadNodeIfNeeded()
        let source = LiveSource([[0, 1]])
        let inner = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 40, height: 20), collectionViewLayout: UICollectionViewFlowLayout())
        inner.dataSource = source
        inner.delegate = source
        let innerBox = UncheckedBox(inner)
        let started = DispatchSemaphore(value: 0)
        let ran = Results()
        let node = ASDisplayNode()
        node.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        node.displayBlock = { bounds, context, _ in
            started.signal()
            loaded.onDidLoad { _ in ran.list.withLock { $0.append(true) } }
            if (try? innerBox.value.snapshot(at: .zero, scale: 1)) != nil { ran.list.withLock { $0.append(true) } }
            context.fill(bounds, with: .red)
        }
        node.recursivelySetInterfaceState(.display)
        let scale = try #require(node.state.withLock { $0.display.ticket?.request.scale })
        #expect(started.wait(timeout: .now() + 30) == .success)
        let start = Date()
        node.waitUntilDisplayed(scale: scale)
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(ran.list.withLock { $0 }.count == 2)
        #expect(node.isDisplayCurrentRecursively(scale: scale))
        withExtendedLifetime(source) {}
    }
}
