import Foundation
import Testing
import Weft
import WeftTesting
import XCTest

/// Record modes, tolerance, artifact clean-up and failure reporting of WeftTesting.
@Suite struct GoldenModesTests {
    static func store() -> GoldenStore { GoldenStoreTests.store() }
    static func golden(_ store: GoldenStore, _ name: String) -> String { store.goldenDirectory.appendingPathComponent("\(name)@1x.png").path }

    @Test func failedModeRerecordsAMismatchAndAllRecordsEverything() throws {
        let store = Self.store()
        let node = TestSupport.box(CGRect(x: 0, y: 0, width: 4, height: 4), .red)
        #expect(store.verify(node, named: "m/A/x", scale: 1, recording: .success(.failed)) == .recorded(golden: Self.golden(store, "m/A/x")))
        #expect(store.verify(node, named: "m/A/x", scale: 1, recording: .success(.failed)) == nil, "a match is not re-recorded")
        node.backgroundColor = .blue
        #expect(store.verify(node, named: "m/A/x", scale: 1, recording: .success(.failed)) == .recorded(golden: Self.golden(store, "m/A/x")))
        #expect(store.verify(node, named: "m/A/x", scale: 1, recording: .success(.never)) == nil, "the golden now holds the blue box")
        #expect(store.verify(node, named: "m/A/x", scale: 1, recording: .success(.all)) == .recorded(golden: Self.golden(store, "m/A/x")))
        node.backgroundColor = .green
        guard case .mismatch = store.verify(node, named: "m/A/x", scale: 1, recording: .success(.missing)) else {
            Issue.record("missing mode must not overwrite an existing golden")
            return
        }
    }

    @Test func precisionAllowsAFractionOfPixels() throws {
        let store = Self.store()
        let node = TestSupport.box(CGRect(x: 0, y: 0, width: 10, height: 10), .white)
        _ = store.verify(node, named: "t/P/x", scale: 1, recording: .success(.missing))
        node.addSubnode(TestSupport.box(CGRect(x: 0, y: 0, width: 1, height: 1), .black))
        #expect(store.verify(node, named: "t/P/x", scale: 1, recording: .success(.never), tolerance: GoldenTolerance(precision: 0.99)) == nil)
        let failure = store.verify(node, named: "t/P/x", scale: 1, recording: .success(.never), tolerance: GoldenTolerance(precision: 0.995))
        guard case .mismatch(_, 1, let summary, _) = failure else {
            Issue.record("one pixel in 100 must fail precision 0.995, got \(String(describing: failure))")
            return
        }
        #expect(summary.contains("1 of 100 pixels differ") && summary.contains("precision 0.995"), "\(summary)")
    }

    @Test func perceptualPrecisionIgnoresInvisibleChanges() throws {
        let store = Self.store()
        let node = TestSupport.box(CGRect(x: 0, y: 0, width: 6, height: 6), UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        _ = store.verify(node, named: "t/E/x", scale: 1, recording: .success(.missing))
        node.backgroundColor = UIColor(red: 0.5 + 1.0 / 255, green: 0.5, blue: 0.5, alpha: 1)
        guard case .mismatch = store.verify(node, named: "t/E/x", scale: 1, recording: .success(.never)) else {
            Issue.record("exact comparison must see a one-level change")
            return
        }
        #expect(store.verify(node, named: "t/E/x", scale: 1, recording: .success(.never), tolerance: GoldenTolerance(perceptualPrecision: 0.98)) == nil)
        node.backgroundColor = .red
        guard case .mismatch = store.verify(node, named: "t/E/x", scale: 1, recording: .success(.never), tolerance: GoldenTolerance(perceptualPrecision: 0.98)) else {
            Issue.record("a visible change must fail perceptual precision 0.98")
            return
        }
        #expect(store.verify(node, named: "t/E/x", scale: 1, recording: .success(.never), tolerance: GoldenTolerance(precision: 2)) ==
                .invalidTolerance(golden: store.goldenDirectory.appendingPathComponent("t/E/x@1x.png").path, reason: "precision 2.0 is not in 0…1"))
    }

