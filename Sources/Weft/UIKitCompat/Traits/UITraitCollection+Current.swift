import Foundation

/// The trait collection of the drawing or layout in progress on this thread.
///
/// Per thread, as UIKit's is, because Weft lays out and draws nodes on many threads at once: each
/// display and layout pass sets its node's traits around the work (`withCurrent`), so dynamic
/// colours and trait-aware fonts resolve for that node wherever the pass runs.
private final class CurrentTraits {
    var collection = UITraitCollection.unspecified
}

private let currentTraits = ThreadLocal { CurrentTraits() }

extension UITraitCollection {
    /// UIKit's `UITraitCollection.current`: the traits dynamic colours resolve against on this
    /// thread. During a node's layout and display it is the node's traits; elsewhere it is what
    /// was last set on this thread, or an empty collection (light, left to right, Large text).
    public static var current: UITraitCollection {
        get { currentTraits.value.collection }
        set { currentTraits.value.collection = newValue }
    }

    /// UIKit's `performAsCurrent(_:)`: runs `actions` with these traits as `current`, then
    /// restores the previous ones.
    public func performAsCurrent(_ actions: () throws -> Void) rethrows {
        try Self.withCurrent(self, actions)
    }

    /// Runs `body` with `traits` as this thread's current trait collection.
    static func withCurrent<R>(_ traits: UITraitCollection, _ body: () throws -> R) rethrows -> R {
        let box = currentTraits.value
        let previous = box.collection
        box.collection = traits
        defer { box.collection = previous }
        return try body()
    }
}
