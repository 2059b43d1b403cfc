import Foundation

/// A `FrameSink` that writes each frame as `frame_00001.png`… into a folder, named by its place
/// in the whole sequence (so a shard's files have the names one whole run gives them). Each file
/// is written whole or not at all (see `Data.write(toFile:)`), by the worker that encodes it.
final class PNGFolderSink: FrameSink, @unchecked Sendable {
    // SAFETY: `folder` and `encoder` are constants read by `encode` on any worker; `paths` is only
    // appended to by `deliver`, which the driver calls one frame at a time in order, and read by
    // the caller after the driver's run has returned.
    let folder: String
    let encoder: PNGEncoder
    /// The files delivered so far, in frame order.
    private(set) var paths: [String] = []

    init(folder: String, encoder: PNGEncoder) {
        self.folder = folder
        self.encoder = encoder
    }

    /// The file of frame `index` (from 0).
    func path(_ index: Int) -> String { String(format: "%@/frame_%05d.png", folder, index + 1) }

    func encode(_ index: Int, _ frame: Bitmap) throws -> String {
        let path = path(index)
        try encoder.write(frame, toFile: path)
        return path
    }

    func deliver(_ index: Int, _ path: String) { paths.append(path) }

    /// A frame is on disk once encoded; only its path waits for delivery.
    static var encodedFramesAreSmall: Bool { true }
}
