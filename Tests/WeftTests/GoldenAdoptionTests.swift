import Foundation
import Testing

/// Builds and runs the fixture package Tests/Fixtures/GoldenAdoption, which uses WeftTesting the
/// way an app's tests would (only `import Weft` and `import WeftTesting`), and checks that a golden
/// mismatch fails its test under XCTest and under Swift Testing, with the numbers in the message,
/// while a matching golden passes under both.
@Suite struct GoldenAdoptionTests {
    @Test(.timeLimit(.minutes(10))) func aMismatchFailsUnderXCTestAndSwiftTesting() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fixture = root.appendingPathComponent("Tests/Fixtures/GoldenAdoption")
        let swift = ProcessInfo.processInfo.environment["SWIFT_EXEC_FOR_FIXTURES"] ?? "swift"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [swift, "test", "--package-path", fixture.path,
                             "--scratch-path", root.appendingPathComponent(".build/fixtures/golden-adoption").path]
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("weft-adoption-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = try String(contentsOf: log, encoding: .utf8)
        #expect(process.terminationStatus != 0, "the fixture's failing goldens did not fail its run:\n\(output.suffix(2000))")
        #expect(output.contains("XCTestGoldens.testMismatchFails : failed - 16 of 16 pixels differ"), "\(output.suffix(3000))")
        #expect(output.contains("Test Case 'XCTestGoldens.testMatchingGoldenPasses' passed"), "\(output.suffix(3000))")
        #expect(output.contains("Executed 2 tests, with 1 failure"), "\(output.suffix(3000))")
        #expect(output.contains("✘ Test mismatchFails() failed"), "\(output.suffix(3000))")
        #expect(output.contains("16 of 16 pixels differ (100.000 %), largest ΔE 100.6"), "\(output.suffix(3000))")
        #expect(output.contains("✔ Test matchingGoldenPasses() passed"), "\(output.suffix(3000))")
    }
}
