import Foundation

/// The elements being laid out on the current thread, so that an element reached again inside its
/// own layout (a cycle) is caught instead of recursing until the stack overflows.
///
/// Per thread (a `ThreadLocal`). Concurrent stack layout hands the set to its worker threads with
/// `inheriting(_:_:)`. Used only on the current thread.
enum LayoutRecursionGuard {
    final class Active {
        var elements: Set<ObjectIdentifier> = []
    }

    private static let perThread = ThreadLocal { Active() }

    static var current: Active { perThread.value }

    /// Runs `body` with `element` marked active; returns nil without running it if the element is
    /// already being laid out on this thread.
    static func enter<R>(_ element: any ASLayoutElement, _ body: () -> R) -> R? {
        let active = current
        let id = ObjectIdentifier(element)
        guard active.elements.insert(id).inserted else { return nil }
        defer { active.elements.remove(id) }
        return body()
    }

    /// The identities active on this thread, to hand to worker threads.
    static func snapshot() -> Set<ObjectIdentifier> { current.elements }

    /// Runs `body` on this (worker) thread with `inherited` identities marked active as well.
    static func inheriting<R>(_ inherited: Set<ObjectIdentifier>, _ body: () -> R) -> R {
        let active = current
        let added = inherited.subtracting(active.elements)
        active.elements.formUnion(added)
        defer { active.elements.subtract(added) }
        return body()
    }
}
