import Foundation
import Testing
@testable import Weft

/// A deferred item (a long list's element whose node block was not asked for yet) is asked for at
/// its place in the model the data source describes: after every batch submitted, including
/// batches a cell relayout on another thread holds back until it ends. Asked at its place in the map
/// before those batches, it got another item's node block, and the collection showed that item
/// twice: the cell relayout's map keeps the deferred elements. Each test holds the cell relayout
/// at a gate on its own thread (measuring the invalidated cell), so the overlap is certain.
@MainActor @Suite struct DeferredItemsDuringReplacementTests {
    let helpers = ConcurrencyReproducerTests()

    /// A collection of 200 items whose loads defer every item a frame does not need, loaded, with
    /// item 0's node made and its layout invalidated (a cell relayout measures it, and stops at the gate).
    private func deferredCollection() throws -> (ASCollectionNode, GatedLiveSource) {
        let source = GatedLiveSource([Array(0..<200)])
        let node = helpers.collection(source, load: false)
        node.lazyMeasurementThreshold = 0
        try node.loadDataIfNeeded()
        try #require(node.nodeForItem(at: IndexPath(item: 0, section: 0))).setNeedsLayout()
        return (node, source)
    }

    /// Holds a frame's cell relayout at the gate, changes the model with `edit` and submits `updates`
    /// as one batch, then runs `query`, all on the main actor; then lets the relayout end.
    /// Returns what `query` answered and the batch's answer.
    private func whileACellRelayoutHoldsTheMap<T>(_ node: ASCollectionNode, _ source: GatedLiveSource, edit: () -> Void,
                                              updates: @escaping () -> Void, query: () -> T) -> (T, [Bool]) {
        source.gate.arm()
        let box = UncheckedBox(node)
        let done = helpers.onThread { box.value.relayoutInvalidatedCells() }
        #expect(helpers.serve(until: source.gate.reached))
        let results = Results()
        edit()
        node.performBatchUpdates(updates) { ok in results.list.withLock { $0.append(ok) } }
        let answer = query()
        source.gate.open()
        #expect(helpers.serve(until: done))
        node.waitUntilAllUpdatesAreProcessed()
        try? node.loadDataIfNeeded()
        node.waitUntilAllUpdatesAreProcessed()
        return (answer, results.list.withLock { $0 })
    }

    @Test(.timeLimit(.minutes(10))) func aDeferredItemAfterAHeldInsertIsAskedAtItsNewPlace() throws {
        let (node, source) = try deferredCollection()
        let (cell, answers) = whileACellRelayoutHoldsTheMap(node, source, edit: {
            source.model[0].insert(1000, at: 0)
        }, updates: { node.insertItems(at: [IndexPath(item: 0, section: 0)]) }, query: { node.nodeForItem(at: IndexPath(item: 150, section: 0)) as? IDCell })
        #expect(cell?.id == 149, "item 150 after the insert is the model's 149")
        #expect(node.numberOfItems(inSection: 0) == 201)
        #expect(answers == [true])
        #expect(Living.ids(node) == source.model)
    }

    @Test(.timeLimit(.minutes(10))) func aDeferredItemAfterAHeldDeleteIsAskedAtItsNewPlace() throws {
        let (node, source) = try deferredCollection()
        let (cell, answers) = whileACellRelayoutHoldsTheMap(node, source, edit: {
            source.model[0].removeSubrange(0..<3)
        }, updates: { node.deleteItems(at: (0..<3).map { IndexPath(item: $0, section: 0) }) }, query: { node.nodeForItem(at: IndexPath(item: 150, section: 0)) as? IDCell })
        #expect(cell?.id == 153)
        #expect(answers == [true])
        #expect(Living.ids(node) == source.model)
    }

    /// A move from a deferred item's place far down to the top.
    @Test(.timeLimit(.minutes(10))) func aDeferredItemShownAfterAHeldMoveIsTheModelsItem() throws {
        let (node, source) = try deferredCollection()
        let (_, answers) = whileACellRelayoutHoldsTheMap(node, source, edit: {
            let moved = source.model[0].remove(at: 190)
            source.model[0].insert(moved, at: 1)
        }, updates: { node.moveItem(at: IndexPath(item: 190, section: 0), to: IndexPath(item: 1, section: 0)) }, query: { node.nodeForItem(at: IndexPath(item: 120, section: 0)) as? IDCell })
        #expect(answers == [true])
        #expect(Living.ids(node) == source.model)
    }

    /// A deferred item first needed after a load on another thread published its map, while that
    /// load still holds it (here: held in the layout's invalidation that adopting the map makes),
    /// is shown empty until the data is loaded again; that load must follow. It was the very load
    /// that made the item, so waiting for it to replace the item left the cell empty for good.
    @Test(.timeLimit(.minutes(10))) func aDeferredItemNeededAfterAPublishedLoadIsFilledByTheLoadAfterIt() throws {
        let source = LiveSource([Array(0..<200)])
        let gate = Gate()
        let layout = GatedInvalidationLayout(gate: gate)
        layout.minimumLineSpacing = 0
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 40, height: 100), collectionViewLayout: layout)
        node.dataSource = source
        node.delegate = source
        node.lazyMeasurementThreshold = 0
        try node.loadDataIfNeeded()
        let controller = node.dataController
        layout.stopsWhen = { controller.state.withLock { $0.replacement.map { $0.kind == .load && $0.published } ?? false } }
        gate.arm()
        let box = UncheckedBox(node)
        let done = helpers.onThread {
            box.value.reloadData()
            try? box.value.loadDataIfNeeded()
        }
        #expect(helpers.serve(until: gate.reached))
        let (shown, reported) = WeftDiagnostics.collect(matching: "reloaded") {
            node.nodeForItem(at: IndexPath(item: 150, section: 0))
        }
        #expect(!(shown is IDCell), "shown empty while the load holds the map")
        #expect(reported.count == 1)
        gate.open()
        #expect(helpers.serve(until: done))
        node.waitUntilAllUpdatesAreProcessed()
        try node.loadDataIfNeeded()
        node.waitUntilAllUpdatesAreProcessed()
        #expect((node.nodeForItem(at: IndexPath(item: 150, section: 0)) as? IDCell)?.id == 150)
        #expect(Living.ids(node) == source.model)
    }
}

/// A flow layout whose invalidation stops at `gate` once `stopsWhen` answers true.
private final class GatedInvalidationLayout: UICollectionViewFlowLayout, @unchecked Sendable {
    // SAFETY: `stopsWhen` is set on the main actor before the gate is armed, and only read after.
    let gate: Gate
    var stopsWhen: @Sendable () -> Bool = { false }
    init(gate: Gate) {
        self.gate = gate
        super.init()
    }
    required init?(coder: NSCoder) { nil }
    override func invalidateLayout() {
        if stopsWhen() { gate.pass() }
        super.invalidateLayout()
    }
}
