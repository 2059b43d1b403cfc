// The cost of one verified device snapshot through swift-snapshot-testing, as an app's test suite
// pays it: a fresh controller, `verifySnapshot(of:as: .image(on: .iPhone13))` (render at 1170×2532
// px, read the reference PNG, check the rendering against it). Recorded once first, into the generated
// package's __Snapshots__ folder, then verified WEFT_SNAPSHOT_RUNS times (10 by default).
// scripts/bench-snapshot-testing.sh runs it in debug and in release builds.
import Foundation
import SnapshotTesting
import Weft
import WeftSnapshotTesting
import XCTest
import FeedApp

/// Not main-actor isolated as a class: swift-corelibs-xctest cannot call a main-actor test method
/// (it aborts casting it); it runs tests on the main thread, where the body assumes the main actor.
final class FeedSnapshotBench: XCTestCase {
    func testVerifiedDeviceSnapshot() throws {
        let runs = ProcessInfo.processInfo.environment["WEFT_SNAPSHOT_RUNS"].flatMap { Int($0) } ?? 10
        let milliseconds = MainActor.assumeIsolated { () -> [Double] in
            // Recording reports itself as a failure message ("Record mode is on"); it is not one here.
            _ = verifySnapshot(of: FeedController(), as: .image(on: .iPhone13), named: "feed", record: .all)
            var milliseconds: [Double] = []
            for _ in 0..<max(1, runs) {
                let clock = ContinuousClock()
                var failure: String?
                let elapsed = clock.measure {
                    failure = verifySnapshot(of: FeedController(), as: .image(on: .iPhone13), named: "feed", record: .never)
                }
                XCTAssertNil(failure, "the recorded snapshot does not verify")
                milliseconds.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
            }
            return milliseconds
        }
        let sorted = milliseconds.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        print(String(format: "weft-snapshot-bench: one verified .image(on: .iPhone13) snapshot: median %.1f ms (%.1f–%.1f) over %d runs",
                     median, sorted.first!, sorted.last!, sorted.count))
    }
}
