import CWeft
import Foundation

extension FrameComposition {
    /// The frame's pixel size (`Bitmap.pixelSize`), as `render()` would make it.
    var pixelSize: (width: Int, height: Int)? { try? Bitmap.pixelSize(for: viewport, scale: scale) }

    /// Composites the frame band by band into one buffer, and hands each band to `body` (its
    /// pixels, their bytes per row, the frame rows they are) before drawing the next into the same
    /// memory. The bands hold exactly the bytes of the same rows of `render()`'s bitmap. They are
    /// `bandRows` rows (rounded up to even) or longer, where a part of the frame must not be split
    /// (`bands(rows:height:)`); each starts on an even row, so yuv420p's row pairs never straddle two.
    ///
    /// Why: a consumer that reads each frame once, such as the yuv420p conversion for mp4
    /// (`YUV420.bytes(of:width:height:frame:pool:bandRows:)`), then reads a band while it is still
    /// in the processor's cache, where a whole 1170×2532 frame (12 MB) is written to memory and
    /// read back from it.
    ///
    /// How the bytes stay the same: each band is drawn on a surface with the whole frame's
    /// coordinates, whose rows start `top` rows before the band's memory (rows 0 to `top` − 1 are
    /// never touched: a clip to the band's rows is set before anything is drawn), so every
    /// transform cairo and pixman compute is the whole frame's. (Moving the surface's device offset
    /// instead changes the translation pixman's fixed-point sampling starts from: text stores
    /// came out one level apart on some rows.) A resampled store is drawn within one band whole
    /// (`CompositeLayer.drawsScaledStore` says why). Items whose pixels lie wholly outside a band
    /// (`drawnRows`) are not drawn for it.
    ///
    /// Rows in `skipped` (sorted, disjoint; from `bandPlan`, which keeps them out of the
    /// bands that hold a part that must not be split) are not composited: their bytes in the band
    /// are left as they were, for a consumer that reads them elsewhere.
    ///
    /// Throws `CollectionError.renderFailed` as `render()` does, and what `body` throws.
    /// Runs on the calling thread; the band's memory is its own until it returns.
    func renderBands(rows bandRows: Int, skipping skipped: [Range<Int>] = [],
                     _ body: (_ pixels: UnsafeRawPointer, _ bytesPerRow: Int, _ rows: Range<Int>) throws -> Void) throws {
        precondition(bandRows > 0, "a band needs rows")
        try renderBands(bands: { bands(rows: bandRows, height: $0) }, skipping: skipped, leaving: [], body)
    }

    /// `renderBands(rows:skipping:)` with `plan`'s bands, less its skipped rows, without the
    /// items it draws as rasters (`bandPlan`).
    func renderBands(_ plan: BandPlan, _ body: (_ pixels: UnsafeRawPointer, _ bytesPerRow: Int, _ rows: Range<Int>) throws -> Void) throws {
        try renderBands(bands: { _ in plan.bands }, skipping: plan.skipped, leaving: plan.rasters, body)
    }

    /// Draws the bands `makeBands` gives for the frame's height, less the rows `skipped`, without
    /// the items `left`.
    private func renderBands(bands makeBands: (Int) -> [Range<Int>], skipping skipped: [Range<Int>], leaving left: Set<Int>,
                             _ body: (_ pixels: UnsafeRawPointer, _ bytesPerRow: Int, _ rows: Range<Int>) throws -> Void) throws {
        let background: FrameBackground
        do {
            background = try FrameBackground(size: viewport, scale: scale, color: paintedBackground, covered: opaquePixels)
        } catch {
            throw CollectionError.renderFailed("\(error)")
        }
        let (width, height) = (background.pixelWidth, background.pixelHeight)
        guard width > 0, height > 0 else { return }
        let bands = makeBands(height)
        guard bands.first?.lowerBound == 0, bands.last?.upperBound == height else {
            throw CollectionError.renderFailed("bands \(bands) for a frame of \(height) rows")
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let longest = bands.map(\.count).max()!
        let bandBytes = PixelBufferPool.sizeClass(stride * longest)
        guard let (band, _) = PixelBufferPool.shared.take(bandBytes) else {
            throw CollectionError.renderFailed("\(GraphicsError.cairo("no memory for a band of \(width)×\(longest) pixels"))")
        }
        defer { PixelBufferPool.shared.give(band, bandBytes) }
        let placed = items.indices.filter { !left.contains($0) }.map { (items[$0], drawnRows(items[$0])) }
        for rows in bands {
            let top = rows.lowerBound
            // The band's rows but the skipped ones, each run drawn as a band of its own (clipped to
            // it) into the band's memory at its place.
            for run in Self.rows(rows, less: skipped) {
                // Cleared as a fresh frame is, unless the background covers every pixel.
                if !background.covering { memset(band + (run.lowerBound - top) * stride, 0, stride * run.count) }
                // Row `top` of the frame is the band's first.
                try draw(run, frameRowZero: band - top * stride, width: width, height: height, stride: stride, background: background, placed: placed)
            }
            try body(UnsafeRawPointer(band), stride, rows)
        }
    }

    /// Composites the frame rows `run` of a frame `width` × `height` pixels, `stride` bytes a row,
    /// into memory where frame row 0 would be at `origin` (the run's rows must be memory of the
    /// caller's): the background, then the items of `placed` (each with `drawnRows`) that reach
    /// the run, clipped to it, in the whole frame's coordinates.
    ///
    /// SAFETY: the surface's rows end with the run's last; the rows above the run need not be
    /// memory at all and are never addressed, as cairo composites only inside the clip to the run
    /// that the context sets before any drawing (`GraphicsContext(surface:band:scale:)`).
    func draw(_ run: Range<Int>, frameRowZero origin: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, background: FrameBackground,
              placed: [(Item, Range<Int>?)]) throws(CollectionError) {
        let surface = cairo_image_surface_create_for_data(origin.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
                                                          Int32(run.upperBound), Int32(stride))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .renderFailed("\(GraphicsError.cairo("no image surface of \(width)×\(run.upperBound) pixels"))")
        }
        // One band of the whole frame: no clip, exactly as `render()` draws.
        let context = run.count == height ? GraphicsContext(surface: surface, scale: scale) : GraphicsContext(surface: surface, band: run, scale: scale)
        background.paint(into: context)
        drawContents(placed.lazy.filter { $0.1?.overlaps(run) ?? true }.map(\.0), into: context)
        context.finish()
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
    }

