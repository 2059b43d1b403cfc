import Foundation
import Testing

/// Runs every case of `weft-hostile` in a child process of its own: a crash (a signal), a hang
/// (past the time limit) or a wrong answer (exit 1) fails that case, and the rest still run.
@Suite("Hostile input", .enabled(if: ChildProcess.allowed, "child processes are off under ThreadSanitizer"))
struct HostileInputTests {
    /// Seconds a case may take before it counts as a hang. Under AddressSanitizer (`make
    /// sanitize`) Weft runs several times slower, so the limit scales with it: a hang is still
    /// caught, and the cases that render 10,000 cells still finish.
    static let timeLimit: TimeInterval = 60 * (underAddressSanitizer ? sanitizerSlowdown : 1)
    static let underAddressSanitizer = dlsym(nil, "__asan_init") != nil
    static let sanitizerSlowdown: TimeInterval = 5

    struct Verdict: Sendable {
        let id: String
        let passed: Bool
        let detail: String
    }

    @Test("every hostile case: no crash, no hang, a clear answer")
    func everyCase() async throws {
        let executable = try Self.executable()
        let ids = try await ChildProcess.run(executable, ["list"], timeLimit: 30).output.split(separator: "\n").map(String.init)
        #expect(ids.count >= 240, "the suite lists only \(ids.count) cases")
        // Two at a time: the machine has two cores, and some cases use both.
        let all = await withTaskGroup(of: Verdict.self) { group -> [Verdict] in
            var pending = ids[...]
            var verdicts: [Verdict] = []
            for _ in 0..<2 {
                if let id = pending.popFirst() { group.addTask { await Self.verdict(for: id, executable: executable) } }
            }
            for await verdict in group {
                verdicts.append(verdict)
                if let id = pending.popFirst() { group.addTask { await Self.verdict(for: id, executable: executable) } }
            }
            return verdicts.sorted { $0.id < $1.id }
        }
        for failed in all where !failed.passed {
            Issue.record("\(failed.id): \(failed.detail)")
        }
        print("hostile input: \(all.filter(\.passed).count) of \(all.count) cases behaved")
    }

    static func verdict(for id: String, executable: URL) async -> Verdict {
        do {
            let result = try await ChildProcess.run(executable, ["run", id], timeLimit: timeLimit)
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
}
