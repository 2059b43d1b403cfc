import Foundation
import Testing
import Weft
import WeftSamples
import WeftTesting

/// The samples `weft snapshot` and `weft frames` render that are not plain collections: the table
/// (an ASTableNode) and the pager (an ASPagerNode), each hosted by its controller.
@MainActor
@Suite struct ScrollingSampleTests {
    @Test func everyNameMakesItsSample() throws {
        for name in ScrollingSample.names {
            let sample = try #require(ScrollingSample.make(name, viewport: CGSize(width: 120, height: 160), items: 4), "\(name)")
            #expect(sample.name == name)
        }
        #expect(ScrollingSample.make("nope", viewport: CGSize(width: 120, height: 160)) == nil)
        guard case .table(let table)? = ScrollingSample.make("table", viewport: CGSize(width: 120, height: 160)) else {
            Issue.record("the table sample is not an ASTableNode")
            return
        }
        #expect(table.tableNode.view.backgroundColor == UIColor(white: 0.97, alpha: 1), "the controller's viewDidLoad ran")
        let pager = try #require(ScrollingSample.make("pager", viewport: CGSize(width: 120, height: 160))?.collection)
        #expect(pager.collectionNode is ASPagerNode && pager.collectionNode.view.backgroundColor == UIColor(white: 0.93, alpha: 1))
    }

    /// The table sample as `weft snapshot --sample table` renders it, small: the end of the first
    /// day (its last rows under default separators, the footer title), then the second day's header.
    @Test func theTableSampleShowsSectionsTitlesAndSeparators() throws {
        let sample = try #require(ScrollingSample.make("table", viewport: CGSize(width: 200, height: 300), items: 24))
        guard case .table(let table) = sample else {
            Issue.record("the table sample is not an ASTableNode")
            return
        }
        try sample.loadDataIfNeeded()
        #expect(table.tableNode.numberOfSections == 2 && table.tableNode.numberOfRows(inSection: 0) == 12)
        let lastRow = table.tableNode.rectForRow(at: IndexPath(row: 11, section: 0))
        sample.scroll(to: lastRow.minY - 80)
        expectGolden(try sample.snapshot(scale: 1), named: "samples/table/day-break")
    }

    /// The pager sample turning two pages, as `weft frames --sample pager --to-page 2` renders it.
    @Test func thePagerSampleTurnsItsPages() throws {
        let sample = try #require(ScrollingSample.make("pager", viewport: CGSize(width: 200, height: 180))?.collection)
        let sequence = try sample.pageTurns(toPage: 2, frames: 10)
        #expect(sequence.count == 10)
        #expect(sequence.offsets.first == .zero && sequence.offsets.last == CGPoint(x: 400, y: 0))
        #expect(sequence.offsets.filter { $0 == CGPoint(x: 200, y: 0) }.count >= 2, "it rests on page 1")
        #expect(zip(sequence.offsets, sequence.offsets.dropFirst()).allSatisfy { $0.x <= $1.x }, "it never goes back")
        #expect(sample.collectionNode.contentOffset == .zero, "the offset is left where it was")
        expectGolden(sequence, of: sample.collectionNode, every: 2, named: "samples/pager/turns", scale: 1)
    }

    @Test func pageTurnsNameWhatIsWrong() throws {
        let pager = try #require(CollectionSample.make("pager", viewport: CGSize(width: 160, height: 200), items: 3))
        #expect(throws: PageTurnsError.pageOutOfRange(3, pages: 3)) { try pager.pageTurns(toPage: 3, frames: 10) }
        #expect(throws: PageTurnsError.tooFewFrames(3, turns: 2)) { try pager.pageTurns(toPage: 2, frames: 3) }
        let feed = try #require(CollectionSample.make("feed", viewport: CGSize(width: 160, height: 200), items: 3))
        #expect(throws: PageTurnsError.notAPager(sample: "feed")) { try feed.pageTurns(toPage: 1, frames: 10) }
        #expect("\(PageTurnsError.pageOutOfRange(3, pages: 3))" == "page 3 is not one of the pager's 3 pages (0 to 2)")
    }
}
