/// The single-file formats a frame sequence can be written as, beside one PNG file per frame
/// (`writeFrames(_:scale:toFolder:)`). Beyond Texture: Weft's own (see
/// `ASCollectionNode.writeVideo(_:scale:toFile:format:ffmpeg:threads:progress:)`).
///
/// Frames are cairo ARGB32: premultiplied alpha in native-endian words, bytes B, G, R, A on the
/// little-endian machines Weft runs on. Each format says what it does with transparency.
/// Sendable value; use from any context.
public enum VideoFormat: String, Sendable, CaseIterable {
    /// H.264 (libx264, yuv420p, BT.709, CRF 18, preset `ultrafast`) in an MP4 file, through `ffmpeg`;
    /// lossy. `ultrafast` because on scrolled UI it is about 2× faster than `veryfast` (30–34 against
    /// 14–17 frames/s in `weft bench --parts frames`) with files of the same size and a higher PSNR
    /// (45 against 44 dB on the bench feed's 120 frames at 1170×2532, measured once with ffmpeg's
    /// psnr filter), and ffmpeg peaks at about 170 MB instead of 400. Frames are shown over black: a video has no alpha, and premultiplied colour with its
    /// alpha dropped is exactly the frame composited over black. Frames of even sides reach ffmpeg
    /// as yuv420p converted by Weft on the frame workers (`YUV420`: BT.709 limited range, chroma the
    /// mean of 2×2 pixels), so ffmpeg runs no filter at all. yuv420p needs an even width and
    /// height, so an odd side gets one black column or row on the right or bottom (never
    /// cropped), padded and converted by ffmpeg; the video is then that one pixel wider or taller.
    case mp4
    /// An endlessly looping GIF through `ffmpeg`, each frame with a palette of its own (`palettegen`
    /// with `stats_mode=single`, `paletteuse` with `new=1`), so ffmpeg holds about one frame at a
    /// time whatever the sequence's length (one palette for the whole sequence would keep every
    /// frame until the end). Not dithered: UI's flat colours map to themselves and gradients band;
    /// on the bench feed, Bayer dithering made files 3.7× larger and encoding 1.5× slower. Shown
    /// over black as mp4. GIF delays are whole hundredths of a second, so a rate that does not
    /// divide 100 plays at the nearest one (60 frames/s plays at 50).
    case gif
    /// An animated PNG written by Weft's own single-pass encoder (no ffmpeg): lossless, each frame
    /// decodes to the same pixels as its PNG file. Frames are RGB when the first frame is opaque and
    /// the collection's background is; otherwise RGBA (straight alpha, un-premultiplied by cairo's
    /// rule, as in the PNG files). Every frame replaces the one before (blend `SOURCE`, dispose
    /// `NONE`) and the animation loops endlessly.
    case apng
    /// The frames' pixels and nothing else: `width × 4` bytes a row, R, G, B, A in that byte order
    /// (straight alpha, un-premultiplied by cairo's rule, so the bytes equal the PNG files'
    /// decoded pixels), rows top to bottom with no padding, frames back to back with no header.
    /// The size and count are returned (`FrameVideo`) and printed by `weft frames`; ffmpeg reads the
    /// file with `-f rawvideo -pixel_format rgba -video_size WIDTHxHEIGHT -framerate FPS`.
    case raw

    /// True for the formats written by an `ffmpeg` child process.
    public var needsFFmpeg: Bool { self == .mp4 || self == .gif }

    /// The ffmpeg that mp4 and gif run: `explicitPath` when given (it must be an executable file),
    /// else the first executable `ffmpeg` on `PATH`. Throws `OutputError.ffmpegNotFound`, whose
    /// message says how to install it.
    public static func ffmpegExecutable(at explicitPath: String? = nil) throws(OutputError) -> String {
        try FFmpegProcess.locate(explicitPath)
    }

    /// The file name extension: `mp4`, `gif`, `png` for APNG (which browsers take as PNG), `rgba`.
    public var fileExtension: String {
        switch self {
        case .mp4: return "mp4"
        case .gif: return "gif"
        case .apng: return "png"
        case .raw: return "rgba"
        }
    }
}

/// What `writeVideo` wrote. Sendable value; use from any context.
public struct FrameVideo: Sendable, Equatable {
    public let path: String
    public let format: VideoFormat
    /// The frames' size in pixels (an mp4 with an odd side is one pixel larger there; see `VideoFormat.mp4`).
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let frameCount: Int
    public let framesPerSecond: Int
    /// ffmpeg's peak resident memory in bytes (Linux's VmHWM) when its input ended, for mp4 and
    /// gif; nil for the others, or where /proc cannot tell.
    public var ffmpegPeakMemoryBytes: Int? = nil
}
