import Foundation

extension UIView {
    /// Renders the view and its subviews into a bitmap of `bounds.size × scale` pixels: layout
    /// first (`layoutIfNeeded()`), then each view's background, `draw(_:)`, subviews (clipped when
    /// `clipsToBounds`) and border, under its alpha. On the main actor, as UIKit draws.
    public func renderBitmap(scale: CGFloat) throws(RenderError) -> Bitmap {
        layoutIfNeeded()
        let size = bounds.size
        guard size.width > 0, size.height > 0 else {
            throw .invalidTarget(node: "\(type(of: self)) \(frame)", reason: .invalidSize(size))
        }
        do {
            return try Bitmap(size: size, scale: scale) { context in
                context.translateBy(x: -bounds.minX, y: -bounds.minY)
                composite(into: context, asRoot: true)
            }
        } catch let error as GraphicsError {
            throw .invalidTarget(node: "\(type(of: self)) \(frame)", reason: error)
        } catch {
            throw .invalidTarget(node: "\(type(of: self)) \(frame)", reason: .cairo("\(error)"))
        }
    }

    /// Composites this view into `context`, whose origin is the superview's bounds origin (or this
    /// view's, for the root). Draws synchronously: views have no backing store.
    func composite(into context: GraphicsContext, asRoot: Bool = false) {
        guard !isHidden, alpha > 0 else { return }
        let frame = self.frame, bounds = self.bounds
        context.withSavedState {
            if !asRoot { context.translateBy(x: frame.minX - bounds.minX, y: frame.minY - bounds.minY) }
            context.withTransparencyLayer(alpha: alpha) {
                let shape = Path(roundedRect: bounds, cornerRadius: layer.cornerRadius)
                if let backgroundColor, backgroundColor.alpha > 0 { context.fill(shape, with: backgroundColor) }
                context.withSavedState {
                    if clipsToBounds { context.clip(to: shape) }
                    UIGraphicsContextStack.with(context) { draw(bounds) }
                }
                if !subviews.isEmpty {
                    context.withSavedState {
                        if clipsToBounds { context.clip(to: shape) }
                        for subview in subviews { subview.composite(into: context) }
                    }
                }
                if layer.borderWidth > 0, let color = layer.borderColor?.uiColor {
                    let width = layer.borderWidth
                    context.stroke(Path(roundedRect: bounds.insetBy(dx: width / 2, dy: width / 2), cornerRadius: max(0, layer.cornerRadius - width / 2)),
                                   with: color, lineWidth: width)
                }
            }
        }
    }
}

/// The contexts `draw(_:)` overrides draw into, innermost last, with UIKit's current fill and
/// stroke colours. Main-actor state, as UIKit's graphics context stack is.
@MainActor
enum UIGraphicsContextStack {
    struct Entry {
        let context: GraphicsContext
        var fill = UIColor.black
        var stroke = UIColor.black
    }

    static var entries: [Entry] = []

    static func with(_ context: GraphicsContext, _ body: () -> Void) {
        entries.append(Entry(context: context))
        defer { entries.removeLast() }
        body()
    }
}

/// The context a `draw(_:)` override draws into; nil outside drawing. UIKit's `UIGraphicsGetCurrentContext()`.
@MainActor
public func UIGraphicsGetCurrentContext() -> GraphicsContext? { UIGraphicsContextStack.entries.last?.context }

/// Fills `rect` with the current fill colour (`UIColor.setFill()`); UIKit's `UIRectFill`.
@MainActor
public func UIRectFill(_ rect: CGRect) {
    guard let entry = UIGraphicsContextStack.entries.last else { return }
    entry.context.fill(rect, with: entry.fill)
}

extension UIColor {
    /// Makes this the colour `UIRectFill` and `UIBezierPath.fill()` use in the current drawing.
    @MainActor public func setFill() {
        guard !UIGraphicsContextStack.entries.isEmpty else { return }
        UIGraphicsContextStack.entries[UIGraphicsContextStack.entries.count - 1].fill = self
    }

    /// Makes this the colour `UIBezierPath.stroke()` uses in the current drawing.
    @MainActor public func setStroke() {
        guard !UIGraphicsContextStack.entries.isEmpty else { return }
        UIGraphicsContextStack.entries[UIGraphicsContextStack.entries.count - 1].stroke = self
    }

    /// Sets both the fill and the stroke colour.
    @MainActor public func set() {
        setFill()
        setStroke()
    }
}

/// A path `draw(_:)` overrides fill or stroke with the current colours; UIKit's `UIBezierPath`.
public final class UIBezierPath {
    public var path: Path
    public var lineWidth: CGFloat = 1

    public init() { path = Path() }
    public init(rect: CGRect) { path = Path(rect: rect) }
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) { path = Path(roundedRect: rect, cornerRadius: cornerRadius) }
    public init(ovalIn rect: CGRect) { path = Path(ellipseIn: rect) }

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

    /// Fills the path with the current fill colour.
    @MainActor public func fill() {
        guard let entry = UIGraphicsContextStack.entries.last else { return }
        entry.context.fill(path, with: entry.fill)
    }

    /// Strokes the path with the current stroke colour and `lineWidth`.
    @MainActor public func stroke() {
        guard let entry = UIGraphicsContextStack.entries.last else { return }
        entry.context.stroke(path, with: entry.stroke, lineWidth: lineWidth)
    }
}
