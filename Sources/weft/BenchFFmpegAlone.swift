import Foundation
import Weft

/// `make bench`'s baseline for mp4: ffmpeg alone, run with exactly the arguments `writeVideo` gives
/// it, on exactly the raw frames it is sent, read from a file. Weft's mp4 rate over this rate says
/// how close the whole path (capture, compositing, the pipe) comes to ffmpeg's own limit.
///
/// The arguments and frames are recorded, not rebuilt: `writeVideo` runs a stand-in for ffmpeg that
/// keeps what it is given and leaves an empty file, so the bench never carries a second copy of
/// the writer's arguments that could drift from them.
/// Main-actor isolated (the sample's data source is a main-actor object).
@MainActor
enum BenchFFmpegAlone {
    /// ffmpeg's wall-clock seconds for each of `runs` runs, or why there are none.
    static func measure(_ node: ASCollectionNode, _ sequence: FrameSequence, scale: CGFloat, threads: Int, runs: Int) -> Result<[Double], Failure> {
        let ffmpeg: String
        do { ffmpeg = try VideoFormat.ffmpegExecutable() } catch { return .failure(Failure(reason: "\(error)")) }
        let folder = NSTemporaryDirectory() + "weft-bench-ffmpeg-alone-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorder = folder + "/ffmpeg-recorder", arguments = folder + "/arguments", frames = folder + "/frames.raw"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Arguments one a line (none holds a newline), the input whole, then the output file ffmpeg
            // would have written (its last argument), empty.
            try """
                #!/bin/sh
                printf '%s\\n' "$@" > '\(arguments)'
                cat > '\(frames)'
                for last; do :; done
                : > "$last"

                """.write(toFile: recorder, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: recorder)
            try node.writeVideo(sequence, scale: scale, toFile: folder + "/recorded.mp4", format: .mp4, ffmpeg: recorder, threads: threads)
        } catch {
            return .failure(Failure(reason: "recording ffmpeg's input failed: \(error)"))
        }
        guard var recorded = (try? String(contentsOfFile: arguments, encoding: .utf8))?.split(separator: "\n").map(String.init),
              !recorded.isEmpty else { return .failure(Failure(reason: "the stand-in recorded no arguments")) }
        recorded[recorded.count - 1] = folder + "/alone.mp4"
        var seconds: [Double] = []
        for _ in 0..<runs {
            guard let input = FileHandle(forReadingAtPath: frames) else { return .failure(Failure(reason: "cannot read \(frames)")) }
            defer { try? input.close() }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ffmpeg)
            process.arguments = recorded
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = DispatchTime.now().uptimeNanoseconds
            do { try process.run() } catch { return .failure(Failure(reason: "ffmpeg did not start: \(error)")) }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return .failure(Failure(reason: "ffmpeg exited with status \(process.terminationStatus)")) }
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return .success(seconds)
    }

    /// Why ffmpeg alone was not measured.
    struct Failure: Error {
        let reason: String
    }
}
