import Foundation

extension ASDisplayNode {
    /// Renders the node and its subtree into a bitmap of `bounds.size × scale` pixels.
    ///
    /// Layout specs are applied first (`layoutIfNeeded()`), then stale backing stores are drawn,
    /// synchronously on this thread, at `scale`; then the tree
    /// is composited in Texture's order: for each node, its background (rounded), its backing store,
    /// its subnodes (clipped when `clipsToBounds`), its border, all under its alpha.
    ///
    /// Throws `RenderError.emptyBounds` when the bounds have no width or height (a frame set
    /// with NaN, infinite or negative sizes ends up so), and `RenderError.treeTooDeep` when the subtree is deeper than `WeftLimits.maximumTreeDepth`
    /// (checked before and after layout, which may add managed subnodes).
    public func renderBitmap(scale: CGFloat) throws(RenderError) -> Bitmap {
        let size = bounds.size
        guard size.width > 0, size.height > 0 else { throw .emptyBounds(node: description, size: size) }
        try checkSubtreeDepth()
        do {
            _ = try Bitmap.pixelSize(for: size, scale: scale)
        } catch let error as GraphicsError {
            throw .invalidTarget(node: description, reason: error)
        } catch {
            preconditionFailure("Bitmap.pixelSize throws only GraphicsError")
        }
        layoutIfNeeded()
        try checkSubtreeDepth()
        ensureDisplay(scale: scale, synchronously: true)
        if let failed = firstDisplayFailure() { throw failed }
        do {
            return try Bitmap(size: size, scale: scale) { context in
                context.translateBy(x: -bounds.minX, y: -bounds.minY)
                composite(into: context, asRoot: true)
            }
        } catch let error as GraphicsError {
            throw .invalidTarget(node: description, reason: error)
        } catch {
            preconditionFailure("compositing throws only GraphicsError")
        }
    }

    /// Renders the subtree (see `renderBitmap(scale:)`) and encodes it as PNG with `PNGEncoder`.
    public func renderPNG(scale: CGFloat) throws(RenderError) -> Data {
        PNGEncoder().encode(try renderBitmap(scale: scale))
    }

    private func firstDisplayFailure() -> RenderError? {
        var pending: [ASDisplayNode] = [self]
        while let node = pending.popLast() {
            let (hidden, error, subnodes, added) = node.state.withLock { ($0.isHidden, $0.display.error, $0.subnodes, $0.layerModel.ownSublayers) }
            if hidden { continue }
            if let error { return .displayFailed(node: node.description, reason: error) }
            pending += CALayer.nodesAdded(in: added).reversed()
            pending += subnodes.reversed()
        }
        return nil
    }

    /// The number of levels in this subtree, this node being level 1; counted without recursion.
    func subtreeDepth() -> Int {
        var deepest = 0
        var pending: [(ASDisplayNode, Int)] = [(self, 1)]
        while let (node, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            for subnode in node.subnodes { pending.append((subnode, depth + 1)) }
        }
        return deepest
    }

    private func checkSubtreeDepth() throws(RenderError) {
        let depth = subtreeDepth()
        guard depth <= WeftLimits.maximumTreeDepth else {
            throw .treeTooDeep(node: description, depth: depth, limit: WeftLimits.maximumTreeDepth)
        }
    }

    /// Composites this node into `context`, whose origin is the supernode's bounds origin (or this
    /// node's, for the root). Copies finished backing stores only: nothing is drawn here.
    func composite(into context: GraphicsContext, asRoot: Bool = false) {
        compositeLayer(asRoot: asRoot, scale: context.scale)?.draw(into: context)
    }

