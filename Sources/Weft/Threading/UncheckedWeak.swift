/// A weak reference to a node (or another object Swift cannot prove Sendable) carried into a
/// `@Sendable` closure: a download's or a display's callback that must not keep the node alive.
/// Safe for the reasons `UncheckedSendable` gives: a node guards its own state with its mutex.
/// Internal: only Weft decides where a crossing is safe.
struct UncheckedWeak<Object: AnyObject>: @unchecked Sendable {
    // SAFETY: see the type's documentation; the reference itself is only read.
    weak var value: Object?
    init(_ value: Object) { self.value = value }
}
