import Foundation
import Synchronization

/// What a real-time frame's capture saw, beside its pixels: the snapped offset, when the frame
/// was due and how many visible cells were (not) ready. Sendable value.
struct RealTimeCapture: Sendable {
    let offset: CGPoint
    let time: TimeInterval
    let visibleCount: Int
    let notReadyCount: Int
}

/// The captures a `RealTimeFrameSource` has made and its sink has not yet taken, by frame index.
/// The driver's `FrameSink` takes only a bitmap, so what the capture saw travels beside it: the
/// source files a frame's capture before its `capture` returns, and the sink takes it in `deliver`,
/// which the driver calls for that frame only after that. The mutex owns the table (with one
/// driver thread, as `realTimeFrames` runs it, both happen on that thread). Sendable.
final class RealTimeCaptures: Sendable {
    private let waiting = Mutex<[Int: RealTimeCapture]>([:])

    func file(_ index: Int, _ capture: RealTimeCapture) { waiting.withLock { $0[index] = capture } }

    func take(_ index: Int) -> RealTimeCapture? { waiting.withLock { $0.removeValue(forKey: index) } }
}

/// The `FrameSource` of real-time frames: before capturing frame k it sleeps until k ÷ fps
/// seconds after its first capture began (a frame already late is captured at once; frames are
/// never dropped), then makes the frame's edits and captures it through the player with
/// placeholders for cells not ready, without waiting for any display. Called by the driver on its
/// one thread, in frame order; `start` is set by the first capture.
final class RealTimeFrameSource: FrameSource {
    let player: FrameSequencePlayer
    let framesPerSecond: Int
    let captures = RealTimeCaptures()
    private var start: ContinuousClock.Instant?

    init(player: FrameSequencePlayer, framesPerSecond: Int) {
        self.player = player
        self.framesPerSecond = framesPerSecond
    }

    func capture(_ request: FrameRequest) throws -> CapturedFrame {
        let start = self.start ?? ContinuousClock.now
        self.start = start
        let due = TimeInterval(request.index) / TimeInterval(framesPerSecond)
        let wait = start.advanced(by: .seconds(due)) - ContinuousClock.now
        if wait > .zero {
            Thread.sleep(forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18)
        }
        let captured: FrameSequencePlayer.Captured
        do {
            captured = try player.captureFrame(request, placeholders: true)
        } catch let error as CollectionError {
            throw error
        } catch {
            throw CollectionError.invalidSequence("the edit scripted at frame \(request.index) threw: \(error)")
        }
        captures.file(request.index, RealTimeCapture(offset: captured.offset, time: due, visibleCount: captured.visibleCount,
                                                     notReadyCount: captured.notReadyCount))
        return .composition(captured.composition)
    }

    /// Real-time runs are never sharded; a skipped frame is stepped over as the player does.
    func skip(_ request: FrameRequest) throws { try player.skip(request) }
}
