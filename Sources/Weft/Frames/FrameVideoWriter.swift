import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ASCollectionNode {
    /// Renders every frame of `sequence` and writes them to one file at `path` as `format` (see
    /// `VideoFormat`), playing at `sequence.framesPerSecond`. Beyond Texture: Weft's own.
    ///
    /// Frames are captured in order on this thread and composited (and, for apng and raw, encoded)
    /// on `threads` threads as `writeFrames` does; they reach the file, or ffmpeg's input, in order.
    /// mp4 and gif run `ffmpeg`: `ffmpeg` is the path of the executable, or nil to take the first on
    /// `PATH`. `path` "-" writes raw frames to standard output. The file is written whole or not at
    /// all (a temporary file beside it is renamed over it at the end). `progress` gets the number of
    /// frames written. Throws, before rendering anything, `OutputError.ffmpegNotFound`, or
    /// `cannotWrite` for a path that is a directory (or "-" for a format other than raw); while
    /// rendering, what `writeFrames` throws, `ffmpegFailed` with ffmpeg's status and the end of its
    /// messages, and `cannotEncode`.
    @discardableResult
    public func writeVideo(_ sequence: FrameSequence, scale: CGFloat, toFile path: String, format: VideoFormat, ffmpeg: String? = nil,
                           threads: Int? = nil, progress: (@Sendable (Int) -> Void)? = nil) throws -> FrameVideo {
        try writeVideo(sequence, scale: scale, toFile: path, format: format, ffmpeg: ffmpeg, threads: threads, progress: progress,
                       source: FrameSequencePlayer(node: self, sequence: sequence))
    }

    /// `writeVideo` with the frames from `source` (a table's rows with their separators).
    func writeVideo(_ sequence: FrameSequence, scale: CGFloat, toFile path: String, format: VideoFormat, ffmpeg: String?,
                    threads: Int?, progress: (@Sendable (Int) -> Void)?, source: some FrameSource) throws -> FrameVideo {
        // Checked before the output is touched or ffmpeg looked for.
        let driver = try FrameDriver(sequence, scale: scale, threads: threads)
        guard !sequence.offsets.isEmpty else { throw OutputError.cannotEncode(format: format, reason: "the sequence has no frames") }
        let writer = try FrameVideoWriter(path: path, format: format, frameCount: sequence.offsets.count, framesPerSecond: sequence.framesPerSecond,
                                          ffmpeg: ffmpeg, mayBeTransparent: (backgroundColor.resolved(with: drawingTraits)?.alpha ?? 0) < 1)
        // ffmpeg takes about 50 ms to start (loading its libraries): started now, for the size the
        // frames will have, it gets ready while the first frames are drawn.
        if let (width, height) = try? Bitmap.pixelSize(for: bounds.size, scale: scale) { writer.startEarly(width: width, height: height) }
        return try writer.write(driver, from: source, progress: progress)
    }
}

/// The `FrameSink` of `writeVideo`, for one format: `encode` on any worker, then `deliver` in
/// frame order into the file, ffmpeg or the APNG stream.
final class FrameVideoWriter: FrameSink, @unchecked Sendable {
    // SAFETY: the mutable state (the descriptor, ffmpeg, the APNG stream, the frame size) is used only
    // by `deliver`, `finish` and `abandon`. `FrameDriver` calls `deliver` from one worker at a
    // time, in frame order, handing over through its lock; `finish` and `abandon` run on the calling
    // thread after the driver's run has returned. `encode` reads only constants.
    enum Encoded: Sendable {
        case bitmap(Bitmap)
        case raw(Data, width: Int, height: Int)
        /// An mp4 frame as yuv420p in pieces, sent to ffmpeg as they lie.
        case yuv(YUVFrame)
        case apng(APNGStream.Frame)
    }

