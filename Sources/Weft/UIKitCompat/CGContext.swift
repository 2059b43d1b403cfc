import Foundation

/// Core Graphics' `CGContext`: Weft's `GraphicsContext` under its Core Graphics name, so ported
/// code that takes or keeps a `CGContext` (`UIGraphicsGetCurrentContext()`, Texture's
/// `willDisplayNodeContentWithRenderingContext`, `UIGraphicsImageRendererContext.cgContext`)
/// compiles. The methods below are Core Graphics' spellings; each draws for real.
/// Lent to drawing code on one thread; never escapes it. Not Sendable.
public typealias CGContext = GraphicsContext

extension GraphicsContext {
    /// Core Graphics' `boundingBoxOfClipPath`; see `clipBoundingBox`.
    public var boundingBoxOfClipPath: CGRect { clipBoundingBox }

    public func setFillColor(_ color: CGColor) { fillColor = color.uiColor }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        fillColor = UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { fillColor = UIColor(white: gray, alpha: alpha) }
    public func setStrokeColor(_ color: CGColor) { strokeColor = color.uiColor }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        strokeColor = UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { strokeColor = UIColor(white: gray, alpha: alpha) }
    /// Core Graphics' `setLineWidth(_:)`; see `lineWidth` for what a bad width gets.
    public func setLineWidth(_ width: CGFloat) { setLineWidth(width, api: "CGContext.setLineWidth(_:)") }
    public func setLineCap(_ cap: CGLineCap) { lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { lineJoin = join }
    public func setBlendMode(_ mode: CGBlendMode) { blendMode = mode }

    /// Fills `rect` with the fill colour.
    public func fill(_ rect: CGRect) { fill(rect, with: fillColor, api: "CGContext.fill(_:)") }
    public func fill(_ rects: [CGRect]) { for rect in rects { fill(rect) } }
    /// Fills the ellipse inside `rect` with the fill colour.
    public func fillEllipse(in rect: CGRect) {
        fill(Path(ellipseIn: rect, api: "CGContext.fillEllipse(in:)"), with: fillColor, api: "CGContext.fillEllipse(in:)")
    }
    /// Strokes `rect` with the stroke colour and line style.
    public func stroke(_ rect: CGRect) {
        beginPath(); append(Path(rect: rect, api: "CGContext.stroke(_:)"), api: "CGContext.stroke(_:)"); strokePath(api: "CGContext.stroke(_:)")
    }
    public func stroke(_ rect: CGRect, width: CGFloat) {
        withSavedState { setLineWidth(width, api: "CGContext.stroke(_:width:)"); stroke(rect) }
    }
    /// Strokes the ellipse inside `rect` with the stroke colour and line style.
    public func strokeEllipse(in rect: CGRect) {
        let api = "CGContext.strokeEllipse(in:)"
        beginPath(); append(Path(ellipseIn: rect, api: api), api: api); strokePath(api: api)
    }

    public func addRect(_ rect: CGRect) { append(Path(rect: rect, api: "CGContext.addRect(_:)"), api: "CGContext.addRect(_:)") }
    public func addRects(_ rects: [CGRect]) { for rect in rects { addRect(rect) } }
    public func addEllipse(in rect: CGRect) { append(Path(ellipseIn: rect, api: "CGContext.addEllipse(in:)"), api: "CGContext.addEllipse(in:)") }
    public func move(to point: CGPoint) {
        guard !isPathFull else { return }
        var p = Path(); p.move(to: point, api: "CGContext.move(to:)"); append(p, api: "CGContext.move(to:)")
    }
    public func addLine(to point: CGPoint) {
        guard !isPathFull else { return }
        var p = Path(); p.addLine(to: point, api: "CGContext.addLine(to:)"); append(p, api: "CGContext.addLine(to:)")
    }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        let api = "CGContext.addCurve(to:control1:control2:)"
        var p = Path(); p.addCurve(to: end, control1: control1, control2: control2, api: api); append(p, api: api)
    }
    /// A quadratic Bézier curve from the current point; Core Graphics' `addQuadCurve(to:control:)`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        let api = "CGContext.addQuadCurve(to:control:)"
        var p = Path()
        p.addQuadCurve(to: end, control: control, from: isPathEmpty ? nil : currentPointOfPath, api: api)
        append(p, api: api)
    }
    /// An arc around `center` from `startAngle` to `endAngle`, radians; Core Graphics'
    /// `addArc(center:radius:startAngle:endAngle:clockwise:)`. `clockwise` is Core Graphics' sense
    /// (y up): in a UIKit context, whose y runs down as Weft's does, it shows counterclockwise, as
    /// on iOS. A line joins the current point to the arc's start.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let api = "CGContext.addArc(center:radius:startAngle:endAngle:clockwise:)"
        var p = Path()
        p.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise, api: api)
        append(p, api: api)
    }
    /// A line through `points`, starting a new subpath at the first; Core Graphics' `addLines(between:)`.
    public func addLines(between points: [CGPoint]) {
        let api = "CGContext.addLines(between:)"
        var p = Path()
        for (index, point) in points.enumerated() {
            if index == 0 { p.move(to: point, api: api) } else { p.addLine(to: point, api: api) }
        }
        append(p, api: api)
    }
    /// Strokes a separate segment between each pair of `points` (an odd last point is ignored),
    /// replacing the current path; Core Graphics' `strokeLineSegments(between:)`.
    public func strokeLineSegments(between points: [CGPoint]) {
        let api = "CGContext.strokeLineSegments(between:)"
        var p = Path()
        for pair in stride(from: 0, to: points.count - 1, by: 2) {
            p.move(to: points[pair], api: api)
            p.addLine(to: points[pair + 1], api: api)
        }
        beginPath()
        append(p, api: api)
        strokePath(api: api)
    }
    public func closePath() { var p = Path(); p.close(api: "CGContext.closePath()"); append(p, api: "CGContext.closePath()") }
    /// Fills the current path with the fill colour (nonzero winding) and empties it.
    public func fillPath() { fillPath(evenOdd: false) }
    /// Intersects the clip with the current path (nonzero winding) and empties it.
    public func clip() { clipToCurrentPath(evenOdd: false) }
    /// Intersects the clip with the union of `rects`.
    public func clip(to rects: [CGRect]) {
        beginPath(); addRects(rects); clip()
    }
}

extension UIBezierPath {
    /// The path, for `CGContext.addPath(_:)`; UIKit's `cgPath` (a `Path` value here).
    public var cgPath: Path { path }
}
