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
            let (hidden, error, subnodes) = node.state.withLock { ($0.isHidden, $0.display.error, $0.subnodes) }
            if hidden { continue }
            if let error { return .displayFailed(node: node.description, reason: error) }
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
        let s = state.withLock { s in
            (frame: CGRect(x: s.position.x - s.bounds.width * s.anchorPoint.x, y: s.position.y - s.bounds.height * s.anchorPoint.y,
                           width: s.bounds.width, height: s.bounds.height),
             bounds: s.bounds, hidden: s.isHidden, alpha: s.alpha, background: s.backgroundColor,
             radius: s.cornerRadius, rounding: s.cornerRoundingType, clips: s.clipsToBounds,
             borderWidth: s.borderWidth, borderColor: s.borderColor, store: s.display.backingStore, subnodes: s.subnodes)
        }
        guard !s.hidden, s.alpha > 0 else { return }
        context.withSavedState {
            if !asRoot {
                context.translateBy(x: s.frame.minX - s.bounds.minX, y: s.frame.minY - s.bounds.minY)
            }
            context.withTransparencyLayer(alpha: s.alpha) {
                let shape = Path(roundedRect: s.bounds, cornerRadius: s.radius)
                if let background = s.background, background.alpha > 0 {
                    context.fill(shape, with: background)
                }
                if let store = s.store {
                    context.withSavedState {
                        if s.clips || (s.radius > 0 && s.rounding != .defaultSlowCALayer) { context.clip(to: shape) }
                        context.draw(store, in: s.bounds)
                    }
                }
                if !s.subnodes.isEmpty {
                    context.withSavedState {
                        if s.clips { context.clip(to: shape) }
                        // One level of recursion per node (bounded by the depth check), each
                        // with enough stack: see `StackSpace`.
                        for subnode in s.subnodes { StackSpace.ensuringSpace { subnode.composite(into: context) } }
                    }
                }
                if s.borderWidth > 0 {
                    let inset = s.bounds.insetBy(dx: s.borderWidth / 2, dy: s.borderWidth / 2)
                    context.stroke(Path(roundedRect: inset, cornerRadius: max(0, s.radius - s.borderWidth / 2)),
                                   with: s.borderColor, lineWidth: s.borderWidth)
                }
            }
        }
    }
}
