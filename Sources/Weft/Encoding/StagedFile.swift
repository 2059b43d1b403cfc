import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written whole or not at all, as `Data.write(toFile:)` writes one, for output that
/// arrives in pieces (a video, a raw stream): the bytes go to a temporary file beside `path`,
/// renamed over it by `commit()`; `abandon()` (or a failed commit) removes it. A path that is
/// already something other than a regular file or a folder (`/dev/null`, a named pipe, a terminal)
/// is written directly: renaming over it would replace the device or pipe with a file.
/// Owned by one writer at a time; not Sendable.
final class StagedFile {
    let path: String
    /// Where the bytes are written until `commit()`.
    let temporaryPath: String
    /// True when `path` is a device, pipe or socket written in place (`temporaryPath == path`).
    let direct: Bool
    private var settled = false

    /// Creates `path`'s folder and names the temporary file; throws `OutputError.cannotWrite` for
    /// an empty path, a folder at `path`, or a folder that cannot be made.
    init(path: String) throws(OutputError) {
        guard !path.isEmpty else { throw .cannotWrite(path: "\"\"", reason: "the path is empty") }
        guard !FileOutput.isDirectory(path) else { throw .cannotWrite(path: path, reason: "is a directory; a video or raw stream is one file") }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        try FileOutput.makeFolder(folder, for: path)
        self.path = path
        var info = stat()
        direct = stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG
        temporaryPath = direct ? path : "\(folder)/.\(url.lastPathComponent).\(getpid()).\(FileOutput.nextTemporaryNumber()).tmp"
    }

    /// Opens the temporary file for writing (created, not there before; or the device or pipe)
    /// and returns its descriptor.
    func openForWriting() throws(OutputError) -> Int32 {
        let fd = open(temporaryPath, direct ? O_WRONLY | O_CLOEXEC : O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw FileOutput.failure(path, errno) }
        return fd
    }

    /// Renames the finished temporary file over `path`.
    func commit() throws(OutputError) {
        settled = true
        guard !direct else { return }
        guard rename(temporaryPath, path) == 0 else {
            let error = errno
            unlink(temporaryPath)
            throw FileOutput.failure(path, error)
        }
    }

    /// Removes the temporary file, if there is one.
    func abandon() {
        settled = true
        if !direct { unlink(temporaryPath) }
    }

    deinit { if !settled && !direct { unlink(temporaryPath) } }
}
