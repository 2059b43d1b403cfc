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

    public var isEmpty: Bool { elements.isEmpty }
}
