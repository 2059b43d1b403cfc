import Foundation
import Synchronization

/// Lends render lanes to threads that lay out or draw text, one borrower per lane at a time.
///
/// Lanes are made on demand and kept for reuse, so there are as many as threads have ever needed
/// at once: the display queue's width plus any threads that measure text. A borrower never waits.
/// Sendable; use from any context.
final class RenderLanePool: Sendable {
    static let shared = RenderLanePool()

    /// Lanes not lent out; guarded by the mutex.
    private let idle = Mutex<[RenderLane]>([])

    /// Runs `body` with a lane that no other thread uses meanwhile; what pango logs meanwhile names
    /// `subject` (see `GLibLogBridge.subject`).
    func withLane<R>(for subject: String, _ body: (RenderLane) throws -> R) rethrows -> R {
        try GLibLogBridge.$subject.withValue(subject) {
            let lane = idle.withLock { $0.popLast() } ?? RenderLane(configuration: .shared)
            defer { idle.withLock { $0.append(lane) } }
            return try body(lane)
        }
    }
}
