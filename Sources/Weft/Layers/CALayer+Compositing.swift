import Foundation

/// What layers of their own draw: a `CALayer` added to a node's layer (or under another such
/// layer) draws its background, border, shadow and sublayers, as Core Animation would, among the
/// node's. A node's layer added under one draws its node.
extension CALayer {
    /// The layers of their own added to this node's layer, captured in their z order, but for
    /// `leftOut` (a placeholder over contents already drawn).
    func hostedCompositeLayers(scale: CGFloat?, leavingOut leftOut: CALayer?, resolve: (UIColor) -> UIColor) -> [CompositeLayer] {
        let own = storage.withLock { $0.sublayers }.filter { $0 !== leftOut }
        return CompositeLayer.inZOrder(own.compactMap { layer in
            StackSpace.ensuringSpace { layer.captured(scale: scale, resolve: resolve).map { ($0, layer.zPosition) } }
        })
    }

    /// What this layer draws now, read under its lock (a node's layer: its node's capture); nil
    /// when hidden or fully transparent. Colours resolve with `resolve` (the hosting node's traits).
    func captured(scale: CGFloat?, resolve: (UIColor) -> UIColor) -> CompositeLayer? {
        if let node { return node.compositeLayer(scale: scale) }
        let s = snapshot
        guard !s.isHidden, s.opacity > 0 else { return nil }
        let frame = CGRect(x: s.position.x - s.bounds.width * s.anchorPoint.x, y: s.position.y - s.bounds.height * s.anchorPoint.y,
                           width: s.bounds.width, height: s.bounds.height)
        let sublayers = CompositeLayer.inZOrder(s.sublayers.compactMap { layer in
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