    let format: VideoFormat
    let path: String
    let frameCount: Int
    let framesPerSecond: Int
    /// True when frames may hold transparent pixels (no opaque background): the APNG is RGBA.
    let mayBeTransparent: Bool
    private let ffmpegPath: String?
    private let staged: StagedFile?
    private var fd: Int32 = -1
    private var ffmpeg: FFmpegProcess?
    /// The frame size `ffmpeg` was started for (read by tests: an early start took place).
    private(set) var ffmpegSize: (width: Int, height: Int)?
    private var apng: APNGStream?
    private var size: (width: Int, height: Int)?
    private var delivered = 0
    /// The yuv420p frames' memory for mp4 (`YUV420`): each frame's buffer goes back here once
    /// ffmpeg has it, so a run maps one per frame in flight; freed when the last frame and the
    /// writer are gone. Sendable, used from every worker.
    private let yuvBuffers = PixelBufferPool(retainedLimit: 256 << 20)
    /// mp4's cells converted once and copied into each frame that shows them (`CellYUVCache`).
    /// Sendable, used from every worker.
    private let cells = CellYUVCache()
    /// The rows of a band when an mp4 frame is composited and converted band by band (at least;
    /// see `FrameComposition.renderBands`): 256 rows of 1170 pixels are 1.2 MB, which stay in
    /// the processor's last-level cache between compositing and conversion. Smaller bands cost
    /// more than they save: every band walks each cell's layers and sets cairo up again. Measured
    /// on the bench feed's 120-frame mp4 (the workers' processor time, perf, 2 to 5 rounds on a
    /// shared 2-core machine): 16 rows 470–485 ms, 32 rows ~385, 64 rows 340–370, 128 rows
    /// 325–430, 256 rows 315–370, 384 rows 320–450, the whole frame as one band 420–460.
    static let bandRows = 256

    /// Checks the output and finds ffmpeg before any frame is rendered; see `writeVideo`.
    init(path: String, format: VideoFormat, frameCount: Int, framesPerSecond: Int, ffmpeg: String?, mayBeTransparent: Bool) throws(OutputError) {
        self.format = format
        self.path = path
        self.frameCount = frameCount
        self.framesPerSecond = framesPerSecond
        self.mayBeTransparent = mayBeTransparent
        if path == "-" {
            guard format == .raw else {
                throw .cannotWrite(path: "-", reason: "only raw frames can go to standard output; \(format.rawValue) needs a file")
            }
        }
        // Before the output's folder is made, so a missing ffmpeg leaves nothing behind.
        ffmpegPath = format.needsFFmpeg ? try FFmpegProcess.locate(ffmpeg) : nil
        if path == "-" {
            staged = nil
            fd = STDOUT_FILENO
        } else {
            staged = try StagedFile(path: path)
        }
        if let staged, !format.needsFFmpeg { fd = try staged.openForWriting() }
        if format == .apng {
            apng = APNGStream(frameCount: frameCount, framesPerSecond: framesPerSecond) { [unowned self] (data: Data) throws(OutputError) in
                try FileOutput.writeAll(data, to: fd, path: path)
            }
        }
    }

    /// Runs `driver` from `source` into this writer, then finishes the file; on any failure the
    /// partial file is removed and ffmpeg stopped.
    func write(_ driver: FrameDriver, from source: some FrameSource, progress: (@Sendable (Int) -> Void)?) throws -> FrameVideo {
        do {
            try driver.run(from: source, to: self, progress: progress)
            return try finish()
        } catch {
            abandon()
            throw error
        }
    }

    /// An mp4 frame of a collection, of even sides, is composited band by band straight into
    /// yuv420p (`YUV420.bytes(of:width:height:frame:pool:bandRows:)`); every other frame is
    /// rendered whole and encoded by `encode(_:_:)`.
    func encode(_ index: Int, captured frame: CapturedFrame) throws -> Encoded {
        if format == .mp4, let composition = frame.composition, let (width, height) = composition.pixelSize,
           Self.convertsToYUV(width: width, height: height) {
            return .yuv(try YUV420.frame(of: composition, width: width, height: height, frame: index, pool: yuvBuffers, bandRows: Self.bandRows,
                                         cells: cells, gathering: true))
        }
        return try encode(index, try frame.render())
    }

