import Dispatch
import Foundation
import Synchronization

/// One queued display job for one node, which a waiter can take over or wait for.
///
/// Made when a node enqueues its display work (`ASDisplayNode.startDisplay`) and kept in the
/// node's display state while it is the latest. The queued job and `waitUntilDisplayed(scale:)`
/// race to `claim()` it: whoever wins draws the request; the other either skips it (the queue)
/// or waits for `finish()` (a waiter that lost to a job already running).
/// Sendable; the phase is owned by its mutex.
final class DisplayTicket: Sendable {
    enum Phase { case queued, running, finished }

    let request: DisplayRequest
    /// The job's place in its async transaction container's transaction, if it is in one: the
    /// job hands its commit there (see `AsyncTransaction`).
    let operation: AsyncTransaction.Operation?
    private let phase = Mutex(Phase.queued)
    /// Entered at creation, left by `finish()`: waiters wait on it.
    private let done = DispatchGroup()

    init(request: DisplayRequest, operation: AsyncTransaction.Operation? = nil) {
        self.request = request
        self.operation = operation
        done.enter()
    }

    /// A dispatch group keeps itself alive while it is entered, so a ticket dropped before
    /// `finish()` would leak its group. Nobody can be waiting then (a waiter holds the ticket), so
    /// leaving here is safe. `startDisplay` makes tickets only for work that finishes them; this
    /// keeps any other path from leaking.
    /// A job never run leaves its transaction too, with nothing to commit, so that the others'
    /// commits are not held for good.
    deinit {
        guard phase.withLock({ $0 != .finished }) else { return }
        done.leave()
        operation?.finish(commit: nil)
    }

    /// Takes the job if nobody has started it; true for the one caller that gets it.
    func claim() -> Bool {
        phase.withLock { phase in
            guard phase == .queued else { return false }
            phase = .running
            return true
        }
    }

    /// Marks the claimed job finished (committed or cancelled) and wakes the waiters.
    func finish() {
        phase.withLock { $0 = .finished }
        done.leave()
    }

    /// Blocks until the job that claimed this ticket has finished, serving the main actor
    /// meanwhile when called on it (the job may need it: an `onDidLoad` block, a display block
    /// that snapshots a collection). Returns false when `BlockingWait`'s limit passed first.
    @discardableResult
    func waitUntilFinished() -> Bool {
        BlockingWait.forGroup(done, "the display job of a \(request.drawType) (generation \(request.generation), scale \(request.scale))")
    }
}

/// Whether the current thread is running a display job (queued, stolen or inline), so that a
/// wait started from inside one never blocks on another job: two jobs waiting for each other, or a
/// job waiting for work behind it on a narrow queue, would deadlock.
enum DisplayJobContext {
    final class Depth { var value = 0 }
    private static let perThread = ThreadLocal { Depth() }

    static var isInsideJob: Bool { perThread.value.value > 0 }

    static func running<R>(_ body: () -> R) -> R {
        let depth = perThread.value
        depth.value += 1
        defer { depth.value -= 1 }
        return body()
    }
}
