import Foundation

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
struct NodeTraits: Sendable {
    var primitive = ASPrimitiveTraitCollectionMakeDefault()
    var collection = UITraitCollection.unspecified

    init() {}

    init(_ primitive: ASPrimitiveTraitCollection) {
        self.primitive = primitive
        collection = ASPrimitiveTraitCollectionToUITraitCollection(primitive)
    }
}

extension ASDisplayNode: ASTraitEnvironment {
    public func primitiveTraitCollection() -> ASPrimitiveTraitCollection {
        state.withLock { $0.traits.primitive }
    }

    /// Texture's `setPrimitiveTraitCollection:`: when the traits differ, stores them, drops the
    /// cached layout (text sizes and directions depend on them) and calls
    /// `asyncTraitCollectionDidChange(withPreviousTraitCollection:)` on the calling thread.
    public func setPrimitiveTraitCollection(_ traitCollection: ASPrimitiveTraitCollection) {
        _ = applyTraits(traitCollection)
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

    /// Hands this node's traits to a subtree just added under it. Subtrees already holding them
    /// are not walked, so building a tree bottom-up stays linear.
    func shareTraits(with subnode: ASDisplayNode) {
        TraitPropagation.propagate(primitiveTraitCollection(), from: subnode, walkingUnchanged: false)
    }
}

/// Texture's `ASTraitCollectionPropagateDown(_:_:)`: sets `traitCollection` on `element` and on
/// every element below it (a spec's children, a node's subnodes), each calling its
/// `asyncTraitCollectionDidChange` when its traits change.
public func ASTraitCollectionPropagateDown(_ element: any ASLayoutElement, _ traitCollection: ASPrimitiveTraitCollection) {
    TraitPropagation.propagate(traitCollection, from: element, walkingUnchanged: true)
}

/// The walk behind trait propagation: iterative, because trees can be deeper than the stack.
enum TraitPropagation {
    /// With `walkingUnchanged` false, the walk stops at nodes whose traits were already equal:
    /// their subtrees got them when they did (used when subtrees are added and specs laid out).
    /// With `checkedSpec` false, each element is visited once, so a spec that contains itself
    /// cannot make the walk endless. A spec layout has checked (no element twice, no cycle) needs
    /// no such record; node trees cannot have cycles (see `TreeEditLock`).
    static func propagate(_ traits: ASPrimitiveTraitCollection, from root: any ASLayoutElement, walkingUnchanged: Bool,
                          checkedSpec: Bool = false) {
        var pending: [any ASLayoutElement] = [root]
        var seen: Set<ObjectIdentifier> = []
        while let element = pending.popLast() {
            if !checkedSpec, !seen.insert(ObjectIdentifier(element)).inserted { continue }
            if let node = element as? ASDisplayNode {
                let changed = node.applyTraits(traits)
                if changed || walkingUnchanged { pending += node.subnodes as [any ASLayoutElement] }
            } else {
                (element as? ASTraitEnvironment)?.setPrimitiveTraitCollection(traits)
                pending += element.sublayoutElements
            }
        }
    }
}
