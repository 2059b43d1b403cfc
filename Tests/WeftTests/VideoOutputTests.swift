import Foundation
import Synchronization
import Testing
@testable import Weft
import WeftSamples

/// The ffmpeg and ffprobe the video tests read files back with.
enum VideoTools {
    static let ffmpeg: String? = try? VideoFormat.ffmpegExecutable()
    static var ffprobe: String { URL(fileURLWithPath: ffmpeg!).deletingLastPathComponent().appendingPathComponent("ffprobe").path }
}

/// Frame sequences as one file (`writeVideo`, `VideoFormat`): each format read back by ffprobe and
/// ffmpeg, pixels compared with the PNG frames, and the errors. ffmpeg comes with `make test`.
@MainActor @Suite(.enabled(if: VideoTools.ffmpeg != nil, "ffmpeg is not installed (make test installs it: apt-get install ffmpeg)"),
                  .enabled(if: ChildProcess.allowed, "child processes are off under ThreadSanitizer"))
struct VideoOutputTests {
    nonisolated static var ffmpeg: String? { VideoTools.ffmpeg }
    nonisolated static var ffprobe: String { VideoTools.ffprobe }

    static let viewport = CGSize(width: 390, height: 300)
    static let frameCount = 4

    static func scratchFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("weft-video-\(UUID().uuidString)").path
    }

    static func sequence(framesPerSecond: Int = 60) throws -> FrameSequence {
        var sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 900), frames: frameCount, curve: .eased)
        sequence.framesPerSecond = framesPerSecond
        return sequence
    }

    /// The bench feed's node. Its sample, the one owner of the data source the node holds weakly,
    /// is kept for the process: a node taken out of a dropped sample loads no items, and the
    /// formats would be compared on blank white frames.
    static func node() -> ASCollectionNode {
        let sample = CollectionSample.benchFeed(viewport: viewport, items: 12)
        keptSamples.withLock { $0.append(sample) }
        return sample.collectionNode
    }
    nonisolated static let keptSamples = Mutex<[CollectionSample]>([])

    /// The sequence's frames as PNG files, decoded by ffmpeg to RGBA bytes.
    static func pngFramesRGBA(in folder: String) async throws -> Data {
        let frames = "\(folder)/png"
        try node().writeFrames(try sequence(), scale: 1, toFolder: frames, threads: 2)
        return try await decodeRGBA("\(frames)/frame_%05d.png", into: folder)
    }

    /// `input` decoded by ffmpeg to straight RGBA bytes, frames back to back (`options` before `-i`).
    static func decodeRGBA(_ input: String, options: [String] = [], frames: Int? = nil, into folder: String) async throws -> Data {
        let output = "\(folder)/decoded-\(UUID().uuidString).rgba"
        let limit = frames.map { ["-frames:v", "\($0)"] } ?? []
        let outcome = try await ChildProcess.run(URL(fileURLWithPath: ffmpeg!), ["-v", "error"] + options + ["-i", input] + limit
                                                 + ["-f", "rawvideo", "-pix_fmt", "rgba", "-y", output], timeLimit: 120)
        #expect(outcome.status == 0, "\(outcome.output)")
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    struct Probe: Equatable {
        var codec = "", width = 0, height = 0, rate = "", frames = 0
    }

    /// What ffprobe reads in `path`: the first video stream's codec, size, rate and decoded frames.
    static func probe(_ path: String, options: [String] = []) async throws -> Probe {
        let outcome = try await ChildProcess.run(URL(fileURLWithPath: ffprobe), ["-v", "error"] + options + [
            "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=codec_name,width,height,r_frame_rate,nb_read_frames",
            "-of", "default=noprint_wrappers=1", path,
        ], timeLimit: 120)
        #expect(outcome.status == 0, "\(outcome.output)")
        var probe = Probe()
        for line in outcome.output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "codec_name": probe.codec = parts[1]
            case "width": probe.width = Int(parts[1]) ?? -1
            case "height": probe.height = Int(parts[1]) ?? -1
            case "r_frame_rate": probe.rate = parts[1]
            case "nb_read_frames": probe.frames = Int(parts[1]) ?? -1
            default: break
            }
        }
        return probe
    }

    @Test func rawBytesAreThePNGFramesDecodedPixels() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/frames.rgba"
        let video = try Self.node().writeVideo(try Self.sequence(), scale: 1, toFile: path, format: .raw, threads: 3)
        #expect(video == FrameVideo(path: path, format: .raw, pixelWidth: 390, pixelHeight: 300, frameCount: Self.frameCount, framesPerSecond: 60))
        let raw = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(raw.count == 390 * 300 * 4 * Self.frameCount)
        let png = try await Self.pngFramesRGBA(in: folder)
        #expect(raw == png)
        // The documented layout is what ffmpeg reads.
        let layout = ["-f", "rawvideo", "-pixel_format", "rgba", "-video_size", "390x300", "-framerate", "60"]
        #expect(try await Self.probe(path, options: layout) == Probe(codec: "rawvideo", width: 390, height: 300, rate: "60/1", frames: Self.frameCount))
    }

    @Test func apngDecodesToThePNGFramesPixels() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/frames.png"
        try Self.node().writeVideo(try Self.sequence(framesPerSecond: 30), scale: 1, toFile: path, format: .apng, threads: 2)
        #expect(try await Self.probe(path) == Probe(codec: "apng", width: 390, height: 300, rate: "30/1", frames: Self.frameCount))
        let decoded = try await Self.decodeRGBA(path, into: folder)
        #expect(decoded == (try await Self.pngFramesRGBA(in: folder)))
        // The same bytes whatever the thread count.
        let single = "\(folder)/single.png"
        try Self.node().writeVideo(try Self.sequence(framesPerSecond: 30), scale: 1, toFile: single, format: .apng, threads: 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: single)) == Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func mp4HasTheFramesAndItsFirstFrameIsCloseToThePNG() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/frames.mp4"
        try Self.node().writeVideo(try Self.sequence(), scale: 1, toFile: path, format: .mp4, threads: 2)
        #expect(try await Self.probe(path) == Probe(codec: "h264", width: 390, height: 300, rate: "60/1", frames: Self.frameCount))
        let first = try await Self.decodeRGBA(path, frames: 1, into: folder)
        let png = try await Self.pngFramesRGBA(in: folder).prefix(390 * 300 * 4)
        #expect(first.count == png.count)
        // H.264 at CRF 18 with 4:2:0 chroma is lossy: over the colour channels the mean difference
        // stays under 3 levels of 255 and the PSNR over 35 dB (measured: 1.2 and 42 dB); text
        // edges differ most, where chroma is shared by four pixels.
        var total = 0, squares = 0, count = 0
        for (index, (a, b)) in zip(first, png).enumerated() where index % 4 != 3 {
            let difference = Int(a) - Int(b)
            total += abs(difference)
            squares += difference * difference
            count += 1
        }
        let mean = Double(total) / Double(count), psnr = 10 * log10(255 * 255 / (Double(squares) / Double(count)))
        #expect(mean < 3, "mean difference \(mean)")
        #expect(psnr > 35, "PSNR \(psnr) dB")
    }

    @Test func gifHasTheFramesSizeAndRate() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // GIF delays are hundredths of a second: 25 frames/s is exact (4), 60 plays at 50 (2).
        for (rate, expected) in [(25, "25/1"), (60, "50/1")] {
            let path = "\(folder)/frames-\(rate).gif"
            try Self.node().writeVideo(try Self.sequence(framesPerSecond: rate), scale: 1, toFile: path, format: .gif, threads: 2)
            #expect(try await Self.probe(path) == Probe(codec: "gif", width: 390, height: 300, rate: expected, frames: Self.frameCount))
        }
    }

    /// Frames drawn by hand, for the formats' edge cases: `colours[i]` fills frame i.
    @discardableResult
    static func write(_ colours: [UIColor], size: (Int, Int) = (40, 30), sizes: [(Int, Int)]? = nil, to path: String, format: VideoFormat,
                      mayBeTransparent: Bool = false, ffmpeg: String? = nil, threads: Int = 3, slowFirst: Bool = false,
                      startEarly: (width: Int, height: Int)? = nil) throws -> FrameVideo {
        let writer = try FrameVideoWriter(path: path, format: format, frameCount: colours.count, framesPerSecond: 60, ffmpeg: ffmpeg,
                                          mayBeTransparent: mayBeTransparent)
        if let startEarly {
            writer.startEarly(width: startEarly.width, height: startEarly.height)
            // Started now, for the size guessed, before any frame.
            #expect(writer.ffmpegSize.map { [$0.width, $0.height] } == [startEarly.width, startEarly.height])
        }
        let driver = try FrameDriver(FrameSequence(offsets: Array(repeating: .zero, count: colours.count)), scale: 1, threads: threads)
        return try writer.write(driver, from: ColourFrames(colours: colours, size: size, sizes: sizes, slowFirst: slowFirst), progress: nil)
    }

    /// Frames drawn by hand for `FrameDriver`: request i fills frame i with `colours[i]`.
    struct ColourFrames: FrameSource {
        let colours: [UIColor]
        let size: (Int, Int)
        let sizes: [(Int, Int)]?
        let slowFirst: Bool

        func capture(_ request: FrameRequest) throws -> CapturedFrame {
            let colour = colours[request.index], (width, height) = sizes?[request.index] ?? size, first = request.index == 0, slowFirst = self.slowFirst
            return .drawing {
                // The first frame finishes last, so the later ones wait for it to be delivered.
                if slowFirst && first { Thread.sleep(forTimeInterval: 0.2) }
                return try Bitmap(pixelWidth: width, pixelHeight: height, scale: 1) { context in
                    context.fill(CGRect(x: 0, y: 0, width: width, height: height), with: colour)
                }
            }
        }

        func skip(_ request: FrameRequest) {}
    }

    static let colours: [UIColor] = [.red, .green, .blue, UIColor(white: 0.5, alpha: 1), .black, .white]

    /// Half-transparent frames: raw and apng carry straight alpha, equal to what the PNG encoder
    /// writes for the same bitmaps; an opaque frame after a transparent first one is coded as RGBA.
    @Test func transparentFramesKeepTheirAlphaInRawAndAPNG() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let colours = [UIColor(red: 1, green: 0.5, blue: 0.2, alpha: 0.3), .blue, UIColor(white: 0.2, alpha: 0.77)]
        for (index, colour) in colours.enumerated() {
            let bitmap = try Bitmap(pixelWidth: 40, pixelHeight: 30, scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 40, height: 30), with: colour) }
            try PNGEncoder().write(bitmap, toFile: String(format: "%@/png/frame_%05d.png", folder, index + 1))
        }
        let png = try await Self.decodeRGBA("\(folder)/png/frame_%05d.png", into: folder)
        try Self.write(colours, to: "\(folder)/frames.rgba", format: .raw)
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/frames.rgba")) == png)
        for transparent in [false, true] {
            let path = "\(folder)/frames-\(transparent).png"
            try Self.write(colours, to: path, format: .apng, mayBeTransparent: transparent)
            #expect(try await Self.decodeRGBA(path, into: folder) == png)
        }
    }

    @Test func anMP4OfOddSizePadsWithBlack() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/odd.mp4"
        let video = try Self.write([.white, .white, .white], size: (41, 31), to: path, format: .mp4)
        #expect(video.pixelWidth == 41 && video.pixelHeight == 31)
        #expect(try await Self.probe(path) == Probe(codec: "h264", width: 42, height: 32, rate: "60/1", frames: 3))
        let first = try await Self.decodeRGBA(path, frames: 1, into: folder)
        // The frame's own pixels stay white; the added column and row are black (H.264 blurs the edge by a few levels).
        func green(_ x: Int, _ y: Int) -> UInt8 { first[(y * 42 + x) * 4 + 1] }
        #expect(green(20, 15) > 240 && green(0, 0) > 240 && green(40, 30) > 200)
        #expect(green(41, 15) < 60 && green(20, 31) < 60)
    }

    /// ffmpeg started before the first frame (`writeVideo` does, for the size it expects) with the
    /// right size or a wrong one (even or odd, which takes other arguments) writes the same file
    /// as ffmpeg started for frame 1: a wrong guess is stopped and ffmpeg started again.
    @Test func anEarlyStartWithAnyGuessWritesTheSameMP4() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let colours = Self.colours
        for size in [(40, 30), (41, 31)] {
            let plain = "\(folder)/plain-\(size.0).mp4"
            try Self.write(colours, size: size, to: plain, format: .mp4)
            let expected = try Data(contentsOf: URL(fileURLWithPath: plain))
            for guess in [size, (64, 48), (41, 31), (40, 30)] {
                let path = "\(folder)/early-\(size.0)-\(guess.0).mp4"
                let video = try Self.write(colours, size: size, to: path, format: .mp4, startEarly: guess)
                #expect(video.pixelWidth == size.0 && video.frameCount == colours.count)
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected, "frames of \(size) after a guess of \(guess)")
            }
        }
        // No stray temporary file is left by the stopped ffmpeg.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix(".mp4") }
        #expect(left.isEmpty, "\(left)")
    }

    /// A palette per frame: ffmpeg's memory does not grow with the frame count (one palette for the
    /// whole sequence would keep all 40 frames, 480 KB each, until the end: 17 MB more).
    @Test func gifMemoryDoesNotGrowWithTheFrames() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func colours(_ count: Int) -> [UIColor] { (0..<count).map { UIColor(red: CGFloat($0) / 40, green: 0.5, blue: 1 - CGFloat($0) / 40, alpha: 1) } }
        let few = try #require(try Self.write(colours(4), size: (400, 300), to: "\(folder)/few.gif", format: .gif).ffmpegPeakMemoryBytes)
        let many = try #require(try Self.write(colours(40), size: (400, 300), to: "\(folder)/many.gif", format: .gif).ffmpegPeakMemoryBytes)
        #expect(few > 0)
        #expect(many < few + 6 << 20, "ffmpeg peaked at \(few >> 10) KB for 4 frames and \(many >> 10) KB for 40")
    }

    @Test func aMissingFFmpegIsNamedWithHowToInstallIt() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = "\(folder)/no-such-ffmpeg"
        #expect(throws: OutputError.ffmpegNotFound(path: missing)) {
            try Self.node().writeVideo(try Self.sequence(), scale: 1, toFile: "\(folder)/frames.mp4", format: .mp4, ffmpeg: missing)
        }
        #expect(!FileManager.default.fileExists(atPath: folder), "nothing is made before ffmpeg is found")
        #expect(OutputError.ffmpegNotFound(path: missing).description.contains("apt-get install -y --no-install-recommends ffmpeg"))
        #expect(OutputError.ffmpegNotFound(path: nil).description.contains("not found on PATH"))
        #expect(throws: OutputError.ffmpegNotFound(path: nil)) { try FFmpegProcess.locate(nil, environment: ["PATH": folder]) }
    }

    @Test func aFailingFFmpegIsReportedWithItsStatusAndMessages() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // An "ffmpeg" that reads nothing, complains and fails, as one with a missing encoder does.
        let fake = "\(folder)/ffmpeg"
        try "#!/bin/sh\necho 'Unknown encoder libx264' >&2\necho 'Conversion failed!' >&2\nexit 3\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let path = "\(folder)/frames.mp4"
        #expect(throws: OutputError.ffmpegFailed(status: 3, signalled: false, stderrTail: "Unknown encoder libx264 / Conversion failed!")) {
            try Self.write(Array(repeating: .red, count: 40), size: (400, 300), to: path, format: .mp4, ffmpeg: fake)
        }
        #expect(OutputError.ffmpegFailed(status: 3, signalled: false, stderrTail: "x").description == "ffmpeg exited with status 3: x")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["ffmpeg"], "no partial or temporary file is left")
    }

    /// An ffmpeg that stops reading without exiting, or that does not exit once its input ends,
    /// is stopped after the stall limit (1 s here; `WeftLimits.ffmpegStallWait` in use) instead
    /// of hanging the render.
    @Test(.timeLimit(.minutes(10))) func aStalledFFmpegIsStoppedAndReported() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let frame = [UInt8](repeating: 7, count: 8 << 20)
        for (name, body, reading) in [("deaf", "echo 'waiting' >&2\nexec sleep 30\n", true), ("stuck", "cat > /dev/null\nexec sleep 30\n", false)] {
            let fake = "\(folder)/\(name)"
            try "#!/bin/sh\n\(body)".write(toFile: fake, atomically: true, encoding: .utf8)
            chmod(fake, 0o755)
            let process = try FFmpegProcess(executable: fake, arguments: [], stallLimit: 1)
            let start = ContinuousClock.now
            var thrown: OutputError?
            let written = frame.withUnsafeBytes { bytes in Result { () throws(OutputError) in try process.write(bytes) } }
            do throws(OutputError) {
                try written.get()
                try process.finish()
            } catch {
                thrown = error
            }
            if case .ffmpegStalled(let seconds, let wasReading, _) = thrown {
                #expect(seconds == 1 && wasReading == reading, "\(name): \(String(describing: thrown))")
            } else {
                Issue.record("\(name): expected ffmpegStalled, got \(String(describing: thrown))")
            }
            #expect(ContinuousClock.now - start < .seconds(15), "\(name) was stopped after its stall limit")
        }
        #expect(OutputError.ffmpegStalled(seconds: 120, reading: true, stderrTail: "").description == "ffmpeg read none of its input for 120 s and was stopped; it printed nothing")
    }

    @Test func aFolderOrStandardOutputIsRefusedForAVideo() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for format in VideoFormat.allCases {
            #expect(throws: OutputError.cannotWrite(path: folder, reason: "is a directory; a video or raw stream is one file")) {
                try Self.node().writeVideo(try Self.sequence(), scale: 1, toFile: folder, format: format)
            }
        }
        #expect(throws: OutputError.cannotWrite(path: "-", reason: "only raw frames can go to standard output; mp4 needs a file")) {
            try Self.node().writeVideo(try Self.sequence(), scale: 1, toFile: "-", format: .mp4)
        }
    }
}

