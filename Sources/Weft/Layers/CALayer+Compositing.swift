import Foundation

/// What layers of their own draw: a `CALayer` added to a node's layer (or under another such
/// layer, or to a plain view's) draws its background, border, shadow and sublayers, as Core
/// Animation would, at its place in the list of sublayers. A node's layer added under one draws its node.
extension CALayer {
    /// Whether the render of a layer this one is in draws it: not a view added with `addSubview`
    /// and its kin, nor another view's layer (views draw themselves where the view tree is
    /// rendered), but a node's layer added with `addSublayer(_:)` and its kin draws its node.
    var drawsInLayerTree: Bool {
        storage.withLock { s in !s.linkedByView && (s.ownerView == nil || (s.forwards && s.node != nil)) }
    }

    /// The nodes whose layers were added among `layers` (a layer's own sublayers) with
    /// `addSublayer(_:)` and its kin, found through the plain layers between, not below those nodes
    /// (each node's walk finds its own): a render lays them out and draws them where they sit, as
    /// Core Animation displays every layer in its tree. Views' layers are the view tree's.
    static func nodesAdded(among layers: [CALayer]) -> [ASDisplayNode] {
        var found: [ASDisplayNode] = []
        var pending = layers.reversed() as [CALayer]
        while let layer = pending.popLast() {
            guard layer.drawsInLayerTree else { continue }
            if let node = layer.node {
                found.append(node)
            } else {
                pending += layer.ownSublayers.reversed()
            }
        }
        return found
    }

    /// The nodes added among a node's layers of their own (`LayerModel.ownSublayers`, read by the
    /// caller in the lock it already holds): what a render's walks visit besides the subnodes.
    /// Nothing to do, and nothing allocated, for the usual node with no layers of its own.
    static func nodesAdded(in own: SublayerSlots) -> [ASDisplayNode] {
        own.isEmpty ? [] : nodesAdded(among: own.layers)
    }

    /// The nodes a render of this layer draws through it: its own node, or those added under it
    /// (see `nodesAdded(among:)`).
    var nodesDrawnThrough: [ASDisplayNode] {
        if let node { return [node] }
        return Self.nodesAdded(among: ownSublayers)
    }

    /// What this layer draws now, read under its lock (a node's layer: its node's capture); nil
    /// when hidden or fully transparent. Colours resolve with `resolve` (the hosting node's traits).
    func captured(scale: CGFloat?, resolve: (UIColor) -> UIColor) -> CompositeLayer? {
        if let node { return node.compositeLayer(scale: scale) }
        let s = snapshot
        guard !s.isHidden, s.opacity > 0 else { return nil }
        let frame = CGRect(x: s.position.x - s.bounds.width * s.anchorPoint.x, y: s.position.y - s.bounds.height * s.anchorPoint.y,
                           width: s.bounds.width, height: s.bounds.height)
        let sublayers = CompositeLayer.inZOrder(s.sublayers.layers.compactMap { layer in
            guard layer.drawsInLayerTree else { return nil }
            return StackSpace.ensuringSpace { layer.captured(scale: scale, resolve: resolve).map { ($0, layer.zPosition) } }
        })
        return CompositeLayer(frame: frame, bounds: s.bounds, asRoot: false, alpha: CGFloat(s.opacity),
                              background: s.backgroundColor.map { resolve($0.uiColor) }, radius: s.cornerRadius,
                              rounding: .defaultSlowCALayer, clips: s.masksToBounds, borderWidth: s.borderColor == nil ? 0 : s.borderWidth,
                              borderColor: s.borderColor.map { resolve($0.uiColor) } ?? .clear, store: drawnContents(scale: scale),
                              sublayers: sublayers,
                              effects: LayerEffects.capture(s.properties, position: s.position, anchorPoint: s.anchorPoint, resolve: resolve))
    }
}
