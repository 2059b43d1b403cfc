import Foundation
import Synchronization

/// Something that has traits; Texture's `ASTraitEnvironment`, which nodes and layout specs adopt.
/// Texture declares these as methods, and Swift imports them so: `node.primitiveTraitCollection()`.
public protocol ASTraitEnvironment: AnyObject {
    /// The traits this element lays out and draws for.
    func primitiveTraitCollection() -> ASPrimitiveTraitCollection
    /// Sets the traits of this element only; `ASTraitCollectionPropagateDown` sets a whole tree.
    func setPrimitiveTraitCollection(_ traitCollection: ASPrimitiveTraitCollection)
    /// The traits as an object.
    func asyncTraitCollection() -> ASTraitCollection
}

extension ASTraitEnvironment {
    public func asyncTraitCollection() -> ASTraitCollection {
        ASTraitCollection(asPrimitiveTraitCollection: primitiveTraitCollection())
    }
}

/// A node's traits in both forms, so that every layout and display pass can make them current
/// without allocating. Held in the node's state, under its lock.
///
/// One reference to an immutable `SharedNodeTraits`, which nodes with the same traits share: a
/// propagation hands the same traits to every node of a tree, and each node holding its own
/// copy and its own `UITraitCollection` cost about 160 bytes a node (10 MB of a feed's 60,000
/// kept nodes).
struct NodeTraits: Sendable {
    private let shared: SharedNodeTraits

    var primitive: ASPrimitiveTraitCollection { shared.primitive }
    var collection: UITraitCollection { shared.collection }

    init() { shared = .unspecified }

    init(_ primitive: ASPrimitiveTraitCollection) { shared = .interned(primitive) }
}

/// Traits in both forms, made once and shared by the nodes that have them. Immutable; use from
/// any context. `interned` keeps the last traits made (under its mutex), which is what a
/// propagation down a tree, or a collection making its cells, asks for again and again.
final class SharedNodeTraits: Sendable {
    let primitive: ASPrimitiveTraitCollection
    let collection: UITraitCollection

    private init(primitive: ASPrimitiveTraitCollection, collection: UITraitCollection) {
        self.primitive = primitive
        self.collection = collection
    }

    /// What a node has before any traits reach it.
    static let unspecified = SharedNodeTraits(primitive: ASPrimitiveTraitCollectionMakeDefault(), collection: .unspecified)

    private static let last = Mutex<SharedNodeTraits?>(nil)

    /// Shared traits equal to `primitive`: the last ones made when they are equal, else new ones.
    static func interned(_ primitive: ASPrimitiveTraitCollection) -> SharedNodeTraits {
        last.withLock { last in
            if let last, last.primitive == primitive { return last }
            let made = SharedNodeTraits(primitive: primitive, collection: ASPrimitiveTraitCollectionToUITraitCollection(primitive))
            last = made
            return made
        }
    }
}

extension ASDisplayNode: ASTraitEnvironment {
    public func primitiveTraitCollection() -> ASPrimitiveTraitCollection {
        state.withLock { $0.traits.primitive }
    }

    /// Texture's `setPrimitiveTraitCollection:`: when the traits differ, stores them, drops the
    /// cached layout (text sizes and directions depend on them) and calls
    /// `asyncTraitCollectionDidChange(withPreviousTraitCollection:)` on the calling thread.
    /// An unknown content size category or unusable scale is repaired and reported (see `TraitRepair`).
    /// Safe from any thread, also while another thread renders the node.
    public func setPrimitiveTraitCollection(_ traitCollection: ASPrimitiveTraitCollection) {
        let traits = TraitRepair.needsRepair(traitCollection)
            ? TraitRepair.traits(traitCollection, api: "\(self).setPrimitiveTraitCollection(_:)") : traitCollection
        _ = applyTraits(traits)
    }

    /// Stores `traits` and reports whether they changed.
    func applyTraits(_ traits: ASPrimitiveTraitCollection) -> Bool {
        let previous = state.withLock { s -> ASPrimitiveTraitCollection? in
            guard s.traits.primitive != traits else { return nil }
            defer { s.traits = NodeTraits(traits) }
            return s.traits.primitive
        }
        guard let previous else { return false }
        invalidateCalculatedLayout()
        asyncTraitCollectionDidChange(withPreviousTraitCollection: previous)
        traitsDidChange(from: previous)
        return true
    }

    /// What `asyncTraitCollectionDidChange` does unless overridden: as Texture, a change of
    /// appearance (light/dark, contrast, level) redraws the node, since its colours resolve anew.
    func redisplayIfAppearanceChanged(from previous: ASPrimitiveTraitCollection) {
        let now = primitiveTraitCollection()
        if previous.userInterfaceStyle != now.userInterfaceStyle || previous.accessibilityContrast != now.accessibilityContrast
            || previous.userInterfaceLevel != now.userInterfaceLevel {
            setNeedsDisplay()
        }
    }

