import Dispatch
import Foundation
import Synchronization

/// Runs a program in a child process without blocking a thread of Swift's cooperative pool while
/// it runs: the tests that spawn long processes (the hostile-input cases, the adoption fixture)
/// would otherwise hold the pool's few threads and starve every other test of the run.
enum ChildProcess {
    /// False under `make sanitize`'s ThreadSanitizer run, which sets `WEFT_NO_CHILD_PROCESSES`:
    /// TSan's fork handling fails a CHECK (`tsan_rtl.cpp:261`, in `ForkChildAfter`) when a process
    /// with many threads starts a child. Those tests run in `make test` and under AddressSanitizer.
    static let allowed = ProcessInfo.processInfo.environment["WEFT_NO_CHILD_PROCESSES"] == nil

    struct Outcome: Sendable {
        let status: Int32
        let signalled: Bool
        let timedOut: Bool
        let output: String
    }

    /// Runs `executable` with `arguments`; standard output and error together in `output`. Past
    /// `timeLimit` seconds the process is killed and the outcome says it timed out.
    static func run(_ executable: URL, _ arguments: [String], timeLimit: TimeInterval) async throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = childEnvironment
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("weft-child-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        let timedOut = Atomic(false)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume()
                return
            }
            let pid = process.processIdentifier
            // Weak: the timer outlives a quick child by up to `timeLimit` (15 minutes for the
            // adoption fixture) and must not keep its Process alive that long.
            DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { [weak process] in
                if process?.isRunning == true {
                    timedOut.store(true, ordering: .relaxed)
                    kill(pid, SIGKILL)
                }
            }
        }
        // swift-corelibs-foundation's Process and the run-loop source it makes in `run()` retain
        // each other, and only `waitUntilExit()` releases the source: without this call every
        // Process (with its environment, arguments and file handles) leaks. The child has already
        // exited, so it returns at once.
        process.waitUntilExit()
        try handle.close()
        guard process.processIdentifier != 0 else { throw ChildProcessError(description: "could not start \(executable.path)") }
        let text = Self.contents(of: log)
        return Outcome(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                       timedOut: timedOut.load(ordering: .relaxed), output: text)
    }

    /// The log's text. An empty log is not read: FoundationEssentials reads a file whose size is 0
    /// through a 4 KB buffer that it never frees when nothing comes (`readBytesFromFile`, Swift
    /// 6.3), and a child that prints nothing is common.
    static func contents(of log: URL) -> String {
        let size = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0
        guard size > 0 else { return "" }
        return (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }

    /// This process's environment, with LeakSanitizer off for children under `make sanitize`:
    /// the children (the CLI, the hostile cases) end by `exit()`, and what they hold then is not
    /// a leak of the library; the test process itself is still checked.
    static var childEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let options = environment["ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options + " detect_leaks=0" }
        // A CI job's parallelism variables would make `weft frames` in a child render one shard;
        // the tests that want a shard set them themselves.
        for name in ["BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", "CI_NODE_INDEX", "CI_NODE_TOTAL"] {
            environment[name] = nil
        }
        return environment
    }

    struct ChildProcessError: Error, CustomStringConvertible { let description: String }
}
