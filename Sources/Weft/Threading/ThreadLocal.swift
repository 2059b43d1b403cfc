import Foundation

/// A value per thread, created on first use on each thread and released when the thread ends.
///
/// A pthread key rather than `Thread.current.threadDictionary`: layout asks for its recursion
/// guard on every element it measures, and the dictionary lookup (string key, bridging, cast)
/// showed in profiles. Sendable; each thread sees only its own value.
final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    // SAFETY: the key is created once in `init` and only read afterwards; each thread's value is
    // reachable only from that thread.
    private var key = pthread_key_t()
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
    }

    /// This thread's value.
    var value: Value {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as! Value
        }
        let fresh = make()
        pthread_setspecific(key, Unmanaged.passRetained(fresh as AnyObject).toOpaque())
        return fresh
    }
}
