import Foundation

/// A path drawn with the current UIKit colours into this thread's current context; UIKit's
/// `UIBezierPath`. Built from Weft's `Path` (kept in `path`), with UIKit's line style.
///
/// Drawing (`fill()`, `stroke()`, `addClip()`) may happen on any thread, as in UIKit; without a
/// current context it does nothing. Mutable, like UIKit's: one thread at a time. Not Sendable.
public final class UIBezierPath {
    public var path: Path
    /// The stroke width; 1 by default.
    public var lineWidth: CGFloat = 1
    /// How open ends are stroked; `.butt` by default.
    public var lineCapStyle: CGLineCap = .butt
    /// How segments meet when stroked; `.miter` by default.
    public var lineJoinStyle: CGLineJoin = .miter
    /// Fill and clip with the even-odd rule instead of nonzero winding; false by default.
    public var usesEvenOddFillRule = false

    public init() { path = Path() }
    public init(rect: CGRect) { path = Path(rect: rect) }
    /// A rectangle with circular corners, the radius clamped to half the shorter side.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) { path = Path(roundedRect: rect, cornerRadius: cornerRadius) }
    public init(ovalIn rect: CGRect) { path = Path(ellipseIn: rect) }

    /// A rectangle with only `corners` rounded, each by `cornerRadii.width` (UIKit uses the width
    /// for both axes), clamped to half the shorter side.
    public init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        let given = cornerRadii.width.isFinite ? cornerRadii.width : 0
        let r = min(max(given, 0), min(rect.width, rect.height) / 2)
        var path = Path()
        let half = CGFloat.pi / 2
        func corner(_ c: UIRectCorner, _ center: CGPoint, _ start: CGFloat, _ point: CGPoint) {
            if r > 0, corners.contains(c) {
                path.addArc(center: center, radius: r, startAngle: start, endAngle: start + half)
            } else if path.isEmpty {
                path.move(to: point)
            } else {
                path.addLine(to: point)
            }
        }
        // Clockwise from the top right, as `Path(roundedRect:cornerRadius:)` goes.
        corner(.topRight, CGPoint(x: rect.maxX - r, y: rect.minY + r), -half, CGPoint(x: rect.maxX, y: rect.minY))
        corner(.bottomRight, CGPoint(x: rect.maxX - r, y: rect.maxY - r), 0, CGPoint(x: rect.maxX, y: rect.maxY))
        corner(.bottomLeft, CGPoint(x: rect.minX + r, y: rect.maxY - r), half, CGPoint(x: rect.minX, y: rect.maxY))
        corner(.topLeft, CGPoint(x: rect.minX + r, y: rect.minY + r), 2 * half, CGPoint(x: rect.minX, y: rect.minY))
        path.close()
        self.path = path
    }

    /// An arc on its own; UIKit's `init(arcCenter:radius:startAngle:endAngle:clockwise:)`.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    public func move(to point: CGPoint) { path.move(to: point) }
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: point, control1: controlPoint1, control2: controlPoint2)
    }
    /// Adds an arc; angles in radians, clockwise with y down, as UIKit draws them.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: clockwise ? startAngle : endAngle, endAngle: clockwise ? endAngle : startAngle)
    }
    public func close() { path.close() }
    /// Appends another path's subpaths; UIKit's `append(_:)`.
    public func append(_ other: UIBezierPath) { path.append(other.path) }
    public func removeAllPoints() { path = Path() }
    public var isEmpty: Bool { path.isEmpty }

    /// The smallest rectangle holding the path's points and control points; `.null` when empty.
    public var bounds: CGRect { path.controlPointBounds }

    /// Fills the path with the current fill colour and the context's blend mode.
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.withSavedState {
            context.beginPath()
            context.addPath(path)
            context.fillPath(evenOdd: usesEvenOddFillRule)
        }
    }

    /// Fills the path with the current fill colour, `blendMode` and `alpha`; UIKit's `fill(with:alpha:)`.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.withSavedState {
            context.blendMode = blendMode
            context.fillColor = context.fillColor.withAlphaComponent(context.fillColor.alpha * alpha)
            context.beginPath()
            context.addPath(path)
            context.fillPath(evenOdd: usesEvenOddFillRule)
        }
    }

    /// Strokes the path with the current stroke colour, `lineWidth`, `lineCapStyle` and `lineJoinStyle`.
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.withSavedState { strokeInSavedState(context) }
    }

    /// Strokes the path with the current stroke colour, `blendMode` and `alpha`; UIKit's `stroke(with:alpha:)`.
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.withSavedState {
            context.blendMode = blendMode
            context.strokeColor = context.strokeColor.withAlphaComponent(context.strokeColor.alpha * alpha)
            strokeInSavedState(context)
        }
    }

    /// Intersects the current context's clip with the path; later drawing stays inside it until
    /// the graphics state is restored. UIKit's `addClip()`.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.clipToCurrentPath(evenOdd: usesEvenOddFillRule)
    }

    private func strokeInSavedState(_ context: GraphicsContext) {
        guard lineWidth.isFinite, lineWidth > 0 else { return }
        context.lineWidth = lineWidth
        context.lineCap = lineCapStyle
        context.lineJoin = lineJoinStyle
        context.beginPath()
        context.addPath(path)
        context.strokePath()
    }
}
