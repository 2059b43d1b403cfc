import Foundation
import Testing
@testable import Weft

/// Texture's older data-source and delegate spellings, on the view, which real apps still use:
/// each is asked when its node spelling is missing, and loses to it when both are there.
@MainActor @Suite struct OlderDataSourceSpellingTests {
    final class OldTable: ASTableDataSource, ASTableDelegate {
        func numberOfSections(in tableView: UITableView) -> Int { 2 }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { section == 0 ? 3 : 1 }
        func tableView(_ tableView: ASTableView, nodeForRowAt indexPath: IndexPath) -> ASCellNode {
            IDCell(id: indexPath.section * 10 + indexPath.row, size: CGSize(width: 40, height: 10))
        }
        func tableView(_ tableView: ASTableView, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange {
            ASSizeRange(min: CGSize(width: 0, height: 25), max: CGSize(width: CGFloat.infinity, height: 25))
        }
    }

    final class OldBlockTable: ASTableDataSource {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
        func tableView(_ tableView: ASTableView, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
            let id = indexPath.row + 100
            return { IDCell(id: id, size: CGSize(width: 40, height: 10)) }
        }
    }

    /// Both spellings: the node one wins, as in Texture.
    final class BothTable: ASTableDataSource {
        func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { 1 }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
        func tableNode(_ tableNode: ASTableNode, nodeForRowAt indexPath: IndexPath) -> ASCellNode { IDCell(id: 1, size: nil) }
        func tableView(_ tableView: ASTableView, nodeForRowAt indexPath: IndexPath) -> ASCellNode { IDCell(id: 2, size: nil) }
    }

    final class OldCollection: ASCollectionDataSource, ASCollectionDelegate {
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
        func collectionView(_ collectionView: ASCollectionView, nodeForItemAt indexPath: IndexPath) -> ASCellNode {
            IDCell(id: indexPath.item, size: CGSize(width: 10, height: 10))
        }
        func collectionView(_ collectionView: ASCollectionView, constrainedSizeForNodeAt indexPath: IndexPath) -> ASSizeRange {
            ASSizeRange(min: CGSize(width: 30, height: 15), max: CGSize(width: 30, height: 15))
        }
    }

    private func loaded(_ source: any ASTableDataSource, delegate: (any ASTableDelegate)? = nil) throws -> ASTableNode {
        let table = ASTableNode()
        table.frame = CGRect(x: 0, y: 0, width: 40, height: 200)
        table.dataSource = source
        table.delegate = delegate
        try table.loadDataIfNeeded()
        return table
    }

    private func ids(_ table: ASTableNode, section: Int = 0) -> [Int] {
        (0..<table.numberOfRows(inSection: section)).compactMap { (table.nodeForRow(at: IndexPath(row: $0, section: section)) as? IDCell)?.id }
    }

    @Test func aTableAnsweringOnlyOnTheViewIsLoadedFromIt() throws {
        let source = OldTable()
        let table = try loaded(source, delegate: source)
        #expect(table.numberOfSections == 2)
        #expect(ids(table, section: 0) == [0, 1, 2] && ids(table, section: 1) == [10])
        // The old delegate spelling sizes the rows.
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 25)
    }

    @Test func theOlderNodeBlockSpellingIsAsked() throws {
        let table = try loaded(OldBlockTable())
        #expect(ids(table) == [100, 101])
    }

    @Test func theNodeSpellingWinsOverTheViewSpelling() throws {
        let table = try loaded(BothTable())
        #expect(ids(table) == [1])
    }

    @Test func aCollectionAnsweringOnlyOnTheViewIsLoadedFromIt() throws {
        let source = OldCollection()
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout())
        node.dataSource = source
        node.delegate = source
        try node.loadDataIfNeeded()
        #expect(node.numberOfItems(inSection: 0) == 4)
        #expect((node.nodeForItem(at: IndexPath(item: 3, section: 0)) as? IDCell)?.id == 3)
        #expect(node.nodeForItem(at: IndexPath(item: 0, section: 0))?.calculatedSize == CGSize(width: 30, height: 15))
    }
}
