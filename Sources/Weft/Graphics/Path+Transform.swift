import Foundation

/// A path mapped by an affine transform: points map directly; an arc, which a skew or uneven
/// scale turns into no arc, becomes the cubic curves that draw it (a quarter turn each at most).
extension Path {
    /// `self` with every point mapped by `transform`, each checked as it is added (under `api`).
    public func applying(_ transform: CGAffineTransform) -> Path { applying(transform, api: "Path.applying(_:)") }

    func applying(_ transform: CGAffineTransform, api: String) -> Path {
        var result = Path()
        func map(_ p: CGPoint) -> CGPoint { p.applying(transform) }
        for element in elements {
            switch element {
            case .move(let p): result.move(to: map(p), api: api)
            case .line(let p): result.addLine(to: map(p), api: api)
            case let .curve(c1, c2, p): result.addCurve(to: map(p), control1: map(c1), control2: map(c2), api: api)
            case .close: result.close(api: api)
            case let .arc(center, radius, start, end, _):
                let first = Self.point(on: center, radius, start)
                if result.currentPoint == nil { result.move(to: map(first), api: api) } else { result.addLine(to: map(first), api: api) }
                for piece in Self.cubics(center: center, radius: radius, start: start, end: end) {
                    result.addCurve(to: map(piece.end), control1: map(piece.control1), control2: map(piece.control2), api: api)
                }
            }
        }
        return result
    }

    /// Cubic Béziers along the arc from `start` to `end` (either way), each a quarter turn at most.
    static func cubics(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat)
        -> [(control1: CGPoint, control2: CGPoint, end: CGPoint)] {
        let sweep = end - start
        let count = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(count)
        let k = 4 / 3 * tan(step / 4) * radius
        return (0..<count).map { i in
            let a0 = start + CGFloat(i) * step, a1 = a0 + step
            let p0 = point(on: center, radius, a0), p1 = point(on: center, radius, a1)
            return (CGPoint(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0)),
                    CGPoint(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1)),
                    p1)
        }
    }
}
