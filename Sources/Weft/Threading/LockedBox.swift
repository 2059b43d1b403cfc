import Synchronization

/// A value with one owner that several threads reach: every read and write goes through one lock,
/// as with swift-nio's `NIOLockedValueBox`. A change of several fields is one
/// `withLockedValue { $0.loaded = true; $0.loading = false }`, so no thread sees half of it; a
/// single field reads and writes through its key path (`box[\.inverted]`), so no type needs one
/// hand-written locked getter per field.
///
/// The lock is not recursive: `body` must not reach the same box again. Where an operation needs
/// two boxes, the owner that holds them writes their order in its own documentation.
///
/// Thread safety: the value is only reached inside `withLockedValue`, under the box's mutex.
/// Sendable; use from any context.
final class LockedBox<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, holding the lock; what it returns is handed out.
    func withLockedValue<Result: Sendable, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            try body(&value)
        }
    }

    /// A copy of the whole value, read under the lock.
    var value: Value { withLockedValue { $0 } }

    /// One field, read or written under the lock.
    subscript<Field: Sendable>(_ field: WritableKeyPath<Value, Field>) -> Field {
        get { withLockedValue { $0[keyPath: field] } }
        set { withLockedValue { $0[keyPath: field] = newValue } }
    }
}
