import Foundation
import Testing
@testable import Weft

/// Texture's `automaticallyAdjustsContentOffset`: a non-animated table batch keeps the row at the
/// top of the viewport where it was.
@MainActor @Suite struct ContentOffsetAdjustmentTests {
    /// Rows of 10 pt in a 40 pt table, scrolled so row 2 begins 5 pt above the viewport.
    private func scrolledTable(_ source: NumberedRows, adjusting: Bool = true) -> ASTableNode {
        let table = ASTableNode()
        table.automaticallyAdjustsContentOffset = adjusting
        table.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        table.dataSource = source
        table.delegate = source
        try? table.loadDataIfNeeded()
        table.contentOffset = CGPoint(x: 0, y: 25)
        return table
    }

    private func deleteFirstRows(_ count: Int, of source: NumberedRows, in table: ASTableNode, animated: Bool) {
        table.performBatch(animated: animated, updates: {
            source.rows.removeFirst(count)
            table.deleteRows(at: (0..<count).map { IndexPath(row: $0, section: 0) }, with: .automatic)
        })
        table.waitUntilAllUpdatesAreProcessed()
    }

    @Test func aDeleteAboveTheViewportKeepsTheTopRowInPlace() throws {
        let source = NumberedRows(Array(0..<20))
        let table = scrolledTable(source)
        let before = try table.snapshot(scale: 1)
        deleteFirstRows(2, of: source, in: table, animated: false)
        #expect(table.contentOffset.y == 5)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY - table.contentOffset.y == -5)
        let after = try table.snapshot(scale: 1)
        #expect(after.hasSamePixels(as: before))
    }

    @Test func anInsertAboveTheViewportKeepsTheTopRowInPlace() throws {
        let source = NumberedRows(Array(0..<20))
        let table = scrolledTable(source)
        let before = try table.snapshot(scale: 1)
        table.performBatch(animated: false, updates: {
            source.rows.insert(contentsOf: [100, 101, 102], at: 0)
            table.insertRows(at: (0..<3).map { IndexPath(row: $0, section: 0) }, with: .none)
        })
        table.waitUntilAllUpdatesAreProcessed()
        #expect(table.contentOffset.y == 55)
        #expect(try table.snapshot(scale: 1).hasSamePixels(as: before))
    }

    @Test func animatedBatchesAndTablesWithoutTheSettingKeepTheOffset() {
        let animatedSource = NumberedRows(Array(0..<20))
        let animated = scrolledTable(animatedSource)
        deleteFirstRows(2, of: animatedSource, in: animated, animated: true)
        #expect(animated.contentOffset.y == 25)

        let plainSource = NumberedRows(Array(0..<20))
        let plain = scrolledTable(plainSource, adjusting: false)
        #expect(!plain.automaticallyAdjustsContentOffset)
        deleteFirstRows(2, of: plainSource, in: plain, animated: false)
        #expect(plain.contentOffset.y == 25)
    }

    @Test func aDeletedTopRowLeavesTheOffsetAsItWas() {
        let source = NumberedRows(Array(0..<20))
        let table = scrolledTable(source)
        deleteFirstRows(3, of: source, in: table, animated: false)
        #expect(table.contentOffset.y == 25)
    }
}
