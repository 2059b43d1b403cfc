import Foundation

/// The layer tree: each layer has ONE ordered list of sublayers, as in Core Animation. A node's
/// layer's list interleaves its subnodes' layers (in the node tree's order, the truth for them)
/// with the layers and views' layers added to it, each of those at a slot (see `SublayerSlots`).
/// A node's layer added with `addSublayer(_:)` and its kin is one of those, not a subnode, as in
/// Texture; a node's view added to a node's view makes a subnode (see `UIView`). A view's
/// subviews are the views whose layers are in its layer's list (see `UIView`).
///
/// Locking: the list of a node's layer lives in its node's state (`LayerModel.ownSublayers`, beside
/// `subnodes`), under the node's mutex; a layer of its own keeps its list and its `superlayer` in
/// its `storage` mutex. Every structural edit holds the process-wide `TreeEditLock` first; under
/// it, a node's mutex and a layer's `storage` are each taken alone, one after the other, never one
/// inside the other. Readers take one of them, so they see a consistent list.
extension CALayer {
    /// One entry of a layer's list of sublayers.
    enum Sublayer {
        /// A subnode's layer (a node's layer only).
        case subnode(ASDisplayNode)
        /// A layer added to this one that is not a subnode's: a layer of its own, a view's layer.
        case own(CALayer)
    }

    /// The list of sublayers, back to front, read as one snapshot.
    func sublayerList() -> [Sublayer] {
        if let node {
            let (subnodes, own) = node.state.withLock { ($0.subnodes, $0.layerModel.ownSublayers) }
            return own.merged(subnodes: subnodes.map(Sublayer.subnode), own: Sublayer.own)
        }
        return storage.withLock { $0.sublayers.layers }.map(Sublayer.own)
    }

    /// The sublayers that are not subnodes' layers, back to front.
    var ownSublayers: [CALayer] {
        if let node { return node.state.withLock { $0.layerModel.ownSublayers.layers } }
        return storage.withLock { $0.sublayers.layers }
    }

    /// Edits the list of layers of their own, under the lock that guards it, with the number of
    /// subnodes they interleave with. Tree-edit lock held.
    private func editOwnSublayers<R>(_ body: (inout SublayerSlots, Int) -> R) -> R {
        if let node { return node.state.withLock { s in body(&s.layerModel.ownSublayers, s.subnodes.count) } }
        return storage.withLock { s in body(&s.sublayers, 0) }
    }

    /// The sublayers, back to front; nil when there are none, as in Core Animation. Setting it
    /// removes the current sublayers and adds the given ones in order.
    public var sublayers: [CALayer]? {
        get {
            let layers = sublayerList().map { sublayer -> CALayer in
                switch sublayer {
                case .subnode(let node): node.layerObject
                case .own(let layer): layer
                }
            }
            return layers.isEmpty ? nil : layers
        }
        set {
            for layer in sublayers ?? [] { layer.removeFromSuperlayer() }
            for layer in newValue ?? [] { addSublayer(layer) }
        }
    }

    /// The layer this one is a sublayer of: a subnode's supernode's layer, or the layer it was added to.
    public var superlayer: CALayer? {
        if let supernode = node?.supernode { return supernode.layerObject }
        return storage.withLock { $0.superlayer }
    }

