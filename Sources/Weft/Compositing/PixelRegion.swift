import Foundation

/// A set of whole device pixels as disjoint rectangles, for compositing that must know which
/// pixels something opaque covers: `FrameComposition` paints a frame's background only where no
/// opaque cell covers it. Pure geometry, no cairo. Sendable value; use from any context.
struct PixelRegion: Sendable, Equatable {
    /// A rectangle of whole pixels: columns `x..<x + width`, rows `y..<y + height`.
    struct Rect: Sendable, Equatable {
        let x: Int, y: Int, width: Int, height: Int
    }

    /// Disjoint, in bands top to bottom, left to right within a band.
    private(set) var rects: [Rect]

    /// The pixels of `width × height` that none of `covered` covers. Computed by horizontal bands
    /// at every covered rectangle's top and bottom edge: in each band, the covered spans are merged
    /// and the gaps between them kept; a band whose gaps equal the band above's extends it.
    init(width: Int, height: Int, excluding covered: [Rect]) {
        let clipped = covered.compactMap { r -> Rect? in
            let x0 = max(0, r.x), y0 = max(0, r.y), x1 = min(width, r.x + r.width), y1 = min(height, r.y + r.height)
            return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
        }
        guard width > 0, height > 0 else {
            rects = []
            return
        }
        let edges = Set([0, height] + clipped.flatMap { [$0.y, $0.y + $0.height] }).sorted()
        var result: [Rect] = []
        var above: (gaps: [Range<Int>], start: [Int])?  // the previous band's gaps and where each began
        for (top, bottom) in zip(edges, edges.dropFirst()) {
            let spans = clipped.filter { $0.y <= top && $0.y + $0.height >= bottom }.map { $0.x..<($0.x + $0.width) }.sorted { $0.lowerBound < $1.lowerBound }
            var gaps: [Range<Int>] = []
            var x = 0
            for span in spans {
                if span.lowerBound > x { gaps.append(x..<span.lowerBound) }
                x = max(x, span.upperBound)
            }
            if x < width { gaps.append(x..<width) }
            if let previous = above, previous.gaps == gaps {
                above = (gaps, previous.start)
            } else {
                if let previous = above { result += Self.rects(previous.gaps, from: previous.start, to: top) }
                above = (gaps, Array(repeating: top, count: gaps.count))
            }
        }
        if let last = above { result += Self.rects(last.gaps, from: last.start, to: height) }
        rects = result
    }

    private static func rects(_ gaps: [Range<Int>], from tops: [Int], to bottom: Int) -> [Rect] {
        zip(gaps, tops).map { gap, top in Rect(x: gap.lowerBound, y: top, width: gap.count, height: bottom - top) }
    }

    /// The whole device pixels that lie entirely inside `rect` (in points) at `scale`: those a fill
    /// of `rect` covers fully, whatever its edges blend (within 1/1024 px, as `wholePixels`). Nil
    /// when there are none.
    static func innerPixels(_ rect: CGRect, scale: CGFloat) -> Rect? {
        let tolerance: CGFloat = 1.0 / 1024
        let x0 = (rect.minX * scale - tolerance).rounded(.up), y0 = (rect.minY * scale - tolerance).rounded(.up)
        let x1 = (rect.maxX * scale + tolerance).rounded(.down), y1 = (rect.maxY * scale + tolerance).rounded(.down)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0, abs(x0) < 1e9, abs(y0) < 1e9, abs(x1) < 1e9, abs(y1) < 1e9
        else { return nil }
        return Rect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// The rectangle of whole device pixels `rect` (in points) covers at `scale`, when its edges
    /// lie on pixel boundaries (within 1/1024 px, finer than cairo's 1/256 px fixed point, so
    /// cairo covers exactly those pixels); nil otherwise.
    static func wholePixels(_ rect: CGRect, scale: CGFloat) -> Rect? {
        let x0 = rect.minX * scale, y0 = rect.minY * scale, x1 = rect.maxX * scale, y1 = rect.maxY * scale
        func whole(_ v: CGFloat) -> Bool { v.isFinite && abs(v - v.rounded()) < 1.0 / 1024 && abs(v) < 1e9 }
        guard whole(x0), whole(y0), whole(x1), whole(y1), x1 > x0, y1 > y0 else { return nil }
        return Rect(x: Int(x0.rounded()), y: Int(y0.rounded()), width: Int((x1 - x0).rounded()), height: Int((y1 - y0).rounded()))
    }
}
