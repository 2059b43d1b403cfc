import Foundation

/// How a layer with effects (`LayerEffects`) draws: as Core Animation composites it, flat. Its
/// bounds are placed by `transform` about the anchor point at `position`; its shadow is drawn
/// first, then background, contents, sublayers (under `sublayerTransform`, about the anchor
/// point) and border; its opacity groups the whole, or multiplies into each part when it does not
/// group (`allowsGroupOpacity` false, which lets overlapping sublayers show through each other).
extension CompositeLayer {
    /// From this layer's bounds coordinates to its supernode's: the anchor point to the origin,
    /// the transform, then to `position`.
    func placement(_ effects: LayerEffects) -> CGAffineTransform {
        let anchor = anchorInBounds(effects)
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(effects.transform)
            .concatenating(CGAffineTransform(translationX: effects.position.x, y: effects.position.y))
    }

    /// The sublayer transform about the anchor point, in this layer's bounds coordinates.
    func sublayerPlacement(_ effects: LayerEffects) -> CGAffineTransform {
        let anchor = anchorInBounds(effects)
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(effects.sublayerTransform)
            .concatenating(CGAffineTransform(translationX: anchor.x, y: anchor.y))
    }

    private func anchorInBounds(_ effects: LayerEffects) -> CGPoint {
        CGPoint(x: bounds.minX + bounds.width * effects.anchorPoint.x, y: bounds.minY + bounds.height * effects.anchorPoint.y)
    }

    func draw(_ effects: LayerEffects, into context: GraphicsContext, clipped: Bool, inheritedAlpha: CGFloat) {
        let opacity = alpha * inheritedAlpha
        context.withSavedState {
            if !asRoot {
                let m = placement(effects)
                // A layer scaled to nothing covers no pixel (cairo would refuse the matrix).
                guard m.a * m.d - m.b * m.c != 0 else { return }
                context.concatenate(m)
            }
            if effects.groupsOpacity || opacity >= 1 {
                context.withTransparencyLayer(alpha: opacity) { drawParts(effects, into: context, clipped: clipped, partAlpha: 1) }
            } else if opacity > 0 {
                drawParts(effects, into: context, clipped: clipped, partAlpha: opacity)
            }
        }
    }

    private func drawParts(_ effects: LayerEffects, into context: GraphicsContext, clipped: Bool, partAlpha: CGFloat) {
        let shape = Path(roundedRect: bounds, cornerRadius: radius)
        // Core Animation clips a masking layer's shadow along with everything else it draws.
        if let shadow = effects.shadow, !clips { drawShadow(shadow, shape: shape, into: context, alpha: partAlpha) }
        drawOwnParts(effects, into: context) {
            if let background, background.alpha > 0 {
                context.fill(shape, with: background.withAlphaComponent(background.alpha * partAlpha))
            }
            if let store {
                context.withSavedState {
                    if clips || (radius > 0 && rounding != .defaultSlowCALayer) { context.clip(to: shape) }
                    context.draw(store, in: bounds, alpha: partAlpha)
                }
            }
        }
        if !sublayers.isEmpty {
            context.withSavedState {
                if clips { context.clip(to: shape) }
                if !effects.sublayerTransform.isIdentity { context.concatenate(sublayerPlacement(effects)) }
                for sublayer in sublayers {
                    StackSpace.ensuringSpace { sublayer.draw(into: context, clipped: clipped || clips, inheritedAlpha: partAlpha) }
                }
            }
        }
        if borderWidth > 0 {
            let inset = bounds.insetBy(dx: borderWidth / 2, dy: borderWidth / 2)
            drawOwnParts(effects, into: context) {
                context.stroke(Path(roundedRect: inset, cornerRadius: max(0, radius - borderWidth / 2)),
                               with: borderColor.withAlphaComponent(borderColor.alpha * partAlpha), lineWidth: borderWidth)
            }
        }
    }

    /// The shadow's shape: its path; else the rounded bounds when the layer has a background; else
    /// the alpha of its backing store. A layer with none of them casts no shadow (Core Animation
    /// would take its sublayers' pixels too; Weft does not).
    private func drawShadow(_ shadow: LayerEffects.Shadow, shape: Path, into context: GraphicsContext, alpha: CGFloat) {
        let source: ShadowMask.Source
        if let path = shadow.path {
            source = .path(path)
        } else if let background, background.alpha > 0 {
            source = .path(shape)
        } else if let store {
            source = .bitmap(store, in: bounds)
        } else {
            return
        }
        guard let mask = ShadowMask(source, radius: shadow.radius, scale: context.scale) else { return }
        context.fill(mask.rect.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height),
                     with: shadow.color.withAlphaComponent(shadow.color.alpha * alpha), maskedBy: mask.bitmap)
    }

    /// The rectangle, in this layer's own coordinates, its effects may paint beyond its bounds
    /// and sublayers: the shadow's blurred shape. Nil without a shadow.
    func shadowExtent(_ effects: LayerEffects) -> CGRect? {
        guard let shadow = effects.shadow, !clips else { return nil }
        let shape = shadow.path?.controlPointBounds ?? bounds
        let spread = ShadowMask.spread(radius: shadow.radius)
        return shape.insetBy(dx: -spread, dy: -spread).offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
    }
}

extension CompositeLayer {
    /// Sibling layers in drawing order: by `zPosition`, lowest first, equal values in the order
    /// given (the subnode order), as Core Animation sorts a layer's sublayers.
    static func inZOrder(_ layers: [(CompositeLayer, CGFloat)]) -> [CompositeLayer] {
        guard layers.contains(where: { $0.1 != 0 }) else { return layers.map(\.0) }
        return layers.enumerated()
            .sorted { a, b in a.element.1 != b.element.1 ? a.element.1 < b.element.1 : a.offset < b.offset }
            .map(\.element.0)
    }
}
