import Foundation

/// One yuv420p frame (`YUV420`'s layout) in pieces: the rows converted for this frame, in a
/// buffer of the whole frame's size, and the row pairs that are a cached conversion's
/// (`StoreYUV`: a backing store's or a cell raster's), left where they are. A writer hands the
/// pieces to ffmpeg in one gathering send (`segments`), so the cached rows, most of a scroll's
/// frame, are read once by the kernel's copy instead of being copied into the buffer first.
/// Sendable value: the buffer and the cached rows are immutable once made.
struct YUVFrame: Sendable {
    let width: Int
    let height: Int
    /// The whole frame's bytes, but the rows of `copies`, which are not written.
    let buffer: Data
    /// Row pairs to take from cached conversions: frame rows `rows` (an even first row and count)
    /// are `yuv`'s rows from `storeRow` on. Sorted by row, disjoint.
    let copies: [Copy]

    struct Copy: Sendable {
        let yuv: StoreYUV
        let storeRow: Int
        let rows: Range<Int>
    }

    /// The frame's bytes in order, as pieces of memory that stay valid while this frame lives:
    /// for each plane (Y, then Cb, then Cr) the buffer's rows between the copies and each copy's.
    func withSegments<R>(_ body: ([UnsafeRawBufferPointer]) throws -> R) rethrows -> R {
        try buffer.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return try body([]) }
            var segments: [UnsafeRawBufferPointer] = []
            segments.reserveCapacity(6 * copies.count + 3)
            let half = width / 2
            // Plane by plane: where it starts in the buffer, its bytes a frame row pair, and where
            // a copy's rows start in the cached conversion.
            let planes: [(start: Int, pairBytes: Int, source: (Copy) -> UnsafeRawPointer)] = [
                (0, 2 * width, { UnsafeRawPointer($0.yuv.planes(from: $0.storeRow).luma) }),
                (width * height, half, { UnsafeRawPointer($0.yuv.planes(from: $0.storeRow).cb) }),
                (width * height + half * (height / 2), half, { UnsafeRawPointer($0.yuv.planes(from: $0.storeRow).cr) }),
            ]
            for plane in planes {
                var pair = 0
                for copy in copies {
                    let first = copy.rows.lowerBound / 2, pairs = copy.rows.count / 2
                    if pair < first {
                        segments.append(UnsafeRawBufferPointer(start: base + plane.start + pair * plane.pairBytes, count: (first - pair) * plane.pairBytes))
                    }
                    segments.append(UnsafeRawBufferPointer(start: plane.source(copy), count: pairs * plane.pairBytes))
                    pair = first + pairs
                }
                if pair < height / 2 {
                    segments.append(UnsafeRawBufferPointer(start: base + plane.start + pair * plane.pairBytes, count: (height / 2 - pair) * plane.pairBytes))
                }
            }
            return try withExtendedLifetime(copies) { try body(segments) }
        }
    }

    /// The frame's bytes in one piece: the buffer with the copies written into it.
    func contiguous() -> Data {
        withSegments { segments in
            var data = Data(capacity: buffer.count)
            for segment in segments { data.append(contentsOf: segment) }
            return data
        }
    }
}
