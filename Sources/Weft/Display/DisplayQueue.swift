import Dispatch
import Foundation
import Synchronization

/// The concurrent queue on which nodes draw their backing stores; Texture's display queue.
///
/// Width: at most `width` worker threads (the shared queue has one per active core, as cairo and
/// pango gain nothing from more, or `WEFT_THREADS`), started when work arrives and ended after five idle seconds.
/// Order: first in, first out.
/// Priority: user-initiated. Cancellation is the job's own: a display job checks its node's
/// generation before drawing and before committing (see `ASDisplayNode+Display.swift`).
/// Text inside a job borrows a render lane from `RenderLanePool`, so pango state never crosses jobs.
/// Tests make their own narrow queues and assign them to `ASDisplayNode.displayQueue`.
/// Sendable; use from any context.
public final class DisplayQueue: Sendable {
    /// The queue every node uses unless told otherwise; as wide as `WeftThreads.count` when first used.
    public static let shared = DisplayQueue(width: WeftThreads.count)

    /// How many jobs run at once at most.
    public let width: Int

    private struct Pending {
        /// Jobs from `head` on are waiting; slots before it are nil. A slot is emptied as its job
        /// is taken: a job holds its node, and a node holds its queue (`displayQueue`), so a
        /// finished job left in its slot would keep its node and backing store alive, and with a
        /// queue of the node's own, form a cycle (queue → job → node → queue) that nothing frees.
        var jobs: [(@Sendable () -> Void)?] = []
        var head = 0
        var threadsStarted = 0
    }

    /// Jobs waiting and the worker count; guarded by the mutex.
    private let pending = Mutex(Pending())
    /// Counts jobs waiting; each worker takes one count per job it runs.
    private let available = DispatchSemaphore(value: 0)
    /// Entered per enqueued job, left when it has run: `waitUntilIdle` waits on it.
    private let outstanding = DispatchGroup()

    /// A queue running at most `width` jobs at once (at least 1).
    public init(width: Int) {
        self.width = max(1, width)
    }

    /// Adds a job; it runs on one of the queue's threads.
    func enqueue(_ job: @escaping @Sendable () -> Void) {
        outstanding.enter()
        let startThread = pending.withLock { state -> Bool in
            state.jobs.append(job)
            guard state.threadsStarted < width else { return false }
            state.threadsStarted += 1
            return true
        }
        if startThread {
            let thread = Thread { [self] in workerLoop() }
            thread.name = "weft.display"
            thread.qualityOfService = .userInitiated
            thread.start()
        }
        available.signal()
    }

    /// Blocks until every job enqueued so far, and any they enqueued, has run; on the main actor
    /// it keeps serving it (a job may need it). Gives up with a diagnostic after
    /// `WeftLimits.blockingWait` (see `BlockingWait`).
    public func waitUntilIdle() {
        BlockingWait.forGroup(outstanding, "DisplayQueue.waitUntilIdle()")
    }

    /// How long an idle worker waits for work before its thread ends (a later job starts another).
    static let idleTimeout: DispatchTimeInterval = .seconds(5)

    private func workerLoop() {
        while true {
            if available.wait(timeout: .now() + Self.idleTimeout) == .timedOut {
                // Leave only if no job is waiting; deciding under the lock keeps the count of
                // workers right for `enqueue`, which starts a new one when there are too few.
                let leave = pending.withLock { state -> Bool in
                    guard state.head == state.jobs.count else { return false }
                    state.threadsStarted -= 1
                    return true
                }
                if leave { return }
                continue
            }
            // The job is released before it counts as done, so a waiter that wakes from
            // `waitUntilIdle` finds nothing of it still held here.
            do {
                let job = pending.withLock { state -> (@Sendable () -> Void) in
                    let job = state.jobs[state.head]!
                    state.jobs[state.head] = nil
                    state.head += 1
                    // Drop the emptied slots now and then, so the array stays as long as the backlog.
                    if state.head > 1024 && state.head * 2 > state.jobs.count {
                        state.jobs.removeFirst(state.head)
                        state.head = 0
                    }
                    return job
                }
                job()
            }
            outstanding.leave()
        }
    }
}
