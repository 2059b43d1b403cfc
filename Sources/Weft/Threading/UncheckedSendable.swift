/// A value Swift cannot prove Sendable, carried across threads where Weft knows the crossing is
/// safe: nodes, layout specs and collection layouts.
///
/// Those classes are open and deliberately not Sendable, as Texture's Objective-C classes are not:
/// a Sendable open class makes every user subclass restate `@unchecked Sendable` (a warning in any
/// language mode). Their state is still thread-safe: a node guards its state with its own mutex,
/// a spec is configured before it is laid out and only read while laid out, and a collection's
/// layout is used by the thread that drives the collection. Weft hands them to the display queue
/// and to the main actor (`MainActorBridge`) through this wrapper, and to node-making threads, the
/// editing queue and frame pipelines through internal types that hold them and say so
/// (`CellSource`, `WeakCollectionNode`, `CollectionFrames`); each says which lock or thread owns
/// the state on the other side.
///
/// Internal: only Weft decides where a crossing is safe.
struct UncheckedSendable<Value>: @unchecked Sendable {
    // SAFETY: see the type's documentation; each use states why its crossing is safe.
    var value: Value
    init(_ value: Value) { self.value = value }
}
