import Foundation
import SnapshotTesting
import Testing
import Weft
import WeftSnapshotTesting

/// `.accessibilityImage` and `.accessibilityText` through swift-snapshot-testing's record and diff.
@Suite struct AccessibilitySnapshotStrategyTests {
    @Test func imageAndTextRecordMatchAndFail() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-a11y-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = AccessibilitySnapshotTests.screen()
        _ = verifySnapshot(of: screen, as: .accessibilityImage(scale: 1), named: "screen", record: .missing, snapshotDirectory: folder)
        _ = verifySnapshot(of: screen, as: .accessibilityText, named: "screen", record: .missing, snapshotDirectory: folder)
        let text = try #require(FileManager.default.contents(atPath: folder + "/imageAndTextRecordMatchAndFail.screen.txt"))
        #expect(String(decoding: text, as: UTF8.self).hasPrefix("1. \"Welcome.\""))
        #expect(verifySnapshot(of: screen, as: .accessibilityImage(scale: 1), named: "screen", record: .never, snapshotDirectory: folder) == nil)
        #expect(verifySnapshot(of: screen, as: .accessibilityText, named: "screen", record: .never, snapshotDirectory: folder) == nil)

        // A hint changes the legend, not the picture a plain image snapshot would see.
        (screen.subnodes[1] as? ASButtonNode)?.accessibilityHint = "Opens your account."
        #expect(verifySnapshot(of: screen, as: .accessibilityImage(scale: 1), named: "screen", record: .never, snapshotDirectory: folder) != nil)
        #expect(verifySnapshot(of: screen, as: .accessibilityText, named: "screen", record: .never, snapshotDirectory: folder) != nil)
    }
}
