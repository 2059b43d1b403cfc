import Foundation

/// A path drawn with the current UIKit colours into this thread's current context; UIKit's
/// `UIBezierPath`. Built from Weft's `Path` (kept in `path`), with UIKit's line style.
///
/// Every value is checked as it comes in (see `Path`): a NaN or infinite point, radius or angle
/// drops its element, a huge one is clamped or reduced, a bad line width, miter limit or dash is
/// refused, each reported as a `WeftDiagnostic` naming the UIKit method and the value.
///
/// Drawing (`fill()`, `stroke()`, `addClip()`) may happen on any thread, as in UIKit; without a
/// current context it does nothing. Mutable, like UIKit's: one thread at a time. Not Sendable.
public final class UIBezierPath {
    public var path: Path
    /// The stroke width; 1 by default. A NaN, infinite or negative width keeps the previous one,
    /// and one past `WeftLimits.maximumLineWidth` is clamped, reported.
    public var lineWidth: CGFloat {
        get { storedLineWidth }
        set { if let width = LineStyleCheck.lineWidth(newValue, api: "UIBezierPath.lineWidth") { storedLineWidth = width } }
    }
    private var storedLineWidth: CGFloat = 1
    /// How open ends are stroked; `.butt` by default.
    public var lineCapStyle: CGLineCap = .butt
    /// How segments meet when stroked; `.miter` by default.
    public var lineJoinStyle: CGLineJoin = .miter
    /// How far a miter join may reach, in line widths, before it is bevelled; 10 by default. A NaN,
    /// infinite or negative limit keeps the previous one, reported.
    public var miterLimit: CGFloat {
        get { storedMiterLimit }
        set { if let limit = LineStyleCheck.miterLimit(newValue, api: "UIBezierPath.miterLimit") { storedMiterLimit = limit } }
    }
    private var storedMiterLimit: CGFloat = 10
    /// Fill and clip with the even-odd rule instead of nonzero winding; false by default.
    public var usesEvenOddFillRule = false
    private var dash: (lengths: [CGFloat], phase: CGFloat) = ([], 0)

