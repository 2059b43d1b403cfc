import Foundation
import Testing
@testable import Weft

/// Sections of numbered rows, 10 pt each, with UIKit's header and footer heights from the delegate.
final class HeightedSections: ASTableDataSource, ASTableDelegate {
    var rows: [[Int]]
    var headerHeights: [CGFloat]
    var footerHeights: [CGFloat]
    init(rows: [[Int]], headerHeights: [CGFloat], footerHeights: [CGFloat]) {
        self.rows = rows
        self.headerHeights = headerHeights
        self.footerHeights = footerHeights
    }
    func numberOfSections(in tableNode: ASTableNode) -> Int { rows.count }
    func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { rows[section].count }
    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        let id = rows[indexPath.section][indexPath.row]
        return { IDCell(id: id, size: CGSize(width: 40, height: 10)) }
    }
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { headerHeights[section] }
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { footerHeights[section] }
}

/// Texture's `ASTableView(frame:style:)`, a table view made on its own, and the view API it offers.
@MainActor @Suite struct StandaloneTableViewTests {
    @Test func aViewMadeOnItsOwnOwnsItsNodeWithoutACycle() {
        weak var weakView: ASTableView?
        weak var weakNode: ASTableNode?
        let source = NumberedRows(Array(0..<8))
        do {
            let view = ASTableView(frame: CGRect(x: 0, y: 0, width: 40, height: 40), style: .plain)
            view.asyncDataSource = source
            view.asyncDelegate = source
            view.reloadData()
            view.waitUntilAllUpdatesAreCommitted()
            #expect(view.numberOfRows(inSection: 0) == 8)
            #expect(view.tableNode != nil)
            weakView = view
            weakNode = view.tableNode
        }
        #expect(weakView == nil)
        #expect(weakNode == nil)
        withExtendedLifetime(source) {}
    }

    @Test func beginAndEndUpdatesMakeOneBatch() throws {
        let source = NumberedRows(Array(0..<4))
        let view = ASTableView(frame: CGRect(x: 0, y: 0, width: 40, height: 40), style: .plain)
        view.asyncDataSource = source
        view.reloadData()
        view.waitUntilAllUpdatesAreCommitted()
        let kept = try #require(view.nodeForRow(at: IndexPath(row: 3, section: 0)))
        view.beginUpdates()
        source.rows = [9, 0, 3]
        view.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        view.deleteRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)], with: .fade)
        view.endUpdates(animated: false, completion: nil)
        view.waitUntilAllUpdatesAreCommitted()
        #expect(view.numberOfRows(inSection: 0) == 3)
        #expect(view.indexPath(for: kept) == IndexPath(row: 2, section: 0))
        #expect((view.nodeForRow(at: IndexPath(row: 0, section: 0)) as? IDCell)?.id == 9)
    }

    @Test func endUpdatesWithoutBeginUpdatesIsReportedAndSubmitsNothing() {
        let source = NumberedRows(Array(0..<2))
        let view = ASTableView(frame: CGRect(x: 0, y: 0, width: 40, height: 40), style: .plain)
        view.asyncDataSource = source
        view.reloadData()
        let (_, reports) = WeftDiagnostics.collect(matching: "beginUpdates") { view.endUpdates() }
        #expect(reports.count == 1)
        #expect(!view.isProcessingUpdates)
    }

    @Test func delegateHeightsSizeHeadersAndFooters() {
        let source = HeightedSections(rows: [[0, 1], [2], []], headerHeights: [12, 0, 30], footerHeights: [0, 5, 0])
        let view = ASTableView(frame: CGRect(x: 0, y: 0, width: 40, height: 200), style: .plain)
        view.asyncDataSource = source
        view.asyncDelegate = source
        view.reloadData()
        view.waitUntilAllUpdatesAreCommitted()
        #expect(view.rectForHeader(inSection: 0) == CGRect(x: 0, y: 0, width: 40, height: 12))
        #expect(view.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 12)
        // A height of 0 is no header: the section starts with its row.
        #expect(view.rectForHeader(inSection: 1).height == 0)
        #expect(view.rectForHeader(inSection: 1).minY == view.rectForRow(at: IndexPath(row: 0, section: 1)).minY)
        #expect(view.rectForFooter(inSection: 1).height == 5)
        #expect(view.rectForHeader(inSection: 2).height == 30)
        #expect(view.rectForHeader(inSection: 3) == .zero)
    }

    @Test func cellForRowStandsForAVisibleRowWithItsNodesTint() throws {
        let source = NumberedRows(Array(0..<20))
        let view = ASTableView(frame: CGRect(x: 0, y: 0, width: 40, height: 40), style: .plain)
        view.asyncDataSource = source
        view.reloadData()
        view.waitUntilAllUpdatesAreCommitted()
        let node = try #require(view.nodeForRow(at: IndexPath(row: 1, section: 0)))
        node.tintColor = .red
        let cell = try #require(view.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(cell.tintColor == .red)
        #expect(cell.frame == view.rectForRow(at: IndexPath(row: 1, section: 0)))
        #expect(view.cellForRow(at: IndexPath(row: 1, section: 0)) === cell)
        // Out of the viewport, or out of range: none, as UIKit answers.
        #expect(view.cellForRow(at: IndexPath(row: 10, section: 0)) == nil)
        #expect(view.cellForRow(at: IndexPath(row: 40, section: 0)) == nil)
    }
}
