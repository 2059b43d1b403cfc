import Foundation
import Testing
import Weft
import WeftTesting

/// A page with a coloured background and a centred number, the same ASCellNode a collection uses.
final class NumberPage: ASCellNode, @unchecked Sendable {
    init(index: Int) {
        super.init()
        backgroundColor = BoxCell.palette[index % BoxCell.palette.count]
        automaticallyManagesSubnodes = true
        let text = ASTextNode()
        text.attributedText = TestSupport.attributed("Page \(index + 1)", size: 20, weight: .bold, color: .white)
        layoutSpecBlock = { _, _ in ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: [], child: text) }
    }
}

final class Pages: ASPagerDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfPages(in pagerNode: ASPagerNode) -> Int { count }
    func pagerNode(_ pagerNode: ASPagerNode, nodeBlockAt index: Int) -> ASCellNodeBlock {
        { NumberPage(index: index) }
    }
}

final class PageNodes: ASPagerDataSource {
    func numberOfPages(in pagerNode: ASPagerNode) -> Int { 2 }
    func pagerNode(_ pagerNode: ASPagerNode, nodeAt index: Int) -> ASCellNode { NumberPage(index: index + 4) }
}

@MainActor @Suite struct PagerNodeTests {
    static func pager(_ pages: Int = 3) -> (ASPagerNode, Pages) {
        let pager = ASPagerNode()
        pager.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
        let source = Pages(count: pages)
        pager.setDataSource(source)
        return (pager, source)
    }

    @Test func pagesFillTheBoundsLessTheInset() throws {
        let (pager, source) = Self.pager()
        _ = source
        try pager.loadDataIfNeeded()
        #expect(pager.numberOfItems(inSection: 0) == 3)
        #expect(pager.nodeForPage(at: 1)?.frame.size == CGSize(width: 200, height: 120))
        pager.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 10, right: 0)
        pager.relayoutItems()
        #expect(pager.nodeForPage(at: 1)?.frame.size == CGSize(width: 200, height: 100))
        let layout = try #require(pager.collectionViewLayout as? UICollectionViewFlowLayout)
        #expect(layout.scrollDirection == .horizontal && layout.minimumLineSpacing == 0 && layout.minimumInteritemSpacing == 0)
    }

    @Test func scrollingToAPageMakesItCurrent() throws {
        let (pager, source) = Self.pager()
        _ = source
        #expect(pager.currentPageIndex == 0)
        pager.scrollToPage(at: 2, animated: false)
        #expect(pager.contentOffset == CGPoint(x: 400, y: 0) && pager.currentPageIndex == 2)
        let (_, reports) = WeftDiagnostics.collect(matching: "ASPagerNode") { pager.scrollToPage(at: 9, animated: true) }
        #expect(pager.currentPageIndex == 2 && reports.contains { $0.message.contains("page 9") }, "\(reports)")
        let page = try #require(pager.nodeForPage(at: 1))
        #expect(pager.index(ofPageWith: page) == 1)
        expectGolden(pager, at: CGPoint(x: 200, y: 0), named: "collection/ASPagerNode/page-2")
    }

    @Test func pagingIsAFrameSequence() throws {
        let (pager, source) = Self.pager()
        _ = source
        let sequence = try pager.pageSequence(to: 1, frames: 5)
        #expect(sequence.offsets.first == .zero && sequence.offsets.last == CGPoint(x: 200, y: 0))
        expectGolden(sequence, of: pager, every: 2, named: "collection/ASPagerNode/paging", scale: 1)
    }

    @Test func aNodeSpellingWorksToo() throws {
        let pager = ASPagerNode()
        pager.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        let source = PageNodes()
        pager.setDataSource(source)
        try pager.loadDataIfNeeded()
        #expect(pager.numberOfItems(inSection: 0) == 2 && pager.nodeForPage(at: 1) is NumberPage)
        #expect(pager.pagerDataSource === source)
    }
}
