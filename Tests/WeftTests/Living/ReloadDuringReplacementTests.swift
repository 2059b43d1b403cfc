import Foundation
import Synchronization
import Testing
@testable import Weft

/// `reloadData()` called while another thread's load or relayout is running is deferred until that
/// work ends; edits the main actor makes after it, before the reload has read the data source, are
/// part of what the reload reads, as in Texture, where `reloadData` followed by edits applies both.
/// They were validated against the counts from before the reload and rejected ("reloadData()
/// racing a relayout rejects edits in between"). Each test holds the running work at a gate on its
/// own thread, so the overlap is certain.
@MainActor @Suite struct ReloadDuringReplacementTests {
    /// Threads, serving and collections as the other reproducers make them.
    let helpers = ConcurrencyReproducerTests()

    /// Holds `work` at the source's gate; meanwhile replaces the model and reloads, then appends an
    /// item and inserts it. Returns the insert's answer and the update errors reported.
    private func reloadThenInsertWhileHeld(_ node: ASCollectionNode, _ source: GatedLiveSource,
                                           _ work: @escaping @Sendable () -> Void) -> (answers: [Bool], errors: [String]) {
        let errors = Mutex<[String]>([])
        node.onUpdateError = { error in errors.withLock { $0.append("\(error)") } }
        source.gate.arm()
        let done = helpers.onThread(work)
        #expect(helpers.serve(until: source.gate.reached))
        let results = Results()
        _ = WeftDiagnostics.collect(matching: "reloadData") {
            source.model = [[10, 11, 12, 13]]
            node.reloadData()
        }
        source.model[0].append(14)
        node.performBatchUpdates({ node.insertItems(at: [IndexPath(item: 4, section: 0)]) }) { ok in
            results.list.withLock { $0.append(ok) }
        }
        source.gate.open()
        #expect(helpers.serve(until: done))
        node.waitUntilAllUpdatesAreProcessed()
        try? node.loadDataIfNeeded()
        node.waitUntilAllUpdatesAreProcessed()
        return (results.list.withLock { $0 }, errors.withLock { $0 })
    }

    /// A relayout for a new viewport width, run by a frame's load on another thread.
    @Test(.timeLimit(.minutes(10))) func editsAfterAReloadDuringAViewportRelayoutApply() throws {
        let source = GatedLiveSource([[0, 1, 2]])
        let node = helpers.collection(source, load: true)
        // The relayout measures made nodes again; a cached layout would not reach the gate.
        try #require(node.nodeForItem(at: IndexPath(item: 0, section: 0))).setNeedsLayout()
        node.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
        let box = UncheckedBox(node)
        let (answers, errors) = reloadThenInsertWhileHeld(node, source) { try? box.value.loadDataIfNeeded() }
        #expect(errors.isEmpty, "\(errors)")
        #expect(answers == [true])
        #expect(Living.ids(node) == [[10, 11, 12, 13, 14]])
    }

    /// `relayoutItems()` on another thread.
    @Test(.timeLimit(.minutes(10))) func editsAfterAReloadDuringRelayoutItemsApply() throws {
        let source = GatedLiveSource([[0, 1, 2]])
        let node = helpers.collection(source, load: true)
        try #require(node.nodeForItem(at: IndexPath(item: 0, section: 0))).setNeedsLayout()
        let box = UncheckedBox(node)
        let (answers, errors) = reloadThenInsertWhileHeld(node, source) { box.value.relayoutItems() }
        #expect(errors.isEmpty, "\(errors)")
        #expect(answers == [true])
        #expect(Living.ids(node) == [[10, 11, 12, 13, 14]])
    }

    /// A load on another thread, held after it read the data source (its cells measure at the gate).
    @Test(.timeLimit(.minutes(10))) func editsAfterAReloadDuringALoadApply() throws {
        let source = GatedLiveSource([[0, 1, 2]])
        let node = helpers.collection(source, load: false)
        let box = UncheckedBox(node)
        let (answers, errors) = reloadThenInsertWhileHeld(node, source) { try? box.value.loadDataIfNeeded() }
        #expect(errors.isEmpty, "\(errors)")
        #expect(answers == [true])
        #expect(Living.ids(node) == [[10, 11, 12, 13, 14]])
    }

    /// A load that fails after a `reloadData()` was asked for during it still runs the reload: the
    /// reload was dropped with the failure, and the collection kept the error the reload was
    /// meant to clear.
    @Test func aReloadAskedForDuringAFailingLoadRuns() throws {
        let source = ReloadingOnceSource()
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 40, height: 40), collectionViewLayout: UICollectionViewFlowLayout())
        node.dataSource = source
        node.delegate = source
        let (_, reported) = WeftDiagnostics.collect(matching: "reloadData") { try? node.loadDataIfNeeded() }
        #expect(reported.contains { $0.message.contains("while the collection was loading") })
        #expect(node.dataError == nil)
        #expect(Living.ids(node) == [[0, 1, 2]])
    }
}

/// On its first load, asks for a reload while the collection reads its sections, then answers
/// the item count with -1 (a load error); every later load reads the model: three items.
/// (Not a `LiveSource` subclass: one that does not override its node block method fails to link,
/// the vtable naming the method's type with `@Sendable` and its definition without.)
final class ReloadingOnceSource: ASCollectionDataSource, ASCollectionDelegate {
    private var loads = 0
    func numberOfSections(in collectionNode: ASCollectionNode) -> Int {
        loads += 1
        if loads == 1 { collectionNode.reloadData() }
        return 1
    }
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { loads == 1 ? -1 : 3 }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let id = indexPath.item
        return { IDCell(id: id, size: CGSize(width: 40, height: 10)) }
    }
}
