import Foundation

/// Where a frame driver's frames come from: a collection's `FrameSequencePlayer`, or a table's
/// snapshots. `FrameDriver` calls it on its own thread, once per request, in frame order.
/// Owned by one driver at a time, which calls it from one thread; not Sendable.
protocol FrameSource {
    /// Makes the request's edits, moves to its offset and captures what the frame draws; returns
    /// what to composite, which the driver does later on any thread while the source moves on.
    func capture(_ request: FrameRequest) throws -> CapturedFrame

    /// Steps over a frame without drawing it, leaving the state a drawn frame leaves (a shard
    /// steps over the frames before its block so).
    func skip(_ request: FrameRequest) throws
}
