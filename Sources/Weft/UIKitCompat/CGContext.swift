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
    public func setLineWidth(_ width: CGFloat) { lineWidth = width }
    public func setLineCap(_ cap: CGLineCap) { lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { lineJoin = join }
    public func setBlendMode(_ mode: CGBlendMode) { blendMode = mode }

    /// Fills `rect` with the fill colour.
    public func fill(_ rect: CGRect) { fill(rect, with: fillColor) }
    public func fill(_ rects: [CGRect]) { for rect in rects { fill(rect) } }
    /// Fills the ellipse inside `rect` with the fill colour.
    public func fillEllipse(in rect: CGRect) { fill(Path(ellipseIn: rect), with: fillColor) }
    /// Strokes `rect` with the stroke colour and line style.
    public func stroke(_ rect: CGRect) {
        beginPath(); addRect(rect); strokePath()
    }
    public func stroke(_ rect: CGRect, width: CGFloat) {
        withSavedState { lineWidth = width; stroke(rect) }
    }
    /// Strokes the ellipse inside `rect` with the stroke colour and line style.
    public func strokeEllipse(in rect: CGRect) {
        beginPath(); addPath(Path(ellipseIn: rect)); strokePath()
    }

    public func addRect(_ rect: CGRect) { addPath(Path(rect: rect)) }
    public func addRects(_ rects: [CGRect]) { for rect in rects { addRect(rect) } }
    public func addEllipse(in rect: CGRect) { addPath(Path(ellipseIn: rect)) }
    public func move(to point: CGPoint) { var p = Path(); p.move(to: point); addPath(p) }
    public func addLine(to point: CGPoint) { var p = Path(); p.addLine(to: point); addPath(p) }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        var p = Path(); p.addCurve(to: end, control1: control1, control2: control2); addPath(p)
    }
    public func closePath() { var p = Path(); p.close(); addPath(p) }
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
