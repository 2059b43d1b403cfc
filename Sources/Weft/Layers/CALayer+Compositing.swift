import Foundation

/// What layers of their own draw: a `CALayer` added to a node's layer (or under another such
/// layer, or to a plain view's) draws its background, border, shadow and sublayers, as Core
/// Animation would, at its place in the list of sublayers. A node's layer added under one draws its node.
extension CALayer {
    /// Whether this is a view's layer (a node's view's included): views draw themselves where the
    /// view tree is rendered, not in a node's capture.
    var isViewLayer: Bool { storage.withLock { $0.ownerView != nil } }

    /// What this layer draws now, read under its lock (a node's layer: its node's capture); nil
    /// when hidden or fully transparent. Colours resolve with `resolve` (the hosting node's traits).
    func captured(scale: CGFloat?, resolve: (UIColor) -> UIColor) -> CompositeLayer? {
        if let node { return node.compositeLayer(scale: scale) }
        let s = snapshot
        guard !s.isHidden, s.opacity > 0 else { return nil }
        let frame = CGRect(x: s.position.x - s.bounds.width * s.anchorPoint.x, y: s.position.y - s.bounds.height * s.anchorPoint.y,
                           width: s.bounds.width, height: s.bounds.height)
        let sublayers = CompositeLayer.inZOrder(s.sublayers.layers.compactMap { layer in
            StackSpace.ensuringSpace { layer.captured(scale: scale, resolve: resolve).map { ($0, layer.zPosition) } }
        })
        return CompositeLayer(frame: frame, bounds: s.bounds, asRoot: false, alpha: CGFloat(s.opacity),
                              background: s.backgroundColor.map { resolve($0.uiColor) }, radius: s.cornerRadius,
                              rounding: .defaultSlowCALayer, clips: s.masksToBounds, borderWidth: s.borderColor == nil ? 0 : s.borderWidth,
                              borderColor: s.borderColor.map { resolve($0.uiColor) } ?? .clear, store: drawnContents(scale: scale),
                              sublayers: sublayers,
                              effects: LayerEffects.capture(s.properties, position: s.position, anchorPoint: s.anchorPoint, resolve: resolve))
    }
}
