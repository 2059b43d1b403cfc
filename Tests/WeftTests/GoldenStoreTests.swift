import Foundation
import Testing
import Weft
import WeftTesting

@Suite struct GoldenStoreTests {
    static func store() -> GoldenStore {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("weft-golden-\(UUID().uuidString)")
        return GoldenStore(goldenDirectory: root.appendingPathComponent("golden"), artifactsDirectory: root.appendingPathComponent("artifacts"))
    }

    @Test func recordingModeIsValidated() {
        #expect(GoldenRecording.fromEnvironment([:]) == .success(.never))
        #expect(GoldenRecording.fromEnvironment(["WEFT_RECORD_GOLDENS": "missing"]) == .success(.missing))
        #expect(GoldenRecording.fromEnvironment(["WEFT_RECORD_GOLDENS": "yes"]) == .failure(.invalidRecordingMode(value: "yes")))
        #expect(GoldenRecording.fromEnvironment(["WEFT_RECORD_GOLDENS": "missing", "CI": "true"]) == .failure(.recordingUnderCI(value: "missing")))
        for mode in GoldenRecording.allCases {
            #expect(GoldenRecording.fromEnvironment(["WEFT_RECORD": mode.rawValue]) == .success(mode))
        }
        #expect(GoldenRecording.fromEnvironment(["WEFT_RECORD": "sometimes"]) == .failure(.invalidRecordingMode(value: "sometimes")))
        #expect(GoldenRecording.fromEnvironment(["WEFT_RECORD": "all", "CI": "1"]) == .failure(.recordingUnderCI(value: "all")))
        #expect(GoldenRecording.fromEnvironment(["WEFT_RECORD": "all", "CI": "1", "WEFT_RECORD_IN_CI": "1"]) == .success(.all))
        #expect(GoldenRecording.fromEnvironment(["WEFT_RECORD": "never", "CI": "1"]) == .success(.never))
    }

    @Test func missingGoldensFailAndRecordOnlyWhenAsked() throws {
        let store = Self.store()
        let node = TestSupport.box(CGRect(x: 0, y: 0, width: 4, height: 4), .red)
        guard case .missing = store.verify(node, named: "a/B/c", scale: 1, recording: .success(.never)) else {
            Issue.record("a missing golden must fail")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: store.goldenDirectory.appendingPathComponent("a/B/c@1x.png").path))
        #expect(store.verify(node, named: "a/B/c", scale: 1, recording: .success(.missing)) == .recorded(golden: store.goldenDirectory.appendingPathComponent("a/B/c@1x.png").path))
        #expect(store.verify(node, named: "a/B/c", scale: 1, recording: .success(.never)) == nil)
    }

    @Test func mismatchesWriteReferenceFailureAndDifference() throws {
        let store = Self.store()
        let node = TestSupport.box(CGRect(x: 0, y: 0, width: 4, height: 4), .red)
        _ = store.verify(node, named: "x/Y/z", scale: 2, recording: .success(.missing))
        node.addSubnode(TestSupport.box(CGRect(x: 0, y: 0, width: 1, height: 1), .blue))
        let failure = store.verify(node, named: "x/Y/z", scale: 2, recording: .success(.never))
        guard case .mismatch(_, let count, let summary, let artifacts) = failure else {
            Issue.record("expected a mismatch, got \(String(describing: failure))")
            return
        }
        #expect(count == 4)
        #expect(summary.hasPrefix("4 of 64 pixels differ"), "\(summary)")
        for path in [artifacts.reference, artifacts.failure, artifacts.difference] {
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        }
        #expect(artifacts.difference.hasSuffix("x/Y/z@2x.difference.png"))
        node.frame = CGRect(x: 0, y: 0, width: 5, height: 4)
        guard case .sizeMismatch = store.verify(node, named: "x/Y/z", scale: 2, recording: .success(.never)) else {
            Issue.record("expected a size mismatch")
            return
        }
    }
}
