import Foundation
import Synchronization

/// Texture's async transaction containers (`_ASAsyncTransactionContainer`): a node marked as one
/// commits the asynchronous displays of its subtree together (see `AsyncTransaction`), down to
/// the next container. Synchronous displays (snapshots, `displaysAsynchronously = false`) commit
/// at once, as Texture's do.
///
/// The flag and the transaction are the node's (`state`); `AsyncTransactionContainers.live`
/// spares every display the walk up the tree while no container exists (a walk per node would
/// make a deep tree's display quadratic).
enum AsyncTransactionContainers {
    /// How many containers exist: counted up as a node becomes one, down as it stops or is freed.
    static let live = Atomic(0)
    /// How many levels up a display looks for its container (see `enclosingAsyncTransaction()`).
    static let reach = 32
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
            let change = state.withLock { s -> Int in
                // Turning it off leaves the open transaction to finish for the displays already in it.
                if newValue, s.asyncTransaction == nil { s.asyncTransaction = AsyncTransaction(); return 1 }
                if !newValue, s.asyncTransaction != nil { s.asyncTransaction = nil; return -1 }
                return 0
            }
            if change != 0 { AsyncTransactionContainers.live.add(change, ordering: .releasing) }
        }
    }

    /// Texture's `asyncdisplaykit_asyncTransactionContainerState`: whether displays of this
    /// container's transaction are in flight; `.noTransactions` for a node that is not a container.
    public var asyncdisplaykit_asyncTransactionContainerState: ASAsyncTransactionContainerState {
        (state.withLock { $0.asyncTransaction })?.isPending == true ? .pendingTransactions : .noTransactions
    }

    /// Texture's `asyncdisplaykit_cancelAsyncTransactions()`: the displays in flight in this
    /// container's transaction commit nothing. Each node whose displays join it (its subtree, down
    /// to nested containers and `AsyncTransactionContainers.reach` levels) and that does not show
    /// its current contents has its pending display cancelled, as a change to the node would.
    /// Those nodes keep what they showed (nothing, or older contents) until they display again, as
    /// Texture's cancelled layers do: a render, or a change to the node, draws them. The
    /// transaction closes once the cancelled displays have finished. Nothing happens on a node that
    /// is not a container.
    public func asyncdisplaykit_cancelAsyncTransactions() {
        guard asyncdisplaykit_asyncTransactionContainer else { return }
        var pending: [(node: ASDisplayNode, level: Int)] = [(self, 0)]
        while let (node, level) = pending.popLast() {
            let subnodes = node.state.withLock { s -> [ASDisplayNode] in
                if !s.display.isCurrent(at: s.contentsScaleForDisplay) || s.display.ticket != nil { s.display.generation += 1 }
                return s.subnodes
            }
            guard level < AsyncTransactionContainers.reach else { continue }
            for subnode in subnodes where !subnode.asyncdisplaykit_asyncTransactionContainer { pending.append((subnode, level + 1)) }
        }
    }

    /// The transaction of the nearest container at or above this node, at most
    /// `AsyncTransactionContainers.reach` levels up; nil when there is none. Bounded because every
    /// display asks it: an unbounded walk would make a deep tree's display quadratic. A node deeper
    /// below its container commits on its own.
    func enclosingAsyncTransaction() -> AsyncTransaction? {
        guard AsyncTransactionContainers.live.load(ordering: .acquiring) > 0 else { return nil }
        var node: ASDisplayNode? = self
        var levels = 0
        while let current = node, levels <= AsyncTransactionContainers.reach {
            levels += 1
            let (transaction, supernode) = current.state.withLock { ($0.asyncTransaction, $0.supernode) }
            if let transaction { return transaction }
            node = supernode
        }
        return nil
    }
}
