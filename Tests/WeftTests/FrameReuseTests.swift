import Foundation
import Testing
@testable import Weft
import WeftSamples

/// Frames composited by copying the rows a scroll moved unchanged from an earlier frame
/// (`FrameComposition.render(reusing:)`) have exactly the bytes of the frame composited whole, and
/// PNG frames written so are the files written from frames composited whole, at every thread count.
@Suite struct FrameReuseTests {
    /// The compositions of `sequence` over `sample` at `scale`.
    @MainActor static func compositions(_ sample: CollectionSample, _ sequence: FrameSequence, scale: CGFloat) throws -> [FrameComposition] {
        let player = FrameSequencePlayer(node: sample.collectionNode, sequence: sequence)
        return try withExtendedLifetime(sample) {
            try (0..<sequence.count).map { try player.captureFrame(sequence.request($0, scale: DisplayScale(scale)!)).composition! }
        }
    }

    /// Each frame made from the one before equals it composited whole, and most of its rows were
    /// copied; a frame made from a frame far away copies none of the rows it does not share.
    @MainActor @Test(arguments: [1, 2, 3] as [CGFloat]) func reusedFramesAreTheWholeFramesBytes(scale: CGFloat) throws {
        let viewport = CGSize(width: 390, height: 844)
        // Cards, sections with headers, a mosaic, a grid, UIKit cells (interop), a live feed.
        let samples = [CollectionSample.benchFeed(viewport: viewport, items: 40),
                       CollectionSample.feed(viewport: viewport, sections: 4, itemsPerSection: 12),
                       CollectionSample.mosaic(viewport: viewport, items: 60)]
            + (try ["gallery", "mosaic-interop", "livefeed"].map { try #require(CollectionSample.make($0, viewport: viewport)) })
        for sample in samples {
            // Whole-point steps, then steps between whole pixels at every scale.
            var offsets = (0..<5).map { CGPoint(x: 0, y: CGFloat($0) * 150) }
            offsets += [CGPoint(x: 0, y: 733.4), CGPoint(x: 0, y: 801.7), CGPoint(x: 0, y: 802), CGPoint(x: 0, y: 2400)]
            let sequence = try FrameSequence(validating: offsets)
            var earlier: ComposedFrame?
            var copiedFrames = 0
            for (index, composition) in try Self.compositions(sample, sequence, scale: scale).enumerated() {
                let whole = try composition.render()
                let (frame, copied) = try composition.render(reusing: earlier)
                #expect(try frame.bitmap().hasSamePixels(as: whole), "\(sample.name) @\(scale)x, frame \(index)")
                let rows = copied.map(\.rows.count).reduce(0, +)
                if rows > whole.pixelHeight / 2 { copiedFrames += 1 }
                // Rows copied lie in the frame and come from rows of the frame before.
                for copy in copied {
                    #expect(copy.rows.lowerBound >= 0 && copy.rows.upperBound <= whole.pixelHeight)
                    #expect(copy.rows.lowerBound + copy.shift >= 0 && copy.rows.upperBound + copy.shift <= whole.pixelHeight)
                }
                earlier = frame
            }
            // The bench feed's cards are all steady but for their text: most rows of the 150 pt
            // steps are copied.
            if sample.name == "bench-feed" { #expect(copiedFrames >= 4, "\(copiedFrames) frames copied most of their rows at @\(scale)x") }
        }
    }

    /// Bench-feed frames at @3x written through `writeFrames` (rows copied from frame to frame,
    /// and their coded bits) are, at 1, 2 and 4 threads, the files that the sequence encoder
    /// writes from the same frames composited whole, one after another.
    @MainActor @Test func writtenFramesAreTheFilesOfFramesCompositedWhole() throws {
        let viewport = CGSize(width: 390, height: 844)
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 150 * 7), frames: 8, curve: .linear)
        func written(threads: Int) throws -> [Data] {
            let sample = CollectionSample.benchFeed(viewport: viewport, items: 12)
            let folder = FramePipelineTests.scratchFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let paths = try sample.collectionNode.writeFrames(sequence, scale: 3, toFolder: folder, threads: threads)
            return try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        }
        let one = try written(threads: 1)
        #expect(one.count == 8)
        #expect(try written(threads: 2) == one)
        #expect(try written(threads: 4) == one)
        let sample = CollectionSample.benchFeed(viewport: viewport, items: 12)
        let encoder = PNGSequenceEncoder()
        for (index, composition) in try Self.compositions(sample, sequence, scale: 3).enumerated() {
            let frame = try composition.render()
            let png = try encoder.encode(index, frame, offset: index * 450)
            #expect(png == one[index], "frame \(index)")
            #expect(try UIImage(decoding: one[index]).bitmap.hasSamePixels(as: frame), "frame \(index)")
            try PNGSequenceEncoderTests.inflateWithPython(one[index], rowBytes: frame.pixelWidth * 3 + 1, rows: frame.pixelHeight)
        }
    }
}
