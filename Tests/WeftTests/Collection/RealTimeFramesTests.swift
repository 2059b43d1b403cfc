import Foundation
import Testing
@testable import Weft

/// Real-time frames run through the one frame driver (`FrameDriver`) with the clock in their
/// source: each frame is captured no earlier than it is due, carries what its capture saw, and a
/// collection whose cells are all displayed gives the deterministic path's bytes.
@MainActor @Suite struct RealTimeFramesTests {
    static func boxes() -> BoxCollection {
        BoxCollection(viewport: CGSize(width: 120, height: 160), counts: [40], label: true) { _ in CGSize(width: 120, height: 30) }
    }

    @Test func framesAreCapturedNoEarlierThanTheyAreDue() throws {
        let c = Self.boxes()
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 300), frames: 6)
        let clock = ContinuousClock()
        var frames: [RealTimeFrame] = []
        let elapsed = try clock.measure { frames = try c.node.realTimeFrames(sequence, scale: 1, framesPerSecond: 20) }
        #expect(frames.count == 6)
        #expect(elapsed >= .milliseconds(250), "frame 5 of a 20 Hz clock is due at 250 ms; the run took \(elapsed)")
        for (index, frame) in frames.enumerated() {
            #expect(frame.time == TimeInterval(index) / 20)
            #expect(frame.offset == sequence.offsets[index], "frame \(index)")
            #expect(frame.bitmap.pixelWidth == 120 && frame.bitmap.pixelHeight == 160)
        }
    }

    /// Once every visible cell is displayed, a real-time frame shows no placeholder and has the
    /// bytes of the deterministic frame at the same offset.
    @Test func aDisplayedCollectionGivesTheDeterministicFrames() throws {
        let c = Self.boxes()
        let still = try c.node.snapshot(at: .zero, scale: 2)
        let frames = try c.node.realTimeFrames(try FrameSequence(validating: [.zero, .zero, .zero]), scale: 2, framesPerSecond: 120)
        #expect(frames.count == 3)
        for frame in frames {
            #expect(frame.notReadyCount == 0 && frame.visibleCount > 0)
            #expect(frame.bitmap.hasSamePixels(as: still))
        }
    }

    struct Refused: Error {}

    /// An edit scripted at a frame that throws stops the run with an error naming the frame.
    @Test func aFailingEditNamesItsFrame() throws {
        let c = Self.boxes()
        let sequence = try FrameSequence(validating: [.zero, .zero, .zero]).editing(atFrame: 1) { _ in throw Refused() }
        do {
            _ = try c.node.realTimeFrames(sequence, scale: 1, framesPerSecond: 60)
            Issue.record("the run went on past a failing edit")
        } catch {
            guard case .invalidSequence(let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains("frame 1"), "\(message)")
        }
    }
}
