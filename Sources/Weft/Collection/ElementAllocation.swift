import Foundation

/// Makes each element's node exactly once: an element goes pending → allocating (one thread runs
/// its block; every other thread that asks waits) → done.
///
/// The block runs with no lock held, so it may call back into the collection. What it must not do
/// is wait for itself: a block that asks for its own node, or for the node of a block that is
/// waiting for it, would deadlock. Each waiting thread is recorded, and a thread about to wait
/// follows the chain (element → thread allocating it → element that thread waits for …); if the
/// chain comes back to itself it does not wait (the element hands out a placeholder and reports it).
///
/// Thread-safe: one condition lock guards every element's `state` and the table of waits. It is
/// held only for these bookkeeping steps, never while a block runs.
enum ElementAllocation {
    enum State {
        case pending
        /// Being made by the thread whose `ThreadMark` has this identity.
        case allocating(owner: ObjectIdentifier)
        case done(node: ASCellNode, size: CGSize)
        /// Measured, then given up by its node (`ASCollectionNode.releasesNodesOutsidePreloadRange`):
        /// the size stays for the layout; the node is made again from its block when asked for.
        case released(size: CGSize)
    }

    enum Claim {
        case done(node: ASCellNode, size: CGSize)
        /// Measured and given up (`.released`), for a caller that asked for the size only.
        case measured(size: CGSize)
        /// This thread now makes the node.
        case claimed
        /// Waiting would deadlock.
        case cycle
        /// The wait reached `BlockingWait`'s limit (reported by the wait).
        case gaveUp
    }

    /// Per-thread identity, how deep this thread is in node blocks, and whether it is a
    /// node-creation thread (where node blocks may run).
    final class ThreadMark {
        var blockDepth = 0
        var nodeCreationDepth = 0
    }

    private static let mark = ThreadLocal { ThreadMark() }
    // SAFETY: `waits` is only touched under `lock`.
    nonisolated(unsafe) private static var waits: [ObjectIdentifier: ASCollectionElement] = [:]
    private static let lock = NSCondition()

    static func withLock<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Whether this thread is running a node block (a block may call back into its collection).
    static var isRunningNodeBlock: Bool { mark.value.blockDepth > 0 }

    /// Whether this thread may run node blocks: a thread the collection started for node creation
    /// (or one of its editing queue), never the thread that drives the collection.
    static var isNodeCreationThread: Bool { mark.value.nodeCreationDepth > 0 }

    static func asNodeCreationThread<T>(_ body: () -> T) -> T {
        let current = mark.value
        current.nodeCreationDepth += 1
        defer { current.nodeCreationDepth -= 1 }
        return body()
    }

    /// The one thread on which `.serializeNodeCreation` runs node blocks, one at a time.
    private static let serialQueue = DispatchQueue(label: "weft.collection.node-creation.serial", qos: .userInitiated)

    /// Runs `body` on a node-creation thread and waits for it: this thread already, or the serial
    /// node-creation queue, or a global background thread. The caller's thread only waits (serving
    /// the main actor if it is on it: the body may need it, a deferred item asks its data source
    /// there). Nil when the wait reached `BlockingWait`'s limit (reported); the body still finishes
    /// on its thread, and its result is dropped.
    static func onNodeCreationThread<T>(serial: Bool, _ body: @escaping () -> T) -> T? {
        if isNodeCreationThread && !serial { return body() }
        if serial && isOnSerialQueue { return body() }
        let box = HandOff(body)
        let done = DispatchSemaphore(value: 0)
        let queue = serial ? serialQueue : DispatchQueue.global(qos: .userInitiated)
        queue.async {
            let mark = serialMark.value
            let wasSerial = mark.onSerialQueue
            mark.onSerialQueue = serial
            box.value = asNodeCreationThread { box.body() }
            mark.onSerialQueue = wasSerial
            done.signal()
        }
        guard BlockingWait.forSignal(done, "a node-creation thread (node blocks, a layout delegate's calculateLayout)") else { return nil }
        return box.value
    }

    final class SerialMark { var onSerialQueue = false }
    private static let serialMark = ThreadLocal { SerialMark() }
    private static var isOnSerialQueue: Bool { serialMark.value.onSerialQueue }

    static func runBlock(_ block: ASCellNodeBlock) -> ASCellNode {
        let current = mark.value
        current.blockDepth += 1
        defer { current.blockDepth -= 1 }
        return block()
    }

    /// Returns the finished node, or makes this thread its maker, or waits for the maker. With
    /// `sizeSuffices`, a measured element that gave up its node answers its size instead of
    /// being made again (measuring ahead may finish that way while this thread waits for it).
    /// The wait is a `BlockingWait`: it serves the main actor when on it, and past its limit it
    /// answers `.gaveUp` (the caller uses a placeholder).
    static func claim(_ element: ASCollectionElement, sizeSuffices: Bool = false) -> Claim {
        let me = ObjectIdentifier(mark.value)
        var answer: Claim?
        // Registered as waiting for the whole wait, not only while asleep, so the cycle check of
        // a thread waiting on this one always sees the chain.
        defer { withLock { waits[me] = nil } }
        let decided = BlockingWait.on(lock, "another thread making the node of \(element.supplementaryElementKind ?? "item") at \(element.indexPath)") {
            // Asked again after it answered (the wait checks once more before it returns).
            if answer != nil { return true }
            switch element.state {
            case .done(let node, let size):
                answer = .done(node: node, size: size)
            case .released(let size) where sizeSuffices:
                answer = .measured(size: size)
            case .pending, .released:
                element.state = .allocating(owner: me)
                answer = .claimed
            case .allocating:
                if waitWouldDeadlock(on: element, me: me) { answer = .cycle } else { waits[me] = element }
            }
            return answer != nil
        }
        return decided ? answer! : .gaveUp
    }

    /// The node and size when the element is already made; nil otherwise.
    static func allocatedNow(_ element: ASCollectionElement) -> (node: ASCellNode, size: CGSize)? {
        withLock { if case .done(let node, let size) = element.state { return (node, size) } else { return nil } }
    }

    /// Publishes what the maker made, `.done` or (measured only) `.released`, and wakes the waiters;
    /// after a `.released` finish, a waiter that wanted the node makes its own from the block.
    static func finish(_ element: ASCollectionElement, as made: State) {
        lock.lock()
        element.state = made
        lock.broadcast()
        lock.unlock()
    }

    /// Follows element → its maker → what that maker waits for; true if it leads back to `me`.
    /// Called under the lock.
    private static func waitWouldDeadlock(on element: ASCollectionElement, me: ObjectIdentifier) -> Bool {
        var current = element
        for _ in 0...waits.count {
            guard case .allocating(let owner) = current.state else { return false }
            if owner == me { return true }
            guard let next = waits[owner] else { return false }
            current = next
        }
        return false
    }
}

/// A closure handed to another thread and its result handed back.
final class HandOff<T>: @unchecked Sendable {
    // SAFETY: `body` is run once, by the worker; `value` is written by the worker before it
    // signals and read by the waiting thread only after the signal.
    let body: () -> T
    var value: T?
    init(_ body: @escaping () -> T) { self.body = body }
}