    @Test func artifactsOfAGoldenThatPassesAgainAreRemoved() throws {
        let store = Self.store()
        let node = TestSupport.box(CGRect(x: 0, y: 0, width: 4, height: 4), .red)
        _ = store.verify(node, named: "a/R/x", scale: 1, recording: .success(.missing))
        node.backgroundColor = .blue
        guard case .mismatch(_, _, _, let artifacts) = store.verify(node, named: "a/R/x", scale: 1, recording: .success(.never)) else {
            Issue.record("expected a mismatch")
            return
        }
        #expect(FileManager.default.fileExists(atPath: artifacts.failure))
        node.backgroundColor = .red
        #expect(store.verify(node, named: "a/R/x", scale: 1, recording: .success(.never)) == nil)
        for path in [artifacts.reference, artifacts.failure, artifacts.difference] {
            #expect(!FileManager.default.fileExists(atPath: path), "\(path) was left behind")
        }
    }

    @Test @MainActor func aCollectionGoldenShowsItsCells() throws {
        let store = Self.store()
        let collection = BoxCollection(viewport: CGSize(width: 60, height: 60), counts: [4]) { _ in CGSize(width: 60, height: 20) }
        _ = store.verify(collection.node, named: "c/Boxes/x", scale: 1, recording: .success(.missing))
        let recorded = try UIImage(contentsOf: URL(fileURLWithPath: Self.golden(store, "c/Boxes/x"))).bitmap
        // The first cell's colour, not the collection's white background (which was all a plain
        // `renderBitmap` of a collection drew).
        #expect(recorded.pixel(x: 5, y: 5) != 0xFFFF_FFFF)
        #expect(recorded.pixel(x: 5, y: 5) == (try collection.node.snapshot(at: .zero, scale: 1)).pixel(x: 5, y: 5))
    }

    @Test func aMismatchFailsAnXCTestCase() throws {
        // Swift Testing's `Test.current` is task-local: on a plain thread it is nil, as in an XCTest run.
        // Used by the runner's thread while this one waits: nodes guard their own state.
        nonisolated(unsafe) let node = TestSupport.box(CGRect(x: 0, y: 0, width: 4, height: 4), .red)
        let run = XCTestRunner.run {
            GoldenConfiguration.with(record: .never) {
                expectGolden(node, named: "nodes/ASDisplayNode/does-not-exist-\(UUID().uuidString)", scales: [1])
            }
        }
        #expect(run.failures == 1, "an XCTest case with a missing golden recorded \(run.failures) failures")
        #expect(run.messages.first?.contains("no golden at") == true, "\(run.messages)")
    }
}

/// Runs a closure as the body of an XCTest case on a thread of its own, outside Swift Testing.
enum XCTestRunner {
    struct Outcome: Sendable { let failures: Int; let messages: [String] }

    final class Case: XCTestCase, @unchecked Sendable {
        // SAFETY: written by XCTest on the running thread, read after the thread is joined.
        nonisolated(unsafe) var messages: [String] = []
        override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
            messages.append(description)
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    static func run(_ body: @escaping @Sendable () -> Void) -> Outcome {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome = Outcome(failures: -1, messages: [])
        let thread = Thread {
            let test = Case(name: "golden mismatch") { _ in body() }
            test.run()
            outcome = Outcome(failures: test.testRun?.totalFailureCount ?? -1, messages: (test as Case).messages)
            done.signal()
        }
        thread.start()
        done.wait()
        return outcome
    }
}

/// Layout snapshots and node attribution.
@Suite struct GoldenDiagnosisTests {
    @Test func aFailureNamesTheNodesThatChanged() throws {
        let store = GoldenStoreTests.store()
        let title = TestSupport.box(CGRect(x: 10, y: 10, width: 20, height: 10), .blue)
        title.debugName = "title"
        let host = TestSupport.host(CGSize(width: 60, height: 40), title)
        _ = store.verify(host, named: "d/A/x", scale: 1, recording: .success(.missing))
        title.backgroundColor = .red
        let failure = store.verify(host, named: "d/A/x", scale: 1, recording: .success(.never))
        #expect(failure?.description.contains("ASDisplayNode \"title\": 200 px differ") == true, "\(String(describing: failure))")
    }

