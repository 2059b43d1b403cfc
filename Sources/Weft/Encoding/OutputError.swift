import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why output could not be written. Each message names the file.
public enum OutputError: Error, Equatable, CustomStringConvertible {
    /// The file or its folder could not be written; `reason` says why in words ("permission
    /// denied", "no space left on device", "/out is a file, not a folder (not a directory)").
    case cannotWrite(path: String, reason: String)
    /// The encoder failed; `reason` is its word.
    case encodingFailed(reason: String)
    /// A thread count (`WEFT_THREADS`, `WeftThreads.setCount`, `threads:`) that is not a whole
    /// number from 1 to `WeftLimits.maximumThreads`; the value as given.
    case invalidThreadCount(String)
    /// `ffmpeg` (needed for mp4 and gif) is not where it was looked for: `path` is the explicit path
    /// given, or nil when it was looked for on `PATH`. The message says how to install it.
    case ffmpegNotFound(path: String?)
    /// `ffmpeg` exited with `status` (or was killed by signal `status` when `signalled`) before it
    /// finished the file; `stderrTail` is the end of what it printed (at most
    /// `FFmpegProcess.stderrTailBytes`).
    case ffmpegFailed(status: Int32, signalled: Bool, stderrTail: String)
    /// `ffmpeg` read nothing (or, its input ended, did not exit) for `seconds`
    /// (`WeftLimits.ffmpegStallWait`), and was stopped; `stderrTail` as for `ffmpegFailed`.
    case ffmpegStalled(seconds: TimeInterval, reading: Bool, stderrTail: String)
    /// A frame sequence could not be written as `format`; `reason` names the frame and what was
    /// wrong with it (a size that differs from the first frame's, say).
    case cannotEncode(format: VideoFormat, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "could not write \(path): \(reason)"
        case .encodingFailed(let reason): return "PNG encoding failed: \(reason)"
        case .ffmpegNotFound(let path):
            let install = "install it with `sudo apt-get install -y --no-install-recommends ffmpeg` (Debian, Ubuntu; `make deps` does it as root)"
            if let path { return "ffmpeg was not found at \(path) (no executable file there); \(install), or give the path of an ffmpeg executable" }
            return "ffmpeg was not found on PATH; \(install), or give its path"
        case .ffmpegFailed(let status, let signalled, let tail):
            let how = signalled ? "was killed by signal \(status)" : "exited with status \(status)"
            return "ffmpeg \(how)" + (tail.isEmpty ? " and printed nothing" : ": \(tail)")
        case .ffmpegStalled(let seconds, let reading, let tail):
            let what = reading ? "read none of its input" : "neither worked nor exited after its input ended"
            return "ffmpeg \(what) for \(Int(seconds.rounded())) s and was stopped" + (tail.isEmpty ? "; it printed nothing" : ": \(tail)")
        case .cannotEncode(let format, let reason): return "could not write the frames as \(format.rawValue): \(reason)"
        case .invalidThreadCount(let value):
            return "the thread count \"\(value)\" is not a whole number from 1 to \(WeftLimits.maximumThreads)"
        }
    }

    /// The words for a system error number, lower case as in a sentence.
    static func reason(errno code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "read-only file system"
        case ENOSPC: return "no space left on device"
        case EDQUOT: return "disk quota exceeded"
        case ENOTDIR: return "not a directory (a part of the path is a file)"
        case EISDIR: return "is a directory"
        case ENOENT: return "no such file or directory"
        case ENAMETOOLONG: return "file name too long"
        case EIO: return "input/output error"
        default:
            let words = String(cString: strerror(code))
            return words.prefix(1).lowercased() + words.dropFirst() + " (errno \(code))"
        }
    }
}
