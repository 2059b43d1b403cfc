import Foundation
import Synchronization
import Testing
@testable import Weft

@MainActor @Suite struct BatchUpdateTests {
    @Test func insertsDeletesAndMovesKeepUntouchedNodesAndRenumberThem() throws {
        let source = LiveSource([[0, 1, 2, 3, 4]])
        let node = Living.collection(source)
        let before = node.elements.sections[0].items.map(\.node)
        let madeBefore = source.made.withLock { $0 }
        // Old paths for deletes, new paths for inserts (UIKit's rule).
        source.model = [[10, 0, 2, 4, 11]]
        node.performBatchUpdates({
            node.deleteItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0)])
            node.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 4, section: 0)])
        })
        node.waitUntilAllUpdatesAreProcessed()
        #expect(Living.ids(node) == [[10, 0, 2, 4, 11]])
        let after = node.elements.sections[0].items.map(\.node)
        #expect(after[1] === before[0] && after[2] === before[2] && after[3] === before[4])
        #expect(source.made.withLock { $0 } == madeBefore + 2)
        #expect(before[4].indexPath == IndexPath(item: 3, section: 0))

        source.model = [[0, 2, 10, 4, 11]]
        node.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
        node.waitUntilAllUpdatesAreProcessed()
        #expect(Living.ids(node) == [[0, 2, 10, 4, 11]])
        #expect(node.elements.sections[0].items[2].node === after[0])
    }

    @Test func reloadsMakeFreshNodesAtTheSamePlace() {
        let source = LiveSource([[0, 1, 2]])
        let node = Living.collection(source)
        let old = node.nodeForItem(at: IndexPath(item: 1, section: 0))
        source.model = [[0, 7, 2]]
        node.reloadItems(at: [IndexPath(item: 1, section: 0)])
        node.waitUntilAllUpdatesAreProcessed()
        #expect(Living.ids(node) == [[0, 7, 2]])
        #expect(node.nodeForItem(at: IndexPath(item: 1, section: 0)) !== old)
    }

    @Test func sectionEditsMoveWholeSectionsWithTheirNodes() {
        let source = LiveSource([[0, 1], [2], [3, 4, 5]])
        let node = Living.collection(source)
        let third = node.elements.sections[2].items.map(\.node)
        source.model = [[3, 4, 5], [9], [0, 1]]
        node.performBatchUpdates({
            node.deleteSections(IndexSet(integer: 1))
            node.insertSections(IndexSet(integer: 1))
            node.moveSection(2, toSection: 0)
        })
        node.waitUntilAllUpdatesAreProcessed()
        #expect(Living.ids(node) == [[3, 4, 5], [9], [0, 1]])
        let sameNodes = node.elements.sections[0].items.map(\.node).elementsEqual(third, by: ===)
        #expect(sameNodes)
        #expect(third[1].indexPath == IndexPath(item: 1, section: 0))
        source.model = [[3, 4, 5], [8], [0, 1]]
        node.reloadSections(IndexSet(integer: 1))
        node.waitUntilAllUpdatesAreProcessed()
        #expect(Living.ids(node) == [[3, 4, 5], [8], [0, 1]])
    }

    @Test func batchesApplyInOrderOnTheEditingQueueAndCompleteAfterTheChangeIsVisible() {
        let source = LiveSource([Array(0..<10)])
        // Read by the completions on the editing queue: the node guards its own state.
        nonisolated(unsafe) let node = Living.collection(source)
        node.cellLayoutMode = .alwaysAsync
        let seen = Mutex<[(round: Int, finished: Bool, count: Int)]>([])
        for round in 1...5 {
            source.model[0].insert(100 + round, at: 0)
            source.model[0].insert(200 + round, at: 0)
            node.performBatchUpdates({ node.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)]) }) { finished in
                seen.withLock { $0.append((round, finished, node.numberOfItems(inSection: 0))) }
            }
        }
        let finished = Mutex(false)
        node.onDidFinishProcessingUpdates { finished.withLock { $0 = true } }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(!node.isProcessingUpdates)
        // In order, each after its own change is visible (later batches may be applied by then:
        // completions run on their own queue, so one that edits never waits behind itself).
        let calls = seen.withLock { $0 }
        #expect(calls.map(\.round) == Array(1...5) && calls.allSatisfy(\.finished))
        #expect(calls.allSatisfy { $0.count >= 10 + 2 * $0.round })
        #expect(finished.withLock { $0 })
        #expect(Living.ids(node) == source.model)
    }

    @Test func snapshotsAfterWaitingShowTheEditsDeterministically() throws {
        let source = LiveSource([[1, 2, 3, 4]])
        let node = Living.collection(source)
        _ = try node.snapshot(scale: 1)
        source.model = [[5, 6, 1, 2, 3, 4]]
        node.cellLayoutMode = .alwaysAsync
        node.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        node.waitUntilAllUpdatesAreProcessed()
        let first = try node.snapshot(scale: 1)
        let fresh = Living.collection(LiveSource([[5, 6, 1, 2, 3, 4]]))
        #expect(try fresh.snapshot(scale: 1).hasSamePixels(as: first))
        #expect(node.indexPathsForVisibleItems == fresh.indexPathsForVisibleItems)
        #expect((node.visibleNodes as? [IDCell])?.map(\.id) == (fresh.visibleNodes as? [IDCell])?.map(\.id))
        #expect((node.visibleNodes as? [IDCell])?.prefix(3).map(\.id) == [5, 6, 1])
    }

    @Test func editsBeforeTheFirstLoadAreAbsorbedByIt() {
        let source = LiveSource([[0]])
        let layout = UICollectionViewFlowLayout()
        let node = ASCollectionNode(collectionViewLayout: layout)
        node.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        node.dataSource = source
        node.delegate = source
        source.model = [[0, 1]]
        let result = Mutex<Bool?>(nil)
        node.performBatchUpdates({ node.insertItems(at: [IndexPath(item: 1, section: 0)]) }) { ok in result.withLock { $0 = ok } }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(result.withLock { $0 } == true)
        #expect(Living.ids(node) == [[0, 1]])
    }

    /// Off the main actor: the other thread's edit asks the data source on the main actor, which
    /// a main-actor test blocked on a semaphore would hold.
    @Test nonisolated func editsFromAnotherThreadAreReported() async {
        let collection = await MainActor.run { () -> UncheckedBox<(ASCollectionNode, LiveSource)> in
            let source = LiveSource([[0]])
            let node = Living.collection(source)
            source.model = [[0, 1]]
            node.insertItems(at: [IndexPath(item: 1, section: 0)])
            return UncheckedBox((node, source))
        }
        let name = "\(collection.value.0)"
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "another thread") {
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                collection.value.0.performBatchUpdates(nil)
                done.signal()
            }
            done.wait()
        }
        #expect(diagnostics.contains { $0.subject == name })
        withExtendedLifetime(collection) {}
    }
}

/// Hands a non-Sendable value to another thread in a test that then waits for it.
final class UncheckedBox<T>: @unchecked Sendable {
    // SAFETY: the test thread waits while the other thread uses the value.
    let value: T
    init(_ value: T) { self.value = value }
}
