import Foundation

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
            let sink = RealTimeFrameSink()
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
