import Foundation

extension FrameComposition {
    /// Frame rows whose composited pixels are, byte for byte, rows of one bitmap the frame's width:
    /// frame row `r` in `rows` is row `r - top` of `source`'s pixels.
    struct DirectRows: Sendable {
        let rows: Range<Int>
        let source: Source
        /// The frame row of the source's first row (negative when it starts above the frame).
        let top: Int

        enum Source: Sendable {
            /// An opaque backing store, copied there.
            case store(Bitmap)
            /// A cell that paints those rows alone: its pixels are its raster's (`CellRaster.render()`).
            case cell(CellRaster)
        }
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
    /// from the stores before it. Sorted by row, disjoint. `bandPlan` further leaves out the
    /// bands that must be drawn whole (those holding a resampled store).
    ///
    /// With `cells`, an item that paints whole rows of the frame alone (`CellRaster`) and that
    /// nothing drawn after it touches gives all its rows, as one source, instead of its stores'
    /// rows: its raster's, for a consumer that draws such a cell as its raster (mp4, which keeps
    /// each cell's converted rows from frame to frame: `CellYUVCache`). A cell something touches
    /// is composited: its rows are none of the direct rows.
    func directRows(width: Int, height: Int, cells: Bool = false) -> [DirectRows] {
        guard width > 0, height > 0 else { return [] }
        var rasters = cells ? Set(items.indices) : []
        while true {
            var walk = DirectRowsWalk(scale: scale, width: width)
            for (index, item) in items.enumerated() {
                switch item {
                case .placeholder(let frame), .bitmap(_, let frame, _):
                    walk.touch(frame)
                case .fills(let rects, _):
                    for rect in rects { walk.touch(rect) }
                case .layer(let layer, let shift, let alpha):
                    guard let layer else { continue }
                    if cells, alpha >= 1,
                       let raster = CellRaster(layer, item: index, shift: shift, scale: scale, frameWidth: width, frameHeight: height) {
                        // A cell something touched is composited, but still paints its own rows
                        // only: it takes those, and no spare rows from its neighbours (which
                        // would make them no rasters either, one more each round).
                        if rasters.contains(index) { walk.cover(raster) } else { walk.paint(rows: raster.rows) }
                    } else {
                        walk.visit(layer, origin: shift, copies: alpha >= 1)
                    }
                }
            }
            // A cell that lost rows to what came after it is no raster: walked again without it.
            // Taking its own rows only, it takes none that a cover of it did not: the second walk
            // finds no more.
            let touched = walk.found.compactMap { found -> Int? in
                guard case .cell(let raster) = found.source, found.rows != [raster.rows] else { return nil }
                return raster.item
            }
            guard touched.isEmpty else {
                rasters.subtract(touched)
                continue
            }
            let frame = 0..<height
            return walk.found.flatMap { found in
                found.rows.compactMap { rows in
                    let clamped = rows.clamped(to: frame)
                    return clamped.isEmpty ? nil : DirectRows(rows: clamped, source: found.source, top: found.top)
                }
            }.sorted { $0.rows.lowerBound < $1.rows.lowerBound }
        }
    }
}

/// `FrameComposition.directRows`'s walk over the items in drawing order, mirroring
/// `CompositeLayer.draw`. Used by one call.
private struct DirectRowsWalk {
    let scale: CGFloat
    let width: Int
    /// Each source found so far with the rows nothing after it has touched yet.
    var found: [(source: FrameComposition.DirectRows.Source, top: Int, rows: [Range<Int>])] = []

    /// `layer` drawn with its supernode's bounds origin at `origin` (frame points); `copies` is
    /// false under a clip or a translucent layer, where no store is copied.
    mutating func visit(_ layer: CompositeLayer, origin: CGPoint, copies: Bool) {
        // A transformed or shadowed layer is drawn, never copied: it touches what it may paint.
        guard layer.effects == nil else { return touch(layer.drawnExtent.offsetBy(dx: origin.x, dy: origin.y)) }
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
                found.append((.store(store), pixels.y, [rows]))
            } else {
                touch(rect)
            }
        }
        for sublayer in layer.sublayers {
            StackSpace.ensuringSpace { visit(sublayer, origin: offset, copies: copiesHere && !layer.clips) }
        }
        if layer.borderWidth > 0 { touch(rect) }
    }

    /// A cell that paints its rows alone (`CellRaster`): what was there before is replaced.
    mutating func cover(_ raster: CellRaster) {
        take(raster.rows)
        found.append((.cell(raster), raster.top, [raster.rows]))
    }

    /// Something that paints exactly `rows` (frame pixel rows) and nothing outside them.
    mutating func paint(rows: Range<Int>) {
        take(rows)
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

    /// Takes `rows` away from every source found so far.
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
