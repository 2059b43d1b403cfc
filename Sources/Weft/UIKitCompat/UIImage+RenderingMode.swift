import Foundation

extension UIImage {
    /// How an image's pixels are used where it is shown; UIKit's `UIImage.RenderingMode`.
    /// Sendable value; use from any context.
    public enum RenderingMode: Int, Sendable {
        /// As the context decides: its own colours in an image view or image node.
        case automatic
        /// Always the image's own colours.
        case alwaysOriginal
        /// Only the image's alpha, painted in the tint colour of the view or node that shows it.
        case alwaysTemplate
    }

    /// UIKit's `withRenderingMode(_:)`: the same image drawn with `renderingMode`.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        renderingMode == self.renderingMode ? self : with(renderingMode: renderingMode)
    }

    /// Whether views and image nodes draw this image in their tint colour.
    var isTemplate: Bool { renderingMode == .alwaysTemplate }
}

extension GraphicsContext {
    /// Draws `image` in `rect` as a view or image node shows it: a template image's alpha painted
    /// in `tint`, any other image as it is.
    func draw(_ image: UIImage, in rect: CGRect, tint: UIColor) {
        guard image.isTemplate else { draw(image, in: rect); return }
        if image.slices == nil {
            fill(rect, with: tint, maskedBy: image.bitmap)
            return
        }
        // A resizable template: its caps laid out at the size shown, then used as the mask.
        guard rect.width > 0, rect.height > 0,
              let laidOut = try? Bitmap(size: rect.size, scale: scale, drawing: { $0.draw(image, in: CGRect(origin: .zero, size: rect.size)) })
        else { return }
        fill(rect, with: tint, maskedBy: laidOut)
    }
}
