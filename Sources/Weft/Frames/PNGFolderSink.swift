import Foundation

/// A `FrameSink` that writes each frame as `frame_00001.png`… into a folder, named by its place
/// in the whole sequence (so a shard's files have the names one whole run gives them). Each file
/// is written whole or not at all (see `Data.write(toFile:)`), by the worker that encodes it.
/// With the single-pass encoder, frames go through one `PNGSequenceEncoder`, which copies the
/// coded rows a scroll moved unchanged from an earlier frame.
final class PNGFolderSink: FrameSink, @unchecked Sendable {
    // SAFETY: `folder`, `encoder` and `sequence` are constants read by `encode` on any worker
    // (`PNGSequenceEncoder` is thread-safe); `paths` is only appended to by `deliver`, which the
    // driver calls one frame at a time in order, and read by the caller after the driver's run
    // has returned.
    let folder: String
    let encoder: PNGEncoder
    /// The single-pass encoder's state across frames; nil for libdeflate, or frames coded alone.
    let sequence: PNGSequenceEncoder?
    /// The files delivered so far, in frame order.
    private(set) var paths: [String] = []

    init(folder: String, encoder: PNGEncoder) {
        self.folder = folder
        self.encoder = encoder
        sequence = encoder.method == .singlePass && encoder.copiesUnchangedRows ? PNGSequenceEncoder() : nil
    }

    /// The file of frame `index` (from 0).
    func path(_ index: Int) -> String { String(format: "%@/frame_%05d.png", folder, index + 1) }

    func encode(_ index: Int, captured frame: CapturedFrame) throws -> String {
        // A collection's frame copies the rows a scroll moved unchanged from the latest frame
        // composited (`FrameComposition.render(reusing:)`): the same pixels, less compositing.
        if let sequence, let composition = frame.composition {
            let reference = sequence.latestComposed()
            let (composed, copied) = try composition.render(reusing: reference?.composed)
            let offset = Int((frame.offset.y * composed.scale).rounded())
            let path = path(index)
            if let png = try? sequence.encode(index, composed, offset: offset, copiedFrom: reference, copied: copied) {
                try png.write(toFile: path)
            } else {
                try encoder.write(try composed.bitmap(), toFile: path)
            }
            return path
        }
        let bitmap = try frame.render()
        return try write(index, bitmap, offset: Int((frame.offset.y * bitmap.scale).rounded()))
    }

    func encode(_ index: Int, _ frame: Bitmap) throws -> String { try write(index, frame, offset: 0) }

    /// Writes frame `index`, scrolled to `offset` device pixels, to its file.
    private func write(_ index: Int, _ bitmap: Bitmap, offset: Int) throws -> String {
        let path = path(index)
        // A bitmap the single-pass encoder does not take goes to libdeflate, as `PNGEncoder.encode` does.
        if let sequence, let png = try? sequence.encode(index, bitmap, offset: offset) {
            try png.write(toFile: path)
        } else {
            try encoder.write(bitmap, toFile: path)
        }
        return path
    }

    func deliver(_ index: Int, _ path: String) { paths.append(path) }

    func primingFrame(forBlockFrom first: Int) -> Int? { sequence?.begin(at: first) }

    func prime(_ index: Int, captured frame: CapturedFrame) throws { sequence?.prime(index, try frame.render()) }

    /// A frame is on disk once encoded; only its path waits for delivery.
    static var encodedFramesAreSmall: Bool { true }
}
