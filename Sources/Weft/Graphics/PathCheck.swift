import Foundation

/// The checks every value takes on its way into a `Path`, and so into cairo: cairo aborts on a NaN
/// arc angle, loops without end on an infinite one, and loops per turn of a huge sweep or per
/// tolerance step of a huge radius. Each refusal or repair is reported (area `.geometry`) with the
/// API the caller used and the value given. Stateless; use from any context.
enum PathCheck {
    static let twoPi = 2 * CGFloat.pi

    /// Angles larger than this many radians (about 160,000 turns) are taken for a units mistake
    /// and reported, though still drawn reduced modulo 2π.
    static let largestAngle: CGFloat = 1_000_000

    /// `point` if finite, clamped to ±`WeftLimits.maximumPathCoordinate`; nil (reported) if not finite.
    static func point(_ point: CGPoint, _ what: String, api: String) -> CGPoint? {
        guard point.x.isFinite, point.y.isFinite else {
            WeftDiagnostics.report(.geometry, api, "\(what) \(describe(point)) is not finite; the element is dropped")
            return nil
        }
        let limit = WeftLimits.maximumPathCoordinate
        guard abs(point.x) > limit || abs(point.y) > limit else { return point }
        let clamped = CGPoint(x: min(max(point.x, -limit), limit), y: min(max(point.y, -limit), limit))
        WeftDiagnostics.report(.geometry, api, "\(what) \(describe(point)) is beyond ±\(PathCheck.text(limit)) "
            + "(WeftLimits.maximumPathCoordinate); \(describe(clamped)) used")
        return clamped
    }

    /// `rect` if every edge is finite, clamped to ±`WeftLimits.maximumPathCoordinate`; nil
    /// (reported: the path is left empty) otherwise.
    static func rect(_ rect: CGRect, api: String) -> CGRect? {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite,
              rect.maxX.isFinite, rect.maxY.isFinite else {
            WeftDiagnostics.report(.geometry, api, "rect \(describe(rect)) is not finite; nothing is added")
            return nil
        }
        let limit = WeftLimits.maximumPathCoordinate
        let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        guard [minX, minY, maxX, maxY].contains(where: { abs($0) > limit }) else { return rect }
        func clamp(_ v: CGFloat) -> CGFloat { min(max(v, -limit), limit) }
        let clamped = CGRect(x: clamp(minX), y: clamp(minY), width: clamp(maxX) - clamp(minX), height: clamp(maxY) - clamp(minY))
        WeftDiagnostics.report(.geometry, api, "rect \(describe(rect)) reaches beyond ±\(PathCheck.text(limit)) "
            + "(WeftLimits.maximumPathCoordinate); \(describe(clamped)) used")
        return clamped
    }

    /// A corner radius: NaN or infinite is reported and 0 used; negative is 0, as Core Animation takes it.
    static func cornerRadius(_ radius: CGFloat, api: String) -> CGFloat {
        guard radius.isFinite else {
            WeftDiagnostics.report(.geometry, api, "cornerRadius \(PathCheck.text(radius)) is not finite; square corners used")
            return 0
        }
        if radius < 0 {
            WeftDiagnostics.report(.geometry, api, "cornerRadius \(PathCheck.text(radius)) is negative; square corners used")
        }
        return radius
    }

    /// An arc element with its values checked and its angles reduced, or nil (reported) when the
    /// arc cannot be drawn: a center, radius or angle that is NaN or infinite, a negative radius.
    static func arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, clockwise: Bool, api: String) -> Path.Element? {
        guard let center = point(center, "center", api: api) else { return nil }
        guard radius.isFinite, radius >= 0 else {
            WeftDiagnostics.report(.geometry, api, "radius \(PathCheck.text(radius)) is \(radius.isNaN ? "not a number" : radius < 0 ? "negative" : "infinite"); the arc is dropped")
            return nil
        }
        guard start.isFinite, end.isFinite else {
            WeftDiagnostics.report(.geometry, api, "angles (startAngle \(PathCheck.text(start)), endAngle \(PathCheck.text(end))) are not finite; the arc is dropped")
            return nil
        }
        var r = radius
        if r > WeftLimits.maximumPathCoordinate {
            r = WeftLimits.maximumPathCoordinate
            WeftDiagnostics.report(.geometry, api, "radius \(PathCheck.text(radius)) is beyond \(PathCheck.text(r)) (WeftLimits.maximumPathCoordinate); \(PathCheck.text(r)) used")
        }
        let huge = abs(start) > largestAngle || abs(end) > largestAngle
        if huge {
            WeftDiagnostics.report(.geometry, api, "angles (startAngle \(PathCheck.text(start)), endAngle \(PathCheck.text(end))) are beyond ±\(PathCheck.text(largestAngle)) radians; "
                + "reduced modulo 2π (the arc keeps its end points, and a sweep of a turn or more draws the whole circle)")
        }
        let (s, e) = reduced(start: start, end: end, clockwise: clockwise)
        return .arc(center: center, radius: r, start: s, end: e, clockwise: clockwise)
    }

    /// Angles drawing the same arc with a start within ±`largestAngle` (reduced modulo 2π when past
    /// it) and a sweep of at most 4π: a sweep of more than a turn is one turn plus the rest, so
    /// cairo, which walks every turn, does bounded work. Travel runs from `start` the way
    /// `clockwise` says, as cairo's arcs do: an end behind the start is reached by going on round.
    static func reduced(start: CGFloat, end: CGFloat, clockwise: Bool) -> (CGFloat, CGFloat) {
        let travel = clockwise ? end - start : start - end
        if abs(start) <= largestAngle, abs(end) <= largestAngle, travel >= 0, travel <= twoPi { return (start, end) }
        let s = abs(start) > largestAngle ? fmod(start, twoPi) : start
        let e = abs(end) > largestAngle ? fmod(end, twoPi) : end
        var rest = fmod(clockwise ? e - s : s - e, twoPi)
        if rest < 0 { rest += twoPi }
        let sweep = travel >= twoPi ? twoPi + rest : rest
        return (s, clockwise ? s + sweep : s - sweep)
    }

    /// A value as diagnostics show it: Swift's form (`nan`, `-inf`, `1e+300`, `2.5`), and for a
    /// large one Swift writes out in full, its exponent form too (`1000000000000000.0 (1e+15)`).
    static func text(_ value: CGFloat) -> String {
        let swift = Double(value).description
        guard value.isFinite, abs(value) >= 1e6, !swift.contains("e") else { return swift }
        return "\(swift) (\(String(format: "%g", Double(value))))"
    }
    static func text(_ values: [CGFloat]) -> String { "[" + values.map(text).joined(separator: ", ") + "]" }

    static func describe(_ p: CGPoint) -> String { "(\(PathCheck.text(p.x)), \(PathCheck.text(p.y)))" }
    static func describe(_ r: CGRect) -> String { "(\(PathCheck.text(r.origin.x)), \(PathCheck.text(r.origin.y)), \(PathCheck.text(r.width)), \(PathCheck.text(r.height)))" }
}
