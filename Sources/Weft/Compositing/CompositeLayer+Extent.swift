import Foundation

/// What a frame drawn band by band (`FrameComposition.renderBands`) needs to know of a layer:
/// where it may paint, and which of its parts must not be split between two bands.
extension CompositeLayer {
    /// A rectangle holding every pixel `draw(into:)` may paint, in the coordinates `draw` is given
    /// (the supernode's, or this node's own for the root): its bounds (background, backing store
    /// and border all lie inside them) and, unless it clips them, its sublayers'. A band skips the
    /// layers outside it.
    /// With effects, the shadow's extent joins in, sublayers are taken through the sublayer
    /// transform, and the whole through the layer's placement (its bounding box).
    var drawnExtent: CGRect {
        var extent = bounds
        if let effects, let shadow = shadowExtent(effects) { extent = extent.union(shadow) }
        if !clips {
            let inner = effects.flatMap { $0.sublayerTransform.isIdentity ? nil : sublayerPlacement($0) }
            for sublayer in sublayers {
                let below = StackSpace.ensuringSpace { sublayer.drawnExtent }
                extent = extent.union(inner.map { below.applying($0) } ?? below)
            }
        }
        if let effects, !asRoot { return extent.applying(placement(effects)) }
        return extent.offsetBy(dx: offset.x, dy: offset.y)
    }

    /// True when the backing store is drawn resampled at `scale`: its pixel size is not its
    /// bounds' (a node whose height is not a whole number of pixels, say).
    ///
    /// Why it matters: for an image drawn at a scale other than 1, cairo fits pixman's fixed-point
    /// transform so that it agrees with its own at the centre of the area being composited, which
    /// a clip to a band moves; the samples can then come out one level apart (seen on the bench
    /// feed's 54×50 px icon drawn into 49.5 px). Drawn within one band whole, the area is the same.
    func drawsScaledStore(scale: CGFloat) -> Bool {
        guard let store else { return false }
        return CGFloat(store.pixelWidth) != bounds.width * scale || CGFloat(store.pixelHeight) != bounds.height * scale
    }

    /// True when this layer or any below it draws its store resampled (`drawsScaledStore`).
    func containsScaledStore(scale: CGFloat) -> Bool {
        drawsScaledStore(scale: scale) || sublayers.contains { sublayer in StackSpace.ensuringSpace { sublayer.containsScaledStore(scale: scale) } }
    }

    /// The rectangles (in the coordinates `draw` is given) that must each be drawn within one band
    /// for the band to hold the whole frame's bytes: each resampled store's bounds. Nil when the
    /// frame must be drawn as one band: a resampled store under a layer of alpha below 1, whose
    /// transparency group cairo sizes to the clip, so its origin moves with the band as well.
    /// So is a frame with a layer with effects: transformed stores are resampled, and its groups
    /// and shadows are sized to the clip.
    func unsplittableRects(scale: CGFloat) -> [CGRect]? {
        if effects != nil { return nil }
        if alpha < 1 { return containsScaledStore(scale: scale) ? nil : [] }
        var rects = drawsScaledStore(scale: scale) ? [bounds] : []
        for sublayer in sublayers {
            guard let below = StackSpace.ensuringSpace({ sublayer.unsplittableRects(scale: scale) }) else { return nil }
            rects += below
        }
        return rects.map { $0.offsetBy(dx: offset.x, dy: offset.y) }
    }

    /// From this layer's own coordinates to those `draw` is given (see `draw(into:clipped:)`).
    private var offset: CGPoint { asRoot ? .zero : CGPoint(x: frame.minX - bounds.minX, y: frame.minY - bounds.minY) }
}
