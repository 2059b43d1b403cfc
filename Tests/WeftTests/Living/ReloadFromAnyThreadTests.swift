import Foundation
import Synchronization
import Testing
@testable import Weft

/// A `reloadData()` or a batch from any thread, at any moment, is applied in order or refused
/// with a reported reason, never dropped. Each test holds the running work at a gate (or inside
/// a data source answer) so that the overlap is certain, not a matter of timing.
@MainActor @Suite struct ReloadFromAnyThreadTests {
    /// Threads, serving and collections as the other reproducers make them.
    let helpers = ConcurrencyReproducerTests()

    /// A reload asked for during the follow-up load another reload asked for, by another
    /// thread's request, runs after it: the collection shows the newest model. It was ignored
    /// ("called again during the reload it asked for"), and the collection kept the older model.
    @Test(.timeLimit(.minutes(10))) func aReloadFromAnotherThreadDuringAFollowUpLoadRuns() throws {
        let source = FollowUpSource([[0, 1, 2]])
        let node = helpers.collection(source, load: false)
        let box = UncheckedBox(node)
        let (_, reported) = WeftDiagnostics.collect(matching: "reloadData") { () -> Void in
            // The first load asks for a reload while it reads the sections; the follow-up is held
            // at the gate as it measures its first cell.
            let done = helpers.onThread { try? box.value.loadDataIfNeeded() }
            #expect(helpers.serve(until: source.gate.reached))
            // Another thread changes the model (on the main actor, where it lives) and reloads.
            let asked = helpers.onThread {
                MainActorBridge.run { source.model = [[10, 11, 12, 13]] }
                box.value.reloadData()
            }
            #expect(helpers.serve(until: asked))
            source.gate.open()
            #expect(helpers.serve(until: done))
        }
        node.waitUntilAllUpdatesAreProcessed()
        try? node.loadDataIfNeeded()
        #expect(Living.ids(node) == [[10, 11, 12, 13]])
        #expect(node.dataError == nil)
        #expect(source.sectionQuestions.withLock { $0 } == 4, "the load (two reads), its follow-up and the reload asked for during it")
        #expect(!reported.contains { $0.message.contains("refused") }, "\(reported)")
    }

    /// A data source that asks for a reload on every load still cannot loop: the follow-up's own
    /// request is refused and reported.
    @Test(.timeLimit(.minutes(10))) func aReloadTheFollowUpsOwnDataSourceAsksForIsRefused() throws {
        let source = FollowUpSource([[0, 1]], reloadsOnEveryLoad: true)
        let node = helpers.collection(source, load: false)
        let (_, reported) = WeftDiagnostics.collect(matching: "reloadData") { try? node.loadDataIfNeeded() }
        #expect(source.sectionQuestions.withLock { $0 } == 3, "the load (two reads) and its follow-up")
        #expect(reported.contains { $0.message.contains("refused") })
        #expect(Living.ids(node) == [[0, 1]])
    }

    /// `reloadData()` from a background thread while the driving thread relayouts (held at the
    /// gate): it runs after the relayout, and the collection shows the new model.
    @Test(.timeLimit(.minutes(10))) func aReloadFromABackgroundThreadDuringARelayoutRuns() throws {
        let source = GatedLiveSource([[0, 1, 2]])
        let node = helpers.collection(source, load: true)
        // The relayout measures made nodes again; a cached layout would not reach the gate.
        try #require(node.nodeForItem(at: IndexPath(item: 0, section: 0))).setNeedsLayout()
        let box = UncheckedBox(node)
        source.gate.arm()
        let relayout = helpers.onThread { box.value.relayoutItems() }
        #expect(helpers.serve(until: source.gate.reached))
        source.model = [[20, 21]]
        let reload = helpers.onThread { box.value.reloadData() }
        #expect(helpers.serve(until: reload))
        source.gate.open()
        #expect(helpers.serve(until: relayout))
        node.waitUntilAllUpdatesAreProcessed()
        _ = try node.snapshot(at: .zero, scale: 1)
        #expect(Living.ids(node) == [[20, 21]])
    }

    /// A batch another thread submits while the main actor validates a batch whose data source
    /// waits (serving the main actor, as every Weft wait does) is validated after that one and
    /// applied in order. It was rejected as an edit made during an update.
    @Test(.timeLimit(.minutes(10))) func aBatchServedDuringAnotherBatchsValidationIsAppliedAfterIt() throws {
        let source = WaitingCountSource([[0, 1]])
        let node = helpers.collection(source, load: true)
        let errors = Mutex<[String]>([])
        node.onUpdateError = { error in errors.withLock { $0.append("\(error)") } }
        let results = Results()
        let box = UncheckedBox(node)
        // The first validation's count question starts the other thread's batch and waits for
        // it to be submitted (its request is served by that wait).
        source.duringCount = { [helpers] in
            let other = helpers.onThread {
                MainActorBridge.run {
                    source.model[0].append(3)
                    box.value.performBatchUpdates({ box.value.insertItems(at: [IndexPath(item: 3, section: 0)]) }) { ok in
                        results.list.withLock { $0.append(ok) }
                    }
                }
            }
            #expect(helpers.serve(until: other))
        }
        source.model[0].insert(2, at: 0)
        node.performBatchUpdates({ node.insertItems(at: [IndexPath(item: 0, section: 0)]) }) { ok in
            results.list.withLock { $0.append(ok) }
        }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(errors.withLock { $0 }.isEmpty, "\(errors.withLock { $0 })")
        #expect(results.list.withLock { $0 } == [true, true])
        #expect(Living.ids(node) == [[2, 0, 1, 3]])
    }
}

/// A `LiveSource` whose first load asks for a reload while it reads the sections, and whose
/// follow-up load (the second) arms the gate, so the follow-up is held as it measures its first
/// cell. `reloadsOnEveryLoad`: every load asks for a reload.
final class FollowUpSource: LiveSource, @unchecked Sendable {
    // SAFETY: as `LiveSource`; `sectionQuestions` is a mutex, the gate is Sendable.
    let sectionQuestions = Mutex(0)
    let gate = Gate()
    let reloadsOnEveryLoad: Bool
    init(_ model: [[Int]], reloadsOnEveryLoad: Bool = false) {
        self.reloadsOnEveryLoad = reloadsOnEveryLoad
        super.init(model)
    }
    override func numberOfSections(in collectionNode: ASCollectionNode) -> Int {
        let asked = sectionQuestions.withLock { n -> Int in n += 1; return n }
        // The first load reads the counts twice, as Texture's does: the follow-up's read is the third.
        if asked == 1 || reloadsOnEveryLoad { collectionNode.reloadData() }
        if asked == 3 && !reloadsOnEveryLoad { gate.arm() }
        return model.count
    }
    override func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let id = model[indexPath.section][indexPath.item], size = itemSize, gate = gate
        return { GatedIDCell(id: id, size: size, gate: gate) }
    }
}

/// `LiveSource` whose item count question runs `duringCount` once (after reading the count), as a
/// data source that waits for something while it answers.
final class WaitingCountSource: LiveSource, @unchecked Sendable {
    // SAFETY: as `LiveSource`; `duringCount` is only used on the main actor.
    var duringCount: (@MainActor () -> Void)?
    override func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int {
        let count = model[section].count
        if let hook = duringCount {
            duringCount = nil
            MainActor.assumeIsolated { hook() }
        }
        return count
    }
    override func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let id = model[indexPath.section][indexPath.item], size = itemSize
        return { IDCell(id: id, size: size) }
    }
}