/// `weft frames --format`: the CLI's one-line errors, and a file of each format.
@Suite(.enabled(if: ChildProcess.allowed, "child processes are off under ThreadSanitizer"))
struct VideoCommandTests {
    static let frames = ["frames", "--sample", "bench-feed", "--items", "6", "--width", "100", "--height", "80", "--scale", "1", "--count", "3"]

    static func run(_ arguments: [String]) async throws -> ChildProcess.Outcome {
        try await ChildProcess.run(try #require(ThreadCountCommandTests.weft), frames + arguments, timeLimit: 120)
    }

    @Test(arguments: [
        (["--format", "webm"], "--format must be one of png, mp4, gif, apng, raw, not \"webm\""),
        (["--format", "mp4", "--shard", "1/2"], "--shard 1/2: --format mp4 writes one file and cannot be split into shards"),
        (["--format", "apng", "--code-frames-alone"], "--code-frames-alone: it is for png frames; --format apng writes one file"),
        (["--format", "mp4", "--ffmpeg", "/no/such/ffmpeg"], "--format mp4: ffmpeg was not found at /no/such/ffmpeg"),
        (["--format", "gif", "--output", "-"], "--output -: only --format raw writes to standard output; gif needs a file"),
        (["--format", "raw", "--fps", "0"], "--fps must be 1 to 1000, not 0"),
        (["--fps", "30", "--realtime", "60"], "--fps 30: a --realtime run's frames come at --realtime 60 Hz"),
        (["--format", "apng", "--realtime", "60"], "--realtime: a real-time run writes png frames, not --format apng"),
        (["--format", "apng", "--ffmpeg", "/usr/bin/ffmpeg"], "--ffmpeg /usr/bin/ffmpeg: --format apng does not use ffmpeg"),
    ])
    func badValuesGiveOneLineNamingThem(arguments: [String], message: String) async throws {
        // An output that validation refuses or never reaches: nothing is written.
        let outcome = try await Self.run(arguments.contains("--output") ? arguments : arguments + ["--output", "/nonexistent/weft-never-written"])
        #expect(outcome.status == 64, "\(outcome.output)")
        #expect(outcome.output.hasPrefix("weft: \(message)"), "\(outcome.output)")
        #expect(outcome.output.split(separator: "\n").count == 1, "\(outcome.output)")
    }

    @Test func aFolderAsTheOutputIsNamed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-video-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try await Self.run(["--format", "raw", "--output", folder])
        #expect(outcome.status == 64)
        #expect(outcome.output.hasPrefix("weft: --output \(folder): is a folder; --format raw writes one file"), "\(outcome.output)")
    }

