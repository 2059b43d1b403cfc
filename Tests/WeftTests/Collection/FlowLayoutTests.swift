import Foundation
import Testing
@testable import Weft

@MainActor @Suite struct FlowLayoutTests {
    static func frames(_ collection: BoxCollection) -> [CGRect] {
        let node = collection.node
        return (0..<node.numberOfSections).flatMap { section in
            (0..<node.numberOfItems(inSection: section)).compactMap {
                node.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))?.frame
            }
        }
    }

    @Test func verticalLinesAreJustifiedAndTheLastLineStartsAtTheInset() throws {
        let layout = UICollectionViewFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 5, left: 5, bottom: 7, right: 5)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 4
        let c = BoxCollection(viewport: CGSize(width: 100, height: 200), counts: [5], layout: layout) { _ in CGSize(width: 25, height: 30) }
        try c.node.loadDataIfNeeded()
        // Available 90: three 25-wide items fit (25 + 10 + 25 + 10 + 25 = 95 > 90 → two fit? 85 ≤ 90 for three? no).
        // Two per line: 25 + 10 + 25 = 60; a third needs 95 > 90. Full lines are justified: spacing 40.
        #expect(Self.frames(c) == [
            CGRect(x: 5, y: 5, width: 25, height: 30), CGRect(x: 70, y: 5, width: 25, height: 30),
            CGRect(x: 5, y: 39, width: 25, height: 30), CGRect(x: 70, y: 39, width: 25, height: 30),
            CGRect(x: 5, y: 73, width: 25, height: 30),
        ])
        #expect(c.node.contentSize == CGSize(width: 100, height: 110))
    }

    @Test func oneItemLinesAreCentredAndItemsCentreAcrossTheirLine() throws {
        let c = BoxCollection(viewport: CGSize(width: 100, height: 200), counts: [3]) { indexPath in
            [CGSize(width: 80, height: 20), CGSize(width: 30, height: 10), CGSize(width: 40, height: 30)][indexPath.item]
        }
        try c.node.loadDataIfNeeded()
        // 80 then 30 do not fit in 100 with 10 spacing: line 1 holds the 80 alone, centred.
        // Line 2 (the last) holds 30 and 40 at minimum spacing, centred across its 30 pt thickness.
        #expect(Self.frames(c) == [
            CGRect(x: 10, y: 0, width: 80, height: 20),
            CGRect(x: 0, y: 40, width: 30, height: 10), CGRect(x: 40, y: 30, width: 40, height: 30),
        ])
    }

    @Test func headersSpanTheWidthBeforeTheInset() throws {
        let layout = UICollectionViewFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 4, left: 0, bottom: 4, right: 0)
        let c = BoxCollection(viewport: CGSize(width: 60, height: 200), counts: [1, 1], layout: layout, headers: 12) { _ in CGSize(width: 60, height: 20) }
        try c.node.loadDataIfNeeded()
        let header = c.node.collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect(header?.frame == CGRect(x: 0, y: 40, width: 60, height: 12))
        #expect(Self.frames(c) == [CGRect(x: 0, y: 16, width: 60, height: 20), CGRect(x: 0, y: 56, width: 60, height: 20)])
        #expect(c.node.nodeForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.debugName == "header 0")
    }

    @Test func horizontalFlowFillsColumns() throws {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 30, height: 40)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
        let c = BoxCollection(viewport: CGSize(width: 100, height: 110), counts: [3], layout: layout) { _ in CGSize(width: 1, height: 1) }
        try c.node.loadDataIfNeeded()
        // Available height 90: two 40-tall items fit per column, justified (spacing 10).
        #expect(Self.frames(c) == [CGRect(x: 5, y: 10, width: 30, height: 40), CGRect(x: 5, y: 60, width: 30, height: 40),
                                   CGRect(x: 45, y: 10, width: 30, height: 40)])
        #expect(c.node.contentSize == CGSize(width: 80, height: 110))
    }

    @Test func defaultConstrainedSizeIsTheWidthLessInsets() throws {
        let layout = UICollectionViewFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 20)
        final class Source: ASCollectionDataSource {
            func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 1 }
            func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
                { let cell = ASCellNode(); cell.style.height = ASDimensionMake(15); return cell }
            }
        }
        let source = Source()
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 200, height: 100), collectionViewLayout: layout)
        node.dataSource = source
        #expect(node.nodeForItem(at: IndexPath(item: 0, section: 0))?.bounds.size == CGSize(width: 170, height: 15))
    }
}

@MainActor @Suite struct RelayoutTests {
    @Test func relayoutKeepsNodesAndMeasuresThemAgain() throws {
        final class Source: ASCollectionDataSource {
            var blocks = 0
            func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 3 }
            func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
                blocks += 1
                return { let cell = ASCellNode(); cell.style.height = ASDimensionMake(20); return cell }
            }
        }
        let source = Source()
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 200, height: 100), collectionViewLayout: UICollectionViewFlowLayout())
        node.dataSource = source
        let first = try #require(node.nodeForItem(at: IndexPath(item: 1, section: 0)))
        #expect(first.bounds.width == 200 && source.blocks == 3)
        node.frame = CGRect(x: 0, y: 0, width: 150, height: 100)
        let again = try #require(node.nodeForItem(at: IndexPath(item: 1, section: 0)))
        #expect(again === first && again.bounds.width == 150, "the node is kept and measured for the new width")
        #expect(source.blocks == 3, "no node block ran again")
        node.relayoutItems()
        #expect(node.nodeForItem(at: IndexPath(item: 1, section: 0)) === first)
        node.reloadData()
        #expect(node.nodeForItem(at: IndexPath(item: 1, section: 0)) !== first && source.blocks == 6, "reloadData makes new nodes")
    }
}
