import CWeft
import Foundation

extension FrameComposition {
    /// Frame rows that show one cell's pixels and that the cell draws the same wherever a scroll
    /// moves it by whole pixels: rows of a `CellRaster` (the cell paints them alone, opaque, and
    /// nothing drawn after it touches them) that no resampled store of the frame reaches
    /// (`unsplittableParts`, with a row more to spare). A resampled store's samples depend on
    /// where it is drawn (`CellRaster` says why), so its rows are never steady.
    /// Sendable value.
    struct SteadyRows: Sendable {
        /// Frame rows, within the frame.
        let rows: Range<Int>
        let raster: CellRaster
    }

    /// A frame composited by `render(reusing:)`, kept for a later frame to copy its steady rows
    /// from. Sendable: the bitmap is immutable.
    struct Composed: Sendable {
        let bitmap: Bitmap
        let steady: [SteadyRows]
    }

    /// Rows of a frame copied from an earlier one: frame row y is the earlier frame's row
    /// y + `shift`. Sendable value.
    struct CopiedRows: Sendable, Equatable {
        let rows: Range<Int>
        let shift: Int
    }

    /// The frame's steady rows (see `SteadyRows`), sorted by row, disjoint. None for a decorated
    /// frame or one that must be drawn as one band (`unsplittableParts` is nil).
    func steadyRows(width: Int, height: Int) -> [SteadyRows] {
        guard container == nil, width > 0, height > 0, let parts = unsplittableParts(height: height) else { return [] }
        let resampled = parts.map { ($0.rows.lowerBound - 1)..<($0.rows.upperBound + 1) }.sorted { $0.lowerBound < $1.lowerBound }
        return directRows(width: width, height: height, cells: true).flatMap { found -> [SteadyRows] in
            guard case .cell(let raster) = found.source else { return [] }
            return Self.rows(found.rows, less: resampled).map { SteadyRows(rows: $0, raster: raster) }
        }
    }

    /// The rows of this frame (whose steady rows are `steady`) that show what `earlier`'s steady
    /// rows show: the same cell (`CellRaster.drawsSame(as:)`) at the same row of the cell, moved
    /// by whole pixels. Sorted, disjoint.
    static func copiedRows(_ steady: [SteadyRows], from earlier: [SteadyRows]) -> [CopiedRows] {
        var copied: [CopiedRows] = []
        for mine in steady {
            // The rows of this segment not matched yet: a cell may be split into several
            // segments in either frame, and cells that draw the same may show more than once.
            var left = [mine.rows]
            for theirs in earlier where theirs.raster.drawsSame(as: mine.raster) {
                let shift = theirs.raster.top - mine.raster.top
                let match = theirs.rows.offset(by: -shift)
                for rows in left where rows.overlaps(match) {
                    copied.append(CopiedRows(rows: rows.clamped(to: match), shift: shift))
                }
                left = left.flatMap { Self.rows($0, less: [match]) }
                if left.isEmpty { break }
            }
        }
        return copied.sorted { $0.rows.lowerBound < $1.rows.lowerBound }
    }

    /// Composites the frame as `render()` does, but copies the rows that show what `earlier`'s
    /// steady rows show (`copiedRows`) from `earlier`'s bitmap instead of compositing them. The
    /// rest is composited run by run, each run of rows clipped to itself in the whole frame's
    /// coordinates as `renderBands` draws a band (whose bytes are `render()`'s); every resampled
    /// store lies inside one run, since its rows are no steady rows. So the bytes are `render()`'s:
    /// a steady row is a cell drawn on whole pixels with nothing resampled, which gives the same
    /// pixels at every whole-pixel place.
    ///
    /// Why: in a scroll, most of a frame is the frame before moved up; compositing it again cost
    /// more than coding the frame. Returns the frame and the rows copied (empty without `earlier`
    /// or when none match). Throws `CollectionError.renderFailed` as `render()` does.
    func render(reusing earlier: Composed?) throws(CollectionError) -> (frame: Composed, copied: [CopiedRows]) {
        let background: FrameBackground
        do {
            background = try FrameBackground(size: viewport, scale: scale, color: paintedBackground, covered: opaquePixels)
        } catch {
            throw .renderFailed("\(error)")
        }
        let (width, height) = (background.pixelWidth, background.pixelHeight)
        let steady = steadyRows(width: width, height: height)
        var copied: [CopiedRows] = []
        if let earlier, earlier.bitmap.pixelWidth == width, earlier.bitmap.pixelHeight == height, earlier.bitmap.scale == scale {
            copied = Self.copiedRows(steady, from: earlier.steady)
        }
        guard let earlier, !copied.isEmpty else { return (Composed(bitmap: try render(), steady: steady), []) }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard let frame = PixelBufferPool.shared.makeSurface(pixelWidth: width, pixelHeight: height, cleared: false),
              let data = cairo_image_surface_get_data(frame), Int(cairo_image_surface_get_stride(frame)) == stride else {
            throw .renderFailed("\(GraphicsError.cairo("no image surface of \(width)×\(height) pixels"))")
        }
        let memory = UnsafeMutableRawPointer(data)
        // Owned here until adopted below; destroyed on the way out otherwise.
        var adopted = false
        defer { if !adopted { cairo_surface_destroy(frame) } }
        let placed = items.map { ($0, drawnRows($0)) }
        for run in Self.rows(0..<height, less: copied.map(\.rows)) {
            if !background.covering { memset(memory + run.lowerBound * stride, 0, stride * run.count) }
            // The frame's memory seen as a surface ending with the run, as `renderBands` draws a
            // band: rows below the run are never addressed, and cairo composites only inside the
            // clip to the run.
            let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(width), Int32(run.upperBound), Int32(stride))!
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
                cairo_surface_destroy(surface)
                throw .renderFailed("\(GraphicsError.cairo("no image surface of \(width)×\(run.upperBound) pixels"))")
            }
            let context = GraphicsContext(surface: surface, band: run, scale: scale)
            background.paint(into: context)
            drawContents(placed.lazy.filter { $0.1?.overlaps(run) ?? true }.map(\.0), into: context)
            context.finish()
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        earlier.bitmap.withUnsafeBytes { source in
            for copy in copied {
                let from = source.baseAddress! + (copy.rows.lowerBound + copy.shift) * earlier.bitmap.bytesPerRow
                if earlier.bitmap.bytesPerRow == stride {
                    (memory + copy.rows.lowerBound * stride).copyMemory(from: from, byteCount: stride * copy.rows.count)
                } else {
                    for row in 0..<copy.rows.count {
                        (memory + (copy.rows.lowerBound + row) * stride).copyMemory(from: from + row * earlier.bitmap.bytesPerRow, byteCount: width * 4)
                    }
                }
            }
        }
        cairo_surface_mark_dirty(frame)
        adopted = true
        return (Composed(bitmap: Bitmap(adopting: frame, scale: scale), steady: steady), copied)
    }
}

extension Range where Bound == Int {
    /// The range moved by `delta`.
    func offset(by delta: Int) -> Range<Int> { (lowerBound + delta)..<(upperBound + delta) }
}
