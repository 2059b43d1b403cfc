import Foundation
import Testing
@testable import Weft
import WeftSamples

/// A second sample built in the same process draws what the first drew, at any scale. A bench
/// feed once came out white at scale 2 in the test process (the CLI's was fine): not a cache or a
/// scale fault, but tests that kept `CollectionSample.benchFeed(…).collectionNode` and dropped the
/// sample, the one owner of the data source the node holds weakly (as Texture does), so the
/// collection loaded no items and drew only its white background, silently. A load now reports a
/// data source released so.
@Suite struct RepeatedSampleScaleTests {
    static let viewport = CGSize(width: 390, height: 844)

    /// The centre of the first card's photo, in device pixels at `scale`: below the 56 pt header,
    /// 390 pt square.
    static func photoCentre(scale: CGFloat) -> (x: Int, y: Int) {
        (Int(195 * scale), Int((56 + 195) * scale))
    }

    static func isWhite(_ pixel: UInt32?) -> Bool { pixel == 0xFFFF_FFFF }

    @MainActor static func frame(scale: CGFloat) throws -> Bitmap {
        // The sample holds the data source, which the node holds weakly: kept alive while it draws.
        let sample = CollectionSample.benchFeed(viewport: viewport, items: 6)
        return try withExtendedLifetime(sample) { try sample.collectionNode.snapshot(at: .zero, scale: scale) }
    }

    @MainActor @Test(arguments: [CGFloat(2), 3, 1])
    func aSecondBenchFeedDrawsItsPhotosAsTheFirstDid(scale: CGFloat) throws {
        let first = try Self.frame(scale: scale)
        let second = try Self.frame(scale: scale)
        let (x, y) = Self.photoCentre(scale: scale)
        #expect(!Self.isWhite(first.pixel(x: x, y: y)), "first feed's photo at scale \(scale)")
        #expect(!Self.isWhite(second.pixel(x: x, y: y)), "second feed's photo at scale \(scale)")
        #expect(second.hasSamePixels(as: first), "the second feed differs from the first at scale \(scale)")
    }

    /// Feeds at different scales, one after another, then the first scale again.
    @MainActor @Test func feedsAtChangingScalesDrawTheirPhotos() throws {
        var firsts: [CGFloat: Bitmap] = [:]
        for scale: CGFloat in [3, 2, 1, 2, 3] {
            let frame = try Self.frame(scale: scale)
            let (x, y) = Self.photoCentre(scale: scale)
            #expect(!Self.isWhite(frame.pixel(x: x, y: y)), "photo at scale \(scale)")
            if let earlier = firsts[scale] {
                #expect(frame.hasSamePixels(as: earlier), "a later feed at scale \(scale) differs")
            } else {
                firsts[scale] = frame
            }
        }
    }

    /// A node taken out of a temporary sample loses its data source: the load that finds it gone
    /// says so, for a collection and for a table's and a pager's adapters.
    @MainActor @Test func aReleasedDataSourceIsReported() throws {
        let (frame, diagnostics) = try WeftDiagnostics.collect(matching: "data source was deallocated") {
            let node = CollectionSample.benchFeed(viewport: Self.viewport, items: 6).collectionNode
            return try node.snapshot(at: .zero, scale: 1)
        }
        #expect(diagnostics.count == 1 && diagnostics.first?.area == .collection, "\(diagnostics)")
        #expect(Self.isWhite(frame.pixel(x: 195, y: 251)), "no items, only the background")

        let table = ASTableNode()
        table.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let pager = ASPagerNode()
        pager.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        do {
            let rows = TestRows(), pages = TestPages()
            table.dataSource = rows
            pager.setDataSource(pages)
        }
        let (_, released) = try WeftDiagnostics.collect(matching: "data source was deallocated") {
            _ = try table.snapshot(scale: 1)
            _ = try pager.snapshot(scale: 1)
        }
        #expect(released.count == 2, "\(released)")
    }

    /// A data source set to nil on purpose, or never set, is an empty collection, not a report.
    @MainActor @Test func aDataSourceSetToNilIsNotReported() throws {
        let source = TestPages()
        let pager = ASPagerNode()
        pager.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        pager.setDataSource(source)
        pager.setDataSource(nil)
        let plain = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout())
        let (_, diagnostics) = try WeftDiagnostics.collect(matching: "data source was deallocated") {
            _ = try pager.snapshot(scale: 1)
            _ = try plain.snapshot(scale: 1)
        }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        withExtendedLifetime(source) {}
    }
}

private final class TestRows: ASTableDataSource {
    func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { 3 }
    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        { ASTextCellNode() }
    }
}

private final class TestPages: ASPagerDataSource {
    func numberOfPages(in pagerNode: ASPagerNode) -> Int { 2 }
    func pagerNode(_ pagerNode: ASPagerNode, nodeBlockAt index: Int) -> ASCellNodeBlock { { ASCellNode() } }
}
