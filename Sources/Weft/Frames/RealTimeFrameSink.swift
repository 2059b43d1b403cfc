import Foundation

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
