import Foundation
import Synchronization
import Testing
@testable import Weft

@MainActor @Suite struct UpdateValidationTests {
    /// Submits `edits` after setting the data source to `claimed`; expects a rejection with
    /// `message`, the completion told `false`, and the collection (and its nodes) unchanged.
    private func expectRejected(start: [[Int]], claimed: [[Int]], message: String, _ edits: @escaping (ASCollectionNode) -> Void) throws {
        let source = LiveSource(start)
        let node = Living.collection(source)
        let nodes = node.elements.allElements.map(\.node)
        let errors = Mutex<[CollectionUpdateError]>([])
        node.onUpdateError = { error in errors.withLock { $0.append(error) } }
        source.model = claimed
        let finished = Mutex<Bool?>(nil)
        node.performBatchUpdates({ edits(node) }) { ok in finished.withLock { $0 = ok } }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(errors.withLock { $0.map(\.description) } == [message])
        #expect(finished.withLock { $0 } == false)
        #expect(Living.ids(node) == start)
        let sameNodes = node.elements.allElements.map(\.node).elementsEqual(nodes, by: ===)
        #expect(sameNodes)
        // The throwing spelling throws the same error and changes nothing either.
        #expect(throws: CollectionUpdateError.self) { try node.performBatchUpdatesChecked({ edits(node) }) }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(Living.ids(node) == start)
    }

    @Test func itemCountsMustAddUp() throws {
        try expectRejected(start: [[0, 1, 2]], claimed: [[0, 1, 2, 3, 4]],
                           message: "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).") {
            $0.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
    }

    @Test func sectionCountsMustAddUp() throws {
        try expectRejected(start: [[0], [1]], claimed: [[0], [1], [2]],
                           message: "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 1 deleted).") {
            $0.deleteSections(IndexSet(integer: 0))
        }
    }

    @Test func outOfRangeIndexPathsAreNamed() throws {
        try expectRejected(start: [[0, 1, 2]], claimed: [[0, 1]],
                           message: "attempt to delete item 3 from section 0 which only contains 3 items before the update") {
            $0.deleteItems(at: [IndexPath(item: 3, section: 0)])
        }
        try expectRejected(start: [[0, 1, 2]], claimed: [[0, 1, 2, 3]],
                           message: "attempt to insert item 5 into section 0, but there are only 4 items in section 0 after the update") {
            $0.insertItems(at: [IndexPath(item: 5, section: 0)])
        }
        try expectRejected(start: [[0]], claimed: [[0, 1]],
                           message: "attempt to insert item 0 into section 1, but there are only 1 sections after the update") {
            $0.insertItems(at: [IndexPath(item: 0, section: 1)])
        }
        try expectRejected(start: [[0]], claimed: [],
                           message: "attempt to delete section 1, but there are only 1 sections before the update") {
            $0.deleteSections(IndexSet(integer: 1))
        }
        try expectRejected(start: [[0, 1]], claimed: [[0, 1]],
                           message: "attempt to move index path ({length = 2, path = 0 - 2}) that does not exist - there are only 2 items in section 0 before the update") {
            $0.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0))
        }
    }

    @Test func anIndexPathUsedTwiceIsRejected() throws {
        try expectRejected(start: [[0, 1, 2]], claimed: [[0, 2]],
                           message: "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})") {
            $0.deleteItems(at: [IndexPath(item: 1, section: 0)])
            $0.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 0))
        }
        try expectRejected(start: [[0, 1, 2]], claimed: [[0, 1, 2]],
                           message: "attempt to delete and reload the same index path ({length = 2, path = 0 - 0})") {
            $0.deleteItems(at: [IndexPath(item: 0, section: 0)])
            $0.reloadItems(at: [IndexPath(item: 0, section: 0)])
        }
        try expectRejected(start: [[0, 1, 2]], claimed: [[0, 1, 2, 3]],
                           message: "attempt to perform an insert and a move to the same index path ({length = 2, path = 0 - 0})") {
            $0.insertItems(at: [IndexPath(item: 0, section: 0)])
            $0.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0))
        }
        try expectRejected(start: [[0, 1, 2]], claimed: [[0]],
                           message: "attempt to delete index path ({length = 2, path = 0 - 1}) twice") {
            $0.deleteItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 1, section: 0)])
        }
    }

    @Test func aRejectionIsReportedAsADiagnosticByDefault() {
        let source = LiveSource([[0]])
        let node = Living.collection(source)
        let name = "\(node)"
        let (_, diagnostics) = WeftDiagnostics.collect(matching: name) {
            node.insertItems(at: [IndexPath(item: 1, section: 0)])
            node.waitUntilAllUpdatesAreProcessed()
        }
        #expect(diagnostics.contains { $0.message.contains("rejected a batch update, nothing changed: attempt to insert item 1 into section 0, but there are only 1 items in section 0 after the update") })
    }
}
