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
                    UIGraphicsContextStack.with(context, ownsPixels: false) { draw(bounds) }
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
