import Foundation
import Synchronization

/// The asynchronous displays under one async transaction container (Texture's
/// `_ASAsyncTransaction`), committed together: each queued display of a node in the container's
/// subtree joins the open transaction as it is queued, draws on the display queue as usual, and
/// hands its commit back instead of committing. When the last one has finished (drawn or
/// cancelled), every commit runs, in the order they were queued, so the container's subtree
/// shows its new contents at once rather than node by node. Texture commits on the main run
/// loop; Weft on the thread that finished the last display, as its other commits.
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

    /// Joins a display to the open batch.
    func join() -> Operation {
        batch.withLock { b in
            b.pending += 1
            b.commits.append(nil)
            return Operation(transaction: self, slot: b.commits.count - 1)
        }
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
