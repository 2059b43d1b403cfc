import Foundation

/// The timing of an update animation: Core Animation's ease-in-out curve
/// (`kCAMediaTimingFunctionEaseInEaseOut`, the cubic Bézier through (0, 0), (0.42, 0), (0.58, 1),
/// (1, 1)), which `UIView` animations and UIKit's collection updates use by default.
/// Sendable value; use from any context.
struct UpdateAnimationCurve: Sendable, Equatable {
    /// The two inner control points; the ends are (0, 0) and (1, 1).
    let c1: CGPoint
    let c2: CGPoint

    static let easeInEaseOut = UpdateAnimationCurve(c1: CGPoint(x: 0.42, y: 0), c2: CGPoint(x: 0.58, y: 1))

    /// The eased progress at `time` (the fraction of the duration gone, clamped to 0…1): the
    /// curve's y where its x is `time`. x(s) is solved by Newton's method with a bisection
    /// fallback, to 1e-9, so the result is the same on every machine for the same input.
    func progress(at time: Double) -> Double {
        guard time.isFinite else { return time > 0 ? 1 : 0 }
        let t = min(max(time, 0), 1)
        if t == 0 || t == 1 { return t }
        let s = parameter(forX: t)
        return Self.bezier(s, Double(c1.y), Double(c2.y))
    }

    private func parameter(forX x: Double) -> Double {
        let x1 = Double(c1.x), x2 = Double(c2.x)
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, x1, x2) - x
            if abs(error) < 1e-9 { return s }
            let slope = Self.slope(s, x1, x2)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        var low = 0.0, high = 1.0
        s = x
        while high - low > 1e-9 {
            if Self.bezier(s, x1, x2) < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// One coordinate of the cubic Bézier with ends 0 and 1 and inner control values `p1`, `p2`.
    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
}
