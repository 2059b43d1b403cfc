import Foundation
import Synchronization

/// A set that holds its objects weakly and compares them by identity; Texture's `ASWeakSet`. An
/// object leaves the set when it is deallocated, so tests use it to check that every node they
/// made has gone (`isEmpty`).
///
/// Thread safety: Texture's is used from one thread at a time; this one keeps its entries under
/// one mutex, so any thread may add, remove and read. Sendable; use from any context.
public final class ASWeakSet<ObjectType: AnyObject>: NSObject, @unchecked Sendable {
    // SAFETY: `entries` is reached only inside `withLock`; the objects are only compared by
    // identity and handed back to the caller, never used by the set.
    private let entries = Mutex<[ObjectIdentifier: WeakEntry<ObjectType>]>([:])

    public override init() {
        super.init()
    }

    /// Whether no live object is in the set; Texture's `isEmpty`.
    public var isEmpty: Bool {
        entries.withLock { entries in entries.values.allSatisfy { $0.object == nil } }
    }

    /// How many live objects are in the set; Texture's `count` (O(n); prefer `isEmpty`).
    public var count: Int {
        entries.withLock { entries in entries.values.count { $0.object != nil } }
    }

    /// Whether `object` itself is in the set; Texture's `contains(_:)`.
    public func contains(_ object: ObjectType) -> Bool {
        let key = ObjectIdentifier(object)
        return entries.withLock { entries in entries[key]?.object === object }
    }

    /// Adds `object`, held weakly; Texture's `add(_:)`. Entries of deallocated objects are dropped.
    public func add(_ object: ObjectType) {
        let key = ObjectIdentifier(object)
        let entry = WeakEntry(object)
        entries.withLock { entries in
            entries = entries.filter { $0.value.object != nil }
            entries[key] = entry
        }
    }

    /// Removes `object`; Texture's `remove(_:)`.
    public func remove(_ object: ObjectType) {
        let key = ObjectIdentifier(object)
        entries.withLock { entries in
            if entries[key]?.object === object { entries[key] = nil }
        }
    }

    /// Empties the set; Texture's `removeAllObjects()`.
    public func removeAllObjects() {
        entries.withLock { $0.removeAll() }
    }

    /// The live objects, strongly held, in no particular order; Texture's `allObjects()`.
    public func allObjects() -> [ObjectType] {
        let live = entries.withLock { entries in entries.values.map(\.self) }
        return live.compactMap(\.object)
    }
}

/// One weakly held object of an `ASWeakSet`.
private struct WeakEntry<Object: AnyObject>: @unchecked Sendable {
    // SAFETY: the reference is only read and compared by identity (see `ASWeakSet`).
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
