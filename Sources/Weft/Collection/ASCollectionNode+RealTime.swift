import Foundation
import Synchronization

/// One frame composited under a real-time frame clock, and how many visible cells were not ready.
/// Sendable value; use from any context.
public struct RealTimeFrame: Sendable {
    public let bitmap: Bitmap
    public let offset: CGPoint
    /// When the frame was due, in seconds from the start of the sequence.
    public let time: TimeInterval
    public let visibleCount: Int
    /// Visible elements whose backing stores were not finished: drawn as placeholders. Texture's
    /// blank-cell problem, counted.
    public let notReadyCount: Int
}

extension ASCollectionNode {
    /// The colour of a cell that is not displayed yet in a real-time frame.
    public static let placeholderColor = UIColor(white: 0.88, alpha: 1)

    /// Composites `sequence` under a simulated `framesPerSecond` clock (60 or 120 Hz, say): frame k
    /// is taken at k ÷ fps seconds, showing whatever the display queue has finished by then and a
    /// placeholder for each visible cell that is not ready. Unlike `snapshot`, this does not wait,
    /// so its pixels depend on the machine; its reports measure how often cells show up blank.
    ///
    /// The frames run through the one frame path (`FrameDriver`), as every other output's do: the
    /// clock lives in the source (`RealTimeFrameSource`), which waits until a frame is due and then
    /// captures it, so what a frame shows is fixed at its due time; compositing the capture later
    /// cannot change its pixels (backing stores are immutable). The driver runs on one thread, so
    /// each frame is composited before the next is captured, as on a device whose compositing
    /// takes its share of the frame's time, and no compositing threads compete with the display
    /// queue whose lateness these frames measure.
    public func realTimeFrames(_ sequence: FrameSequence, scale: CGFloat, framesPerSecond: Int) throws(CollectionError) -> [RealTimeFrame] {
        guard framesPerSecond > 0 else { throw .invalidSequence("a frame clock needs a positive rate, not \(framesPerSecond)") }
        do {
            let driver = try FrameDriver(sequence, scale: scale, threads: 1)
            // The player makes the sequence's edits and animates them; like a deterministic frame, a
            // real-time one waits for a batch fetch begun before it (its delay shows in later frames).
            let source = RealTimeFrameSource(player: FrameSequencePlayer(node: self, sequence: sequence), framesPerSecond: framesPerSecond)
            let sink = RealTimeFrameSink(captures: source.captures)
            try driver.run(from: source, to: sink, progress: nil)
            return sink.frames
        } catch let error as CollectionError {
            throw error
        } catch {
            // The driver's own errors are CollectionErrors (the source maps an edit's error to one);
            // anything else is named rather than lost.
            throw .invalidSequence("\(error)")
        }
    }
}

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

    func capture(_ request: FrameRequest) throws -> @Sendable () throws -> Bitmap {
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
        let composition = captured.composition
        return { () throws in try composition.render() }
    }

    /// Real-time runs are never sharded; a skipped frame is stepped over as the player does.
    func skip(_ request: FrameRequest) throws { try player.skip(request) }
}

/// The `FrameSink` of real-time frames: keeps each frame's bitmap with what its capture saw.
final class RealTimeFrameSink: FrameSink, @unchecked Sendable {
    // SAFETY: `captures` is Sendable; `frames` is only appended to by `deliver`, which the driver
    // calls one frame at a time in order, and read by the caller after the driver's run returned.
    let captures: RealTimeCaptures
    /// The frames delivered so far, in frame order.
    private(set) var frames: [RealTimeFrame] = []

    init(captures: RealTimeCaptures) { self.captures = captures }

    func encode(_ index: Int, _ frame: Bitmap) -> Bitmap { frame }

    func deliver(_ index: Int, _ bitmap: Bitmap) throws {
        guard let capture = captures.take(index) else {
            throw CollectionError.invalidSequence("frame \(index) was delivered without its capture")
        }
        frames.append(RealTimeFrame(bitmap: bitmap, offset: capture.offset, time: capture.time, visibleCount: capture.visibleCount,
                                    notReadyCount: capture.notReadyCount))
    }
}