    /// What `composite(into:)` draws for this subtree, read now under each node's lock: nil for a
    /// hidden or fully transparent node. Backing stores are immutable, so the layer can be drawn
    /// later, on any thread, while the nodes move on (frames composite so, in parallel).
    ///
    /// With `scale`, a collection or table in the subtree (a feed under a header, a carousel in a
    /// cell) is composed as it shows its cells at its offset, its frame a sublayer of the tree's
    /// (`ComposedContent`), as UIKit draws a collection view among its superview's subviews.
    /// Without, only its own layer (background, border).
    ///
    /// The sublayers are drawn in the order of the layer's one list (`CALayer.sublayers`): the
    /// subnodes interleaved with the layers added to the node's layer (a node's layer among them
    /// draws its node), then sorted by `zPosition`, equal values keeping that order. Views' layers
    /// in the list (UIKit views added to the node's view) are not drawn here: views draw on the
    /// main actor, where the view tree is rendered (`UIView.composite(into:)`), above the node's
    /// subnodes and layers.
    func compositeLayer(asRoot: Bool = false, scale: CGFloat? = nil) -> CompositeLayer? {
        let s = state.withLock { s in
            (frame: CGRect(x: s.position.x - s.bounds.width * s.anchorPoint.x, y: s.position.y - s.bounds.height * s.anchorPoint.y,
                           width: s.bounds.width, height: s.bounds.height),
             bounds: s.bounds, hidden: s.isHidden, alpha: s.alpha,
             // Painted here, outside the node's drawing: dynamic colours resolve for its traits now.
             background: s.backgroundColor.resolved(with: s.traits.collection),
             radius: s.cornerRadius, rounding: s.cornerRoundingType, clips: s.clipsToBounds,
             borderWidth: s.borderWidth, borderColor: s.borderColor.resolvedColor(with: s.traits.collection),
             store: s.display.backingStore, subnodes: s.subnodes, own: s.layerModel.ownSublayers,
             effects: LayerEffects.capture(s.layerModel.properties, position: s.position, anchorPoint: s.anchorPoint,
                                           resolve: { [traits = s.traits.collection] in $0.resolvedColor(with: traits) }),
             traits: s.traits.collection, rasterizes: s.rasterizesSubtree,
             // The placeholder layer covers contents not drawn yet; drawn ones show through.
             drawnPlaceholder: UncheckedSendable(s.display.isCurrent(at: scale ?? s.contentsScaleForDisplay) ? s.placeholder.layer : nil))
        }
        guard !s.hidden, s.alpha > 0 else { return nil }
        // A node that rasterizes its subtree has its subnodes in its own contents.
        let list = s.own.merged(subnodes: s.rasterizes ? [] : s.subnodes.map(CALayer.Sublayer.subnode), own: CALayer.Sublayer.own)
        let sublayers = CompositeLayer.inZOrder(list.compactMap { sublayer in
            StackSpace.ensuringSpace { () -> (CompositeLayer, CGFloat)? in
                switch sublayer {
                case .subnode(let node):
                    return node.zOrderedCapture(scale: scale)
                case .own(let layer):
                    guard layer !== s.drawnPlaceholder.value, layer.drawsInLayerTree else { return nil }
                    return layer.captured(scale: scale, resolve: { $0.resolvedColor(with: s.traits) }).map { ($0, layer.zPosition) }
                }
            }
        })
        if let scale, let composed = self as? any ComposedContent, let composition = composed.compositionInTree(scale: scale) {
            return composition.layer(frame: s.frame, bounds: s.bounds, asRoot: asRoot, alpha: s.alpha, rounding: s.rounding, sublayers: sublayers)
        }
        return CompositeLayer(frame: s.frame, bounds: s.bounds, asRoot: asRoot, alpha: s.alpha, background: s.background, radius: s.radius,
                              rounding: s.rounding, clips: s.clips, borderWidth: s.borderWidth, borderColor: s.borderColor,
                              store: s.store, sublayers: sublayers, effects: s.effects)
    }

    /// `nodes`' captures, in their z order. One level of recursion per node (bounded by the depth
    /// check), each with enough stack: see `StackSpace`.
    static func captures(of nodes: [ASDisplayNode], scale: CGFloat?) -> [CompositeLayer] {
        CompositeLayer.inZOrder(nodes.compactMap { node in StackSpace.ensuringSpace { node.zOrderedCapture(scale: scale) } })
    }

    /// This node's capture with its `zPosition`, for sorting among its siblings.
    private func zOrderedCapture(scale: CGFloat?) -> (CompositeLayer, CGFloat)? {
        compositeLayer(scale: scale).map { ($0, self[layerProperty: \.zPosition]) }
    }
}