    @Test @MainActor func aCollectionFailureNamesTheCellItem() throws {
        let store = GoldenStoreTests.store()
        let collection = BoxCollection(viewport: CGSize(width: 60, height: 60), counts: [4]) { _ in CGSize(width: 60, height: 20) }
        _ = store.verify(collection.node, named: "d/C/x", scale: 1, recording: .success(.missing))
        collection.node.nodeForItem(at: IndexPath(item: 1, section: 0))?.backgroundColor = .black
        let failure = store.verify(collection.node, named: "d/C/x", scale: 1, recording: .success(.never))
        #expect(failure?.description.contains("BoxCell \"box 1\" item 1: 1200 px differ") == true, "\(String(describing: failure))")
    }

    @Test func layoutSnapshotsAreReviewableText() throws {
        let node = ASDisplayNode()
        node.debugName = "card"
        let badge = TestSupport.box(.zero, .red)
        badge.debugName = "badge"
        badge.style.preferredSize = CGSize(width: 10, height: 12.5)
        node.layoutSpecBlock = { _, _ in ASInsetLayoutSpec(insets: UIEdgeInsets(top: 4, left: 6, bottom: 4, right: 6), child: badge) }
        let text = LayoutSnapshot.text(of: node.layoutThatFits(ASSizeRange(exactly: CGSize(width: 50, height: 30))))
        #expect(text == """
            ASDisplayNode "card"  (0, 0, 50, 30)
              ASInsetLayoutSpec  (0, 0, 50, 30)
                ASDisplayNode "badge"  (6, 4, 38, 22)

            """, "\(text)")
        let store = GoldenStoreTests.store()
        #expect(store.verifyText(text, file: "l/card.layout.txt", recording: .success(.missing)) != nil)
        #expect(store.verifyText(text, file: "l/card.layout.txt", recording: .success(.never)) == nil)
        let failure = store.verifyText(text.replacingOccurrences(of: "38, 22", with: "38, 20"), file: "l/card.layout.txt", recording: .success(.never))
        #expect(failure?.description.contains("line 3 +    ASDisplayNode \"badge\"  (6, 4, 38, 20)") == true, "\(String(describing: failure))")
    }
}

/// Goldens named from their tests, and the ones whose tests were deleted.
@Suite struct GoldenNamingTests {
    @Test func goldensOfDeletedTestsAreListed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("weft-inventory-\(UUID().uuidString)")
        let tests = root.appendingPathComponent("Tests/AppTests")
        let goldens = tests.appendingPathComponent("__Goldens__/FeedTests")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        try Data("@Test func feedScrolls() {}\n".utf8).write(to: tests.appendingPathComponent("FeedTests.swift"))
        for name in ["feedScrolls-offset-0480@2x.png", "feedScrolls@1x.png", "removedTest@2x.png", "removedLayout.layout.txt"] {
            try Data().write(to: goldens.appendingPathComponent(name))
        }
        let orphanedFile = tests.appendingPathComponent("__Goldens__/GoneTests")
        try FileManager.default.createDirectory(at: orphanedFile, withIntermediateDirectories: true)
        try Data().write(to: orphanedFile.appendingPathComponent("anything@2x.png"))
        let orphans = GoldenInventory.orphans(under: root).map { URL(fileURLWithPath: $0).lastPathComponent }.sorted()
        #expect(orphans == ["anything@2x.png", "removedLayout.layout.txt", "removedTest@2x.png"], "\(orphans)")
    }

    @Test func aNameFromTheTestIsStoredBesideIt() throws {
        let node = TestSupport.box(CGRect(x: 0, y: 0, width: 3, height: 3), .red)
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Goldens__/GoldenModesTests")
        let golden = folder.appendingPathComponent("aNameFromTheTestIsStoredBesideIt-check@1x.png")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        withKnownIssue("recording fails the test once, by design") {
            expectGolden(node, variant: "check", scales: [1], record: .all)
        }
        #expect(FileManager.default.fileExists(atPath: golden.path), "\(golden.path)")
        expectGolden(node, variant: "check", scales: [1], record: .never)
    }
}
