import CWeftPNG
import Foundation

/// A frame as the planar yuv420p that libx264 codes, BT.709 limited range (Y 16–235, Cb and Cr
/// 16–240): the Y plane, then Cb and Cr at half width and height, each chroma sample the mean of
/// its 2×2 pixels. The colour is the premultiplied colour with alpha dropped: the frame over
/// black, as `VideoFormat.mp4` says. The arithmetic (integer, 16-bit coefficients, rounded to
/// nearest) is `weft_yuv420`'s, in C with AVX2 where the CPU has it and portable C otherwise:
/// the same frame gives the same bytes on every machine.
///
/// Why Weft converts: ffmpeg 5 runs its filter graph, swscale's conversion included, on one
/// thread, ahead of x264's encoding threads; converting each frame on the frame driver's workers
/// takes that serial stage out of ffmpeg and sends it 1.5 bytes a pixel instead of 4. Measured on
/// the feed (60 frames at 1170×2532): ffmpeg alone takes 0.71× the processor time with yuv420p
/// input that it takes converting bgr0 itself.
///
/// Each frame's bytes are a buffer from `pool`, which it goes back to when the frame's `Data` is
/// released: a video writer keeps a pool for its frames (`FrameVideoWriter`), so the 4.4 MB of a
/// 1170×2532 frame are mapped and faulted in once per frame in flight, not once per frame (a
/// fresh buffer a frame cost about 1,100 page faults a frame).
enum YUV420 {
    /// `bitmap`'s pixels in that layout; its sides must be even (`VideoFormat.mp4` pads odd ones
    /// in ffmpeg). Frame `index` (from 0) names the frame when there is no memory for it.
    /// `pool` holds the bytes (by default one of their own, freed with the `Data`). `portable`
    /// runs the portable C even where the CPU has AVX2 (for tests: the same bytes).
    /// Thread-safe: reads the immutable bitmap only.
    static func bytes(of bitmap: Bitmap, frame index: Int, pool: PixelBufferPool = PixelBufferPool(retainedLimit: 0),
                      portable: Bool = false) throws(OutputError) -> Data {
        let width = bitmap.pixelWidth, height = bitmap.pixelHeight
        let frame = try Frame(width: width, height: height, index: index, pool: pool)
        bitmap.withUnsafeBytes { pixels in
            guard let base = pixels.baseAddress else { return }
            frame.convert(base, bytesPerRow: bitmap.bytesPerRow, rows: 0..<height, portable: portable)
        }
        return frame.data()
    }

    /// `composition`'s frame (`width` × `height` pixels, its `pixelSize`, both even) in that
    /// layout, composited and converted `bandRows` rows at a time (`FrameComposition.renderBands`),
    /// each band while it is in the processor's cache: the same bytes as converting its whole
    /// `render()`, without writing the 4-byte pixels of the whole frame to memory and reading them
    /// back (the bands start on even rows: a chroma row takes two pixel rows). Throws what
    /// `renderBands` throws, and `OutputError.cannotEncode` when there is no memory.
    /// With `cells`, a cell that paints whole rows alone and that nothing drawn after it touches is
    /// drawn as its raster (`CellRaster`): its rows are copied from the raster converted once
    /// (`CellYUVCache`). The bytes are then those of the frame with each such cell drawn as its
    /// raster, which are the frame's but where a resampled store in the cell comes out a level
    /// apart here and there (`CellRaster` says why).
    /// Thread-safe: the band and the buffer are this call's own.
    static func bytes(of composition: FrameComposition, width: Int, height: Int, frame index: Int, pool: PixelBufferPool,
                      bandRows: Int, cells: CellYUVCache? = nil, portable: Bool = false) throws -> Data {
        try frame(of: composition, width: width, height: height, frame: index, pool: pool, bandRows: bandRows, cells: cells,
                  gathering: false, portable: portable).buffer
    }

