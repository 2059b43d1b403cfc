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

    /// Composites the frame as `render()` does, but takes the rows that show what `earlier`'s
    /// steady rows show (`copiedRows`) from `earlier` instead of compositing them. The rest is
    /// composited run by run into a bitmap of those rows alone, each run clipped to itself in the
    /// whole frame's coordinates as `renderBands` draws a band (whose bytes are `render()`'s);
    /// every resampled store lies inside one run, since its rows are no steady rows. So the rows
    /// are `render()`'s: a steady row is a cell drawn on whole pixels with nothing resampled, which
    /// gives the same pixels at every whole-pixel place.
    ///
    /// Why: in a scroll, most of a frame is the frame before moved up; compositing it again cost
    /// more than coding the frame, and copying it a tenth as much. Returns the frame and the rows
    /// taken (empty without `earlier` or when none match). Throws `CollectionError.renderFailed`
    /// as `render()` does.
    func render(reusing earlier: ComposedFrame?) throws(CollectionError) -> (frame: ComposedFrame, copied: [CopiedRows]) {
        let background: FrameBackground
        do {
            background = try FrameBackground(size: viewport, scale: scale, color: paintedBackground, covered: opaquePixels)
        } catch {
            throw .renderFailed("\(error)")
        }
        let (width, height) = (background.pixelWidth, background.pixelHeight)
        let steady = steadyRows(width: width, height: height)
        var copied: [CopiedRows] = []
        if let earlier, earlier.pixelWidth == width, earlier.pixelHeight == height, earlier.scale == scale {
            copied = Self.copiedRows(steady, from: earlier.steady)
        }
        guard let earlier, !copied.isEmpty else { return (ComposedFrame(bitmap: try render(), steady: steady), []) }
        let runs = Self.rows(0..<height, less: copied.map(\.rows))
        // Where each run's rows go in the bitmap of composited rows.
        var starts: [Int] = [], total = 0
        for run in runs {
            starts.append(total)
            total += run.count
        }
        var composited: Bitmap?
        if total > 0 {
            let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
            // Rows for 512 at a time, so that frames find buffers of their size in the pool again
            // (fresh memory costs a page fault a page) whatever number of rows each composites.
            let capacity = min(height, (total + 511) / 512 * 512)
            guard let rowsSurface = PixelBufferPool.shared.makeSurface(pixelWidth: width, pixelHeight: capacity, cleared: false),
                  let data = cairo_image_surface_get_data(rowsSurface), Int(cairo_image_surface_get_stride(rowsSurface)) == stride else {
                throw .renderFailed("\(GraphicsError.cairo("no image surface of \(width)×\(total) pixels"))")
            }
            // Adopted at once: freed with the bitmap on every way out.
            let bitmap = Bitmap(adopting: rowsSurface, scale: scale)
            let placed = items.map { ($0, drawnRows($0)) }
            for (run, start) in zip(runs, starts) {
                if !background.covering { memset(data + start * stride, 0, stride * run.count) }
                // Frame row `run.lowerBound` is the run's first row in the bitmap.
                try draw(run, frameRowZero: UnsafeMutableRawPointer(data) + (start - run.lowerBound) * stride, width: width, height: height,
                         stride: stride, background: background, placed: placed)
            }
            cairo_surface_mark_dirty(rowsSurface)
            composited = bitmap
        }
        // Each composited row's place in the bitmap: runs are sorted, so a binary search.
        let frame = ComposedFrame(width: width, height: height, scale: scale, steady: steady, composited: composited, earlier: earlier,
                                  copied: copied) { y in
            var low = 0, high = runs.count
            while low < high {
                let mid = (low + high) / 2
                if runs[mid].upperBound <= y { low = mid + 1 } else { high = mid }
            }
            return low < runs.count && runs[low].contains(y) ? starts[low] + (y - runs[low].lowerBound) : nil
        }
        return (frame, copied)
    }
}

extension Range where Bound == Int {
    /// The range moved by `delta`.
    func offset(by delta: Int) -> Range<Int> { (lowerBound + delta)..<(upperBound + delta) }
}
