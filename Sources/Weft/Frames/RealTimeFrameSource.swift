import Foundation

/// The `FrameSource` of real-time frames: before capturing frame k it sleeps until k ÷ fps
/// seconds after its first capture began (a frame already late is captured at once; frames are
/// never dropped), then makes the frame's edits and captures it through the player with
/// placeholders for cells not ready, without waiting for any display. Called by the driver on its
/// one thread, in frame order; `start` is set by the first capture.
final class RealTimeFrameSource: FrameSource {
    let player: FrameSequencePlayer
    let framesPerSecond: Int
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
        var captured: CapturedFrame
        do {
            captured = try player.captureFrame(request, placeholders: true)
        } catch let error as CollectionError {
            throw error
        } catch {
            throw CollectionError.invalidSequence("the edit scripted at frame \(request.index) threw: \(error)")
        }
        captured.due = due
        return captured
    }

    /// Real-time runs are never sharded; a skipped frame is stepped over as the player does.
    func skip(_ request: FrameRequest) throws { try player.skip(request) }
}
