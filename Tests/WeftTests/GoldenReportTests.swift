import Foundation
import Testing
import Weft
import WeftTesting

/// The HTML report of golden failures, opened in headless Chromium as a person reviewing the failures would.
@Suite(.enabled(if: ChildProcess.allowed, "child processes are off under ThreadSanitizer")) struct GoldenReportTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func theReportLoadsInChromiumAndShowsEveryFailure() throws {
        let store = GoldenStoreTests.store()
        let first = TestSupport.box(CGRect(x: 0, y: 0, width: 8, height: 8), .red)
        first.debugName = "first subject"
        let second = TestSupport.box(CGRect(x: 0, y: 0, width: 6, height: 6), .green)
        _ = store.verify(first, named: "r/One/a", scale: 1, recording: .success(.missing))
        first.backgroundColor = .blue
        _ = store.verify(first, named: "r/One/a", scale: 1, recording: .success(.never))
        _ = store.verify(second, named: "r/Two/missing", scale: 1, recording: .success(.never))
        let report = store.artifactsDirectory.appendingPathComponent("index.html")
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("Weft golden failures: 2"))
        #expect(!html.contains("http://") && !html.contains("https://"), "the report must not need the network")

        let chromium = try #require(Self.chromium, "Debian's chromium is not installed: `make test` installs it")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("weft-chromium-\(UUID().uuidString)")
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)", "--virtual-time-budget=2000",
                             "--dump-dom", report.absoluteString]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
        #expect(process.terminationStatus == 0)
        #expect(dom.contains("id=\"failure-1\"") && dom.contains("id=\"failure-2\""), "\(dom.prefix(400))")
        #expect(dom.contains("r/One/a@1x.png") && dom.contains("r/Two/missing@1x.png"))
        #expect(dom.contains("ASDisplayNode \"first subject\": 64 px differ"))
        // The script ran: the slider's top image was sized to the image under it.
        #expect(dom.contains("style=\"width: "), "the report's script did not run")
    }
}
