import Foundation

extension FrameComposition {
    /// Frame rows whose composited pixels are, byte for byte, rows of one opaque backing store:
    /// frame row `r` in `rows` is row `r - top` of `store`, whose pixel width is the frame's.
    struct DirectRows: Sendable {
        let rows: Range<Int>
        let store: Bitmap
        /// The frame row of the store's first row (negative when it starts above the frame).
        let top: Int
    }

    /// The rows of the frame (`width` × `height` pixels) that one opaque backing store fills
    /// across the whole width and that nothing drawn after it touches, so that a consumer reading
    /// each frame once (mp4's yuv420p) can read them from the store instead of compositing them:
    /// the store is copied there (`CompositeLayer.draw`, `GraphicsContext.copyIfOpaque`), which
    /// replaces every pixel beneath, and every pixel of those rows is then the store's.
    ///
    /// Why: the bench feed's photos fill three quarters of each frame; compositing copied each of
    /// them (and the white cell background beneath, first) into the band only for the conversion
    /// to read them back.
    ///
    /// Conservative: a store counts only when it is copied rather than blended (every layer from
    /// the item down at alpha 1, no clipping ancestor, square or unclipped corners, opaque, its
    /// pixel size its bounds', on whole pixels), and anything else drawn after it (a background,
    /// a store, a border, another item) takes every row it may paint, with two to spare, away
    /// from the stores before it. Sorted by row, disjoint. `skippableRows` further leaves out the
    /// bands that must be drawn whole (those holding a resampled store).
    func directRows(width: Int, height: Int) -> [DirectRows] {
        guard width > 0, height > 0 else { return [] }
        var walk = DirectRowsWalk(scale: scale, width: width)
        for item in items {
            switch item {
            case .placeholder(let frame), .bitmap(_, let frame, _):
                walk.touch(frame)
            case .layer(let layer, let shift, let alpha):
                guard let layer else { continue }
                walk.visit(layer, origin: shift, copies: alpha >= 1)
            }
        }
        let frame = 0..<height
        return walk.found.flatMap { found in
            found.rows.compactMap { rows in
                let clamped = rows.clamped(to: frame)
                return clamped.isEmpty ? nil : DirectRows(rows: clamped, store: found.store, top: found.top)
            }
        }.sorted { $0.rows.lowerBound < $1.rows.lowerBound }
    }
}

/// `FrameComposition.directRows`'s walk over the items in drawing order, mirroring
/// `CompositeLayer.draw`. Used by one call.
private struct DirectRowsWalk {
    let scale: CGFloat
    let width: Int
    /// Each store found so far with the rows nothing after it has touched yet.
    var found: [(store: Bitmap, top: Int, rows: [Range<Int>])] = []

    /// `layer` drawn with its supernode's bounds origin at `origin` (frame points); `copies` is
    /// false under a clip or a translucent layer, where no store is copied.
    mutating func visit(_ layer: CompositeLayer, origin: CGPoint, copies: Bool) {
        let offset = layer.asRoot ? origin : CGPoint(x: origin.x + layer.frame.minX - layer.bounds.minX, y: origin.y + layer.frame.minY - layer.bounds.minY)
        let rect = layer.bounds.offsetBy(dx: offset.x, dy: offset.y)
        let copiesHere = copies && layer.alpha >= 1
        if let background = layer.background, background.alpha > 0 { touch(rect) }
        if let store = layer.store {
            let clipsStore = layer.clips || (layer.radius > 0 && layer.rounding != .defaultSlowCALayer)
            if copiesHere, !(clipsStore && layer.radius > 0), let pixels = PixelRegion.wholePixels(rect, scale: scale),
               pixels.x == 0, pixels.width == width, store.pixelWidth == pixels.width, store.pixelHeight == pixels.height, store.isOpaque {
                let rows = pixels.y..<(pixels.y + pixels.height)
                take(rows)
                found.append((store, pixels.y, [rows]))
            } else {
                touch(rect)
            }
        }
        for sublayer in layer.sublayers {
            StackSpace.ensuringSpace { visit(sublayer, origin: offset, copies: copiesHere && !layer.clips) }
        }
        if layer.borderWidth > 0 { touch(rect) }
    }

    /// Something drawn over `rect` (frame points): the rows it may paint, two to spare either
    /// side for antialiasing and filtering, are no store's any more.
    mutating func touch(_ rect: CGRect) {
        let top = (rect.minY * scale).rounded(.down), bottom = (rect.maxY * scale).rounded(.up)
        guard !rect.isNull, top.isFinite, bottom.isFinite, top > -1e9, bottom < 1e9 else {
            // Not known where: every row.
            found.removeAll()
            return
        }
        take((Int(top) - 2)..<max(Int(top) - 2, Int(bottom) + 2))
    }

    /// Takes `rows` away from every store found so far.
    private mutating func take(_ rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        for i in found.indices {
            found[i].rows = found[i].rows.flatMap { kept -> [Range<Int>] in
                guard kept.overlaps(rows) else { return [kept] }
                let above = kept.lowerBound..<max(kept.lowerBound, rows.lowerBound)
                let below = min(kept.upperBound, rows.upperBound)..<kept.upperBound
                return [above, below].filter { !$0.isEmpty }
            }
        }
    }
}