    /// Adds `layer` above the other sublayers; QuartzCore's `addSublayer(_:)`.
    public func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(clamping: sublayers?.count ?? 0)) }

    /// Inserts `layer` at `idx` in the list of sublayers (clamped to their count); QuartzCore's
    /// `insertSublayer(_:at:)`. A node's layer added so is a sublayer, not a subnode, as in
    /// Texture, whose layers do not hitch their nodes up (`addSubnode(_:)` does): it leaves its
    /// supernode, and a render lays its node out and draws it there (see `nodesAdded(among:)`).
    /// Adding a layer to itself or to one of its own sublayers is ignored and reported: it would make a cycle.
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        guard !isInside(layer) else {
            WeftDiagnostics.report(.geometry, diagnosticSubject, "adding \(layer.diagnosticSubject) as a sublayer would make a cycle; ignored")
            return
        }
        // The node stays alive while its layer moves (its supernode may have held the last reference).
        withExtendedLifetime(layer.node) {
            layer.removeFromSuperlayer()
            insertOwnSublayer(layer, at: Int(idx))
        }
    }

    /// Links `layer` into this layer's list at `index` (clamped) as a layer of its own, never as a
    /// subnode, leaving the list it was in first; `byView` when a view is added with `addSubview`
    /// and its kin. The caller checked for cycles.
    func insertOwnSublayer(_ layer: CALayer, at index: Int, byView: Bool = false) {
        TreeEditLock.withLock {
            layer.unlinkOwnWhileEditing()
            layer.storage.withLock { s in
                s.superlayer = self
                s.linkedByView = byView
            }
            editOwnSublayers { list, subnodes in list.insert(layer, at: index, subnodeCount: subnodes) }
        }
    }

    /// Moves `layer`, one of this layer's own, to `index` in the list (counted without it): to the
    /// front or the back, for `bringSubviewToFront(_:)` and its kin. False when it is not one.
    @discardableResult
    func moveOwnSublayer(_ layer: CALayer, to index: (_ countWithout: Int) -> Int) -> Bool {
        TreeEditLock.withLock {
            editOwnSublayers { list, subnodes in
                guard list.remove(layer) else { return false }
                list.insert(layer, at: index(list.count + subnodes), subnodeCount: subnodes)
                return true
            }
        }
    }

    /// Inserts `layer` just below `sibling`; QuartzCore's `insertSublayer(_:below:)`. A sibling that
    /// is not a sublayer is reported, and `layer` goes on top.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insertSublayer(layer, at: index(of: sibling, for: "insertSublayer(_:below:)", else: "the layer went on top", moving: layer) ?? UInt32(clamping: sublayers?.count ?? 0))
    }

    /// Inserts `layer` just above `sibling`; QuartzCore's `insertSublayer(_:above:)`. A sibling that
    /// is not a sublayer is reported, and `layer` goes on top.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insertSublayer(layer, at: index(of: sibling, for: "insertSublayer(_:above:)", else: "the layer went on top", moving: layer).map { $0 + 1 }
                       ?? UInt32(clamping: sublayers?.count ?? 0))
    }

    /// Puts `newLayer` where `oldLayer` is; QuartzCore's `replaceSublayer(_:with:)`.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = index(of: oldLayer, for: "replaceSublayer(_:with:)", else: "nothing was replaced", moving: newLayer) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: index)
    }

    /// Removes the layer from its superlayer (a subnode's layer: the node from its supernode);
    /// QuartzCore's `removeFromSuperlayer()`.
    public func removeFromSuperlayer() {
        if let node, node.supernode != nil {
            node.removeFromSupernode()
            return
        }
        TreeEditLock.withLock { unlinkOwnWhileEditing() }
    }

    /// Takes this layer out of the list of the layer it was added to as a layer of its own (not a
    /// subnode's place). Tree-edit lock held.
    func unlinkOwnWhileEditing() {
        guard let parent = storage.withLock({ s -> CALayer? in
            defer {
                s.superlayer = nil
                s.linkedByView = false
            }
            return s.superlayer
        }) else { return }
        _ = parent.editOwnSublayers { list, _ in list.remove(self) }
    }

    /// Takes this layer out of the list it was added to as a layer of its own; for a view
    /// leaving its superview.
    func leaveOwnSuperlayer() {
        TreeEditLock.withLock { unlinkOwnWhileEditing() }
    }

    /// Takes the layers of the views in `views` out of this layer's list: a view being
    /// deinitialized drops its subviews. Safe from any thread (a deinit's).
    func unlinkViewLayers(of views: Set<ObjectIdentifier>) {
        TreeEditLock.withLock {
            // Each lock alone: the list's, then each sublayer's storage.
            let leaving = ownSublayers.filter { layer in
                layer.storage.withLock { $0.ownerView }.map { views.contains(ObjectIdentifier($0)) } ?? false
            }
            guard !leaving.isEmpty else { return }
            for layer in leaving { layer.unlinkOwnWhileEditing() }
        }
    }

    /// True when this layer is `layer` or lies under it.
    private func isInside(_ layer: CALayer) -> Bool {
        var current: CALayer? = self
        var steps = 0
        while let candidate = current, steps <= WeftLimits.maximumTreeDepth * 2 {
            if candidate === layer { return true }
            current = candidate.superlayer
            steps += 1
        }
        return false
    }

    /// The index of `sibling` in the list of sublayers once `moving` has left it (Core Animation
    /// takes a sublayer out before it puts it back); nil, reported with `outcome`, when it is not one.
    private func index(of sibling: CALayer?, for api: String, else outcome: String, moving: CALayer) -> UInt32? {
        if let sibling, let list = sublayers, let index = list.firstIndex(where: { $0 === sibling }) {
            let movingBelow = list[..<index].contains { $0 === moving }
            return UInt32(clamping: movingBelow ? index - 1 : index)
        }
        WeftDiagnostics.report(.geometry, diagnosticSubject, "\(api) was given \(sibling.map(\.diagnosticSubject) ?? "nil"), which is not a sublayer; \(outcome)")
        return nil
    }
}
