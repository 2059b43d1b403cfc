import Foundation

/// A vector path in points: lines, curves, arcs and closed subpaths.
///
/// Every value is checked as it is added, so nothing cairo cannot draw reaches it: a point, radius
/// or angle that is NaN or infinite, or a negative radius, drops its element; a coordinate or radius
/// past ±`WeftLimits.maximumPathCoordinate` is clamped; arc angles are reduced modulo 2π keeping
/// the arc drawn; elements past `WeftLimits.maximumPathElements` are dropped. Each repair is a
/// `WeftDiagnostic` (area `.geometry`) naming the API called and the value given.
/// Sendable value; use from any context.
public struct Path: Sendable, Equatable {
    enum Element: Sendable, Equatable {
        case move(CGPoint)
        case line(CGPoint)
        case curve(CGPoint, CGPoint, CGPoint)
        /// Angles increasing from `start` to `end` when `clockwise` (y down; cairo's `cairo_arc`),
        /// decreasing otherwise (`cairo_arc_negative`). Stored reduced: the sweep is at most 4π.
        case arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, clockwise: Bool)
        case close
    }

    private(set) var elements: [Element] = []
    /// Elements refused because the path already held `WeftLimits.maximumPathElements`.
    private(set) var droppedElements = 0
    /// Where the next element starts (cairo's and Core Graphics' current point); nil before any.
    private(set) var currentPoint: CGPoint?
    private var subpathStart: CGPoint?

    public init() {}

    /// A closed rectangle.
    public init(rect: CGRect) { self.init(rect: rect, api: "Path(rect:)") }

    init(rect: CGRect, api: String) {
        guard let r = PathCheck.rect(rect, api: api) else { return }
        appendRect(r, api: api)
    }

    /// A rectangle with circular corners. The radius is clamped to half the shorter side, as
    /// Core Animation does; a radius ≤ 0 gives a plain rectangle, and a NaN or infinite one too,
    /// reported.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, cornerRadius: cornerRadius, api: "Path(roundedRect:cornerRadius:)")
    }

    init(roundedRect rect: CGRect, cornerRadius: CGFloat, api: String) {
        guard let checked = PathCheck.rect(rect, api: api) else { return }
        let given = PathCheck.cornerRadius(cornerRadius, api: api)
        let r = min(max(given, 0), min(abs(checked.width), abs(checked.height)) / 2)
        guard r > 0 else {
            appendRect(checked, api: api)
            return
        }
        let rect = checked.standardized
        let half = CGFloat.pi / 2
        append(.arc(center: CGPoint(x: rect.maxX - r, y: rect.minY + r), radius: r, start: -half, end: 0, clockwise: true), api: api)
        append(.arc(center: CGPoint(x: rect.maxX - r, y: rect.maxY - r), radius: r, start: 0, end: half, clockwise: true), api: api)
        append(.arc(center: CGPoint(x: rect.minX + r, y: rect.maxY - r), radius: r, start: half, end: 2 * half, clockwise: true), api: api)
        append(.arc(center: CGPoint(x: rect.minX + r, y: rect.minY + r), radius: r, start: 2 * half, end: 3 * half, clockwise: true), api: api)
        append(.close, api: api)
    }

    /// An ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) { self.init(ellipseIn: rect, api: "Path(ellipseIn:)") }

    init(ellipseIn rect: CGRect, api: String) {
        guard let rect = PathCheck.rect(rect, api: api) else { return }
        // Four cubic quadrants; kappa places the control points of a circle's quarter.
        let k: CGFloat = 0.5522847498
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        append(.move(CGPoint(x: cx + rx, y: cy)), api: api)
        append(.curve(CGPoint(x: cx + rx, y: cy + k * ry), CGPoint(x: cx + k * rx, y: cy + ry), CGPoint(x: cx, y: cy + ry)), api: api)
        append(.curve(CGPoint(x: cx - k * rx, y: cy + ry), CGPoint(x: cx - rx, y: cy + k * ry), CGPoint(x: cx - rx, y: cy)), api: api)
        append(.curve(CGPoint(x: cx - rx, y: cy - k * ry), CGPoint(x: cx - k * rx, y: cy - ry), CGPoint(x: cx, y: cy - ry)), api: api)
        append(.curve(CGPoint(x: cx + k * rx, y: cy - ry), CGPoint(x: cx + rx, y: cy - k * ry), CGPoint(x: cx + rx, y: cy)), api: api)
        append(.close, api: api)
    }

    private mutating func appendRect(_ rect: CGRect, api: String) {
        append(.move(CGPoint(x: rect.minX, y: rect.minY)), api: api)
        append(.line(CGPoint(x: rect.maxX, y: rect.minY)), api: api)
        append(.line(CGPoint(x: rect.maxX, y: rect.maxY)), api: api)
        append(.line(CGPoint(x: rect.minX, y: rect.maxY)), api: api)
        append(.close, api: api)
    }

    public mutating func move(to point: CGPoint) { move(to: point, api: "Path.move(to:)") }
    public mutating func addLine(to point: CGPoint) { addLine(to: point, api: "Path.addLine(to:)") }
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        addCurve(to: point, control1: control1, control2: control2, api: "Path.addCurve(to:control1:control2:)")
    }
    /// A quadratic Bézier curve from the current point, raised to the cubic cairo draws.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        addQuadCurve(to: point, control: control, api: "Path.addQuadCurve(to:control:)")
    }
    /// A clockwise arc (in the y-down coordinate space) from `startAngle` to `endAngle`, in radians.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: true,
               api: "Path.addArc(center:radius:startAngle:endAngle:)")
    }
    /// An arc from `startAngle` to `endAngle`, in radians; `clockwise` as seen with y down
    /// (angles increasing), as UIKit's `UIBezierPath` means it.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
               api: "Path.addArc(center:radius:startAngle:endAngle:clockwise:)")
    }
    public mutating func close() { append(.close, api: "Path.close()") }
    /// Appends the subpaths of `other`.
    public mutating func append(_ other: Path) { append(other, api: "Path.append(_:)") }

    // MARK: Checked appends, naming the public API called

    mutating func move(to point: CGPoint, api: String) {
        guard let p = PathCheck.point(point, "point", api: api) else { return }
        append(.move(p), api: api)
    }

    mutating func addLine(to point: CGPoint, api: String) {
        guard let p = PathCheck.point(point, "point", api: api) else { return }
        append(.line(p), api: api)
    }

    mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint, api: String) {
        guard let p = PathCheck.point(point, "end point", api: api),
              let c1 = PathCheck.point(control1, "control point 1", api: api),
              let c2 = PathCheck.point(control2, "control point 2", api: api) else { return }
        append(.curve(c1, c2, p), api: api)
    }

    /// The quadratic from `start` (the current point when nil), as the cubic with the same curve.
    mutating func addQuadCurve(to point: CGPoint, control: CGPoint, from start: CGPoint? = nil, api: String) {
        guard let p = PathCheck.point(point, "end point", api: api),
              let c = PathCheck.point(control, "control point", api: api) else { return }
        // Without a current point cairo starts the curve at its first control point, as here.
        let start = start ?? currentPoint ?? c
        let c1 = CGPoint(x: start.x + 2 / 3 * (c.x - start.x), y: start.y + 2 / 3 * (c.y - start.y))
        let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
        append(.curve(c1, c2, p), api: api)
    }

    mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool, api: String) {
        guard let arc = PathCheck.arc(center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise, api: api)
        else { return }
        append(arc, api: api)
    }

    mutating func close(api: String) { append(.close, api: api) }

    mutating func append(_ other: Path, api: String) {
        for element in other.elements { append(element, api: api) }
        droppedElements += other.droppedElements
    }

    /// Adds a checked element, or counts it dropped when the path is full (reported once).
    private mutating func append(_ element: Element, api: String) {
        guard elements.count < WeftLimits.maximumPathElements else {
            if droppedElements == 0 {
                WeftDiagnostics.report(.geometry, api, "the path already has \(elements.count) elements "
                    + "(WeftLimits.maximumPathElements); this element and any added after it are dropped")
            }
            droppedElements += 1
            return
        }
        elements.append(element)
        switch element {
        case .move(let p):
            currentPoint = p; subpathStart = p
        case .line(let p), .curve(_, _, let p):
            if currentPoint == nil { subpathStart = p }
            currentPoint = p
        case let .arc(center, radius, start, end, _):
            if currentPoint == nil { subpathStart = Self.point(on: center, radius, start) }
            currentPoint = Self.point(on: center, radius, end)
        case .close:
            currentPoint = subpathStart
        }
    }

    static func point(on center: CGPoint, _ radius: CGFloat, _ angle: CGFloat) -> CGPoint {
        CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
    }

    // MARK: Reading

    /// The smallest rectangle holding every point and control point (and the arcs' extent);
    /// `.null` for an empty path.
    public var controlPointBounds: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case let .curve(c1, c2, p): add(c1); add(c2); add(p)
            case let .arc(center, radius, start, end, _):
                // The same points whichever way the arc is travelled.
                let (low, high) = (min(start, end), max(start, end))
                add(Self.point(on: center, radius, low)); add(Self.point(on: center, radius, high))
                guard high - low < 2 * .pi else {
                    add(CGPoint(x: center.x - radius, y: center.y - radius)); add(CGPoint(x: center.x + radius, y: center.y + radius))
                    continue
                }
                var quarter = ((low / (.pi / 2)).rounded(.down) + 1) * (.pi / 2)
                while quarter < high {
                    add(Self.point(on: center, radius, quarter))
                    quarter += .pi / 2
                }
            case .close: break
            }
        }
        guard minX.isFinite, minY.isFinite else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// Elements of the path: moves, lines, curves, arcs and closes.
    public var elementCount: Int { elements.count }
}
