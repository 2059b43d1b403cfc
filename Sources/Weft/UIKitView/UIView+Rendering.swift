import Foundation

extension UIView {
    /// Renders the view and its subviews into a bitmap of `bounds.size × scale` pixels: layout
    /// first (`layoutIfNeeded()`), then each view's background, `draw(_:)`, subviews (clipped when
    /// `clipsToBounds`) and border, under its alpha. On the main actor, as UIKit draws.
    public func renderBitmap(scale: CGFloat) throws(RenderError) -> Bitmap {
        layoutIfNeeded()
        let size = bounds.size
        guard size.width > 0, size.height > 0 else {
            throw .invalidTarget(node: "\(type(of: self)) \(frame)", reason: .invalidSize(size))
        }
        do {
            return try Bitmap(size: size, scale: scale) { context in
                context.translateBy(x: -bounds.minX, y: -bounds.minY)
                composite(into: context, asRoot: true)
            }
        } catch let error as GraphicsError {
            throw .invalidTarget(node: "\(type(of: self)) \(frame)", reason: error)
        } catch {
            throw .invalidTarget(node: "\(type(of: self)) \(frame)", reason: .cairo("\(error)"))
        }
    }

    /// Draws the layer's sublayers in the order of its list (UIKit's model, where subviews are
    /// sublayers): a subview composites itself, a layer of its own (a `CALayer`, a `CAShapeLayer`,
    /// a layer-backed node's layer added to this view's) draws its capture, its colours resolved
    /// for this view's traits; a node's layer draws its node, laid out and displayed first. A plain
    /// view's layer linked with `addSublayer` alone draws nothing: it is no subview, and its view's
    /// appearance is the view's.
    private func compositeSublayers(_ sublayers: [CALayer], into context: GraphicsContext) {
        for sublayer in sublayers {
            if let subview = sublayer.addedView(under: self) {
                subview.composite(into: context)
            } else if sublayer.drawsInLayerTree {
                // Nodes whose layers were added with `addSublayer(_:)`: laid out and drawn first.
                for node in sublayer.nodesDrawnThrough {
                    node.layoutIfNeeded()
                    node.ensureDisplay(scale: context.scale, synchronously: true)
                }
                let traits = UITraitCollection.current
                sublayer.captured(scale: context.scale, resolve: { $0.resolvedColor(with: traits) })?.draw(into: context)
            }
        }
    }

    /// Composites this view into `context`, whose origin is the superview's bounds origin (or this
    /// view's, for the root). Draws synchronously: views have no backing store.
    func composite(into context: GraphicsContext, asRoot: Bool = false) {
        if let node = (self as? ASDisplayNodeView)?.node {
            return compositeNode(node, into: context, asRoot: asRoot)
        }
        if let node = (self as? UIScrollView)?.scrollingNode {
            return compositeScrollingNode(node, into: context, asRoot: asRoot)
        }
        guard !isHidden, alpha > 0 else { return }
        let frame = self.frame, bounds = self.bounds
        withDrawingTraits { context.withSavedState {
            if !asRoot { context.translateBy(x: frame.minX - bounds.minX, y: frame.minY - bounds.minY) }
            context.withTransparencyLayer(alpha: alpha) {
                let shape = Path(roundedRect: bounds, cornerRadius: layer.cornerRadius)
                if let backgroundColor, backgroundColor.alpha > 0 { context.fill(shape, with: backgroundColor) }
                context.withSavedState {
                    if clipsToBounds { context.clip(to: shape) }
                    UIGraphicsContextStack.with(context, ownsPixels: false) { draw(bounds) }
                }
                let sublayers = layer.ownSublayers
                if !sublayers.isEmpty {
                    context.withSavedState {
                        if clipsToBounds { context.clip(to: shape) }
                        compositeSublayers(sublayers, into: context)
                    }
                }
                if layer.borderWidth > 0, let color = layer.borderColor?.uiColor {
                    let width = layer.borderWidth
                    context.stroke(Path(roundedRect: bounds.insetBy(dx: width / 2, dy: width / 2), cornerRadius: max(0, layer.cornerRadius - width / 2)),
                                   with: color, lineWidth: width)
                }
            }
        } }
    }

    /// A node's view draws its node, as the node renders itself (laid out, its stale backing
    /// stores drawn at the context's scale, then composited: background, contents, subnodes,
    /// border), and then the UIKit views added to it, in their order in the layer's list. Those
    /// views draw above the node's subnodes and layers wherever they sit in that list: the node's
    /// capture leaves views out (it may run off the main actor; views draw on it). So a controller's view hierarchy (a
    /// navigation controller showing an `ASDKViewController`, a playground's live view) shows its
    /// nodes' content, not just their backgrounds.
    /// A collection's or table's view draws the visible cells at its offset, composed as the
    /// node's `snapshot` composes them (`ComposedContent`); a scroll node's view draws its node.
    private func compositeScrollingNode(_ node: any ScrollingNode, into context: GraphicsContext, asRoot: Bool) {
        guard let composed = node as? any ComposedContent else { return compositeNode(node, into: context, asRoot: asRoot) }
        guard !node.isHidden, node.alpha > 0, let composition = composed.compositionInTree(scale: context.scale) else { return }
        let size = frame.size
        // The root draws in its own bounds' coordinates; any other view at its frame in its superview's.
        let layer = asRoot
            ? composition.layer(frame: CGRect(origin: bounds.origin, size: size), bounds: CGRect(origin: bounds.origin, size: size),
                                asRoot: true, alpha: node.alpha, rounding: node.cornerRoundingType, sublayers: [])
            : composition.layer(frame: frame, bounds: CGRect(origin: .zero, size: size), asRoot: false, alpha: node.alpha,
                                rounding: node.cornerRoundingType, sublayers: [])
        layer.draw(into: context)
    }

    private func compositeNode(_ node: ASDisplayNode, into context: GraphicsContext, asRoot: Bool) {
        guard !node.isHidden, node.alpha > 0 else { return }
        node.layoutIfNeeded()
        node.ensureDisplay(scale: context.scale, synchronously: true)
        node.composite(into: context, asRoot: asRoot)
        guard !ownSubviews.isEmpty else { return }
        let frame = self.frame, bounds = self.bounds
        // UIKit views added to a node's view draw in the node's appearance.
        UITraitCollection.withCurrent(node.drawingTraits) { withDrawingTraits { context.withSavedState {
            if !asRoot { context.translateBy(x: frame.minX - bounds.minX, y: frame.minY - bounds.minY) }
            if clipsToBounds { context.clip(to: Path(roundedRect: bounds, cornerRadius: layer.cornerRadius)) }
            for subview in ownSubviews { subview.composite(into: context) }
        } } }
    }
}