    func encode(_ index: Int, _ bitmap: Bitmap) throws(OutputError) -> Encoded {
        switch format {
        case .mp4 where Self.convertsToYUV(width: bitmap.pixelWidth, height: bitmap.pixelHeight):
            return .raw(try YUV420.bytes(of: bitmap, frame: index, pool: yuvBuffers), width: bitmap.pixelWidth, height: bitmap.pixelHeight)
        case .mp4, .gif: return .bitmap(bitmap)
        case .raw: return .raw(try RawRGBA.bytes(of: bitmap, frame: index), width: bitmap.pixelWidth, height: bitmap.pixelHeight)
        case .apng: return .apng(try APNGStream.encode(bitmap, alpha: mayBeTransparent, frame: index))
        }
    }

    func deliver(_ index: Int, _ encoded: Encoded) throws(OutputError) {
        let bitmap: Bitmap
        switch encoded {
        case .bitmap(let frame): bitmap = frame
        case .raw(let data, let width, let height):
            try checkSize(width: width, height: height, index: index)
            if format == .mp4 {
                // yuv420p converted by `encode`, for ffmpeg.
                let process = try ffmpegProcess(width: width, height: height)
                let failure = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> OutputError? in
                    do throws(OutputError) {
                        try process.write(bytes)
                        return nil
                    } catch {
                        return error
                    }
                }
                if let failure { throw failure }
            } else {
                try FileOutput.writeAll(data, to: fd, path: path == "-" ? "standard output" : path)
            }
            delivered += 1
            return
        case .yuv(let frame):
            try checkSize(width: frame.width, height: frame.height, index: index)
            let process = try ffmpegProcess(width: frame.width, height: frame.height)
            let failure = frame.withSegments { segments -> OutputError? in
                do throws(OutputError) {
                    try process.write(segments: segments)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
            delivered += 1
            return
        case .apng(let frame):
            try checkSize(width: frame.bitmap.pixelWidth, height: frame.bitmap.pixelHeight, index: index)
            try apng!.append(frame, index: index)
            delivered += 1
            return
        }
        try checkSize(width: bitmap.pixelWidth, height: bitmap.pixelHeight, index: index)
        let process = try ffmpegProcess(width: bitmap.pixelWidth, height: bitmap.pixelHeight)
        let failure = bitmap.withUnsafeBytes { (pixels: UnsafeRawBufferPointer) -> OutputError? in
            do throws(OutputError) {
                let rowBytes = bitmap.pixelWidth * 4
                if bitmap.bytesPerRow == rowBytes {
                    try process.write(UnsafeRawBufferPointer(rebasing: pixels[0..<(rowBytes * bitmap.pixelHeight)]))
                } else {
                    for y in 0..<bitmap.pixelHeight {
                        try process.write(UnsafeRawBufferPointer(rebasing: pixels[(y * bitmap.bytesPerRow)..<(y * bitmap.bytesPerRow + rowBytes)]))
                    }
                }
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
        delivered += 1
    }

    /// Starts ffmpeg before any frame is drawn, for frames of `width` × `height` pixels (the
    /// size the caller expects frame 1 to have), so that its start-up overlaps the first frames'
    /// work rather than following it. Does nothing for a format without ffmpeg. Best effort: when
    /// ffmpeg cannot start, or frame 1 comes out another size, `deliver` starts it again then and
    /// reports what goes wrong. Called on the calling thread before `write`.
    func startEarly(width: Int, height: Int) {
        guard format.needsFFmpeg, ffmpeg == nil else { return }
        _ = try? ffmpegProcess(width: width, height: height)
    }

    /// ffmpeg, started with frame 1's size (again, if `startEarly` guessed another).
    private func ffmpegProcess(width: Int, height: Int) throws(OutputError) -> FFmpegProcess {
        if let ffmpeg, let ffmpegSize {
            if ffmpegSize == (width, height) { return ffmpeg }
            ffmpeg.cancel()
            self.ffmpeg = nil
        }
        let process = try FFmpegProcess(executable: ffmpegPath!, arguments: ffmpegArguments(width: width, height: height))
        ffmpeg = process
        ffmpegSize = (width, height)
        return process
    }

    /// True when mp4 frames of this size go to ffmpeg as yuv420p converted by Weft (`YUV420`):
    /// even sides, which need no padding.
    static func convertsToYUV(width: Int, height: Int) -> Bool { width % 2 == 0 && height % 2 == 0 }

    /// Every frame must have frame 1's size: a video or stream has one.
    private func checkSize(width: Int, height: Int, index: Int) throws(OutputError) {
        guard let size else {
            size = (width, height)
            return
        }
        guard size == (width, height) else {
            throw .cannotEncode(format: format, reason: "frame \(index + 1) is \(width)×\(height) px, but frame 1 is \(size.width)×\(size.height); a \(format.rawValue) file has one frame size")
        }
    }

    /// ffmpeg reading frames and writing `format` to the temporary file: for an mp4 of even sides,
    /// `yuv420p` frames converted by Weft (`YUV420`), which ffmpeg hands to libx264 untouched;
    /// otherwise `bgr0` (cairo's premultiplied ARGB32 on a little-endian machine, alpha ignored:
    /// the frame over black).
    func ffmpegArguments(width: Int, height: Int) -> [String] {
        #if _endian(little)
        let bgr0 = "bgr0"
        #else
        let bgr0 = "0rgb"
        #endif
        let yuv = format == .mp4 && Self.convertsToYUV(width: width, height: height)
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostats",
                         "-f", "rawvideo", "-pix_fmt", yuv ? "yuv420p" : bgr0, "-video_size", "\(width)x\(height)", "-framerate", "\(framesPerSecond)",
                         "-i", "pipe:0"]
        switch format {
        case .mp4:
            // yuv420p halves the chroma both ways, so an odd side gets one black column or row,
            // and ffmpeg converts (swscale, with BT.709's matrix: its default would be BT.601,
            // which the file's tags would contradict). An even frame arrives as yuv420p: no
            // filter at all.
            if !yuv {
                arguments += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:black,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"]
            }
            arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-pix_fmt", "yuv420p",
                          "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-movflags", "+faststart", "-f", "mp4"]
        case .gif:
            // A palette per frame keeps ffmpeg's memory at about a frame; one palette for the whole
            // sequence would hold every frame until the end (palettegen's default mode).
            arguments += ["-vf", "split[a][b];[a]palettegen=stats_mode=single[p];[b][p]paletteuse=new=1:dither=none",
                          "-loop", "0", "-f", "gif"]
        case .apng, .raw: break
        }
        return arguments + ["-y", staged!.temporaryPath]
    }

    private func finish() throws(OutputError) -> FrameVideo {
        try ffmpeg?.finish()
        try apng?.finish()
        guard delivered == frameCount else {
            throw .cannotEncode(format: format, reason: "\(delivered) of \(frameCount) frames were written")
        }
        if let staged {
            if fd >= 0 {
                let result = close(fd)
                fd = -1
                if result != 0 { throw FileOutput.failure(path, errno) }
            }
            try staged.commit()
        }
        return FrameVideo(path: path, format: format, pixelWidth: size?.width ?? 0, pixelHeight: size?.height ?? 0,
                          frameCount: delivered, framesPerSecond: framesPerSecond, ffmpegPeakMemoryBytes: ffmpeg?.peakMemoryBytes)
    }

    private func abandon() {
        ffmpeg?.cancel()
        if staged != nil, fd >= 0 { close(fd) }
        fd = -1
        staged?.abandon()
    }
}