    /// `bytes(of:width:height:frame:pool:bandRows:cells:portable:)` as a `YUVFrame`: with
    /// `gathering`, the row pairs of cached conversions are left where they are (`copies`) for a
    /// gathering write; without, they are copied into the buffer, which is then the whole frame.
    static func frame(of composition: FrameComposition, width: Int, height: Int, frame index: Int, pool: PixelBufferPool,
                      bandRows: Int, cells: CellYUVCache?, gathering: Bool, portable: Bool = false) throws -> YUVFrame {
        let frame = try Frame(width: width, height: height, index: index, pool: pool)
        var copies: [YUVFrame.Copy] = []
        // Rows one opaque store fills across the frame are read from the store, not composited
        // (`FrameComposition.directRows`): the bench feed's photos are three quarters of a frame.
        // From a store's second frame on, its rows are copied already converted (`StoreYUV`).
        // A cell drawn as its raster (`CellRaster`) is copied converted from its first frame on.
        var plan = composition.bandPlan(rows: bandRows, width: width, height: height, cells: cells != nil)
        var rasters: [Int: CellYUV] = [:]
        for case .cell(let raster) in plan.direct.map(\.source) {
            guard let rows = cells?.rows(of: raster, frame: index, portable: portable) else {
                // No memory for a cell's rows: the frame is composited as without a cache.
                plan = composition.bandPlan(rows: bandRows, width: width, height: height)
                rasters = [:]
                break
            }
            rasters[raster.item] = rows
        }
        var stores: [ObjectIdentifier: StoreYUV?] = [:]
        let direct = plan.direct
        let converted = direct.map { found -> StoreYUV? in
            switch found.source {
            case .store(let store):
                let id = ObjectIdentifier(store)
                if stores[id] == nil { stores[id] = .some(StoreYUVSlot.rows(of: store, portable: portable)) }
                return stores[id]!
            case .cell(let raster):
                return rasters[raster.item]?.rows
            }
        }
        do {
            try withExtendedLifetime((direct, rasters)) {
                try composition.renderBands(plan) { pixels, bytesPerRow, rows in
                    guard direct.contains(where: { $0.rows.overlaps(rows) }) else {
                        return frame.convert(pixels, bytesPerRow: bytesPerRow, rows: rows, portable: portable)
                    }
                    withUnsafeTemporaryAllocation(of: UnsafePointer<UInt8>?.self, capacity: rows.count) { pointers in
                        for i in 0..<rows.count { pointers[i] = UnsafePointer((pixels + i * bytesPerRow).assumingMemoryBound(to: UInt8.self)) }
                        for found in direct where found.rows.overlaps(rows) {
                            switch found.source {
                            case .store(let store):
                                // SAFETY: a bitmap's pixels stay where they are while it lives, and
                                // `direct` keeps every store alive until the conversion is done.
                                let base = store.withUnsafeBytes { $0.baseAddress! }, stride = store.bytesPerRow
                                for row in found.rows.clamped(to: rows) {
                                    pointers[row - rows.lowerBound] = UnsafePointer((base + (row - found.top) * stride).assumingMemoryBound(to: UInt8.self))
                                }
                            case .cell(let raster):
                                // Its whole row pairs are copied below; a pair it shares with the
                                // row above or below takes its first or last row's pixels.
                                guard let cell = rasters[raster.item] else { continue }
                                let first = raster.top, last = raster.top + raster.pixelHeight - 1
                                if rows.contains(first) { pointers[first - rows.lowerBound] = cell.firstRow }
                                if rows.contains(last) { pointers[last - rows.lowerBound] = cell.lastRow }
                            }
                        }
                        // The pairs of rows a converted store or cell fills are copied, a run at a
                        // time; the rows between them converted.
                        var next = rows.lowerBound
                        for (found, yuv) in zip(direct, converted) where found.rows.overlaps(rows) {
                            guard let yuv else { continue }
                            let start = max(found.rows.lowerBound, rows.lowerBound), end = min(found.rows.upperBound, rows.upperBound)
                            let first = start + start % 2, last = end - end % 2
                            guard first < last else { continue }
                            if next < first {
                                frame.convert(UnsafePointer(pointers.baseAddress! + (next - rows.lowerBound)), rows: next..<first, portable: portable)
                            }
                            if gathering {
                                copies.append(YUVFrame.Copy(yuv: yuv, storeRow: first - found.top, rows: first..<last))
                            } else {
                                frame.copy(yuv, storeRows: first - found.top, toRows: first..<last)
                            }
                            next = last
                        }
                        if next < rows.upperBound {
                            frame.convert(UnsafePointer(pointers.baseAddress! + (next - rows.lowerBound)), rows: next..<rows.upperBound, portable: portable)
                        }
                    }
                }
            }
        } catch {
            frame.discard()
            throw error
        }
        return YUVFrame(width: width, height: height, buffer: frame.data(), copies: copies)
    }

