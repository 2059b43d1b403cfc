import Foundation
import Weft

/// `make bench`'s baseline for mp4: ffmpeg alone, run with exactly the arguments `writeVideo` gives
/// it, on exactly the raw frames it is sent, read from a file. Weft's mp4 rate over this rate says
/// how close the whole path (capture, compositing, the pipe) comes to ffmpeg's own limit.
///
/// The arguments and frames are recorded, not rebuilt: `writeVideo` runs a stand-in for ffmpeg that
/// keeps what it is given and leaves an empty file, so the bench never carries a second copy of
/// the writer's arguments that could drift from them. Recording once and running ffmpeg per round
/// lets the bench alternate Weft's runs with ffmpeg's: on a shared machine, load that changes
/// between two separate phases moved the ratio by a third.
/// Main-actor isolated (the sample's data source is a main-actor object).
@MainActor
final class BenchFFmpegAlone {
    private let ffmpeg: String
    private let folder: String
    private let frames: String
    private let arguments: [String]

    /// Records what `writeVideo` sends ffmpeg for `sequence` on `node`, or says why it cannot.
    static func record(_ node: ASCollectionNode, _ sequence: FrameSequence, scale: CGFloat, threads: Int) -> Result<BenchFFmpegAlone, Failure> {
        let ffmpeg: String
        do { ffmpeg = try VideoFormat.ffmpegExecutable() } catch { return .failure(Failure(reason: "\(error)")) }
        let folder = NSTemporaryDirectory() + "weft-bench-ffmpeg-alone-\(getpid())"
        let recorder = folder + "/ffmpeg-recorder", argumentsFile = folder + "/arguments", frames = folder + "/frames.raw"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Arguments one a line (none holds a newline), the input whole, then the output file ffmpeg
            // would have written (its last argument), empty.
            try """
                #!/bin/sh
                printf '%s\\n' "$@" > '\(argumentsFile)'
                cat > '\(frames)'
                for last; do :; done
                : > "$last"

                """.write(toFile: recorder, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: recorder)
            try node.writeVideo(sequence, scale: scale, toFile: folder + "/recorded.mp4", format: .mp4, ffmpeg: recorder, threads: threads)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            return .failure(Failure(reason: "recording ffmpeg's input failed: \(error)"))
        }
        guard var recorded = (try? String(contentsOfFile: argumentsFile, encoding: .utf8))?.split(separator: "\n").map(String.init),
              !recorded.isEmpty else {
            try? FileManager.default.removeItem(atPath: folder)
            return .failure(Failure(reason: "the stand-in recorded no arguments"))
        }
        recorded[recorded.count - 1] = folder + "/alone.mp4"
        return .success(BenchFFmpegAlone(ffmpeg: ffmpeg, folder: folder, frames: frames, arguments: recorded))
    }

    private init(ffmpeg: String, folder: String, frames: String, arguments: [String]) {
        self.ffmpeg = ffmpeg
        self.folder = folder
        self.frames = frames
        self.arguments = arguments
    }

    /// Removes the recorded frames (about 530 MB for the bench feed).
    func discard() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// ffmpeg's wall-clock seconds for one run on the recorded frames.
    func run() -> Result<Double, Failure> {
        guard let input = FileHandle(forReadingAtPath: frames) else { return .failure(Failure(reason: "cannot read \(frames)")) }
        defer { try? input.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        do { try process.run() } catch { return .failure(Failure(reason: "ffmpeg did not start: \(error)")) }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return .failure(Failure(reason: "ffmpeg exited with status \(process.terminationStatus)")) }
        return .success(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// Why ffmpeg alone was not measured.
    struct Failure: Error {
        let reason: String
    }
}
