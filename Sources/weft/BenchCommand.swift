import ArgumentParser
import Dispatch
import Foundation
import Weft
import WeftSamples

/// `weft bench`: measures frame sequences, PNG encoding, text-cell display, layout and collections
/// (`make bench`, which runs it at every core and then `--parts frames` at `WEFT_THREADS=1`). A
/// benchmark, not a test: it prints numbers and asserts nothing.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "Measure PNG encoding and cell display throughput.")

    @Option(help: "Repetitions of each PNG measurement; the median is reported.")
    var repetitions = 7

    @Option(help: "Text cells displayed per throughput run.")
    var cells = 2000

    @Option(help: "Runs of each 120-frame scroll; the median is reported.")
    var frameRuns = 3

    enum Part: String, ExpressibleByArgument, CaseIterable {
        case png, cells, layout, collection, frames
    }

    @Option(help: ArgumentHelp("Write the PNG part's frames to this folder as raw cairo ARGB32 files (name-WxH-stride.bgra), to time other encoders on them.",
                               visibility: .hidden))
    var dumpFrames: String?

    @Option(parsing: .upToNextOption, help: "What to measure: png, cells, layout, collection, frames, or all (the default).")
    var parts: [Part] = Part.allCases

    func validate() throws {
        guard (1...1_000).contains(repetitions) else { throw ValidationError("--repetitions must be 1 to 1000, not \(repetitions)") }
        guard (1...100_000).contains(cells) else { throw ValidationError("--cells must be 1 to 100000, not \(cells)") }
        guard (1...100).contains(frameRuns) else { throw ValidationError("--frame-runs must be 1 to 100, not \(frameRuns)") }
    }

    func run() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("machine: \(Self.machine), \(cores) cores, \(ProcessInfo.processInfo.physicalMemory >> 30) GiB; threads: \(WeftThreads.count)"
              + (ProcessInfo.processInfo.environment[WeftThreads.environmentVariable].map { " (\(WeftThreads.environmentVariable)=\($0))" } ?? ""))
        // The samples' data sources are main-actor objects; the command runs on the main thread.
        // fpnge is built once (it takes a while) for the frames part's limit and the PNG part's ratios.
        try MainActor.assumeIsolated {
            let fpnge = parts.contains(.frames) || parts.contains(.png) ? BenchFPNGE.build() : nil
            if let fpnge, case .failure(let unavailable) = fpnge { print("fpnge not available: \(unavailable.reason); its ratios are not printed") }
            if parts.contains(.frames) { try measureFrames(fpnge: fpnge, cores: cores) }
            if parts.contains(.png), let fpnge { try measurePNG(fpnge: fpnge) }
        }
        if parts.contains(.cells) { measureCells(cores: cores) }
        if parts.contains(.layout) { measureLayout(cores: cores) }
        if parts.contains(.collection) {
            try MainActor.assumeIsolated { try measureCollection() }
            try BenchScale.measure()
        }
    }

    /// The CPU's model name, from /proc/cpuinfo where there is one.
    static var machine: String {
        let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = info.split(separator: "\n").first { $0.hasPrefix("model name") }?.split(separator: ":", maxSplits: 1).last
        let simd = PNGEncoder.singlePassUsesAVX2 ? "the single-pass encoder uses AVX2" : "no AVX2: the single-pass encoder runs portable C"
        return "\(model.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU") (\(simd))"
    }

    /// The 120-frame scroll of the bench feed at 1170×2532 px, written as PNG files with each
    /// encoder at `WeftThreads.count` threads; each run on a fresh collection, after its first frame.
    /// The single-pass rate is printed beside its limit (`printFramesLimit`).
    @MainActor
    private func measureFrames(fpnge: Result<BenchFPNGE, BenchFPNGE.Unavailable>?, cores: Int) throws {
        let viewport = CGSize(width: 390, height: 844), threads = WeftThreads.count
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 6000), frames: 120, curve: .linear)
        print("\n== 120-frame scroll of the bench feed, 390×844 pt @3x (1170×2532 px), 0 → 6000 pt, \(threads) thread\(threads == 1 ? "" : "s"), median of \(frameRuns) ==")
        var singlePass: [Double] = []
        var alone = PNGEncoder.frames
        alone.copiesUnchangedRows = false
        var bytesPerFrame: [String: Double] = [:], rates: [String: Double] = [:]
        for (name, encoder) in [("single-pass encoder (PNGEncoder.frames)", PNGEncoder.frames),
                                ("single-pass encoder, each frame coded alone (copiesUnchangedRows = false)", alone),
                                ("libdeflate level 1 (PNGEncoder())", PNGEncoder())] {
            var seconds: [Double] = [], bytes = 0
            for run in 0..<frameRuns {
                let sample = CollectionSample.benchFeed(viewport: viewport, items: 200)
                let node = sample.collectionNode
                _ = try node.snapshot(scale: 3)
                let folder = NSTemporaryDirectory() + "weft-bench-feed-\(getpid())-\(run)"
                defer { try? FileManager.default.removeItem(atPath: folder) }
                var paths: [String] = []
                seconds.append(try time { paths = try node.writeFrames(sequence, scale: 3, toFolder: folder, encoder: encoder, threads: threads) })
                bytes = paths.reduce(0) { total, path in total + ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0) }
            }
            let sorted = seconds.sorted(), median = sorted[sorted.count / 2]
            if singlePass.isEmpty { singlePass = sorted }
            bytesPerFrame[name] = Double(bytes) / 120
            rates[name] = 120 / median
            print(String(format: "%@: %.1f frames/s (%.1f–%.1f; %.1f ms a frame), %.0f KB a frame", name, 120 / median, 120 / sorted.last!,
                         120 / sorted.first!, median * 1000 / 120, Double(bytes) / 120 / 1024))
        }
        if let reusing = bytesPerFrame["single-pass encoder (PNGEncoder.frames)"],
           let lone = bytesPerFrame["single-pass encoder, each frame coded alone (copiesUnchangedRows = false)"] {
            let reusingRate = rates["single-pass encoder (PNGEncoder.frames)"]!, loneRate = rates["single-pass encoder, each frame coded alone (copiesUnchangedRows = false)"]!
            print(String(format: "single-pass rate copying unchanged rows / coding each frame alone: %.1f / %.1f frames/s = %.2f", reusingRate, loneRate,
                         reusingRate / loneRate))
            print(String(format: "single-pass bytes a frame: %.0f KB, %.2f× each frame coded alone (%.0f KB) and %.2f× docs/performance.md's %.0f KB",
                         reusing / 1024, reusing / lone, lone / 1024, reusing / 1024 / Self.documentedFrameKB, Self.documentedFrameKB))
        }
        if let fpnge { try printFramesLimit(singlePass, frames: 120, fpnge: fpnge, threads: min(threads, cores)) }
        try measureVideo(sequence, viewport: viewport, threads: threads)
    }

    /// KB a single-pass frame of this scroll, as docs/performance.md gives it (each frame coded alone).
    static let documentedFrameKB = 139.0

    /// The single-pass frames rate (`seconds`: each run's time for `frames` frames, sorted) beside
    /// the limit on this machine: `threads` (at most the cores) over the time of one frame copy and
    /// fpnge's encode of one frame in cairo's byte order, both measured now on the bench feed's own
    /// frames (`BenchFrames.feed()`); without fpnge, the frame-copy bound alone.
    @MainActor
    private func printFramesLimit(_ seconds: [Double], frames: Int, fpnge: Result<BenchFPNGE, BenchFPNGE.Unavailable>, threads: Int) throws {
        let feed = try BenchFrames.feed()
        let copy = feed.reduce(0) { $0 + Self.frameCopySeconds($1, repetitions: repetitions) } / Double(feed.count)
        let rate = Double(frames) / seconds[seconds.count / 2], slowest = Double(frames) / seconds.last!, fastest = Double(frames) / seconds.first!
        let encoder: String
        let limit: Double
        var note: String?
        switch fpnge {
        case .success(let baseline):
            let encodes = feed.compactMap { baseline.encode($0, repetitions: repetitions)?.seconds }
            guard encodes.count == feed.count else {
                print("limit: not measured, fpnge failed on a bench-feed frame")
                return
            }
            let encode = encodes.reduce(0, +) / Double(encodes.count)
            limit = Double(threads) / (copy + encode)
            encoder = String(format: "one frame copy %.2f ms + fpnge %.2f ms (%@)", copy * 1000, encode * 1000, baseline.input)
            // fpnge's fastest input, for reference: RGB, three channels (the conversion untimed).
            if baseline.readsCairoOrder {
                let rgb = feed.compactMap { baseline.encode($0, repetitions: repetitions, rgb: true)?.seconds }
                if rgb.count == feed.count {
                    let rgbEncode = rgb.reduce(0, +) / Double(rgb.count), rgbLimit = Double(threads) / (copy + rgbEncode)
                    note = String(format: "(fpnge given RGB instead, converted untimed: %.2f ms a frame, a limit of %.1f frames/s; the rate is %.2f of it)",
                                  rgbEncode * 1000, rgbLimit, rate / rgbLimit)
                }
            }
        case .failure(let unavailable):
            limit = Double(threads) / copy
            encoder = String(format: "one frame copy %.2f ms alone: fpnge not available (%@), so this bound leaves out encoding", copy * 1000, unavailable.reason)
        }
        print(String(format: "limit at %d thread%@: %d / (%@), on %d bench-feed frames = %.1f frames/s", threads, threads == 1 ? "" : "s", threads, encoder,
                     feed.count, limit))
        print(String(format: "single-pass frames rate / limit: %.1f / %.1f frames/s = %.2f (%.2f–%.2f)", rate, limit, rate / limit, slowest / limit, fastest / limit))
        if let note { print(note) }
    }

    /// The same scroll written as one file of each `VideoFormat` but raw (mp4 and gif through
    /// ffmpeg, when it is installed), with the file's size and ffmpeg's peak memory.
    @MainActor
    private func measureVideo(_ sequence: FrameSequence, viewport: CGSize, threads: Int) throws {
        guard (try? VideoFormat.ffmpegExecutable()) != nil else {
            print("mp4, gif: not measured, ffmpeg is not installed (sudo apt-get install -y --no-install-recommends ffmpeg)")
            return
        }
        // The limit: ffmpeg alone on the same frames with the same arguments, recorded once and run
        // after each of Weft's mp4 runs, so both see the same load round by round.
        let recordingSample = CollectionSample.benchFeed(viewport: viewport, items: 200)
        _ = try recordingSample.collectionNode.snapshot(scale: 3)
        let alone = BenchFFmpegAlone.record(recordingSample.collectionNode, sequence, scale: 3, threads: threads)
        withExtendedLifetime(recordingSample) {}
        defer { if case .success(let recording) = alone { recording.discard() } }
        var aloneSeconds: [Double] = [], ratios: [Double] = [], aloneFailure: BenchFFmpegAlone.Failure?
        if case .failure(let failure) = alone { aloneFailure = failure }
        for format in [VideoFormat.mp4, .apng, .gif] {
            var seconds: [Double] = [], bytes = 0, ffmpegBytes = 0
            for run in 0..<frameRuns {
                // The sample owns the data source, which the node holds weakly: it must outlive the run.
                let sample = CollectionSample.benchFeed(viewport: viewport, items: 200)
                let node = sample.collectionNode
                _ = try node.snapshot(scale: 3)
                let path = NSTemporaryDirectory() + "weft-bench-feed-\(getpid())-\(run).\(format.fileExtension)"
                defer { try? FileManager.default.removeItem(atPath: path) }
                var video: FrameVideo?
                let weft = try time { video = try node.writeVideo(sequence, scale: 3, toFile: path, format: format, threads: threads) }
                seconds.append(weft)
                bytes = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
                ffmpegBytes = max(ffmpegBytes, video?.ffmpegPeakMemoryBytes ?? 0)
                withExtendedLifetime(sample) {}
                if format == .mp4, aloneFailure == nil, case .success(let recording) = alone {
                    switch recording.run() {
                    case .success(let ffmpeg):
                        aloneSeconds.append(ffmpeg)
                        ratios.append(ffmpeg / weft)
                    case .failure(let failure):
                        aloneFailure = failure
                    }
                }
            }
            let sorted = seconds.sorted(), median = sorted[sorted.count / 2]
            let memory = format.needsFFmpeg ? String(format: ", ffmpeg peak %.0f MB", Double(ffmpegBytes) / 1_048_576) : ""
            print(String(format: "%@ (writeVideo, %@): %.1f frames/s (%.1f–%.1f; %.1f ms a frame), %.0f KB a frame%@", format.rawValue,
                         Self.videoEncoders[format]!, 120 / median, 120 / sorted.last!, 120 / sorted.first!, median * 1000 / 120,
                         Double(bytes) / 120 / 1024, memory))
        }
        if let aloneFailure {
            print("mp4, ffmpeg alone: not measured, \(aloneFailure.reason)")
        } else {
            let times = aloneSeconds.sorted(), rounds = ratios.sorted()
            print(String(format: "mp4, ffmpeg alone (the same arguments, the same 120 raw frames from a file, run after each of Weft's mp4 runs): "
                         + "%.1f frames/s (%.1f–%.1f); Weft's mp4 rate / ffmpeg alone, round by round: %.2f (%.2f–%.2f)",
                         120 / times[times.count / 2], 120 / times.last!, 120 / times.first!, rounds[rounds.count / 2], rounds.first!, rounds.last!))
        }
    }

    static let videoEncoders: [VideoFormat: String] = [
        .mp4: "ffmpeg libx264 ultrafast CRF 18", .apng: "single-pass encoder", .gif: "ffmpeg, a palette per frame, no dithering",
    ]

    @MainActor
    private func measureCollection() throws {
        let viewport = CGSize(width: 390, height: 844)
        print("\n== Collection: the feed sample (photo and text posts under section headers), 390×844 pt ==")
        for count in [1_000, 10_000] {
            let sample = CollectionSample.feed(viewport: viewport, sections: count / 100, itemsPerSection: 100)
            var frame: Bitmap?
            let seconds = try time { frame = try sample.collectionNode.snapshot(scale: 3) }
            print(String(format: "time to first frame, %d items @3x: %.0f ms (%d×%d px)", count, seconds * 1000, frame!.pixelWidth, frame!.pixelHeight))
        }
        for count in [10_000, 100_000] {
            let grid = CollectionSample.grid(viewport: viewport, items: count)
            let seconds = try time { _ = try grid.collectionNode.snapshot(scale: 3) }
            let made = grid.collectionNode.elements.allElements.filter(\.isNodeAllocated).count
            print(String(format: "time to first frame, grid sample (gallery layout delegate), %d items @3x: %.0f ms (%d nodes made)", count, seconds * 1000, made))
        }
        let sample = CollectionSample.feed(viewport: viewport, sections: 10, itemsPerSection: 100)
        let node = sample.collectionNode
        _ = try node.snapshot(scale: 3)
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 6000), frames: 120, curve: .linear)
        let composite = try time { for offset in sequence.offsets { _ = try node.snapshot(at: offset, scale: 3) } }
        print(String(format: "120-frame scroll (6000 pt) @3x, compositing alone: %.1f fps (%.1f ms a frame)", 120 / composite, composite * 1000 / 120))
        let folder = NSTemporaryDirectory() + "weft-bench-frames-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = try time { try node.writeFrames(sequence, scale: 3, toFolder: folder) }
        print(String(format: "the same with PNG output (single-pass encoder, frames composited and encoded on %d threads): %.1f fps (%.1f ms a frame)",
                     WeftThreads.count, 120 / written, written * 1000 / 120))
        for distance in [6000, 60000] as [CGFloat] {
            let scroll = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: distance), frames: 120, curve: .linear)
            for hz in [60, 120] {
                // The sample owns the data source the node holds weakly: kept while the node draws.
                let freshSample = CollectionSample.feed(viewport: viewport, sections: 10, itemsPerSection: 100)
                defer { withExtendedLifetime(freshSample) {} }
                let fresh = freshSample.collectionNode
                try fresh.loadDataIfNeeded()
                let frames = try fresh.realTimeFrames(scroll, scale: 3, framesPerSecond: hz)
                let blank = frames.filter { $0.notReadyCount > 0 }.count
                let cells = frames.reduce(0) { $0 + $1.notReadyCount }
                print("real-time \(hz) Hz, 120 frames over \(Int(distance)) pt: \(blank) frames with blank cells (\(cells) blank cells in all)")
            }
        }
    }

    private func measureLayout(cores: Int) {
        let count = 1000
        print("\n== Layout of \(count) feed cells (header row, ratio photo, 3-line footer) at 390 pt wide ==")
        let avatar = SampleImages.badge(diameter: 36), photo = SampleImages.landscape()
        let range = ASSizeRange(min: CGSize(width: 390, height: 0), max: CGSize(width: 390, height: CGFloat.infinity))
        _ = (0..<50).map { FeedCell(index: $0, avatarImage: avatar, photoImage: photo).layoutThatFits(range) }
        let serialCells = (0..<count).map { FeedCell(index: $0, avatarImage: avatar, photoImage: photo) }
        let serial = time { for cell in serialCells { _ = cell.layoutThatFits(range) } }
        let concurrentCells = (0..<count).map { FeedCell(index: $0, avatarImage: avatar, photoImage: photo) }
        let concurrent = time {
            DispatchQueue.concurrentPerform(iterations: count) { index in _ = concurrentCells[index].layoutThatFits(range) }
        }
        print(String(format: "1 thread: %.3f ms a cell (%.0f cells/s)", serial * 1000 / Double(count), Double(count) / serial))
        print(String(format: "%d threads: %.3f ms a cell (%.0f cells/s)", cores, concurrent * 1000 / Double(count), Double(count) / concurrent))
    }

    /// Each encoder on the flat and photo frames, then Weft's encoder beside its limits on the same
    /// machine: a copy of the frame (memcpy, the least any encoder must do) and fpnge (when its
    /// source is at hand, see `BenchFPNGE`), as ratios on the same frames.
    private func measurePNG(fpnge: Result<BenchFPNGE, BenchFPNGE.Unavailable>) throws {
        print("\n== PNG encoding, 1170×2532 frame (390×844 pt @3x), one thread, median of \(repetitions) ==")
        let flat = try BenchFrames.flat(), photo = try BenchFrames.photo()
        for (name, frame) in [("flat UI (text cells)", flat), ("photo-like (gradient images)", photo)] {
            var singleSize = 0, deflateSize = 0, cairoSize = 0
            let single = median(repetitions) { singleSize = PNGEncoder.frames.encode(frame).count }
            let deflate = median(repetitions) { deflateSize = PNGEncoder().encode(frame).count }
            let cairo = try median(repetitions) { cairoSize = try CairoPNGWriter().encode(frame).count }
            print(String(format: "%@: single pass %.1f ms (%d KB), libdeflate level 1 %.1f ms (%d KB), cairo writer %.1f ms (%d KB)",
                         name, single * 1000, singleSize / 1024, deflate * 1000, deflateSize / 1024, cairo * 1000, cairoSize / 1024))
        }
        let feed = try MainActor.assumeIsolated { try BenchFrames.feed() }
        var frames: [(String, Bitmap)] = [("flat UI", flat), ("photo-like", photo)]
        frames += feed.enumerated().map { ("bench feed at \(BenchFrames.feedOffsets[$0.offset]) pt", $0.element) }
        if let dumpFrames {
            try FileManager.default.createDirectory(atPath: dumpFrames, withIntermediateDirectories: true)
            for (index, (_, frame)) in frames.enumerated() {
                let path = "\(dumpFrames)/frame\(index)-\(frame.pixelWidth)x\(frame.pixelHeight)-\(frame.bytesPerRow).bgra"
                try frame.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
            }
        }
        print("\n== The single-pass encoder beside its limits on this machine, median of \(repetitions) ==")
        var totals = (weft: 0.0, weftBytes: 0, copy: 0.0, fpnge: 0.0, fpngeBytes: 0, fpngeFrames: 0)
        for (index, (name, frame)) in frames.enumerated() {
            var bytes = 0
            let weft = median(repetitions) { bytes = PNGEncoder.frames.encode(frame).count }
            let copy = Self.frameCopySeconds(frame, repetitions: repetitions)
            var line = String(format: "%@: %.2f ms, %d KB; frame copy %.2f ms (encoder %.1f× a copy)", name, weft * 1000, bytes / 1024, copy * 1000,
                              weft / copy)
            if case .success(let baseline) = fpnge {
                if let (seconds, fpngeBytes) = baseline.encode(frame, repetitions: repetitions) {
                    line += String(format: "; fpnge %.2f ms, %d KB (%@): time %.2f× fpnge's, bytes %.3f× fpnge's", seconds * 1000, fpngeBytes / 1024,
                                   baseline.readsCairoOrder ? "BGRA" : "RGB", weft / seconds, Double(bytes) / Double(fpngeBytes))
                    if index >= 2 { (totals.fpnge, totals.fpngeBytes, totals.fpngeFrames) = (totals.fpnge + seconds, totals.fpngeBytes + fpngeBytes, totals.fpngeFrames + 1) }
                } else {
                    line += "; fpnge: failed on this frame"
                }
            }
            if index >= 2 { (totals.weft, totals.weftBytes, totals.copy) = (totals.weft + weft, totals.weftBytes + bytes, totals.copy + copy) }
            print(line)
        }
        var summary = String(format: "bench feed, %d frames: %.2f ms and %d KB a frame; %.1f× a frame copy", feed.count, totals.weft * 1000 / Double(feed.count),
                             totals.weftBytes / feed.count / 1024, totals.weft / totals.copy)
        if totals.fpngeFrames == feed.count {
            summary += String(format: "; time %.2f× fpnge's, bytes %.3f× fpnge's", totals.weft / totals.fpnge, Double(totals.weftBytes) / Double(totals.fpngeBytes))
        }
        print(summary)
    }

    /// The median time to copy `frame`'s bytes (memcpy into a buffer touched beforehand).
    private static func frameCopySeconds(_ frame: Bitmap, repetitions: Int) -> Double {
        frame.withUnsafeBytes { pixels in
            let target = UnsafeMutableRawPointer.allocate(byteCount: pixels.count, alignment: 64)
            defer { target.deallocate() }
            memset(target, 0, pixels.count)
            let times = (0..<repetitions).map { _ in
                let start = DispatchTime.now().uptimeNanoseconds
                memcpy(target, pixels.baseAddress!, pixels.count)
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            }.sorted()
            return times[times.count / 2]
        }
    }

    private func measureCells(cores: Int) {
        print("\n== Text-cell display throughput, \(cells) cells of 390×120 pt @3x ==")
        print("(cells enter display state in batches of 50 and leave it once drawn, as cells scrolling past do)")
        // Warm up: font maps of every lane, the glyph caches and the pixel-buffer pool.
        _ = displayAll(BenchFrames.textCells(200), queue: DisplayQueue(width: cores))
        for width in [1, cores] {
            let nodes = BenchFrames.textCells(cells)
            let seconds = displayAll(nodes, queue: DisplayQueue(width: width))
            print(String(format: "%d thread%@: %.0f cells/s (%.2f ms a cell)", width, width == 1 ? "" : "s",
                         Double(cells) / seconds, seconds * 1000 / Double(cells)))
        }
    }

    /// Displays `cells` on `queue` in batches and returns the seconds it took.
    private func displayAll(_ cells: [ASCellNode], queue: DisplayQueue) -> Double {
        for cell in cells {
            for node in [cell] + cell.subnodes {
                node.displayQueue = queue
                node.setNeedsDisplayAtScale(3)
            }
        }
        return time {
            for start in stride(from: 0, to: cells.count, by: 50) {
                let batch = cells[start..<min(start + 50, cells.count)]
                for cell in batch { cell.recursivelySetInterfaceState(.display) }
                queue.waitUntilIdle()
                for cell in batch { cell.recursivelySetInterfaceState([]) }
            }
        }
    }

    private func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private func median(_ count: Int, _ body: () throws -> Void) rethrows -> Double {
        let times = try (0..<count).map { _ in try time(body) }.sorted()
        return times[times.count / 2]
    }
}