    /// True when this CPU runs the AVX2 conversion.
    static var usesAVX2: Bool { weft_yuv420_has_avx2() != 0 }

    /// One frame's buffer from a pool while it is filled: `data()` hands it over (back to the pool
    /// when the `Data` goes), `discard()` gives it straight back. Used by one thread.
    private struct Frame {
        let width: Int
        let height: Int
        let pool: PixelBufferPool
        /// The pool's size class for the three planes.
        let bytes: Int
        let count: Int
        let buffer: UnsafeMutablePointer<UInt8>?

        init(width: Int, height: Int, index: Int, pool: PixelBufferPool) throws(OutputError) {
            precondition(width % 2 == 0 && height % 2 == 0, "YUV420.bytes needs even sides, not \(width)×\(height)")
            self.width = width
            self.height = height
            self.pool = pool
            count = width * height * 3 / 2
            bytes = PixelBufferPool.sizeClass(count)
            guard count > 0 else {
                buffer = nil
                return
            }
            // Uninitialised or a frame before's bytes: every byte is written by the conversion.
            guard let memory = pool.take(bytes) else {
                throw .cannotEncode(format: .mp4, reason: "no memory for the \(count) bytes of frame \(index + 1) as yuv420p")
            }
            buffer = memory.pointer.assumingMemoryBound(to: UInt8.self)
        }

        /// Converts frame rows `rows` (an even first row and count, but for the frame's last
        /// band), whose pixels start at `pixels`.
        func convert(_ pixels: UnsafeRawPointer, bytesPerRow: Int, rows: Range<Int>, portable: Bool) {
            guard let (luma, cb, cr) = planes(at: rows) else { return }
            weft_yuv420(pixels.assumingMemoryBound(to: UInt8.self), bytesPerRow, width, rows.count, luma, cb, cr, portable ? Int32(WEFT_YUV420_PORTABLE) : 0)
        }

        /// Where frame rows `rows` (an even first row and count) go in each plane; nil when there is
        /// nothing to write.
        private func planes(at rows: Range<Int>) -> (luma: UnsafeMutablePointer<UInt8>, cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>)? {
            guard let buffer, !rows.isEmpty else { return nil }
            precondition(rows.lowerBound % 2 == 0 && rows.count % 2 == 0, "yuv420p rows come in pairs: \(rows)")
            let chroma = rows.lowerBound / 2 * (width / 2)
            return (buffer + rows.lowerBound * width, buffer + width * height + chroma, buffer + width * height + width * height / 4 + chroma)
        }

        /// `convert` with each row's pixels where `rows` says: `rows[i]` holds frame row
        /// `range.lowerBound + i` (see `weft_yuv420_rows`).
        func convert(_ rows: UnsafePointer<UnsafePointer<UInt8>?>, rows range: Range<Int>, portable: Bool) {
            guard let (luma, cb, cr) = planes(at: range) else { return }
            weft_yuv420_rows(rows, width, range.count, luma, cb, cr, portable ? Int32(WEFT_YUV420_PORTABLE) : 0)
        }

        /// Frame rows `rows` (an even first row and count) from `yuv`'s rows from `storeRow` on.
        func copy(_ yuv: StoreYUV, storeRows storeRow: Int, toRows rows: Range<Int>) {
            guard let (luma, cb, cr) = planes(at: rows) else { return }
            let from = yuv.planes(from: storeRow), chroma = rows.count / 2 * (width / 2)
            luma.update(from: from.luma, count: rows.count * width)
            cb.update(from: from.cb, count: chroma)
            cr.update(from: from.cr, count: chroma)
        }

        func data() -> Data {
            guard let buffer else { return Data() }
            let (pool, bytes) = (pool, bytes)
            return Data(bytesNoCopy: buffer, count: count, deallocator: .custom { pointer, _ in pool.give(pointer, bytes) })
        }

        func discard() {
            if let buffer { pool.give(buffer, bytes) }
        }
    }
}
