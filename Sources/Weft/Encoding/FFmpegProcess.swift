import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `ffmpeg` child process that reads raw frames on its standard input and writes one file.
///
/// Its input is one end of a Unix socket pair rather than a pipe, so that a write after ffmpeg has
/// gone fails with `EPIPE` (`send` with `MSG_NOSIGNAL`) instead of raising SIGPIPE, which would end
/// this process; that needs no process-wide signal setting. Both ends are close-on-exec, so no
/// other child holds the input open and ffmpeg sees its end of input when `finish()` shuts it.
/// Its standard error goes to a temporary file, whose tail names the failure.
/// Owned by one thread at a time (the pipeline's delivering worker); not Sendable.
final class FFmpegProcess {
    /// Bytes of ffmpeg's standard error kept for an error message.
    static let stderrTailBytes = 1_024
    /// The send buffer asked for on ffmpeg's input: 4 MiB, about one 1170×2532 yuv420p frame.
    static let inputBufferBytes = 4 << 20

    private let process = Process()
    private var input: Int32 = -1
    private let log: String
    private var finished = false
    /// ffmpeg's peak resident memory (VmHWM), read by `finish()` from /proc when its input ends and
    /// again each time it looks whether ffmpeg has exited, until it has; nil before then or where
    /// there is no /proc. Not only when the input ends: a short input may fit ffmpeg's input
    /// buffer whole (`inputBufferBytes`) and end before ffmpeg has even set up its encoder.
    private(set) var peakMemoryBytes: Int?
    /// Seconds ffmpeg may stall (`WeftLimits.ffmpegStallWait`): a send that moves no byte for
    /// this long fails (`SO_SNDTIMEO`), and so does a wait for its exit.
    private let stallLimit: TimeInterval