/// The frames and cells the benchmark measures.
enum BenchFrames {
    static let viewport = CGSize(width: 390, height: 844)

    /// A feed-like cell: a bold title and two lines of body text, distinct per index.
    static func textCell(index: Int) -> ASCellNode {
        let cell = ASCellNode()
        cell.frame = CGRect(x: 0, y: 0, width: 390, height: 120)
        cell.backgroundColor = .white
        let title = ASTextNode()
        title.attributedText = NSAttributedString(string: "Post \(index) · 게시물 \(index)", attributes: [.font: UIFont.boldSystemFont(ofSize: 17)])
        title.frame = CGRect(origin: CGPoint(x: 16, y: 12), size: title.calculateSizeThatFits(CGSize(width: 358, height: CGFloat.infinity)))
        let body = ASTextNode()
        body.attributedText = NSAttributedString(
            string: "Cell \(index): node blocks run on background queues, and each cell draws its text with pango into its own backing store before the compositor copies it into the frame.",
            attributes: [.font: UIFont.systemFont(ofSize: 15), .foregroundColor: UIColor.darkGray])
        body.maximumNumberOfLines = 3
        body.frame = CGRect(origin: CGPoint(x: 16, y: 40), size: body.calculateSizeThatFits(CGSize(width: 358, height: CGFloat.infinity)))
        cell.addSubnode(title)
        cell.addSubnode(body)
        return cell
    }

