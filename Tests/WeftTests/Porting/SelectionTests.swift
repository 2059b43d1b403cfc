import Foundation
import Testing
@testable import Weft

/// Texture's (UIKit's) selection on tables and collections: the selected node's `isSelected`, the
/// selected index paths through edits, single and multiple selection.
@MainActor @Suite struct SelectionTests {
    private func table(_ rows: [Int]) -> (ASTableNode, NumberedRows) {
        let source = NumberedRows(rows)
        let table = ASTableNode()
        table.frame = CGRect(x: 0, y: 0, width: 40, height: 100)
        table.dataSource = source
        try? table.loadDataIfNeeded()
        return (table, source)
    }

    private func row(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }

    @Test func selectingARowSelectsItsNodeAndReplacesTheSelection() {
        let (table, _) = table([0, 1, 2, 3])
        #expect(table.indexPathForSelectedRow == nil && table.allowsSelection && !table.allowsMultipleSelection)
        table.selectRow(at: row(1), animated: false, scrollPosition: .none)
        #expect(table.indexPathForSelectedRow == row(1) && table.nodeForRow(at: row(1))?.isSelected == true)
        table.selectRow(at: row(3), animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == [row(3)])
        #expect(table.nodeForRow(at: row(1))?.isSelected == false)
        table.deselectRow(at: row(3), animated: true)
        #expect(table.indexPathForSelectedRow == nil && table.nodeForRow(at: row(3))?.isSelected == false)
    }

    @Test func multipleSelectionKeepsEveryRowInOrder() {
        let (table, _) = table([0, 1, 2, 3])
        table.allowsMultipleSelection = true
        table.selectRow(at: row(2), animated: false, scrollPosition: .none)
        table.selectRow(at: row(0), animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == [row(0), row(2)] && table.indexPathForSelectedRow == row(0))
        table.allowsMultipleSelection = false
        #expect(table.indexPathsForSelectedRows == [row(0)])
        table.selectRow(at: nil, animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == nil)
    }

    @Test func theSelectionFollowsItsRowThroughEditsAndEndsWithIt() {
        let (table, source) = table([0, 1, 2, 3])
        table.selectRow(at: row(2), animated: false, scrollPosition: .none)
        source.rows = [9, 0, 1, 2, 3]
        table.insertRows(at: [row(0)], with: .none)
        table.waitUntilAllUpdatesAreProcessed()
        #expect(table.indexPathForSelectedRow == row(3))
        source.rows = [9, 0, 1, 3]
        table.deleteRows(at: [row(3)], with: .none)
        table.waitUntilAllUpdatesAreProcessed()
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func withoutAllowsSelectionNothingIsSelected() {
        let (table, _) = table([0, 1])
        table.selectRow(at: row(0), animated: false, scrollPosition: .none)
        table.view.allowsSelection = false
        #expect(!table.allowsSelection && table.indexPathForSelectedRow == nil)
        table.selectRow(at: row(1), animated: false, scrollPosition: .none)
        #expect(table.indexPathForSelectedRow == nil && table.nodeForRow(at: row(1))?.isSelected == false)
    }

    @Test func theTableViewForwardsToItsNode() {
        let (table, _) = table([0, 1, 2])
        table.view.selectRow(at: row(1), animated: false, scrollPosition: .none)
        #expect(table.view.indexPathForSelectedRow == row(1))
        table.view.deselectRow(at: row(1), animated: true)
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func selectingARowOutOfRangeIsReportedWithThePath() {
        let (table, _) = table([0, 1])
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "selectItem") {
            table.selectRow(at: row(7), animated: false, scrollPosition: .none)
        }
        #expect(table.indexPathForSelectedRow == nil)
        #expect(diagnostics.contains { $0.message.contains("7") })
    }

    @Test func scrollingToARowOutOfRangeIsReportedAndLeavesTheOffset() {
        let (table, _) = table(Array(0..<40))
        table.scrollToRow(at: row(30), at: .top, animated: false)
        let offset = table.contentOffset
        #expect(offset.y > 0)
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "scrollToItem") {
            table.scrollToRow(at: row(99), at: .top, animated: false)
        }
        #expect(table.contentOffset == offset && !diagnostics.isEmpty)
        #expect(throws: CollectionError.self) { try table.scrollToRowChecked(at: row(99), at: .top, animated: false) }
    }
}
