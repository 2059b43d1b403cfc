import Foundation
import Synchronization

/// The asynchronous displays under one async transaction container (Texture's
/// `_ASAsyncTransaction`), committed together: each queued display of a node in the container's
/// subtree joins the open transaction as it is queued, draws on the display queue as usual, and
/// hands its commit back instead of committing. When the last one has finished (drawn or
/// cancelled), every commit runs, in the order they were queued, so the container's subtree
/// shows its new contents at once rather than node by node. Texture's transaction stays open for
/// the whole run-loop turn that queued its displays; Weft's stays open while the tree walk that
/// queues them runs (`batching(_:)`: interface-state changes and display passes), so a display
/// that finishes before its siblings are queued does not close the batch alone. Texture commits
/// on the main run loop; Weft on the thread that finished the last display, as its other commits.
///
/// Sendable; the open batch is owned by the mutex. Commits run outside it (they take node locks
/// and call `displayDidFinish()`).
final class AsyncTransaction: Sendable {
    private struct Batch {
        var pending = 0
        /// One slot per display joined, in queue order; nil until it finished, or when it had
        /// nothing to commit.
        var commits: [(@Sendable () -> Void)?] = []
    }
    private let batch = Mutex(Batch())

    /// One display's place in the transaction.
    struct Operation: Sendable {
        fileprivate let transaction: AsyncTransaction
        fileprivate let slot: Int
    }

    /// Joins a display to the open batch. Inside `batching(_:)`, the batch also stays open until
    /// that block ends.
    func join() -> Operation {
        let scope = Self.scope.value
        if scope.depth > 0, !scope.holds.contains(where: { $0.transaction === self }) {
            scope.holds.append(enter())
        }
        return enter()
    }

    private func enter() -> Operation {
        batch.withLock { b in
            b.pending += 1
            b.commits.append(nil)
            return Operation(transaction: self, slot: b.commits.count - 1)
        }
    }

    /// The batches this thread holds open while it runs `batching(_:)`.
    private final class Scope {
        var depth = 0
        var holds: [Operation] = []
    }
    private static let scope = ThreadLocal { Scope() }

    /// Runs `body`, a walk that queues displays, holding open every batch they join until it ends.
    static func batching<R>(_ body: () -> R) -> R {
        let scope = self.scope.value
        scope.depth += 1
        defer {
            scope.depth -= 1
            if scope.depth == 0 {
                let holds = scope.holds
                scope.holds = []
                for hold in holds { hold.finish(commit: nil) }
            }
        }
        return body()
    }

    /// Whether displays joined to the open batch are still drawing (Texture's
    /// `ASAsyncTransactionContainerStatePendingTransactions`).
    var isPending: Bool { batch.withLock { $0.pending > 0 } }

    /// Hands in a display's commit (nil when it has nothing to commit: cancelled or stale). The
    /// last display of the batch runs every commit and closes the batch.
    fileprivate func finish(slot: Int, commit: (@Sendable () -> Void)?) {
        let ready = batch.withLock { b -> [(@Sendable () -> Void)?]? in
            b.commits[slot] = commit
            b.pending -= 1
            guard b.pending == 0 else { return nil }
            defer { b = Batch() }
            return b.commits
        }
        for commit in ready ?? [] { commit?() }
    }
}

extension AsyncTransaction.Operation {
    /// Hands in this display's commit; see `AsyncTransaction.finish`. Called exactly once.
    func finish(commit: (@Sendable () -> Void)?) {
        transaction.finish(slot: slot, commit: commit)
    }
}
