import Foundation
import Testing
@testable import Weft
import WeftSamples

/// A frame composited band by band (`FrameComposition.renderBands`, and mp4's yuv420p made from
/// the bands) has exactly the bytes of the frame composited whole, whatever the band height,
/// the last band partial or not, rows read from opaque stores or not; and a video writer's
/// yuv420p buffers are reused.
@Suite struct BandedFrameTests {
    /// Frames of the bench feed (photos, text, rounded corners, cells across band edges) captured
    /// at a few offsets, some between whole pixels.
    @MainActor static func feedCompositions(scale: CGFloat = 3) throws -> [FrameComposition] {
        let sample = CollectionSample.benchFeed(viewport: CGSize(width: 390, height: 844), items: 40)
        defer { withExtendedLifetime(sample) {} }
        let sequence = try FrameSequence(validating: [.zero, CGPoint(x: 0, y: 433.4), CGPoint(x: 0, y: 1201)])
        let player = FrameSequencePlayer(node: sample.collectionNode, sequence: sequence)
        return try (0..<sequence.count).map { try player.captureFrame(sequence.request($0, scale: DisplayScale(scale)!)).composition! }
    }

    /// The rows `renderBands` hands over, put back together as one frame's rows (without padding).
    static func bandedPixels(_ composition: FrameComposition, rows bandRows: Int) throws -> [UInt8] {
        let (width, height) = composition.pixelSize!
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var next = 0
        try composition.renderBands(rows: bandRows) { band, bytesPerRow, rows in
            #expect(rows.lowerBound == next && rows.lowerBound % 2 == 0)
            next = rows.upperBound
            for (i, y) in rows.enumerated() {
                pixels.withUnsafeMutableBytes { ($0.baseAddress! + y * width * 4).copyMemory(from: band + i * bytesPerRow, byteCount: width * 4) }
            }
        }
        #expect(next == height)
        return pixels
    }

    static func wholePixels(_ bitmap: Bitmap) -> [UInt8] {
        bitmap.withUnsafeBytes { bytes in
            (0..<bitmap.pixelHeight).flatMap { y in Array(bytes[(y * bitmap.bytesPerRow)..<(y * bitmap.bytesPerRow + bitmap.pixelWidth * 4)]) }
        }
    }

    @MainActor @Test(arguments: [1, 2, 7, 64, 100, 2532, 3000]) func bandsHoldTheWholeFramesBytes(rows: Int) throws {
        for (i, composition) in try Self.feedCompositions().enumerated() {
            let whole = Self.wholePixels(try composition.render())
            #expect(try Self.bandedPixels(composition, rows: rows) == whole, "frame \(i), bands of \(rows) rows")
        }
    }

    @MainActor @Test(arguments: [2, 6, 33, 64, 2532]) func bandedYUV420IsTheWholeFramesYUV420(rows: Int) throws {
        let pool = PixelBufferPool(retainedLimit: 64 << 20)
        for (i, composition) in try Self.feedCompositions().enumerated() {
            let (width, height) = composition.pixelSize!
            let whole = try YUV420.bytes(of: try composition.render(), frame: i)
            // The photos' rows are read from their stores (`FrameComposition.directRows`), but in
            // a band that holds a resampled store (the feed has some), such as the one band of
            // the whole frame.
            let direct = composition.bandPlan(rows: rows, width: width, height: height).direct.map(\.rows.count).reduce(0, +)
            #expect(rows >= height || direct > height / 3, "frame \(i): \(direct) of \(height) rows read from stores")
            for portable in [false, true] {
                let banded = try YUV420.bytes(of: composition, width: width, height: height, frame: i, pool: pool, bandRows: rows, portable: portable)
                #expect(banded == whole, "frame \(i), bands of \(rows) rows, portable \(portable)")
            }
        }
    }

    /// Bands are the rows asked for, rounded up to even, but pushed down past a part they would cut;
    /// the last ends at the frame's end.
    @Test func bandsGrowPastWhatMustNotBeSplit() {
        #expect(FrameComposition.bands(rows: 64, height: 200, unsplittable: []) == [0..<64, 64..<128, 128..<192, 192..<200])
        #expect(FrameComposition.bands(rows: 7, height: 20, unsplittable: []) == [0..<8, 8..<16, 16..<20])
        #expect(FrameComposition.bands(rows: 64, height: 300, unsplittable: [60..<71]) == [0..<72, 72..<136, 136..<200, 200..<264, 264..<300])
        #expect(FrameComposition.bands(rows: 64, height: 300, unsplittable: [100..<140, 138..<151]) == [0..<64, 64..<152, 152..<216, 216..<280, 280..<300])
        #expect(FrameComposition.bands(rows: 64, height: 100, unsplittable: [10..<100]) == [0..<100])
    }

    /// A frame's yuv420p bytes go back to the pool they came from when the `Data` is released, and
    /// the next frame takes the same memory.
    @Test func yuvBuffersGoBackToTheirPool() throws {
        let pool = PixelBufferPool(retainedLimit: 64 << 20)
        let bitmap = try Bitmap(pixelWidth: 64, pixelHeight: 32, scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 64, height: 32), with: .red) }
        var first: Data? = try YUV420.bytes(of: bitmap, frame: 0, pool: pool)
        let address = first!.withUnsafeBytes { $0.baseAddress }
        #expect(pool.retainedBytes == 0)
        first = nil
        #expect(pool.retainedBytes == PixelBufferPool.sizeClass(64 * 32 * 3 / 2))
        let second = try YUV420.bytes(of: bitmap, frame: 1, pool: pool)
        #expect(second.withUnsafeBytes { $0.baseAddress } == address)
        #expect(pool.retainedBytes == 0)
        #expect(Array(second.prefix(4)) == [63, 63, 63, 63])
    }
}
