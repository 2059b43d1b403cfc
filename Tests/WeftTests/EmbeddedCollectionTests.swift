import Foundation
import Testing
@testable import Weft
import WeftSamples

/// A collection or table inside a node tree (a feed under a header, a carousel in a cell) is
/// drawn as it shows its cells at its offset, as UIKit draws a collection view among its
/// superview's subviews: in the tree's `renderBitmap` and in the frames of a collection whose cells
/// hold it. (Before, only its background was drawn: a blank box.)
@Suite struct EmbeddedCollectionTests {
    /// Boxes of a few colours, 40×40 pt, for a horizontal carousel.
    final class Boxes: ASCollectionDataSource {
        static let colors = [UIColor(red: 1, green: 0, blue: 0, alpha: 1), UIColor(red: 0, green: 0.6, blue: 0, alpha: 1),
                             UIColor(red: 0, green: 0, blue: 1, alpha: 1), UIColor(red: 1, green: 0.8, blue: 0, alpha: 1)]
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 8 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
            let color = Self.colors[indexPath.item % Self.colors.count]
            return {
                let cell = ASCellNode()
                cell.style.preferredSize = CGSize(width: 40, height: 40)
                cell.backgroundColor = color
                return cell
            }
        }
    }

    /// A horizontal carousel of `Boxes`, scrolled by `offset`.
    static func carousel(offset: CGFloat) -> (ASCollectionNode, Boxes) {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.minimumLineSpacing = 0
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 100, height: 40), collectionViewLayout: layout)
        let boxes = Boxes()
        node.dataSource = boxes
        node.contentOffset = CGPoint(x: offset, y: 0)
        return (node, boxes)
    }

    /// A cell holding a carousel 100×40 pt at (5, 5).
    final class CarouselCell: ASCellNode, @unchecked Sendable {
        // SAFETY: set in `init`, never replaced; nodes are thread-safe.
        let carousel: ASCollectionNode
        let boxes: Boxes
        init(offset: CGFloat) {
            (carousel, boxes) = EmbeddedCollectionTests.carousel(offset: offset)
            super.init()
            backgroundColor = .white
            carousel.style.preferredSize = CGSize(width: 100, height: 40)
            addSubnode(carousel)
        }
        override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
            ASInsetLayoutSpec(insets: UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 15), child: carousel)
        }
    }

    final class Carousels: ASCollectionDataSource {
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 6 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
            let offset = CGFloat(indexPath.item * 10)
            return { CarouselCell(offset: offset) }
        }
    }

    /// Whether `region` of `picture` at (x, y) (pixels) has `part`'s pixels.
    static func shows(_ part: Bitmap, in picture: Bitmap, x: Int, y: Int) -> Bool {
        for row in 0..<part.pixelHeight {
            for column in 0..<part.pixelWidth where part.pixel(x: column, y: row) != picture.pixel(x: x + column, y: y + row) { return false }
        }
        return true
    }

    @MainActor @Test func aFeedUnderAHeaderIsDrawnWithItsCells() throws {
        let sample = CollectionSample.benchFeed(viewport: CGSize(width: 120, height: 200), items: 6)
        defer { withExtendedLifetime(sample) {} }
        let screen = ASDisplayNode()
        screen.frame = CGRect(x: 0, y: 0, width: 140, height: 240)
        screen.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        sample.collectionNode.frame = CGRect(x: 10, y: 20, width: 120, height: 200)
        sample.collectionNode.contentOffset = CGPoint(x: 0, y: 130)
        screen.addSubnode(sample.collectionNode)
        for scale in [1, 2] as [CGFloat] {
            let feed = try sample.collectionNode.snapshot(scale: scale)
            let picture = try screen.renderBitmap(scale: scale)
            #expect(Self.shows(feed, in: picture, x: Int(10 * scale), y: Int(20 * scale)), "@\(scale)x: the feed at its offset, where it lies")
            #expect(picture.pixel(x: 2, y: 2) == 0xFF00_00FF, "the screen's own background around it")
        }
    }

    @MainActor @Test func aTableInATreeIsDrawnWithItsRowsAndSeparators() throws {
        let sample = TableSample.table(viewport: CGSize(width: 150, height: 200), sections: 1, rowsPerSection: 20)
        defer { withExtendedLifetime(sample) {} }
        let screen = ASDisplayNode()
        screen.frame = CGRect(x: 0, y: 0, width: 150, height: 260)
        screen.backgroundColor = .white
        sample.tableNode.frame = CGRect(x: 0, y: 60, width: 150, height: 200)
        screen.addSubnode(sample.tableNode)
        let table = try sample.tableNode.snapshot(scale: 2)
        #expect(Self.shows(table, in: try screen.renderBitmap(scale: 2), x: 0, y: 120))
    }

    @Test func carouselsInCellsShowInTheFeedsFrames() throws {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        let feed = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 120, height: 200), collectionViewLayout: layout)
        let source = Carousels()
        feed.dataSource = source
        defer { withExtendedLifetime(source) {} }
        let frame = try feed.snapshot(scale: 2)
        let cells = feed.visibleNodes.compactMap { $0 as? CarouselCell }
        #expect(cells.count >= 4)
        var carousels: [Bitmap] = []
        for cell in cells {
            let row = try #require(feed.indexPath(for: cell)).item
            guard row * 50 + 45 <= 200 else { continue }  // wholly inside the frame
            let carousel = try cell.carousel.snapshot(scale: 2)
            #expect(Self.shows(carousel, in: frame, x: 10, y: (row * 50 + 5) * 2), "row \(row)'s carousel")
            carousels.append(carousel)
        }
        // Each carousel is scrolled by its own offset (10 pt a row): no two show the same.
        for (i, a) in carousels.enumerated() { for b in carousels[(i + 1)...] { #expect(!a.hasSamePixels(as: b)) } }
        // The frame path gives the snapshot's pixels.
        let sequence = try FrameSequence(validating: [.zero, CGPoint(x: 0, y: 33)])
        var frames: [Bitmap] = []
        try feed.renderFrames(sequence, scale: 2) { _, frame in frames.append(frame) }
        #expect(frames.count == 2)
        #expect(frames[0].hasSamePixels(as: frame))
    }
}

/// A cell that holds the very collection showing it: drawn once, the inner one as its background.
@Suite struct SelfContainingCollectionTests {
    final class Source: ASCollectionDataSource {
        weak var collection: ASCollectionNode?
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 2 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
            // A node is thread-safe; the block adds it from the thread that runs it, on purpose.
            nonisolated(unsafe) let outer = collection
            return {
                let cell = ASCellNode()
                cell.style.preferredSize = CGSize(width: 60, height: 40)
                cell.backgroundColor = .white
                if let outer {
                    outer.style.preferredSize = CGSize(width: 20, height: 20)
                    cell.addSubnode(outer)
                }
                return cell
            }
        }
    }

    @MainActor @Test func isDrawnOnceAndReported() throws {
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 60, height: 80), collectionViewLayout: UICollectionViewFlowLayout())
        node.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let source = Source()
        source.collection = node
        node.dataSource = source
        defer { withExtendedLifetime(source) {} }
        let (frame, diagnostics) = try WeftDiagnostics.collect(matching: "inside one of its own cells") { try node.snapshot(scale: 1) }
        #expect(frame.pixelWidth == 60)
        #expect(!diagnostics.isEmpty)
    }
}
