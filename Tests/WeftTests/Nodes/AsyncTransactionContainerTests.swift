import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Weft

/// What happened, in order, across the display threads and the test.
private final class EventLog: Sendable {
    private let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
    func index(of event: String) -> Int? { all.firstIndex(of: event) }
}

/// A node that logs its drawing and its commit; given a gate, its drawing first waits at it (on
/// its own display queue's thread, never the test's) for the test's signal, with no time bound:
/// each test opens its gate however it ends (`defer`). A bound (60 s) let a display pass the gate
/// on its own while a loaded machine (the sanitizer runs) had not run the test's task for minutes,
/// and the test then saw a display it had not let through.
private final class LoggingNode: ASDisplayNode, @unchecked Sendable {
    // SAFETY: `log` and `name` are Sendable and immutable.
    let log: EventLog
    let name: String
    init(_ name: String, log: EventLog, gate: DispatchSemaphore?) {
        self.log = log
        self.name = name
        super.init()
        frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        if gate != nil { displayQueue = DisplayQueue(width: 1) }
        displayBlock = { bounds, context, _ in
            gate?.wait()
            context.fill(Path(rect: bounds), with: .red)
            log.append("\(name) drawn")
        }
    }
    override func displayDidFinish() {
        super.displayDidFinish()
        log.append("\(name) committed")
    }
}

/// A root with a fast node and a slow one held at a gate, both queued for display.
private enum FastAndSlow {
    static func displayed(container: Bool) -> (EventLog, DispatchSemaphore, ASDisplayNode, LoggingNode, LoggingNode) {
        let log = EventLog(), gate = DispatchSemaphore(value: 0)
        let root = ASDisplayNode()
        let fast = LoggingNode("fast", log: log, gate: nil), slow = LoggingNode("slow", log: log, gate: gate)
        root.addSubnode(fast)
        root.addSubnode(slow)
        root.asyncdisplaykit_asyncTransactionContainer = container
        root.recursivelySetInterfaceState([.preload, .display])
        return (log, gate, root, fast, slow)
    }
}

@Suite struct AsyncTransactionContainerTests {
    /// Waits on the test's task (never blocking a thread) until `condition` holds, 30 s at most.
    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<3_000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    }

    /// The transaction itself: commits are held until the last display of the batch finished,
    /// then run in the order the displays joined; one with nothing to commit still counts; the
    /// next display opens a new batch.
    @Test func aTransactionCommitsTogetherInJoinOrder() {
        let transaction = AsyncTransaction(), log = EventLog()
        let first = transaction.join(), second = transaction.join(), third = transaction.join()
        second.finish { log.append("second") }
        first.finish(commit: nil)
        #expect(log.all.isEmpty && transaction.isPending)
        third.finish { log.append("third") }
        #expect(log.all == ["second", "third"] && !transaction.isPending)
        transaction.join().finish { log.append("next batch") }
        #expect(log.all == ["second", "third", "next batch"])
    }

    /// A walk that queues displays (`batching`) holds their batch open until it ends: a display
    /// finished before its siblings joined does not commit alone.
    @Test func aBatchStaysOpenWhileTheWalkRuns() {
        let transaction = AsyncTransaction(), log = EventLog()
        AsyncTransaction.batching {
            transaction.join().finish { log.append("first") }
            #expect(log.all.isEmpty && transaction.isPending)
            transaction.join().finish { log.append("second") }
        }
        #expect(log.all == ["first", "second"] && !transaction.isPending)
    }

    /// Under a container, the fast node's display, though drawn first, commits only after the
    /// slow one has drawn; without a container it commits while the slow one still waits. The
    /// order is checked, not times, so a loaded machine only makes the test slower.
    @Test(arguments: [true, false]) func displaysUnderAContainerCommitTogether(container: Bool) async throws {
        let (log, gate, root, _, _) = FastAndSlow.displayed(container: container)
        // However the test ends, the held drawings go on (signals left over are never waited for).
        defer { gate.signal(); gate.signal() }
        try await waitUntil { log.index(of: "fast drawn") != nil }
        if container {
            #expect(root.asyncdisplaykit_asyncTransactionContainerState == .pendingTransactions || log.index(of: "slow drawn") != nil)
        } else {
            try await waitUntil { log.index(of: "fast committed") != nil }
        }
        log.append("gate opened")
        gate.signal()
        try await waitUntil { log.index(of: "fast committed") != nil && log.index(of: "slow committed") != nil }
        let slowDrawn = try #require(log.index(of: "slow drawn")), fastCommitted = try #require(log.index(of: "fast committed"))
        if container {
            #expect(fastCommitted > slowDrawn, "\(log.all)")
        } else {
            #expect(fastCommitted < (log.index(of: "gate opened") ?? 0), "\(log.all)")
        }
        #expect(root.asyncdisplaykit_asyncTransactionContainerState == .noTransactions, "\(log.all)")
    }

    /// A display made stale while it waits in the transaction (its node changed meanwhile)
    /// commits nothing but still lets the others commit, with the node's next display.
    @Test func aCancelledDisplayDoesNotHoldTheTransaction() async throws {
        let (log, gate, root, fast, slow) = FastAndSlow.displayed(container: true)
        defer { gate.signal(); gate.signal() }
        try await waitUntil { log.index(of: "fast drawn") != nil }
        slow.setNeedsDisplay()  // the drawing held at the gate is stale now
        gate.signal()
        gate.signal()
        try await waitUntil { fast.contents != nil && slow.contents != nil }
        #expect(fast.contents != nil && slow.contents != nil, "\(log.all)")
        #expect(log.all.filter { $0 == "slow committed" }.count == 1)
        #expect(root.asyncdisplaykit_asyncTransactionContainerState == .noTransactions, "\(log.all)")
    }

    /// Cancelling the container's transactions (Texture's `asyncdisplaykit_cancelAsyncTransactions()`)
    /// leaves every display in flight uncommitted, the drawn one held in the transaction too; the
    /// transaction closes, and the next render draws the nodes.
    @Test func cancellingTheTransactionsCommitsNothing() async throws {
        let (log, gate, root, fast, slow) = FastAndSlow.displayed(container: true)
        defer { gate.signal(); gate.signal() }
        try await waitUntil { log.index(of: "fast drawn") != nil }
        root.asyncdisplaykit_cancelAsyncTransactions()
        gate.signal()
        try await waitUntil { root.asyncdisplaykit_asyncTransactionContainerState == .noTransactions }
        #expect(root.asyncdisplaykit_asyncTransactionContainerState == .noTransactions, "\(log.all)")
        #expect(fast.contents == nil && slow.contents == nil, "\(log.all)")
        #expect(!log.all.contains { $0.hasSuffix("committed") }, "\(log.all)")
        root.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        gate.signal()
        _ = try root.renderBitmap(scale: 1)
        #expect(fast.contents != nil && slow.contents != nil, "\(log.all)")
    }

    /// On a node that is not a container, cancelling does nothing: its displays commit.
    @Test func cancellingOnANodeThatIsNotAContainerChangesNothing() async throws {
        let (log, gate, root, fast, slow) = FastAndSlow.displayed(container: false)
        defer { gate.signal(); gate.signal() }
        root.asyncdisplaykit_cancelAsyncTransactions()
        gate.signal()
        try await waitUntil { fast.contents != nil && slow.contents != nil }
        #expect(fast.contents != nil && slow.contents != nil, "\(log.all)")
    }
}