    /// The node's traits as UIKit's object: `UITraitCollection.current` while it lays out and
    /// draws, and what colours painted outside its drawing (background, border, a collection's
    /// background, table separators, UIKit subviews of its view) are resolved for.
    var drawingTraits: UITraitCollection {
        state.withLock { $0.traits.collection }
    }

    /// Hands this node's traits to a subtree just added under it. Subtrees already holding them
    /// are not walked, so building a tree bottom-up stays linear.
    func shareTraits(with subnode: ASDisplayNode) {
        TraitPropagation.propagate(primitiveTraitCollection(), from: subnode, walkingUnchanged: false)
    }
}

/// Texture's `ASTraitCollectionPropagateDown(_:_:)`: sets `traitCollection` on `element` and on
/// every element below it (a spec's children, a node's subnodes), each calling its
/// `asyncTraitCollectionDidChange` when its traits change.
/// A spec tree that contains itself is walked once: each spec is visited at most once. An unknown
/// content size category or unusable scale is repaired and reported once (see `TraitRepair`).
public func ASTraitCollectionPropagateDown(_ element: any ASLayoutElement, _ traitCollection: ASPrimitiveTraitCollection) {
    let traits = TraitRepair.needsRepair(traitCollection)
        ? TraitRepair.traits(traitCollection, api: "ASTraitCollectionPropagateDown(_:_:)") : traitCollection
    TraitPropagation.propagate(traits, from: element, walkingUnchanged: true, guardingCycles: true)
}

/// The walk behind trait propagation: iterative, because trees can be deeper than the stack, and
/// bounded as layout is (`LayoutRecursionGuard`): nodes more than `WeftLimits.maximumTreeDepth`
/// levels below the start, or elements more than `LayoutRecursionGuard.maximumElementDepth`, are
/// not given the traits (they cannot be laid out or rendered either), reported once a walk.
enum TraitPropagation {
    /// With `walkingUnchanged` false, the walk stops at nodes whose traits were already equal:
    /// their subtrees got them when they did (used when subtrees are added and specs laid out).
    /// Layout specs get `specTraits` when given (a node's spec lays out in the direction its
    /// semantic content attribute forces); only a node's own spec tree has specs in it, since the
    /// walk enters a node's subnodes, never its spec. With `guardingCycles`, each spec is visited
    /// once, for trees no one has validated (a node's layout propagates only validated specs,
    /// and so keeps the set's cost off its path).
    static func propagate(_ traits: ASPrimitiveTraitCollection, from root: any ASLayoutElement, walkingUnchanged: Bool,
                          specTraits: ASPrimitiveTraitCollection? = nil, guardingCycles: Bool = false) {
        var pending: [(element: any ASLayoutElement, nodes: Int, elements: Int)] = [(root, 0, 0)]
        var visited = Set<ObjectIdentifier>()
        var cutOff: (element: any ASLayoutElement, nodes: Int, elements: Int)?
        while let (element, nodes, elements) = pending.popLast() {
            let node = element as? ASDisplayNode
            let depth = (nodes: nodes + (node == nil ? 0 : 1), elements: elements + 1)
            guard depth.nodes <= WeftLimits.maximumTreeDepth, depth.elements <= LayoutRecursionGuard.maximumElementDepth else {
                if cutOff == nil { cutOff = (element, depth.nodes, depth.elements) }
                continue
            }
            if let node {
                let changed = node.applyTraits(traits)
                if changed || walkingUnchanged { pending += node.subnodes.map { ($0, depth.nodes, depth.elements) } }
            } else {
                if guardingCycles && !visited.insert(ObjectIdentifier(element)).inserted { continue }
                (element as? ASTraitEnvironment)?.setPrimitiveTraitCollection(specTraits ?? traits)
                pending += element.sublayoutElements.map { ($0, depth.nodes, depth.elements) }
            }
        }
        if let cutOff {
            WeftDiagnostics.report(.layout, "\(root)", "trait propagation stopped at \(ASLayout.name(of: cutOff.element)), \(cutOff.nodes) nodes "
                                   + "(\(cutOff.elements) layout elements) deep, past WeftLimits.maximumTreeDepth (\(WeftLimits.maximumTreeDepth)) "
                                   + "or \(LayoutRecursionGuard.maximumElementDepth) elements; the elements below keep their traits "
                                   + "(such a tree is not laid out or rendered either)")
        }
    }
}
