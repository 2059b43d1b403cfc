import ArgumentParser
import Foundation
import Weft
import WeftSamples

/// `weft frames`: renders a scroll of a sample (a collection, the pager or the table) as a PNG
/// sequence (or, with `--format`, one mp4, gif, apng or raw file), with `--edit` changes of the
/// sample's posts at given frames (animated unless `--no-animation`), or the pager turning its
/// pages (`--to-page`).
struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "frames", abstract: "Render a scroll of a sample (a collection, the pager or the table) as frame_00001.png… or one video file")

    @OptionGroup var collection: CollectionOptions

    @Option(help: "Start offset along the scrolling axis, in points.")
    var from: Double = 0

    @Option(help: "End offset along the scrolling axis, in points (ignored with --velocity or --to-page).")
    var to: Double = 2000

    @Option(name: .customLong("to-page"), help: ArgumentHelp("Turn the pager's pages one at a time, from the page at --from to page INDEX (from 0), in --count frames (samples \(CollectionSample.pagerNames.joined(separator: ", "))).",
                                                           valueName: "INDEX"))
    var toPage: Int?

    @Option(help: "Number of frames (ignored with --velocity).")
    var count = 60

    @Option(help: "How frames move between the offsets: \(FrameSequence.Curve.allCases.map(\.rawValue).joined(separator: ", ")).")
    var curve = "eased"

    @Option(help: "Fling with this initial velocity in points per second, decelerating like UIScrollView.")
    var velocity: Double?

    @Flag(help: "Decelerate at UIScrollView's fast rate instead of its normal one.")
    var fast = false

    @Option(help: "Simulate a frame clock of this many Hz (60 or 120) instead of waiting for every cell, and report blank cells per frame.")
    var realtime: Int?

    @Option(name: .customLong("edit"), help: ArgumentHelp("Edit the sample's posts before a frame, animated as UIKit animates a batch update (repeatable; samples \(CollectionSample.editableNames.joined(separator: ", "))).",
                                                         valueName: EditArgument.syntax))
    var edits: [String] = []

    @Flag(help: "Apply the --edit changes without animation, as performBatch(animated: false).")
    var noAnimation = false

    @Flag(help: "Code each png frame alone (PNGEncoder.copiesUnchangedRows = false) instead of copying the coded rows a scroll moved unchanged from an earlier frame: the same pixels, each file a snapshot's bytes.")
    var codeFramesAlone = false

    @Option(help: "What to write: png (a file per frame, the default), or one file: \(VideoFormat.allCases.map(\.rawValue).joined(separator: ", ")) (mp4 and gif need ffmpeg).")
    var format = "png"

    @Option(name: .shortAndLong, help: "The folder for png frames (default out/frames); the file for the other formats (default out/frames.EXT; - writes raw frames to standard output).")
    var output: String?

    @Option(help: "Frames per second: the video's rate and the rate edits animate at (default 60).")
    var fps: Int?

    @Option(help: "The ffmpeg executable for mp4 and gif (default: ffmpeg on PATH).")
    var ffmpeg: String?

    @Option(help: "Threads that composite and encode frames (default: WEFT_THREADS, or one per core).")
    var threads: String?

    @Option(help: ArgumentHelp("Render only shard INDEX of COUNT (from 1): one contiguous block of the frames, under their numbers in the whole run. Without it, Buildkite's, CircleCI's and GitLab's parallel-job variables choose the shard.",
                               valueName: "INDEX/COUNT"))
    var shard: String?

    /// Frames one run writes at most.
    static let maximumCount = 10_000

    func validate() throws {
        guard from.isFinite else { throw ValidationError("--from must be a finite number of points, not \(from)") }
        guard to.isFinite else { throw ValidationError("--to must be a finite number of points, not \(to)") }
        guard (1...Self.maximumCount).contains(count) else { throw ValidationError("--count must be 1 to \(Self.maximumCount), not \(count)") }
        guard FrameSequence.Curve(rawValue: curve) != nil else {
            throw ValidationError("--curve must be one of \(FrameSequence.Curve.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(curve)\"")
        }
        if let velocity, !velocity.isFinite || abs(velocity) > 1_000_000 {
            throw ValidationError("--velocity must be a number of points a second within ±1000000, not \(velocity)")
        }
        if let realtime, realtime != 60 && realtime != 120 { throw ValidationError("--realtime must be 60 or 120, not \(realtime)") }
        if let realtime, collection.isTable {
            throw ValidationError("--realtime \(realtime): the sample \"\(collection.sample)\" is an ASTableNode, whose frames wait for every row; real-time frames are for the collection samples")
        }
        if let toPage {
            guard CollectionSample.pagerNames.contains(collection.sample) else {
                throw ValidationError("--to-page \(toPage): the sample \"\(collection.sample)\" is not a pager; the pager samples are \(CollectionSample.pagerNames.joined(separator: ", "))")
            }
            guard toPage >= 0 else { throw ValidationError("--to-page must be a page index from 0, not \(toPage)") }
            if let velocity { throw ValidationError("--to-page \(toPage) turns pages; it cannot be combined with --velocity \(velocity)") }
        }
        if let threads, case .failure(let error) = WeftThreads.parse(threads) { throw ValidationError("--threads: \(error)") }
        if let fps, !(1...WeftLimits.maximumFramesPerSecond).contains(fps) {
            throw ValidationError("--fps must be 1 to \(WeftLimits.maximumFramesPerSecond), not \(fps)")
        }
        if let fps, let realtime { throw ValidationError("--fps \(fps): a --realtime run's frames come at --realtime \(realtime) Hz") }
        try validateFormat()
        if realtime != nil, let shard { throw ValidationError("--shard \(shard): a --realtime run follows a clock and cannot be split into shards") }
        _ = try resolvedShard()
        let parsed = try parsedEdits()
        if !parsed.isEmpty, !CollectionSample.editableNames.contains(collection.sample) {
            throw ValidationError("--edit: the sample \"\(collection.sample)\" cannot be edited; the editable samples are \(CollectionSample.editableNames.joined(separator: ", "))")
        }
        if velocity == nil, let late = parsed.first(where: { $0.frame >= count }) {
            throw ValidationError("--edit \"\(late.text)\": frame \(late.frame) is past the last frame, \(count - 1) (--count \(count) frames from 0)")
        }
    }

    /// The `--format`: nil for png files, else the video format.
    func videoFormat() throws -> VideoFormat? {
        if format == "png" { return nil }
        guard let video = VideoFormat(rawValue: format) else {
            throw ValidationError("--format must be one of png, \(VideoFormat.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(format)\"")
        }
        return video
    }

    /// The `--output` path, or the default for the format.
    func outputPath() throws -> String {
        if let output { return output }
        return try videoFormat().map { "out/frames.\($0.fileExtension)" } ?? "out/frames"
    }

    /// What a video format cannot take: a shard, a real-time run, --code-frames-alone, a folder or
    /// "-" as the output, --ffmpeg without ffmpeg's formats, and a missing ffmpeg.
    private func validateFormat() throws {
        guard let video = try videoFormat() else {
            if let ffmpeg { throw ValidationError("--ffmpeg \(ffmpeg): png frames do not use ffmpeg; it is for --format mp4 and gif") }
            return
        }
        if let shard { throw ValidationError("--shard \(shard): --format \(format) writes one file and cannot be split into shards; shards write png frames") }
        if codeFramesAlone { throw ValidationError("--code-frames-alone: it is for png frames; --format \(format) writes one file") }
        if realtime != nil { throw ValidationError("--realtime: a real-time run writes png frames, not --format \(format)") }
        let path = try outputPath()
        if path == "-", video != .raw { throw ValidationError("--output -: only --format raw writes to standard output; \(format) needs a file") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ValidationError("--output \(path): is a folder; --format \(format) writes one file (for example \(path)/frames.\(video.fileExtension))")
        }
        if video.needsFFmpeg {
            do {
                _ = try VideoFormat.ffmpegExecutable(at: ffmpeg)
            } catch {
                throw ValidationError("--format \(format): \(error)")
            }
        } else if let ffmpeg {
            throw ValidationError("--ffmpeg \(ffmpeg): --format \(format) does not use ffmpeg; it is for mp4 and gif")
        }
    }

    /// The shard to render: `--shard`, else the CI's parallelism variables (`ShardArgument`), else nil.
    func resolvedShard() throws -> ShardArgument? {
        try ShardArgument.resolve(option: shard, environment: ProcessInfo.processInfo.environment)
    }

    func parsedEdits() throws -> [EditArgument] { try edits.map { text throws(ValidationError) in try EditArgument(parsing: text) } }

    /// `sequence` with the `--edit` changes scripted at their frames. An edit the sample's posts
    /// cannot take (an index path past them) stops the render with a usage error naming it.
    func scripting(_ sequence: FrameSequence, on sample: ScrollingSample) throws -> FrameSequence {
        var scripted = sequence
        let animated = !noAnimation
        let edits = try parsedEdits()
        guard let first = edits.first else { return sequence }
        guard let editable = sample.collection else {
            throw ValidationError("--edit \"\(first.text)\": the sample \"\(sample.name)\" cannot be edited; the editable samples are \(CollectionSample.editableNames.joined(separator: ", "))")
        }
        for edit in edits {
            guard edit.frame < sequence.count else {
                throw ValidationError("--edit \"\(edit.text)\": frame \(edit.frame) is past the last frame, \(sequence.count - 1)")
            }
            scripted = try scripted.editing(atFrame: edit.frame) { _ in
                do throws(SampleEditError) {
                    try editable.apply(edit.edit, animated: animated)
                } catch {
                    throw ValidationError("--edit \"\(edit.text)\" at frame \(edit.frame): \(error)")
                }
            }
        }
        return scripted
    }

    func run() throws {
        let sample = try collection.makeSample()
        let vertical = sample.scrollsVertically
        func point(_ value: Double) -> CGPoint { vertical ? CGPoint(x: 0, y: value) : CGPoint(x: value, y: 0) }
        var sequence: FrameSequence
        if let toPage, let pager = sample.collection {
            sample.scroll(to: from)
            do {
                sequence = try pager.pageTurns(toPage: toPage, frames: count)
            } catch let error as PageTurnsError {
                throw ValidationError("--to-page \(toPage): \(error)")
            }
        } else if let velocity {
            sequence = try FrameSequence.deceleration(from: point(from), velocity: point(velocity), rate: fast ? .fast : .normal,
                                                      framesPerSecond: fps ?? 60, bounds: sample.contentOffsetRange)
            guard sequence.count <= Self.maximumCount else {
                throw ValidationError("--velocity \(velocity) makes a fling of \(sequence.count) frames; at most \(Self.maximumCount)")
            }
        } else {
            sequence = try FrameSequence.scroll(from: point(from), to: point(to), frames: count, curve: FrameSequence.Curve(rawValue: curve)!)
            if let fps { sequence.framesPerSecond = fps }
        }
        let output = try outputPath()
        sequence = try scripting(sequence, on: sample)
        if let realtime, let node = sample.collection?.collectionNode {
            if let ci = try resolvedShard() {
                FileHandle.standardError.write(Data("weft: \(ci.source) ask for shard \(ci.shard); a --realtime run is not split, so this job renders every frame\n".utf8))
            }
            let frames = try node.realTimeFrames(sequence, scale: CGFloat(collection.scale), framesPerSecond: realtime)
            for (index, frame) in frames.enumerated() {
                try PNGEncoder.frames.write(frame.bitmap, toFile: String(format: "%@/frame_%05d.png", output, index + 1))
                print(String(format: "frame %d at %.3f s: %d of %d visible cells not ready", index + 1, frame.time, frame.notReadyCount, frame.visibleCount))
            }
            let blank = frames.filter { $0.notReadyCount > 0 }.count
            print("\(output)/ (\(frames.count) frames at \(realtime) Hz; \(blank) with blank cells)")
            return
        }
        let threadCount = try threads.map { try WeftThreads.parse($0).get() }
        if let video = try videoFormat() {
            if let ci = try resolvedShard(), ci.shard != .whole {
                FileHandle.standardError.write(Data("weft: \(ci.source) ask for shard \(ci.shard); --format \(format) writes one file, so this job renders every frame\n".utf8))
            }
            let bar = ProgressBar(total: sequence.count, label: "frames")
            let written = try sample.writeVideo(sequence, scale: CGFloat(collection.scale), toFile: output, format: video, ffmpeg: ffmpeg,
                                              threads: threadCount) { bar.update($0) }
            bar.finish()
            var line = "\(output) (\(video.rawValue): \(written.frameCount) frames of \(written.pixelWidth)×\(written.pixelHeight) px at \(written.framesPerSecond) frames/s)"
            if video == .raw {
                line += "; R, G, B, A bytes, straight alpha, \(written.pixelWidth * 4) bytes a row, no header; ffmpeg reads it with -f rawvideo -pixel_format rgba -video_size \(written.pixelWidth)x\(written.pixelHeight) -framerate \(written.framesPerSecond)"
            }
            // Standard output may be the raw frames themselves.
            if output == "-" { FileHandle.standardError.write(Data((line + "\n").utf8)) } else { print(line) }
            return
        }
        // One path for the whole run and a shard of it: the whole sequence is the shard 1/1.
        let chosen = try resolvedShard()
        let shard = chosen?.shard ?? .whole
        let bar = ProgressBar(total: shard.frames(of: sequence.count).count, label: "frames")
        var encoder = PNGEncoder.frames
        encoder.copiesUnchangedRows = !codeFramesAlone
        let paths = try sample.writeFrames(sequence, scale: CGFloat(collection.scale), toFolder: output, shard: shard, encoder: encoder,
                                           threads: threadCount) { bar.update($0) }
        bar.finish()
        if let chosen, shard != .whole {
            let range = paths.isEmpty ? "none: more shards than frames" : "\(paths.first!) … \(paths.last!)"
            print("\(output)/ (shard \(shard) from \(chosen.source): \(paths.count) of \(sequence.count) frames: \(range))")
        } else {
            print("\(output)/ (\(paths.count) frames: \(paths.first ?? "") … \(paths.last ?? ""))")
        }
    }
}