    static func textCells(_ count: Int) -> [ASCellNode] { (0..<count).map(textCell(index:)) }

    /// A column of text cells filling the viewport.
    static func flat() throws -> Bitmap {
        let root = ASDisplayNode()
        root.frame = CGRect(origin: .zero, size: viewport)
        root.backgroundColor = UIColor(white: 0.95, alpha: 1)
        for index in 0..<7 {
            let cell = textCell(index: index)
            cell.frame.origin.y = CGFloat(index) * 122
            root.addSubnode(cell)
        }
        return try root.renderBitmap(scale: 3)
    }

    /// Where `feed()` takes its frames: through the bench feed as the frames part scrolls it.
    static let feedOffsets: [CGFloat] = [0, 1200, 2400, 3600, 4800, 6000]

    /// Frames of the bench feed (the frames part's scroll) at `feedOffsets`, 1170×2532 px.
    @MainActor
    static func feed() throws -> [Bitmap] {
        let sample = CollectionSample.benchFeed(viewport: viewport, items: 200)
        let frames = try feedOffsets.map { try sample.collectionNode.snapshot(at: CGPoint(x: 0, y: $0), scale: 3) }
        withExtendedLifetime(sample) {}
        return frames
    }

    /// Photos filling most of the viewport, as in a photo feed: the worst case for PNG.
    static func photo() throws -> Bitmap {
        let root = ASDisplayNode()
        root.frame = CGRect(origin: .zero, size: viewport)
        root.backgroundColor = .white
        for index in 0..<4 {
            let image = ASImageNode()
            image.image = SampleImages.landscape(size: CGSize(width: 390, height: 205), scale: 3, hue: CGFloat(index) / 4)
            image.frame = CGRect(x: 0, y: CGFloat(index) * 211, width: 390, height: 205)
            root.addSubnode(image)
        }
        return try root.renderBitmap(scale: 3)
    }
}
