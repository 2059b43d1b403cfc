import Foundation

/// The `FrameSink` of real-time frames: keeps each frame's bitmap with what its capture saw, which
/// comes with the captured frame (`CapturedFrame`).
final class RealTimeFrameSink: FrameSink, @unchecked Sendable {
    // SAFETY: `frames` is only appended to by `deliver`, which the driver calls one frame at a
    // time in order, and read by the caller after the driver's run returned.
    /// The frames delivered so far, in frame order.
    private(set) var frames: [RealTimeFrame] = []

    func encode(_ index: Int, captured frame: CapturedFrame) throws -> RealTimeFrame {
        RealTimeFrame(bitmap: try frame.render(), offset: frame.offset, time: frame.due ?? 0, visibleCount: frame.visibleCount,
                      notReadyCount: frame.notReadyCount)
    }

    /// Never called: `encode(_:captured:)` keeps what the capture saw, which a bitmap alone lacks.
    func encode(_ index: Int, _ frame: Bitmap) throws -> RealTimeFrame {
        throw CollectionError.invalidSequence("frame \(index) reached the real-time sink without its capture")
    }

    func deliver(_ index: Int, _ frame: RealTimeFrame) throws { frames.append(frame) }
}
