import Foundation
import Synchronization

/// Texture's async transaction containers (`_ASAsyncTransactionContainer`): a node marked as one
/// commits the asynchronous displays of its subtree together (see `AsyncTransaction`), down to
/// the next container. Synchronous displays (snapshots, `displaysAsynchronously = false`) commit
/// at once, as Texture's do. Texture's `asyncdisplaykit_cancelAsyncTransactions()` is not offered.
///
/// The flag and the transaction are the node's (`state`); `AsyncTransactionContainers.inUse`
/// spares every display the walk up the tree until some node is made a container.
enum AsyncTransactionContainers {
    /// Set once any node is made a container; never cleared (a cheap check, not a count).
    static let inUse = Atomic(false)
}

/// Texture's `ASAsyncTransactionContainerState`.
public enum ASAsyncTransactionContainerState: Int, Sendable {
    /// No display in the container's transaction is in flight.
    case noTransactions = 0
    /// Displays in the container's transaction are drawing; their contents are not committed yet.
    case pendingTransactions = 1
}

extension ASDisplayNode {
    /// Texture's `asyncdisplaykit_asyncTransactionContainer`: whether this node's subtree commits
    /// its asynchronous displays together; false by default. Settable before and after loading.
    public var asyncdisplaykit_asyncTransactionContainer: Bool {
        get { state.withLock { $0.asyncTransaction != nil } }
        set {
            if newValue { AsyncTransactionContainers.inUse.store(true, ordering: .releasing) }
            state.withLock { s in
                // Turning it off leaves the open transaction to finish for the displays already in it.
                if newValue, s.asyncTransaction == nil { s.asyncTransaction = AsyncTransaction() }
                if !newValue { s.asyncTransaction = nil }
            }
        }
    }

    /// Texture's `asyncdisplaykit_asyncTransactionContainerState`: whether displays of this
    /// container's transaction are in flight; `.noTransactions` for a node that is not a container.
    public var asyncdisplaykit_asyncTransactionContainerState: ASAsyncTransactionContainerState {
        (state.withLock { $0.asyncTransaction })?.isPending == true ? .pendingTransactions : .noTransactions
    }

    /// The transaction of the nearest container at or above this node, nil when there is none.
    func enclosingAsyncTransaction() -> AsyncTransaction? {
        guard AsyncTransactionContainers.inUse.load(ordering: .acquiring) else { return nil }
        var node: ASDisplayNode? = self
        while let current = node {
            let (transaction, supernode) = current.state.withLock { ($0.asyncTransaction, $0.supernode) }
            if let transaction { return transaction }
            node = supernode
        }
        return nil
    }
}