    /// The ffmpeg to run: `explicitPath` when given (it must be an executable file), else the first
    /// executable `ffmpeg` in `PATH`. Throws `OutputError.ffmpegNotFound`.
    static func locate(_ explicitPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(OutputError) -> String {
        func executable(_ path: String) -> Bool { !FileOutput.isDirectory(path) && access(path, X_OK) == 0 }
        if let explicitPath {
            guard executable(explicitPath) else { throw .ffmpegNotFound(path: explicitPath) }
            return explicitPath
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        guard let found = folders.map({ "\($0)/ffmpeg" }).first(where: executable) else { throw .ffmpegNotFound(path: nil) }
        return found
    }

    /// Starts `executable` with `arguments` (which read `pipe:0`).
    init(executable: String, arguments: [String], stallLimit: TimeInterval = WeftLimits.ffmpegStallWait) throws(OutputError) {
        self.stallLimit = stallLimit
        log = NSTemporaryDirectory() + "weft-ffmpeg-\(getpid())-\(FileOutput.nextTemporaryNumber()).log"
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .cannotWrite(path: "a socket for ffmpeg's input", reason: OutputError.reason(errno: errno))
        }
        input = ends[0]
        defer { close(ends[1]) }
        var timeout = timeval(tv_sec: Int(stallLimit.rounded(.down)), tv_usec: Int((stallLimit - stallLimit.rounded(.down)) * 1e6))
        setsockopt(input, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // A frame's worth of buffer (capped by the kernel at net.core.wmem_max), so that a frame
        // goes over in a few sends rather than one per default buffer (about 200 KB), each waking
        // ffmpeg's reader and this thread again. Best effort: a smaller buffer only costs time.
        var bufferBytes = Int32(Self.inputBufferBytes)
        setsockopt(input, SOL_SOCKET, SO_SNDBUF, &bufferBytes, socklen_t(MemoryLayout<Int32>.size))
        guard FileManager.default.createFile(atPath: log, contents: nil), let logHandle = FileHandle(forWritingAtPath: log) else {
            close(input)
            throw .cannotWrite(path: log, reason: "cannot create ffmpeg's log")
        }
        defer { try? logHandle.close() }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = logHandle
        do {
            try process.run()
        } catch {
            close(input)
            unlink(log)
            throw .ffmpegNotFound(path: executable)
        }
    }

    /// Writes every byte to ffmpeg's input. When ffmpeg has gone (it failed, or stopped reading),
    /// waits for it and throws `ffmpegFailed` with its status and the tail of its standard error.
    func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        try write(segments: [bytes])
    }

    /// Writes the bytes of `segments`, in order, to ffmpeg's input with gathering sends
    /// (`sendmsg`): the pieces are read where they lie, with no copy into one buffer first. Fails
    /// as `write(_:)` does.
    func write(segments: [UnsafeRawBufferPointer]) throws(OutputError) {
        var pieces = segments.filter { $0.count > 0 }.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
        var next = 0
        while next < pieces.count {
            // At most IOV_MAX (1024 on Linux) pieces a call.
            let count = min(pieces.count - next, 1_024)
            let sent = pieces.withUnsafeMutableBufferPointer { all -> Int in
                var message = msghdr()
                message.msg_iov = all.baseAddress! + next
                message.msg_iovlen = count
                return sendmsg(input, &message, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                let error = errno
                if error == EINTR { continue }
                try fail(errno: error)
            }
            // Past the pieces sent whole; into the one sent in part.
            var left = sent
            while left > 0, next < pieces.count {
                if left >= pieces[next].iov_len {
                    left -= pieces[next].iov_len
                    next += 1
                } else {
                    pieces[next].iov_base = pieces[next].iov_base! + left
                    pieces[next].iov_len -= left
                    left = 0
                }
            }
        }
    }

    /// A send that failed with `error`: ffmpeg's failure when it has gone, else a stall or a
    /// write error. Always throws.
    private func fail(errno error: Int32) throws(OutputError) {
        if error == EPIPE || error == ECONNRESET { try finish() }
        if error == EAGAIN || error == EWOULDBLOCK {
            let tail = cancelReadingLog()
            throw .ffmpegStalled(seconds: stallLimit, reading: true, stderrTail: tail)
        }
        cancel()
        throw .cannotWrite(path: "ffmpeg's input", reason: OutputError.reason(errno: error))
    }

    /// Ends ffmpeg's input and waits for it to write its file; throws `ffmpegFailed` unless it
    /// exits with status 0. An ffmpeg that exits 0 after it stopped reading early is a failure too.
    func finish() throws(OutputError) {
        guard !finished else { return }
        finished = true
        peakMemoryBytes = Self.peakMemory(of: process.processIdentifier)
        shutdown(input, Int32(SHUT_WR))
        close(input)
        // ffmpeg may still be working (mp4's faststart rewrites the whole file once its input
        // ends): the limit counts from the last time it used the processor, not from here.
        // Looks every millisecond whether it has exited (its last frames and the faststart rewrite
        // take tens of milliseconds, which a coarser look would round up: the run's time is the
        // writer's), and every 20 ms at its processor time and memory.
        let limit = Duration.milliseconds(Int64(stallLimit * 1_000))
        var lastBusy = ContinuousClock.now, lastTicks = Self.processorTicks(of: process.processIdentifier)
        var lastLook = ContinuousClock.now
        while process.isRunning && ContinuousClock.now - lastBusy < limit {
            usleep(1_000)
            guard ContinuousClock.now - lastLook >= .milliseconds(20) else { continue }
            lastLook = ContinuousClock.now
            let ticks = Self.processorTicks(of: process.processIdentifier)
            if let peak = Self.peakMemory(of: process.processIdentifier) { peakMemoryBytes = max(peakMemoryBytes ?? 0, peak) }
            if ticks != lastTicks { (lastTicks, lastBusy) = (ticks, ContinuousClock.now) }
        }
        if process.isRunning {
            stop()
            let tail = Self.tail(of: log)
            unlink(log)
            throw .ffmpegStalled(seconds: stallLimit, reading: false, stderrTail: tail)
        }
        // Also releases the Process and its run-loop source, which keep each other alive until then.
        process.waitUntilExit()
        let tail = Self.tail(of: log)
        unlink(log)
        let signalled = process.terminationReason == .uncaughtSignal
        guard process.terminationStatus == 0, !signalled else {
            throw .ffmpegFailed(status: process.terminationStatus, signalled: signalled, stderrTail: tail)
        }
    }

    /// Stops ffmpeg (SIGTERM) and waits for it, after a failure elsewhere; its file is left to the
    /// caller to remove.
    func cancel() {
        guard !finished else { return }
        finished = true
        shutdown(input, Int32(SHUT_WR))
        close(input)
        stop()
        unlink(log)
    }

    /// Ends ffmpeg: SIGTERM, then SIGKILL if it is still running a second later. A child started
    /// from a dispatch worker thread inherits that thread's blocked signals, SIGTERM among them,
    /// so SIGTERM alone may never arrive; SIGKILL cannot be blocked.
    private func stop() {
        if process.isRunning {
            process.terminate()
            let deadline = ContinuousClock.now + .seconds(1)
            while process.isRunning && ContinuousClock.now < deadline { usleep(2_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
    }

    /// `cancel()`, returning the tail of ffmpeg's standard error for the error that says why.
    private func cancelReadingLog() -> String {
        let tail = Self.tail(of: log)
        cancel()
        return tail
    }

    deinit { cancel() }

    /// The processor time (user and system clock ticks, fields 14 and 15 of /proc/`pid`/stat) the
    /// process has used; nil where there is no /proc.
    private static func processorTicks(of pid: Int32) -> Int? {
        guard let stat = procFile("/proc/\(pid)/stat"),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name (which may hold spaces), from field 3 on.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// A /proc file's text, read with `read(2)` until its end. Not `String(contentsOfFile:)`:
    /// swift-corelibs-foundation 6.3.1 leaked its 4 KiB buffer reading /proc (seen under
    /// LeakSanitizer, with the file of a child that was exiting), and /proc files report size 0.
    private static func procFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The VmHWM line of /proc/`pid`/status, in bytes.
    private static func peakMemory(of pid: Int32) -> Int? {
        guard let status = procFile("/proc/\(pid)/status"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    /// The end of the log, on one line: at most `stderrTailBytes`, lines joined by " / ".
    private static func tail(of path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > UInt64(stderrTailBytes) ? size - UInt64(stderrTailBytes) : 0)
        let bytes = (try? handle.readToEnd()) ?? Data()
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " / ")
    }
}
