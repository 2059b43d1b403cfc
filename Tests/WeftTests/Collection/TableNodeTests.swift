import Foundation
import Testing
@testable import Weft
import WeftTesting

/// A row with a title, as Texture apps write them, sized by its own layout.
final class TitleRow: ASCellNode, @unchecked Sendable {
    init(_ title: String) {
        super.init()
        automaticallyManagesSubnodes = true
        let text = ASTextNode()
        text.attributedText = TestSupport.attributed(title, size: 15)
        layoutSpecBlock = { _, _ in ASInsetLayoutSpec(insets: UIEdgeInsets(top: 10, left: 16, bottom: 10, right: 16), child: text) }
    }
}

final class Fruits: ASTableDataSource, ASTableDelegate {
    let sections = [["Apple", "Banana", "Cherry"], ["Damson", "Elderberry"]]
    var fixedHeight: CGFloat?
    func numberOfSections(in tableNode: ASTableNode) -> Int { sections.count }
    func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        let title = sections[indexPath.section][indexPath.row]
        return { TitleRow(title) }
    }
    func tableNode(_ tableNode: ASTableNode, titleForHeaderInSection section: Int) -> String? { section == 0 ? "Early fruit" : "Late fruit" }
    func tableNode(_ tableNode: ASTableNode, titleForFooterInSection section: Int) -> String? { section == 1 ? "Two late ones" : nil }
    func tableNode(_ tableNode: ASTableNode, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange {
        guard let fixedHeight else { return ASSizeRange(min: CGSize(width: 10, height: 0), max: CGSize(width: 10, height: 1000)) }
        return ASSizeRange(exactly: CGSize(width: 10, height: fixedHeight))
    }
}

@MainActor
@Suite struct TableNodeTests {
    static func table() -> (ASTableNode, Fruits) {
        let table = ASTableNode(style: .plain)
        table.frame = CGRect(x: 0, y: 0, width: 240, height: 320)
        let fruits = Fruits()
        table.dataSource = fruits
        table.delegate = fruits
        return (table, fruits)
    }

    @Test func rowsAreAsWideAsTheTable() throws {
        let (table, fruits) = Self.table()
        _ = fruits
        try table.loadDataIfNeeded()
        #expect(table.numberOfSections == 2 && table.numberOfRows(inSection: 0) == 3 && table.numberOfRows(inSection: 1) == 2)
        let row = try #require(table.nodeForRow(at: IndexPath(row: 1, section: 0)))
        #expect(row.frame.width == 240, "the delegate asked for 10 pt; UITableView forces the table's width")
        #expect(table.indexPath(for: row) == IndexPath(row: 1, section: 0))
        fruits.fixedHeight = 50
        table.relayoutItems()
        #expect(table.nodeForRow(at: IndexPath(row: 0, section: 1))?.frame.size == CGSize(width: 240, height: 50))
    }

    @Test func separatorsTitlesAndStyleShowInPixels() throws {
        let (table, fruits) = Self.table()
        _ = fruits
        expectGolden(table, named: "collection/ASTableNode/plain-sections")
        let withLines = try table.snapshot(scale: 2)
        table.view.separatorStyle = .none
        #expect(table.view.separatorStyle == .none)
        let without = try table.snapshot(scale: 2)
        #expect(!withLines.hasSamePixels(as: without), "separatorStyle = .none must remove the lines")
        table.view.separatorStyle = .singleLine
        table.view.separatorColor = .systemRed
        table.view.separatorInset = .zero
        let red = try table.snapshot(scale: 2)
        let firstRow = table.rectForRow(at: IndexPath(row: 0, section: 0))
        #expect(red.pixel(x: 2, y: Int(firstRow.maxY * 2) - 1) == 0xFFFF_3B30, "a full-width red hairline at the bottom of the first row")
    }

    @Test func scrollingAndFrames() throws {
        let (table, fruits) = Self.table()
        _ = fruits
        table.frame = CGRect(x: 0, y: 0, width: 240, height: 100)
        try table.scrollToRowChecked(at: IndexPath(row: 1, section: 1), at: .bottom, animated: false)
        #expect(table.contentOffset.y > 0)
        #expect(table.indexPathsForVisibleRows().contains(IndexPath(row: 1, section: 1)))
        expectGolden(table, showing: IndexPath(row: 0, section: 1), named: "collection/ASTableNode/late-fruit", scales: [1])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-table-\(UUID().uuidString)").path
        let paths = try table.writeFrames(try FrameSequence.scroll(from: .zero, to: table.contentOffset, frames: 3), scale: 1, toFolder: folder)
        let last = try UIImage(contentsOf: URL(fileURLWithPath: paths[2]))
        #expect(paths.count == 3 && last.size == CGSize(width: 240, height: 100))
    }

    @Test func theScrollableRangeEndsAtTheLastRow() throws {
        let (table, fruits) = Self.table()
        _ = fruits
        table.frame = CGRect(x: 0, y: 0, width: 240, height: 100)
        let range = table.contentOffsetRange
        let lastRow = table.rectForRow(at: IndexPath(row: 1, section: 1))
        #expect(range.min == .zero)
        // The content ends at the last section's footer, right under the last row (no inset here).
        let footer = try #require(table.collection.collectionViewLayout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 1))).frame
        #expect(footer.minY == lastRow.maxY && footer.height > 0)
        #expect(range.max.y + 100 == footer.maxY, "\(range) for a last row ending at \(lastRow.maxY)")
        table.contentInset = UIEdgeInsets(top: 8, left: 0, bottom: 0, right: 0)
        #expect(table.contentOffsetRange.min == CGPoint(x: 0, y: -8))
    }

    /// The shards' files together are the whole run's, at the same frame numbers.
    @Test func shardsWriteTheWholeRunsFrames() throws {
        let (table, fruits) = Self.table()
        _ = fruits
        table.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        let sequence = try FrameSequence.scroll(from: .zero, to: table.contentOffsetRange.max, frames: 5)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("weft-table-shards-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let whole = try table.writeFrames(sequence, scale: 1, toFolder: root + "/whole")
        let first = try table.writeFrames(sequence, scale: 1, toFolder: root + "/shards", shard: try FrameShard(1, of: 2))
        let second = try table.writeFrames(sequence, scale: 1, toFolder: root + "/shards", shard: try FrameShard(2, of: 2))
        #expect((first + second).map { URL(fileURLWithPath: $0).lastPathComponent } == whole.map { URL(fileURLWithPath: $0).lastPathComponent })
        for (a, b) in zip(whole, first + second) {
            #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)), "\(b)")
        }
        let distinct = Set(try whole.map { try Data(contentsOf: URL(fileURLWithPath: $0)) })
        #expect(distinct.count > 1, "the frames scroll")
    }
}
