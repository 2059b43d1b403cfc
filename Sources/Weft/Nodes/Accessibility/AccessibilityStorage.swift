import Synchronization

/// A node's `AccessibilityState`, made on the first write: most nodes never have a value set
/// (the defaults follow the text and control state when read), and the state inline took 172 of
/// a node's 776 bytes; a feed kept 60,000 nodes, 10 MB of them unset accessibility values. A node
/// with nothing set reads the defaults from a fresh `AccessibilityState()`, as it read them from
/// its own before.
///
/// Stored in the node itself (noncopyable, like the mutex it wraps: no object of its own).
/// Thread-safe: the box is made, read and written under the mutex; one per node.
struct AccessibilityStorage: ~Copyable, Sendable {
    private let box = Mutex<AccessibilityBox?>(nil)

    init() {}

    /// Reads the values (the defaults when nothing was ever set), making nothing.
    func read<T>(_ body: (AccessibilityState) -> T) -> T {
        box.withLock { body($0?.state ?? AccessibilityState()) }
    }

    /// Moves `accessibilityElements` out (nil when never set), making nothing; for freeing a node.
    func takeElements() -> [Any]? {
        box.withLock { box in
            defer { box?.state.elements = nil }
            return box?.state.elements
        }
    }

    /// Changes the values, making the box on first use.
    func write<T>(_ body: (inout AccessibilityState) -> T) -> T {
        box.withLock { box in
            let made = box ?? AccessibilityBox()
            box = made
            return body(&made.state)
        }
    }
}

/// The state `AccessibilityStorage` makes on the first write. (Not nested in the storage: the
/// compiler of Swift 6.3 fails to link a private class nested in a noncopyable struct.)
final class AccessibilityBox: @unchecked Sendable {
    // SAFETY: `state` is only touched under the owning storage's mutex.
    var state = AccessibilityState()
}