    public init() { path = Path() }
    /// UIKit's `init(rect:)`; a rect that is not finite gives an empty path, reported.
    public init(rect: CGRect) { path = Path(rect: rect, api: "UIBezierPath(rect:)") }
    /// A rectangle with circular corners, the radius clamped to half the shorter side; a NaN or
    /// infinite radius gives square corners, reported.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        path = Path(roundedRect: rect, cornerRadius: cornerRadius, api: "UIBezierPath(roundedRect:cornerRadius:)")
    }
    /// UIKit's `init(ovalIn:)`; a rect that is not finite gives an empty path, reported.
    public init(ovalIn rect: CGRect) { path = Path(ellipseIn: rect, api: "UIBezierPath(ovalIn:)") }
    /// A path holding `cgPath`; UIKit's `init(cgPath:)` (a `Path` is Weft's `CGPath`).
    public init(cgPath: Path) { path = cgPath }

    /// A rectangle with only `corners` rounded, each by `cornerRadii.width` (UIKit uses the width
    /// for both axes), clamped to half the shorter side.
    public init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.path = Self.roundedRect(rect, byRoundingCorners: corners, cornerRadii: cornerRadii)
    }

    private static func roundedRect(_ rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) -> Path {
        let api = "UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)"
        var path = Path()
        guard let rect = PathCheck.rect(rect, api: api) else { return path }
        let given = PathCheck.cornerRadius(cornerRadii.width, api: api)
        let r = min(max(given, 0), min(rect.width, rect.height) / 2)
        let half = CGFloat.pi / 2
        func corner(_ c: UIRectCorner, _ center: CGPoint, _ start: CGFloat, _ point: CGPoint) {
            if r > 0, corners.contains(c) {
                path.addArc(center: center, radius: r, startAngle: start, endAngle: start + half, clockwise: true, api: api)
            } else if path.isEmpty {
                path.move(to: point, api: api)
            } else {
                path.addLine(to: point, api: api)
            }
        }
        // Clockwise from the top right, as `Path(roundedRect:cornerRadius:)` goes.
        corner(.topRight, CGPoint(x: rect.maxX - r, y: rect.minY + r), -half, CGPoint(x: rect.maxX, y: rect.minY))
        corner(.bottomRight, CGPoint(x: rect.maxX - r, y: rect.maxY - r), 0, CGPoint(x: rect.maxX, y: rect.maxY))
        corner(.bottomLeft, CGPoint(x: rect.minX + r, y: rect.maxY - r), half, CGPoint(x: rect.minX, y: rect.maxY))
        corner(.topLeft, CGPoint(x: rect.minX + r, y: rect.minY + r), 2 * half, CGPoint(x: rect.minX, y: rect.minY))
        path.close(api: api)
        return path
    }

    /// An arc on its own; UIKit's `init(arcCenter:radius:startAngle:endAngle:clockwise:)`.
    public init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path = Path()
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
                    api: "UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)")
    }

    public func move(to point: CGPoint) { path.move(to: point, api: "UIBezierPath.move(to:)") }
    public func addLine(to point: CGPoint) { path.addLine(to: point, api: "UIBezierPath.addLine(to:)") }
    public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: point, control1: controlPoint1, control2: controlPoint2, api: "UIBezierPath.addCurve(to:controlPoint1:controlPoint2:)")
    }
    /// A quadratic Bézier curve from the current point; UIKit's `addQuadCurve(to:controlPoint:)`.
    public func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: point, control: controlPoint, api: "UIBezierPath.addQuadCurve(to:controlPoint:)")
    }
    /// Adds an arc; angles in radians, clockwise with y down, as UIKit draws them. A line joins
    /// the current point to the arc's start.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
                    api: "UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)")
    }
    public func close() { path.close(api: "UIBezierPath.close()") }
    /// Appends another path's subpaths; UIKit's `append(_:)`.
    public func append(_ other: UIBezierPath) { path.append(other.path, api: "UIBezierPath.append(_:)") }
    public func removeAllPoints() { path = Path() }
    public var isEmpty: Bool { path.isEmpty }
    /// Where the next element starts; `.zero` before any point, as in UIKit.
    public var currentPoint: CGPoint { path.currentPoint ?? .zero }

    /// The smallest rectangle holding the path's points and control points; `.null` when empty.
    public var bounds: CGRect { path.controlPointBounds }

    /// Maps every point by `transform` (arcs become the curves that draw them); UIKit's `apply(_:)`.
    /// A transform that is not finite changes nothing, reported.
    public func apply(_ transform: CGAffineTransform) {
        let api = "UIBezierPath.apply(_:)"
        guard [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite) else {
            WeftDiagnostics.report(.geometry, api, "\(transform) is not finite; the path is unchanged")
            return
        }
        path = path.applying(transform, api: api)
    }

    /// Strokes dashed: `count` lengths from `pattern` alternate painted and unpainted, starting
    /// `phase` points in; nil or a count of 0 is a solid line. A pattern cairo cannot draw (a NaN,
    /// infinite or negative length, all zero, a negative count or one past
    /// `WeftLimits.maximumDashCount`) gives a solid line, reported. UIKit's `setLineDash(_:count:phase:)`.
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        let api = "UIBezierPath.setLineDash(_:count:phase:)"
        dash = LineStyleCheck.dash(LineStyleCheck.lengths(pattern, count: count, api: api), phase: phase, api: api)
    }

    /// Copies the dash into `pattern` (when given, room for `count` lengths) and `count`, and its
    /// phase into `phase`; UIKit's `getLineDash(_:count:phase:)`.
    public func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?, phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern { for (index, length) in dash.lengths.enumerated() { pattern[index] = length } }
        count?.pointee = dash.lengths.count
        phase?.pointee = dash.phase
    }

    /// Fills the path with the current fill colour and the context's blend mode.
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.withSavedState {
            context.beginPath()
            context.append(path, api: "UIBezierPath.fill()")
            context.fillPath(evenOdd: usesEvenOddFillRule)
        }
    }

    /// Fills the path with the current fill colour, `blendMode` and `alpha`; UIKit's `fill(with:alpha:)`.
    /// A NaN alpha draws nothing, reported.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext(), Self.check(alpha, api: "UIBezierPath.fill(with:alpha:)") else { return }
        context.withSavedState {
            context.blendMode = blendMode
            context.fillColor = context.fillColor.withAlphaComponent(context.fillColor.alpha * alpha)
            context.beginPath()
            context.append(path, api: "UIBezierPath.fill(with:alpha:)")
            context.fillPath(evenOdd: usesEvenOddFillRule)
        }
    }

    /// Strokes the path with the current stroke colour, `lineWidth`, `lineCapStyle` and `lineJoinStyle`.
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.withSavedState { strokeInSavedState(context, api: "UIBezierPath.stroke()") }
    }

    /// Strokes the path with the current stroke colour, `blendMode` and `alpha`; UIKit's `stroke(with:alpha:)`.
    /// A NaN alpha draws nothing, reported.
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext(), Self.check(alpha, api: "UIBezierPath.stroke(with:alpha:)") else { return }
        context.withSavedState {
            context.blendMode = blendMode
            context.strokeColor = context.strokeColor.withAlphaComponent(context.strokeColor.alpha * alpha)
            strokeInSavedState(context, api: "UIBezierPath.stroke(with:alpha:)")
        }
    }

    /// Intersects the current context's clip with the path; later drawing stays inside it until
    /// the graphics state is restored. UIKit's `addClip()`.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.append(path, api: "UIBezierPath.addClip()")
        context.clipToCurrentPath(evenOdd: usesEvenOddFillRule)
    }

    /// False (reported) for a NaN alpha; others are clamped to 0...1 by the colour, as UIKit does.
    private static func check(_ alpha: CGFloat, api: String) -> Bool {
        guard alpha.isNaN else { return true }
        WeftDiagnostics.report(.geometry, api, "alpha nan is not a number; nothing drawn")
        return false
    }

    private func strokeInSavedState(_ context: GraphicsContext, api: String) {
        guard lineWidth > 0 else { return }
        context.setLineWidth(lineWidth, api: api)
        context.lineCap = lineCapStyle
        context.lineJoin = lineJoinStyle
        context.setMiterLimit(miterLimit, api: api)
        context.setLineDash(dash.lengths, phase: dash.phase, api: api)
        context.beginPath()
        context.append(path, api: api)
        context.strokePath(api: api)
    }
}
