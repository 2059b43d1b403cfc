import Foundation

/// Drawing an image into this thread's current UIKit context (`UIGraphicsGetCurrentContext()`),
/// from any thread, as UIKit allows. The image's points are its pixels over its `scale`, so a
/// `@2x` image of 20 × 20 pixels draws 10 × 10 points; orientation was applied when it was
/// decoded; a resizable image keeps its caps. Without a current context nothing is drawn,
/// reported (area `.image`), as Core Graphics logs it.
extension UIImage {
    /// UIKit's `draw(in:)`: stretched to fill `rect`, blended normally.
    public func draw(in rect: CGRect) { draw(in: rect, blendMode: .normal, alpha: 1) }

    /// UIKit's `draw(at:)`: at its size in points, its top left at `point`.
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// UIKit's `draw(at:blendMode:alpha:)`.
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// UIKit's `draw(in:blendMode:alpha:)`.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else {
            WeftDiagnostics.report(.image, "UIImage.draw(in:)", "no current context on this thread (draw inside a node's or view's drawing, an image context or a renderer); nothing drawn")
            return
        }
        let r = rect.standardized
        guard alpha.isFinite else {
            WeftDiagnostics.report(.image, "UIImage.draw(in:blendMode:alpha:)", "alpha \(alpha) is not finite; nothing drawn")
            return
        }
        context.withSavedState {
            context.blendMode = blendMode
            context.draw(self, in: r, alpha: min(max(alpha, 0), 1), api: "UIImage.draw(in:)")
        }
    }
}