    /// The parts of `rows` outside every range of `skipped` (sorted, disjoint), top to bottom.
    static func rows(_ rows: Range<Int>, less skipped: [Range<Int>]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var next = rows.lowerBound
        for skip in skipped where skip.overlaps(rows) {
            if skip.lowerBound > next { runs.append(next..<skip.lowerBound) }
            next = max(next, skip.upperBound)
        }
        if next < rows.upperBound { runs.append(next..<rows.upperBound) }
        return runs
    }

    /// The bands of a frame `height` rows tall: from row 0 down, each `rows` rows (rounded up to
    /// even) or, where that would split one of `unsplittableRows`, down to that part's end (also
    /// rounded up to even); the last ends at `height`. One band of the whole frame when a part
    /// cannot be drawn band by band at all (`CompositeLayer.unsplittableRects`).
    func bands(rows: Int, height: Int) -> [Range<Int>] {
        guard let unsplittable = unsplittableRows(height: height) else { return [0..<height] }
        return Self.bands(rows: rows, height: height, unsplittable: unsplittable)
    }

    /// See `bands(rows:height:)`.
    static func bands(rows: Int, height: Int, unsplittable: [Range<Int>]) -> [Range<Int>] {
        let step = rows + rows % 2
        func even(_ row: Int) -> Int { min(height, row + row % 2) }
        var bands: [Range<Int>] = []
        var top = 0
        while top < height {
            var bottom = even(top + step)
            // Pushed down past every part it would cut, until it cuts none.
            while let cut = unsplittable.first(where: { $0.lowerBound < bottom && bottom < $0.upperBound }) { bottom = even(cut.upperBound) }
            bands.append(top..<bottom)
            top = bottom
        }
        return bands
    }

    /// The frame rows of the parts that must each be drawn within one band (each resampled store,
    /// with a row to spare either side), or nil when the frame must be drawn as one band (see
    /// `CompositeLayer.unsplittableRects`).
    private func unsplittableRows(height: Int) -> [Range<Int>]? {
        unsplittableParts(height: height)?.map(\.rows)
    }

    /// `unsplittableRows(height:)` with the index of the item each part belongs to.
    func unsplittableParts(height: Int) -> [(item: Int, rows: Range<Int>)]? {
        // A decorated frame's corners, clip and border span it: drawn as one band, nothing direct.
        guard container == nil else { return nil }
        var rects: [(Int, CGRect)] = []
        for (index, item) in items.enumerated() {
            switch item {
            case .placeholder, .fills: continue
            case .bitmap(let cell, let frame, _):
                // Drawn resampled when its pixel size is not its frame's.
                if CGFloat(cell.pixelWidth) != frame.width * scale || CGFloat(cell.pixelHeight) != frame.height * scale { rects.append((index, frame)) }
            case .layer(let layer, let shift, let alpha):
                guard let layer else { continue }
                if alpha < 1 {
                    if layer.containsScaledStore(scale: scale) { return nil }
                    continue
                }
                guard let below = layer.unsplittableRects(scale: scale) else { return nil }
                rects += below.map { (index, $0.offsetBy(dx: shift.x, dy: shift.y)) }
            }
        }
        return rects.compactMap { index, rect in
            guard let rows = pixelRows(rect, spare: 1) else { return nil }
            let clamped = rows.clamped(to: 0..<height)
            return clamped.isEmpty ? nil : (index, clamped)
        }
    }

    /// The frame rows `item` may paint, with two rows to spare either side for antialiasing and
    /// filtering; nil when not known (it is drawn in every band).
    func drawnRows(_ item: Item) -> Range<Int>? {
        switch item {
        case .placeholder(let frame), .bitmap(_, let frame, _): return pixelRows(frame, spare: 2)
        case .fills(let rects, _):
            return pixelRows(rects.reduce(CGRect.null) { $0.union($1) }, spare: 2)
        case .layer(let layer, let shift, _):
            guard let layer else { return 0..<0 }
            return pixelRows(layer.drawnExtent.offsetBy(dx: shift.x, dy: shift.y), spare: 2)
        }
    }

    /// The pixel rows `rect` (in points) touches, `spare` more either side; nil when it is not finite.
    private func pixelRows(_ rect: CGRect, spare: Int) -> Range<Int>? {
        let top = (rect.minY * scale).rounded(.down), bottom = (rect.maxY * scale).rounded(.up)
        guard !rect.isNull, top.isFinite, bottom.isFinite, top > -1e9, bottom < 1e9 else { return nil }
        return (Int(top) - spare)..<max(Int(top) - spare, Int(bottom) + spare)
    }
}
