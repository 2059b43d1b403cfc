import Foundation

/// Core Animation's edge antialiasing, for a layer turned by its own transform: the edges of its
/// own quad (background, contents, border) that `LayerEffects.aliasedEdges` names are drawn
/// stepped, whole pixels in or out by their centres; the others keep cairo's antialiasing.
/// Sublayers and the shadow follow their own layers' settings.
extension CompositeLayer {
    /// Runs `drawOwn` (which draws parts of this layer's own quad) with `effects.aliasedEdges`
    /// stepped. Some edges stepped and some not takes two passes split along a line two device
    /// pixels inside each stepped edge: within it the antialiased drawing, which no stepped edge
    /// reaches; outside it the stepped drawing. Both passes clip by pixel centres, so each pixel
    /// is drawn by exactly one.
    func drawOwnParts(_ effects: LayerEffects, into context: GraphicsContext, _ drawOwn: () -> Void) {
        let stepped = effects.aliasedEdges
        if stepped.isEmpty { drawOwn(); return }
        let margin = context.userLength(ofDevicePixels: 2)
        let inner = Self.rect(bounds, movingIn: stepped, by: margin)
        guard stepped != .allEdges, inner.width > 0, inner.height > 0 else {
            context.withAntialiasing(false, drawOwn)
            return
        }
        let api = "CALayer.edgeAntialiasingMask"
        context.withSavedState {
            context.clipStepped(to: Path(rect: inner), evenOdd: false, api: api)
            drawOwn()
        }
        context.withSavedState {
            var band = Path(rect: bounds.insetBy(dx: -margin, dy: -margin))
            band.append(Path(rect: inner))
            context.clipStepped(to: band, evenOdd: true, api: api)
            context.withAntialiasing(false, drawOwn)
        }
    }

    /// `rect` with the edges in `edges` moved inward by `distance` and the others outward by it.
    /// Core Animation's bottom edge is the minimum-y one.
    static func rect(_ rect: CGRect, movingIn edges: CAEdgeAntialiasingMask, by distance: CGFloat) -> CGRect {
        func move(_ edge: CAEdgeAntialiasingMask) -> CGFloat { edges.contains(edge) ? distance : -distance }
        let minX = rect.minX + move(.layerLeftEdge), maxX = rect.maxX - move(.layerRightEdge)
        let minY = rect.minY + move(.layerBottomEdge), maxY = rect.maxY - move(.layerTopEdge)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
