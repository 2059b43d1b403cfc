import Foundation

/// Where a frame driver's frames go: a folder of PNG files (`PNGFolderSink`), or one file
/// (`FrameVideoWriter`: mp4, gif, apng, raw).
///
/// Thread safety: `encode` runs on any worker, several frames at once, and must only read
/// constants; `deliver` runs once per frame, in frame order, one call at a time (the driver hands
/// over between workers through its lock), so it alone may touch the sink's mutable state.
protocol FrameSink: AnyObject, Sendable {
    /// A frame once encoded: what `deliver` takes.
    associatedtype Encoded: Sendable

    /// Encodes frame `index` (from 0, in the whole sequence).
    func encode(_ index: Int, _ frame: Bitmap) throws -> Encoded

    /// Composites and encodes frame `index`: what the driver calls. By default the frame is
    /// rendered whole and handed to `encode(_:_:)`; a sink that can use a collection's composition
    /// itself (mp4 draws it band by band into yuv420p) implements this.
    func encode(_ index: Int, captured frame: CapturedFrame) throws -> Encoded

    /// Takes frame `index`'s encoding, in frame order.
    func deliver(_ index: Int, _ encoded: Encoded) throws

    /// True when an encoded frame is small (a file's path, say), so the driver frees the frame's
    /// slot once it is encoded rather than once it is delivered: a slow frame then holds back only
    /// the delivery of the frames after it, not their compositing and encoding.
    static var encodedFramesAreSmall: Bool { get }

    /// The frame before a block that starts at `first` which the sink must see for the block's
    /// frames to be the bytes one whole run writes (nil: none). The driver asks once, before any
    /// frame, captures that frame where it would step over it, and hands it to `prime(_:captured:)`.
    func primingFrame(forBlockFrom first: Int) -> Int?

    /// Takes the frame `primingFrame(forBlockFrom:)` named, which is not delivered.
    func prime(_ index: Int, captured frame: CapturedFrame) throws
}

extension FrameSink {
    static var encodedFramesAreSmall: Bool { false }

    func primingFrame(forBlockFrom first: Int) -> Int? { nil }

    func prime(_ index: Int, captured frame: CapturedFrame) throws {}

    func encode(_ index: Int, captured frame: CapturedFrame) throws -> Encoded { try encode(index, try frame.render()) }
}
