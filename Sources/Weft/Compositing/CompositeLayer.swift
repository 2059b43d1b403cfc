import Foundation

/// One node's part of a composite, captured by `ASDisplayNode.compositeLayer(asRoot:)`, drawn in
/// Texture's order: background (rounded), backing store, sublayers (clipped when `clips`), border,
/// all under `alpha`. Copies finished backing stores only: nothing is drawn here. Its colours are
/// fixed, resolved for the node's traits when captured.
/// Sendable value; use from any context.
struct CompositeLayer: Sendable {
    let frame: CGRect
    let bounds: CGRect
    let asRoot: Bool
    let alpha: CGFloat
    let background: UIColor?
    let radius: CGFloat
    let rounding: ASCornerRoundingType
    let clips: Bool
    let borderWidth: CGFloat
    let borderColor: UIColor
    let store: Bitmap?
    let sublayers: [CompositeLayer]
    /// Transforms, part-by-part opacity and shadow (see `LayerEffects`); nil for a plain layer,
    /// which draws with every fast path below.
    var effects: LayerEffects? = nil

    /// What this layer alone paints opaque at `scale`, in its supernode's coordinates, when it is
    /// fully opaque (alpha 1) with square corners: `.fill` when its background is an opaque colour
    /// (every pixel wholly inside its frame takes that colour; the edges may blend), `.store` when
    /// its backing store is opaque and has the pixel size of its bounds (on whole pixels, a copy).
    /// Nil otherwise. What the layer draws there replaces whatever is beneath, so a frame need not
    /// paint its background under it.
    func opaqueCover(scale: CGFloat) -> OpaqueCover? {
        guard !asRoot, alpha >= 1, !(radius > 0), effects == nil else { return nil }
        if let background, background.alpha >= 1 { return .fill(frame) }
        guard let store, let pixels = PixelRegion.wholePixels(bounds, scale: scale),
              store.pixelWidth == pixels.width, store.pixelHeight == pixels.height, store.isOpaque else { return nil }
        return .store(frame)
    }

    /// See `opaqueCover(scale:)`.
    enum OpaqueCover {
        /// An opaque colour fills this rectangle: the pixels wholly inside it are covered.
        case fill(CGRect)
        /// An opaque store is drawn over this rectangle: covered when it lies on whole pixels.
        case store(CGRect)
    }

    /// The device pixels this layer alone sets whatever lies beneath, drawn unclipped with its
    /// supernode's origin `offset` points from the device's at `scale` (see `opaqueCover`): those
    /// wholly inside an opaque background, or those an opaque store on whole pixels is copied to.
    /// Nil when there are none.
    func replacedPixels(offset: CGPoint, scale: CGFloat) -> PixelRegion.Rect? {
        switch opaqueCover(scale: scale) {
        case .fill(let frame)?: PixelRegion.innerPixels(frame.offsetBy(dx: offset.x, dy: offset.y), scale: scale)
        case .store(let frame)?: PixelRegion.wholePixels(frame.offsetBy(dx: offset.x, dy: offset.y), scale: scale)
        case nil: nil
        }
    }

    /// The device pixels of `context` (whose origin is this layer's bounds origin) that its
    /// sublayers replace when drawn unclipped (`replacedPixels`): drawing this layer's background
    /// there would be overwritten.
    func pixelsSublayersReplace(in context: GraphicsContext) -> [PixelRegion.Rect] {
        guard !sublayers.isEmpty, let (scale, origin) = context.uniformTransform else { return [] }
        return sublayers.compactMap { $0.replacedPixels(offset: origin, scale: scale) }
    }

    /// Draws into `context`, whose origin is the supernode's bounds origin (or this node's, for the
    /// root). `clipped` says an ancestor's clip is in force; without one, an opaque backing store
    /// on whole pixels is copied rather than blended (`GraphicsContext.copyIfOpaque`), which gives
    /// the same bytes in a fraction of the time, and a square-cornered background is not filled
    /// under the pixels such a sublayer then replaces (`pixelsSublayersReplace`: a card under its
    /// photo), which gives the same bytes too. `inheritedAlpha` is the opacity of a supernode that
    /// does not group its opacity (`LayerEffects.groupsOpacity`), multiplied into this layer's.
    func draw(into context: GraphicsContext, clipped: Bool = false, inheritedAlpha: CGFloat = 1) {
        if let effects { return draw(effects, into: context, clipped: clipped, inheritedAlpha: inheritedAlpha) }
        context.withSavedState {
            if !asRoot {
                context.translateBy(x: frame.minX - bounds.minX, y: frame.minY - bounds.minY)
            }
            context.withTransparencyLayer(alpha: alpha * inheritedAlpha) {
                let shape = Path(roundedRect: bounds, cornerRadius: radius)
                if let background, background.alpha > 0 {
                    if radius > 0 || clipped || clips {
                        context.fill(shape, with: background)
                    } else {
                        context.fill(bounds, with: background, sparing: pixelsSublayersReplace(in: context))
                    }
                }
                if let store {
                    let clipsStore = clips || (radius > 0 && rounding != .defaultSlowCALayer)
                    // A square clip to the bounds the store fills changes nothing (an image node
                    // clips so); a rounded one cuts soft corners, which a copy would not.
                    if (clipsStore && radius > 0) || clipped || !context.copyIfOpaque(store, in: bounds) {
                        context.withSavedState {
                            if clipsStore { context.clip(to: shape) }
                            context.draw(store, in: bounds)
                        }
                    }
                }
                if !sublayers.isEmpty {
                    context.withSavedState {
                        if clips { context.clip(to: shape) }
                        for sublayer in sublayers { StackSpace.ensuringSpace { sublayer.draw(into: context, clipped: clipped || clips) } }
                    }
                }
                if borderWidth > 0 {
                    let inset = bounds.insetBy(dx: borderWidth / 2, dy: borderWidth / 2)
                    context.stroke(Path(roundedRect: inset, cornerRadius: max(0, radius - borderWidth / 2)),
                                   with: borderColor, lineWidth: borderWidth)
                }
            }
        }
    }
}