    @Test func aMissingFFmpegSaysHowToInstallIt() async throws {
        let outcome = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                                 ["PATH=/nonexistent", try #require(ThreadCountCommandTests.weft).path] + Self.frames + ["--format", "gif"],
                                                 timeLimit: 120)
        #expect(outcome.status == 64)
        #expect(outcome.output.contains("--format gif: ffmpeg was not found on PATH; install it with `sudo apt-get install -y --no-install-recommends ffmpeg`"),
                "\(outcome.output)")
    }

    @Test(.enabled(if: VideoTools.ffmpeg != nil, "ffmpeg is not installed"), arguments: VideoFormat.allCases)
    func eachFormatWritesItsFile(format: VideoFormat) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-video-cli-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/scroll.\(format.fileExtension)"
        let outcome = try await Self.run(["--format", format.rawValue, "--fps", "20", "--output", path])
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.output.contains("\(path) (\(format.rawValue): 3 frames of 100×80 px at 20 frames/s)"), "\(outcome.output)")
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        if format == .raw { #expect(size == 100 * 80 * 4 * 3) } else { #expect(size > 0) }
        if format != .raw {
            let layout = try await VideoOutputTests.probe(path)
            #expect(layout.frames == 3 && layout.width == 100 && layout.height == 80 && layout.rate == "20/1", "\(layout)")
        }
    }
}
