import CWeft
import Foundation

/// What a path costs cairo: the straight segments it flattens each element into, estimated in
/// device pixels from the element's points alone (so counting stays one step per element as it is
/// appended), and how much wider strokes multiply it. Filling, stroking and clipping are kept
/// within `WeftLimits.maximumPathElements` of these segments: cairo's work grows with the square of
/// the crossings among them. Stateless; use from any context.
enum PathCost {
    /// cairo's default flattening tolerance, in device pixels.
    static let tolerance: CGFloat = 0.1

    /// Segments for a cubic from `start` (the flattening depth of its second differences, Wang's
    /// bound) at `scale` device pixels per point. A line is one.
    static func segments(curveFrom start: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ end: CGPoint, scale: CGFloat) -> Int {
        let d1 = hypot(start.x - 2 * c1.x + c2.x, start.y - 2 * c1.y + c2.y)
        let d2 = hypot(c1.x - 2 * c2.x + end.x, c1.y - 2 * c2.y + end.y)
        return bounded((0.75 * max(d1, d2) * scale / tolerance).squareRoot())
    }

    /// Segments for an arc: a polygon within the tolerance of its circle.
    static func segments(arcRadius radius: CGFloat, sweep: CGFloat, scale: CGFloat) -> Int {
        bounded(abs(sweep) * (radius * scale / (2 * tolerance)).squareRoot() / 2)
    }

    /// How much a stroke `deviceWidth` pixels wide multiplies its path's cost: its outline has more
    /// crossings, and round joins and caps add a polygon each (measured against cairo 1.16).
    static func strokeWeight(deviceWidth: CGFloat, round: Bool) -> CGFloat {
        1 + max(deviceWidth, 0).squareRoot() / (round ? 6.5 : 13)
    }

    private static func bounded(_ estimate: CGFloat) -> Int {
        guard estimate.isFinite else { return Int.max / 4 }
        return Int(min(max(estimate.rounded(.up), 1), CGFloat(Int.max / 4)))
    }

    /// The device pixels one point spans at most under `matrix`: its largest singular value.
    static func largestScale(_ m: cairo_matrix_t) -> CGFloat { singularValues(m).largest }

    static func singularValues(_ m: cairo_matrix_t) -> (largest: CGFloat, smallest: CGFloat) {
        let (a, b, c, d) = (m.xx, m.yx, m.xy, m.yy)
        let e = (a * a + b * b + c * c + d * d) / 2
        let f = hypot((a * a + b * b - c * c - d * d) / 2, a * c + b * d)
        let largest = (e + f).squareRoot()
        let smallest = largest > 0 ? abs(a * d - b * c) / largest : 0
        return (largest, smallest)
    }
}
