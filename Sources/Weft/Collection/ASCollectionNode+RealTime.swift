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
    public func realTimeFrames(_ sequence: FrameSequence, scale: CGFloat, framesPerSecond: Int) throws(CollectionError) -> [RealTimeFrame] {
        guard framesPerSecond > 0 else { throw .invalidSequence("a frame clock needs a positive rate, not \(framesPerSecond)") }
        try sequence.validate()
        let start = Date()
        var frames: [RealTimeFrame] = []
        // The player makes the sequence's edits and animates them; like a deterministic frame, a
        // real-time one waits for a batch fetch begun before it (its delay shows in later frames).
        let player = FrameSequencePlayer(node: self, sequence: sequence)
        for index in sequence.offsets.indices {
            let due = TimeInterval(index) / TimeInterval(framesPerSecond)
            let wait = due - Date().timeIntervalSince(start)
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            let frame: FrameSequencePlayer.Frame
            do {
                frame = try player.render(sequence.request(index, scale: scale), placeholders: true)
            } catch let error as CollectionError {
                throw error
            } catch {
                throw .invalidSequence("the edit scripted at frame \(index) threw: \(error)")
            }
            frames.append(RealTimeFrame(bitmap: frame.bitmap, offset: frame.offset, time: due, visibleCount: frame.visibleCount,
                                        notReadyCount: frame.notReadyCount))
        }
        return frames
    }
}
