import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Data {
    /// Writes the file whole or not at all, creating its folder: the bytes go into a temporary file
    /// in the same folder, which is then renamed over `path` (a rename within one file system is
    /// atomic), so a full disk, an error or a crash never leaves a half-written file at `path`, and
    /// a failed write removes its temporary file. Not synced to disk: a power cut may still lose it.
    /// Throws `OutputError.cannotWrite` naming the file and the reason in words.
    func write(toFile path: String) throws(OutputError) {
        guard !path.isEmpty else { throw .cannotWrite(path: "\"\"", reason: "the path is empty") }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        try FileOutput.makeFolder(folder, for: path)
        let temporary = "\(folder)/.\(url.lastPathComponent).\(getpid()).\(FileOutput.nextTemporaryNumber()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw FileOutput.failure(path, errno) }
        var failure: OutputError?
        do throws(OutputError) {
            try FileOutput.writeAll(self, to: fd, path: path)
        } catch {
            failure = error
        }
        // close can report a deferred write error (NFS, quota).
        if close(fd) != 0, failure == nil { failure = FileOutput.failure(path, errno) }
        if failure == nil, rename(temporary, path) != 0 { failure = FileOutput.failure(path, errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }
}

/// The steps of `Data.write(toFile:)`, in POSIX calls so that each failure has its errno.
enum FileOutput {
    private static let counter = Atomic<Int>(0)

    static func nextTemporaryNumber() -> Int { counter.add(1, ordering: .relaxed).newValue }

    /// Writes every byte of `data` to `fd`, retrying short and interrupted writes.
    static func writeAll(_ data: Data, to fd: Int32, path: String) throws(OutputError) {
        let result: Int32 = data.withUnsafeBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
        if result != 0 { throw failure(path, result) }
    }

    /// Creates `folder` and its parents; a file standing where a folder should be is named.
    static func makeFolder(_ folder: String, for path: String) throws(OutputError) {
        if isDirectory(folder) { return }
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o777) == 0 { continue }
            let error = errno
            if error == EEXIST {
                if isDirectory(prefix) { continue }
                throw .cannotWrite(path: path, reason: "\(prefix) is a file, not a folder (not a directory)")
            }
            throw .cannotWrite(path: path, reason: "cannot create the folder \(prefix): \(OutputError.reason(errno: error))")
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func failure(_ path: String, _ error: Int32) -> OutputError {
        .cannotWrite(path: path, reason: OutputError.reason(errno: error))
    }
}
