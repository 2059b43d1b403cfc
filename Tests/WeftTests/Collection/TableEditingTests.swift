import Foundation
import Synchronization
import Testing
@testable import Weft

/// Rows of one section named by number; fetches pages of 10 rows, up to `pages`, when asked.
final class NumberedRows: ASTableDataSource, ASTableDelegate {
    var rows: [Int]
    let pages: Int
    var fetches = 0
    init(_ rows: [Int], pages: Int = 0) {
        self.rows = rows
        self.pages = pages
    }
    func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        let id = rows[indexPath.row]
        return { IDCell(id: id, size: CGSize(width: 40, height: 10)) }
    }
    func shouldBatchFetch(for tableNode: ASTableNode) -> Bool { fetches < pages }
    func tableNode(_ tableNode: ASTableNode, willBeginBatchFetchWith context: ASBatchContext) {
        fetches += 1
        let old = rows.count
        rows += (old..<old + 10).map { $0 }
        tableNode.insertRows(at: (old..<rows.count).map { IndexPath(row: $0, section: 0) }, with: .automatic)
        context.completeBatchFetching(true)
    }
}

/// A delegate with only the defaults: it never fetches.
final class QuietTableDelegate: ASTableDelegate {}

/// Texture's table edits and batch fetching, which the table shares with its collection.
@MainActor @Suite struct TableEditingTests {
    private func table(_ source: NumberedRows, height: CGFloat = 40) -> ASTableNode {
        let table = ASTableNode()
        table.frame = CGRect(x: 0, y: 0, width: 40, height: height)
        table.dataSource = source
        table.delegate = source
        try? table.loadDataIfNeeded()
        return table
    }

    private func ids(_ table: ASTableNode) -> [Int] {
        (0..<table.numberOfRows(inSection: 0)).compactMap { (table.nodeForRow(at: IndexPath(row: $0, section: 0)) as? IDCell)?.id }
    }

    @Test func rowEditsFollowUIKitsRulesAndKeepUntouchedNodes() {
        let source = NumberedRows([0, 1, 2, 3])
        let table = table(source)
        let kept = table.nodeForRow(at: IndexPath(row: 3, section: 0))
        let answers = Mutex<[Bool]>([])
        source.rows = [10, 0, 2, 3]
        table.performBatchUpdates({
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .none)
        }) { ok in answers.withLock { $0.append(ok) } }
        source.rows = [10, 0, 3, 2]
        table.moveRow(at: IndexPath(row: 3, section: 0), to: IndexPath(row: 2, section: 0))
        table.waitUntilAllUpdatesAreProcessed()
        #expect(ids(table) == [10, 0, 3, 2])
        #expect(table.nodeForRow(at: IndexPath(row: 2, section: 0)) === kept)
        #expect(answers.withLock { $0 } == [true])
        #expect(!table.isProcessingUpdates)
    }

    @Test func anInconsistentEditIsRejectedWithUIKitsMessage() {
        let source = NumberedRows([0, 1])
        let table = table(source)
        let errors = Mutex<[String]>([])
        table.onUpdateError = { error in errors.withLock { $0.append("\(error)") } }
        table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .automatic)
        table.waitUntilAllUpdatesAreProcessed()
        #expect(errors.withLock { $0 }.first?.hasPrefix("attempt to insert item 2 into section 0") == true)
        #expect(ids(table) == [0, 1])
    }

    @Test func aTableScrolledNearItsEndFetchesABatch() throws {
        let source = NumberedRows(Array(0..<10), pages: 2)
        let table = table(source)
        #expect(table.leadingScreensForBatching == 2)
        // 10 rows of 10 points in a 40-point viewport: the end is within two screens.
        _ = try table.snapshot(at: .zero, scale: 1)
        _ = try table.snapshot(at: CGPoint(x: 0, y: 60), scale: 1)
        _ = try table.snapshot(at: CGPoint(x: 0, y: 160), scale: 1)
        _ = try table.snapshot(at: CGPoint(x: 0, y: 160), scale: 1)
        table.waitUntilAllUpdatesAreProcessed()
        #expect(source.fetches == 2)
        #expect(ids(table) == Array(0..<30))
    }

    /// A delegate without `willBeginBatchFetchWith` stops the asking; a new delegate is asked afresh.
    @Test func aDelegateWithoutFetchingIsNotAskedAgainButItsSuccessorIs() throws {
        let source = NumberedRows(Array(0..<10), pages: 1)
        let quiet = QuietTableDelegate()
        let table = table(source)
        table.delegate = quiet
        _ = try table.snapshot(at: .zero, scale: 1)
        _ = try table.snapshot(at: .zero, scale: 1)
        table.waitUntilAllUpdatesAreProcessed()
        #expect(table.numberOfRows(inSection: 0) == 10)
        #expect(table.collection.settings[\.delegateWithoutBatchFetching] != nil)
        table.delegate = source
        _ = try table.snapshot(at: .zero, scale: 1)
        _ = try table.snapshot(at: .zero, scale: 1)
        table.waitUntilAllUpdatesAreProcessed()
        #expect(source.fetches == 1)
        #expect(table.numberOfRows(inSection: 0) == 20)
    }
}
