import Foundation

/// The layer tree. A node's layer's sublayers are its subnodes' layers, in order, followed by any
/// layers of their own added to it (drawn above the subnodes); adding a node's layer to a node's
/// layer adds the node as a subnode, so the two trees stay one. Plain layers are linked under the
/// process-wide tree-edit lock (`TreeEditLock`), node layers by the node tree's own edits.
extension CALayer {
    /// The sublayers, back to front; nil when there are none, as in Core Animation. Setting it
    /// removes the current sublayers and adds the given ones in order.
    public var sublayers: [CALayer]? {
        get {
            let own = storage.withLock { $0.sublayers }
            let layers = (node?.subnodes.map(\.layerObject) ?? []) + own
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

    /// Inserts `layer` at `idx` among the sublayers (clamped to their count); QuartzCore's
    /// `insertSublayer(_:at:)`. A node's layer added to a node's layer becomes a subnode there.
    /// Adding a layer to itself or to one of its own sublayers is ignored and reported: it would make a cycle.
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        guard !isInside(layer) else {
            WeftDiagnostics.report(.geometry, diagnosticSubject, "adding \(layer.diagnosticSubject) as a sublayer would make a cycle; ignored")
            return
        }
        let index = Int(idx)
        if let parent = node, let child = layer.node {
            parent.insertSubnode(child, at: min(index, parent.subnodes.count))
            return
        }
        layer.removeFromSuperlayer()
        let subnodeCount = node?.subnodes.count ?? 0
        TreeEditLock.withLock {
            layer.storage.withLock { $0.superlayer = self }
            storage.withLock { s in s.sublayers.insert(layer, at: min(max(index - subnodeCount, 0), s.sublayers.count)) }
        }
    }

    /// Inserts `layer` just below `sibling`; QuartzCore's `insertSublayer(_:below:)`. A sibling that
    /// is not a sublayer is reported, and `layer` goes on top.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insertSublayer(layer, at: index(of: sibling, for: "insertSublayer(_:below:)", else: "the layer went on top") ?? UInt32(clamping: sublayers?.count ?? 0))
    }

    /// Inserts `layer` just above `sibling`; QuartzCore's `insertSublayer(_:above:)`. A sibling that
    /// is not a sublayer is reported, and `layer` goes on top.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insertSublayer(layer, at: index(of: sibling, for: "insertSublayer(_:above:)", else: "the layer went on top").map { $0 + 1 }
                       ?? UInt32(clamping: sublayers?.count ?? 0))
    }

    /// Puts `newLayer` where `oldLayer` is; QuartzCore's `replaceSublayer(_:with:)`.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = index(of: oldLayer, for: "replaceSublayer(_:with:)", else: "nothing was replaced") else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: index)
    }

    /// Removes the layer from its superlayer (a node's layer: the node from its supernode);
    /// QuartzCore's `removeFromSuperlayer()`.
    public func removeFromSuperlayer() {
        if let node, node.supernode != nil {
            node.removeFromSupernode()
            return
        }
        TreeEditLock.withLock {
            guard let parent = storage.withLock({ s -> CALayer? in
                defer { s.superlayer = nil }
                return s.superlayer
            }) else { return }
            parent.storage.withLock { $0.sublayers.removeAll { $0 === self } }
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

    /// The index of `sibling` among the sublayers; nil, reported with `outcome`, when it is not one.
    private func index(of sibling: CALayer?, for api: String, else outcome: String) -> UInt32? {
        if let sibling, let index = sublayers?.firstIndex(where: { $0 === sibling }) { return UInt32(clamping: index) }
        WeftDiagnostics.report(.geometry, diagnosticSubject, "\(api) was given \(sibling.map(\.diagnosticSubject) ?? "nil"), which is not a sublayer; \(outcome)")
        return nil
    }
}
