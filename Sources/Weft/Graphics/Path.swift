import Foundation

/// A vector path in points: lines, curves, arcs and closed subpaths.
/// Sendable value; use from any context.
public struct Path: Sendable, Equatable {
    enum Element: Sendable, Equatable {
        case move(CGPoint)
        case line(CGPoint)
        case curve(CGPoint, CGPoint, CGPoint)
        case arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat)
        case close
    }

    private(set) var elements: [Element] = []

    public init() {}

    /// A closed rectangle.
    public init(rect: CGRect) {
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        close()
    }

    /// A rectangle with circular corners. The radius is clamped to half the shorter side, as
    /// Core Animation does; a radius ≤ 0 gives a plain rectangle.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        let r = min(max(cornerRadius.isFinite ? cornerRadius : 0, 0), min(rect.width, rect.height) / 2)
        guard r > 0 else {
            self.init(rect: rect)
            return
        }
        self.init()
        let half = CGFloat.pi / 2
        elements = [
            .arc(center: CGPoint(x: rect.maxX - r, y: rect.minY + r), radius: r, start: -half, end: 0),
            .arc(center: CGPoint(x: rect.maxX - r, y: rect.maxY - r), radius: r, start: 0, end: half),
            .arc(center: CGPoint(x: rect.minX + r, y: rect.maxY - r), radius: r, start: half, end: 2 * half),
            .arc(center: CGPoint(x: rect.minX + r, y: rect.minY + r), radius: r, start: 2 * half, end: 3 * half),
            .close,
        ]
    }

    /// An ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) {
        // Four cubic quadrants; kappa places the control points of a circle's quarter.
        let k: CGFloat = 0.5522847498
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry), control2: CGPoint(x: cx + k * rx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + k * ry))
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry), control2: CGPoint(x: cx - k * rx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - k * ry))
        close()
    }

    public mutating func move(to point: CGPoint) { elements.append(.move(point)) }
    public mutating func addLine(to point: CGPoint) { elements.append(.line(point)) }
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        elements.append(.curve(control1, control2, point))
    }
    /// A clockwise arc (in the y-down coordinate space) from `startAngle` to `endAngle`, in radians.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat) {
        elements.append(.arc(center: center, radius: radius, start: startAngle, end: endAngle))
    }
    public mutating func close() { elements.append(.close) }
    /// Appends the subpaths of `other`.
    public mutating func append(_ other: Path) { elements += other.elements }

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
            case let .arc(center, radius, start, end):
                // cairo sweeps clockwise (angles increasing) from start to end.
                var stop = end
                if stop < start { stop += (((start - stop) / (2 * .pi)).rounded(.up)) * 2 * .pi }
                func at(_ angle: CGFloat) -> CGPoint { CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)) }
                add(at(start)); add(at(stop))
                guard start.isFinite, stop.isFinite, stop - start < 2 * .pi else {
                    add(CGPoint(x: center.x - radius, y: center.y - radius)); add(CGPoint(x: center.x + radius, y: center.y + radius))
                    continue
                }
                var quarter = ((start / (.pi / 2)).rounded(.down) + 1) * (.pi / 2)
                while quarter < stop {
                    add(at(quarter))
                    quarter += .pi / 2
                }
            case .close: break
            }
        }
        guard minX.isFinite, minY.isFinite else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var isEmpty: Bool { elements.isEmpty }
}
