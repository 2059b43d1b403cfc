import Foundation
import Testing
@testable import Weft
import WeftSamples

/// The collection's own corner radius, clip and border are drawn in its frames, as Core Animation
/// draws them on a collection view's layer: background within the corners, cells clipped when
/// `clipsToBounds`, the border over the cells. Every frame path (whole, banded, mp4's yuv420p)
/// gives the same bytes; a plain collection keeps its fast paths.
@Suite struct CollectionContainerTests {
    static let border = UIColor(red: 1, green: 0, blue: 0, alpha: 1)

    @MainActor static func feed(radius: CGFloat, clips: Bool, borderWidth: CGFloat) -> CollectionSample {
        let sample = CollectionSample.benchFeed(viewport: CGSize(width: 120, height: 200), items: 6)
        sample.collectionNode.cornerRadius = radius
        sample.collectionNode.clipsToBounds = clips
        sample.collectionNode.borderWidth = borderWidth
        sample.collectionNode.borderColor = border
        return sample
    }

    @MainActor @Test func roundedClippedBorderedFramesShowTheirCornersAndBorder() throws {
        let plain = Self.feed(radius: 0, clips: false, borderWidth: 0)
        let decorated = Self.feed(radius: 20, clips: true, borderWidth: 3)
        defer { withExtendedLifetime((plain, decorated)) {} }
        let before = try plain.collectionNode.snapshot(scale: 2)
        let after = try decorated.collectionNode.snapshot(scale: 2)
        #expect(before.pixel(x: 0, y: 0).map { $0 >> 24 } == 0xFF, "a plain frame's corner is the card's")
        #expect(after.pixel(x: 0, y: 0) == 0, "outside the rounded corner nothing is drawn: the cells are clipped")
        #expect(after.pixel(x: 120, y: 2) == 0xFFFF_0000, "the border, over the cells, at the top edge")
        #expect(after.pixel(x: 2, y: 200) == 0xFFFF_0000, "the border at the left edge")
        #expect(after.pixel(x: 120, y: 200) == before.pixel(x: 120, y: 200), "inside, the cells as before")
    }

    @MainActor @Test func unclippedCellsCoverTheCornersTheBackgroundLeaves() throws {
        let sample = Self.feed(radius: 30, clips: false, borderWidth: 0)
        sample.collectionNode.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        defer { withExtendedLifetime(sample) {} }
        // The cards are opaque white and fill the frame: without a clip they cover the corners.
        let frame = try sample.collectionNode.snapshot(scale: 1)
        #expect(frame.pixel(x: 0, y: 0) == 0xFFFF_FFFF)
        // With no cells the corners are the rounded background's: transparent outside it.
        let empty = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout())
        empty.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        empty.cornerRadius = 30
        let bare = try empty.snapshot(scale: 1)
        #expect(bare.pixel(x: 0, y: 0) == 0)
        #expect(bare.pixel(x: 50, y: 50) == 0xFF00_00FF)
    }

    @MainActor @Test func everyFramePathGivesTheSameBytes() throws {
        let sample = Self.feed(radius: 16, clips: true, borderWidth: 2.5)
        defer { withExtendedLifetime(sample) {} }
        let sequence = try FrameSequence(validating: [.zero, CGPoint(x: 0, y: 131.5), CGPoint(x: 0, y: 400)])
        let player = FrameSequencePlayer(node: sample.collectionNode, sequence: sequence)
        for index in 0..<sequence.count {
            let composition = try player.captureFrame(sequence.request(index, scale: DisplayScale(3)!)).composition!
            #expect(composition.container != nil)
            let (width, height) = composition.pixelSize!
            #expect(composition.bandPlan(rows: 64, width: width, height: height, cells: true).direct.isEmpty,
                    "a decorated frame reads no rows from stores or rasters")
            let whole = try composition.render()
            #expect(try BandedFrameTests.bandedPixels(composition, rows: 64) == BandedFrameTests.wholePixels(whole), "frame \(index)")
            let cache = CellYUVCache()
            let yuv = try YUV420.frame(of: composition, width: width, height: height, frame: index, pool: PixelBufferPool(retainedLimit: 64 << 20),
                                       bandRows: 64, cells: cache, gathering: false)
            #expect(yuv.contiguous() == (try YUV420.bytes(of: whole, frame: index)), "frame \(index)'s yuv420p")
        }
    }

    @MainActor @Test func settingsThatDrawNothingMoreKeepTheFramePlain() throws {
        #expect(FrameComposition.Container.of(cornerRadius: 0, clips: true, borderWidth: 0, borderColor: Self.border) == nil)
        #expect(FrameComposition.Container.of(cornerRadius: 0, clips: false, borderWidth: 2, borderColor: .clear) == nil, "an invisible border")
        #expect(FrameComposition.Container.of(cornerRadius: 0, clips: false, borderWidth: 1, borderColor: Self.border) != nil)
        #expect(FrameComposition.Container.of(cornerRadius: 8, clips: false, borderWidth: 0, borderColor: Self.border) != nil)
        // Bad values reach it repaired by the node's setters (reported there): a plain frame.
        let sample = Self.feed(radius: -4, clips: true, borderWidth: .nan)
        defer { withExtendedLifetime(sample) {} }
        let sequence = try FrameSequence(validating: [.zero])
        let composition = try FrameSequencePlayer(node: sample.collectionNode, sequence: sequence).captureFrame(sequence.request(0, scale: DisplayScale(1)!)).composition!
        #expect(composition.container == nil)
    }

    /// A table's rows frame takes its corners and clip; its separators are clipped with the rows;
    /// its border goes over both.
    @MainActor @Test func aTableIsRoundedClippedAndBorderedOverItsSeparators() throws {
        let sample = TableSample.table(viewport: CGSize(width: 200, height: 300), sections: 1, rowsPerSection: 30)
        defer { withExtendedLifetime(sample) {} }
        let table = sample.tableNode
        let plain = try table.snapshot(scale: 2)
        table.cornerRadius = 24
        table.clipsToBounds = true
        table.borderWidth = 2
        table.borderColor = Self.border
        let decorated = try table.snapshot(scale: 2)
        #expect(plain.pixel(x: 0, y: 0).map { $0 >> 24 } == 0xFF)
        #expect(decorated.pixel(x: 0, y: 0) == 0, "the corner is clipped away, rows and separators alike")
        #expect(decorated.pixel(x: 200, y: 1) == 0xFFFF_0000, "the border over the rows")
        #expect(decorated.pixel(x: 200, y: 300) == plain.pixel(x: 200, y: 300), "inside, the rows as before")
        // The rows' collection draws the table's layer settings: its border is the table's.
        #expect(table.collection.borderWidth == 2)
    }
}
