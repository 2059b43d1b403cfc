import Foundation
import Testing
@testable import Weft
import WeftSamples

/// The one frame path (`FrameDriver`): a snapshot is a one-frame sequence, every sink is fed by
/// the same driver in frame order, and a shard's block has a whole run's bytes.
@Suite struct FrameDriverTests {
    /// A snapshot has the bytes of the same offset written as a sequence of one frame, and the
    /// pixels of that frame inside a longer sequence (on one collection, whose cells are displayed
    /// by then).
    @MainActor @Test func aSnapshotIsAOneFrameSequence() throws {
        let offset = CGPoint(x: 0, y: 731)
        // The sample owns the data source the node holds weakly: kept, or the frames are blank.
        let sample = CollectionSample.benchFeed(viewport: CGSize(width: 390, height: 844), items: 12)
        defer { withExtendedLifetime(sample) {} }
        let node = sample.collectionNode
        let folder = FramePipelineTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let one = try node.writeFrames(FrameSequence(validating: [offset]), scale: 2, toFolder: "\(folder)/one", threads: 1)
        let written = try Data(contentsOf: URL(fileURLWithPath: one[0]))
        #expect(PNGEncoder.frames.encode(try node.snapshot(at: offset, scale: 2)) == written)
        let longer = try node.writeFrames(FrameSequence(validating: [.zero, CGPoint(x: 0, y: 300), offset]), scale: 2, toFolder: "\(folder)/three",
                                          threads: 2)
        // Coded with its run's table (PNGSequenceEncoder): other bytes, the same pixels.
        let decoded = try UIImage(decoding: written).bitmap
        #expect(try UIImage(contentsOf: URL(fileURLWithPath: longer[2])).bitmap.hasSamePixels(as: decoded))
        #expect(decoded.pixelWidth == 780)
        #expect(decoded.pixel(x: 390, y: 200) != 0xFFFF_FFFF, "a card's photo, not the blank background")
    }

    /// Frames drawn by hand: request i fills the frame with a grey of level i, so a sink's output
    /// names the frames it got.
    struct LevelFrames: FrameSource {
        let captured = Captured()
        final class Captured: @unchecked Sendable {
            // SAFETY: only the driver's thread touches it, and the test after the run.
            var requests: [Int] = []
            var skipped: [Int] = []
        }

        func capture(_ request: FrameRequest) throws -> CapturedFrame {
            captured.requests.append(request.index)
            let level = CGFloat(request.index) / 16
            return .drawing {
                try Bitmap(pixelWidth: 8, pixelHeight: 6, scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 8, height: 6), with: UIColor(white: level, alpha: 1)) }
            }
        }

        func skip(_ request: FrameRequest) { captured.skipped.append(request.index) }
    }

    /// A sink that keeps what it is given, checking that deliveries come in order.
    final class KeepingSink: FrameSink, @unchecked Sendable {
        // SAFETY: `delivered` is touched only by `deliver`, one frame at a time (the driver's rule).
        var delivered: [Int] = []
        func encode(_ index: Int, _ frame: Bitmap) -> UInt32 { frame.pixel(x: 0, y: 0)! }
        func deliver(_ index: Int, _ encoded: UInt32) { delivered.append(index) }
    }

    /// One driver feeds a folder of PNGs, raw and apng files and a sink of the test's own, whole
    /// and by shard, at 1 and 4 threads; every sink gets the block's frames in order, and the
    /// frames before a shard's block are stepped over, not drawn, but for the one a sink is primed with.
    @Test(arguments: [1, 4]) func everySinkIsFedByTheOneDriver(threads: Int) throws {
        let folder = FramePipelineTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sequence = try FrameSequence(validating: Array(repeating: .zero, count: 7))
        let source = LevelFrames()
        let keeping = KeepingSink()
        try FrameDriver(sequence, scale: 1, threads: threads).run(from: source, to: keeping, progress: nil)
        #expect(keeping.delivered == Array(0..<7) && source.captured.requests == Array(0..<7) && source.captured.skipped.isEmpty)

        let shard = try FrameShard(2, of: 3)
        let shardSource = LevelFrames(), pngs = PNGFolderSink(folder: "\(folder)/png", encoder: .frames)
        try FrameDriver(sequence, scale: 1, shard: shard, threads: threads).run(from: shardSource, to: pngs, progress: nil)
        // Frame 0 starts the run of the block's frames: the PNG sink is primed with it, for its table.
        #expect(shardSource.captured.skipped == [1, 2] && shardSource.captured.requests == [0, 3, 4])
        #expect(pngs.paths == ["\(folder)/png/frame_00004.png", "\(folder)/png/frame_00005.png"])
        let fourth = try UIImage(contentsOf: URL(fileURLWithPath: pngs.paths[0])).bitmap
        #expect(fourth.pixel(x: 0, y: 0) == (try LevelFrames().capture(sequence.request(3, scale: DisplayScale(1)!)).render()).pixel(x: 0, y: 0))

        for format in [VideoFormat.raw, .apng] {
            let path = "\(folder)/frames.\(format.fileExtension)"
            let writer = try FrameVideoWriter(path: path, format: format, frameCount: 7, framesPerSecond: 60, ffmpeg: nil, mayBeTransparent: false)
            let video = try writer.write(FrameDriver(sequence, scale: 1, threads: threads), from: LevelFrames(), progress: nil)
            #expect(video.frameCount == 7 && video.pixelWidth == 8 && video.pixelHeight == 6)
            if format == .raw {
                let raw = try Data(contentsOf: URL(fileURLWithPath: path))
                #expect(raw.count == 7 * 8 * 6 * 4)
                let firstBytes = (0..<7).map { raw[$0 * 8 * 6 * 4] }
                #expect(firstBytes == firstBytes.sorted() && Set(firstBytes).count == 7, "frames in order: \(firstBytes)")
            }
        }
    }

    /// The sequence is checked once, before anything is drawn or written: a driver for a bad
    /// sequence or thread count cannot be made.
    @Test func aBadSequenceOrThreadCountStopsTheDriverBeforeItIsMade() throws {
        var sequence = try FrameSequence(validating: [.zero])
        sequence.framesPerSecond = 0
        #expect(throws: CollectionError.self) { try FrameDriver(sequence, scale: 1, threads: 1) }
        #expect(throws: OutputError.invalidThreadCount("0")) { try FrameDriver(try FrameSequence(validating: [.zero]), scale: 1, threads: 0) }
    }
}
