import Foundation
import Synchronization
import Testing
@testable import Weft

/// A data source that records whether each question reached it on the main actor.
final class MainActorProbe: ASCollectionDataSource, ASCollectionDelegate {
    var count: Int
    var askedOffMainActor = 0
    var asked = 0
    init(count: Int) { self.count = count }

    private func note() {
        asked += 1
        if !MainActorBridge.isOnMainActor { askedOffMainActor += 1 }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { note(); return count }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        note()
        return { BoxCell(index: 0, size: CGSize(width: 40, height: 10)) }
    }
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        note()
        return ASSizeRange(exactly: CGSize(width: 40, height: 10))
    }
}

/// The data source lives on the main actor, as UIKit's does; the collection may be driven from
/// anywhere and must neither ask it elsewhere nor deadlock while the main actor waits. (The time
/// limit counts the wait for the main actor behind other tests, hence minutes.)
@MainActor @Suite struct MainActorDataSourceTests {
    static func collection(_ probe: MainActorProbe) -> ASCollectionNode {
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 40, height: 40), collectionViewLayout: UICollectionViewFlowLayout())
        node.dataSource = probe
        node.delegate = probe
        return node
    }

    @Test func aCollectionRenderedOffTheMainActorAsksItsDataSourceOnTheMainActor() async throws {
        let probe = MainActorProbe(count: 6)
        let node = Self.collection(probe)
        let box = UncheckedBox(node)
        let frame = try await onThreadOfItsOwn { try box.value.snapshot(at: CGPoint(x: 0, y: 10), scale: 1) }
        #expect(frame.pixelHeight == 40)
        #expect(probe.asked > 0 && probe.askedOffMainActor == 0, "\(probe.askedOffMainActor) of \(probe.asked) questions were asked off the main actor")
        // An edit from another thread is asked on the main actor too.
        probe.count = 7
        try await onThreadOfItsOwn { box.value.insertItems(at: [IndexPath(item: 6, section: 0)]) }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(node.numberOfItems(inSection: 0) == 7)
        #expect(probe.askedOffMainActor == 0)
    }

    @Test(.timeLimit(.minutes(10))) func aCompletionThatEditsWhileTheMainActorWaitsDoesNotDeadlock() throws {
        let probe = MainActorProbe(count: 3)
        let node = Self.collection(probe)
        _ = try node.snapshot(scale: 1)
        let box = UncheckedBox(node)
        probe.count = 5
        // The completion runs on the editing queue and inserts again: its data-source questions
        // need the main actor, which is blocked right here in waitUntilAllUpdatesAreProcessed().
        node.performBatch(animated: false, updates: {
            node.insertItems(at: [IndexPath(item: 3, section: 0)])
            node.insertItems(at: [IndexPath(item: 4, section: 0)])
        }, completion: { _ in
            box.value.reloadData()
        })
        node.waitUntilAllUpdatesAreProcessed()
        #expect(node.numberOfItems(inSection: 0) == 5)
        #expect(probe.askedOffMainActor == 0)
    }

    @Test func theBridgeRunsInlineOnTheMainActorAndHopsFromElsewhere() async throws {
        #expect(MainActorBridge.isOnMainActor)
        #expect(MainActorBridge.run { 41 + 1 } == 42)
        let hopped = try await onThreadOfItsOwn { () -> (Bool, Bool) in
            let before = MainActorBridge.isOnMainActor
            let inside = MainActorBridge.run { MainActorBridge.isOnMainActor }
            return (before, inside)
        }
        #expect(hopped == (false, true))
        struct Refused: Error, Equatable {}
        let thrown = try await onThreadOfItsOwn { () -> Bool in
            do { try MainActorBridge.run { () throws(Refused) -> Void in throw Refused() } } catch { return true }
            return false
        }
        #expect(thrown)
    }
}

extension MainActorDataSourceTests {
    @Test func answeredRequestsDoNotPileUpInTheInbox() async throws {
        try await onThreadOfItsOwn {
            for _ in 0..<200 { _ = MainActorBridge.run { 1 } }
        }
        // Other tests may have a request or two in flight; without the removal, all 200 would stay.
        #expect(MainActorBridge.pendingRequestCount < 50)
    }
}
