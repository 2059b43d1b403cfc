import Dispatch
import Foundation
import Synchronization
import Testing

/// Runs every case of `weft-hostile` in a child process of its own: a crash (a signal), a hang
/// (past the time limit) or a wrong answer (exit 1) fails that case, and the rest still run.
@Suite("Hostile input")
struct HostileInputTests {
    /// Seconds a case may take before it counts as a hang.
    static let timeLimit: TimeInterval = 60

    struct Verdict: Sendable {
        let id: String
        let passed: Bool
        let detail: String
    }

    @Test("every hostile case: no crash, no hang, a clear answer")
    func everyCase() throws {
        let executable = try Self.executable()
        let ids = try Self.run(executable, ["list"], timeLimit: 30).output.split(separator: "\n").map(String.init)
        #expect(ids.count >= 80, "the suite lists only \(ids.count) cases")
        let verdicts = Mutex<[Verdict]>([])
        // Two at a time: the machine has two cores, and some cases use both.
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < ids.count else { return }
                let verdict = Self.verdict(for: ids[index], executable: executable)
                verdicts.withLock { $0.append(verdict) }
            }
        }
        let all = verdicts.withLock { $0 }.sorted { $0.id < $1.id }
        for failed in all where !failed.passed {
            Issue.record("\(failed.id): \(failed.detail)")
        }
        print("hostile input: \(all.filter(\.passed).count) of \(all.count) cases behaved")
    }

    static func verdict(for id: String, executable: URL) -> Verdict {
        do {
            let result = try run(executable, ["run", id], timeLimit: timeLimit)
            if result.timedOut { return Verdict(id: id, passed: false, detail: "hung (killed after \(Int(timeLimit)) s)") }
            if result.signalled { return Verdict(id: id, passed: false, detail: "crashed with signal \(result.status): \(result.output.suffix(600))") }
            if result.status != 0 { return Verdict(id: id, passed: false, detail: result.output.suffix(800).description) }
            return Verdict(id: id, passed: true, detail: "")
        } catch {
            return Verdict(id: id, passed: false, detail: "could not start: \(error)")
        }
    }

    /// The `weft-hostile` executable built beside the test bundle.
    static func executable() throws -> URL {
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                          Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        for folder in candidates {
            let url = folder.appendingPathComponent("weft-hostile")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw HostileHarnessError(description: "weft-hostile not found beside \(candidates.map(\.path))")
    }

    struct HostileHarnessError: Error, CustomStringConvertible { let description: String }

    struct Outcome {
        let status: Int32
        let signalled: Bool
        let timedOut: Bool
        let output: String
    }

    static func run(_ executable: URL, _ arguments: [String], timeLimit: TimeInterval) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("weft-hostile-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        var timedOut = false
        if done.wait(timeout: .now() + timeLimit) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            done.wait()
        }
        try handle.close()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return Outcome(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                       timedOut: timedOut, output: text)
    }
}
