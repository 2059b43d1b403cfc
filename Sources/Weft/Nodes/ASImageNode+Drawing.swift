import Foundation

/// What an `ASImageNode` draws with, captured when display starts.
struct ImageDrawParameters: Sendable {
    let image: UIImage?
    let contentMode: UIView.ContentMode
    let cropRect: CGRect
    let forcedSize: CGSize
    let modification: ASImageNodeModificationBlock?
    /// Set only when the image failed to decode.
    let placeholderColor: UIColor?
    /// The colour a template image (`UIImage.RenderingMode.alwaysTemplate`) is painted in.
    let tint: UIColor
    /// The node, for diagnostics.
    let subject: String

    func draw(in bounds: CGRect, context: GraphicsContext, isCancelled: () -> Bool) {
        guard let image else {
            if let placeholderColor { context.fill(bounds, with: placeholderColor) }
            return
        }
        // The node's traits (current while it draws), at the scale of this drawing.
        var traits = ASPrimitiveTraitCollectionFromUITraitCollection(UITraitCollection.current)
        traits.displayScale = context.scale
        if image.capInsets != .zero {
            // As Texture: a resizable image is modified as it is, then stretched to the bounds.
            guard let shown = modification.map({ $0(image, traits) }) ?? image else { return }
            context.draw(shown, in: bounds, tint: tint)
            return
        }
        guard forcedSize != .zero || modification != nil else {
            context.withSavedState {
                context.clip(to: bounds)
                drawPlaced(image, in: bounds, context: context)
            }
            return
        }
        // Draw at the target size first, so the modification block sees the image as shown.
        var target = CGRect(origin: .zero, size: forcedSize != .zero ? forcedSize : bounds.size)
        if forcedSize != .zero, (try? Bitmap.pixelSize(for: forcedSize, scale: context.scale)) == nil {
            WeftDiagnostics.report(.image, subject, "forcedSize \(forcedSize) at scale \(context.scale) is past Bitmap's limits; the image is drawn at the bounds' size \(bounds.size)")
            target.size = bounds.size
        }
        guard let drawn = try? Bitmap(size: target.size, scale: context.scale, drawing: { drawPlaced(image, in: target, context: $0) }),
              !isCancelled()
        else { return }
        let drawnImage = UIImage(bitmap: drawn)
        guard let modified = modification.map({ $0(drawnImage, traits) }) ?? drawnImage else { return }
        context.draw(modified, in: bounds)
    }

    private func drawPlaced(_ image: UIImage, in bounds: CGRect, context: GraphicsContext) {
        var source = image.size
        var cropOrigin = cropRect.origin
        if cropRect.width > 0, cropRect.height > 0 {
            // Scale so the crop region fills the bounds, and place it there.
            let region = CGRect(x: cropRect.minX * source.width, y: cropRect.minY * source.height,
                                width: cropRect.width * source.width, height: cropRect.height * source.height)
            let factor = max(bounds.width / region.width, bounds.height / region.height)
            let rect = CGRect(x: bounds.minX - region.minX * factor + (bounds.width - region.width * factor) / 2,
                              y: bounds.minY - region.minY * factor + (bounds.height - region.height * factor) / 2,
                              width: source.width * factor, height: source.height * factor)
            context.draw(image, in: rect, tint: tint)
            return
        }
        if source.width <= 0 || source.height <= 0 { source = CGSize(width: 1, height: 1) }
        if contentMode != .scaleAspectFill { cropOrigin = CGPoint(x: 0.5, y: 0.5) }
        context.draw(image, in: Self.placement(of: source, in: bounds, mode: contentMode, alignment: cropOrigin), tint: tint)
    }

    /// Where an image of `size` goes in `bounds` under `mode`, UIKit's rules; `alignment` places
    /// the overflow of an aspect-filled image (0.5, 0.5 centres it).
    static func placement(of size: CGSize, in bounds: CGRect, mode: UIView.ContentMode, alignment: CGPoint) -> CGRect {
        func at(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
            CGRect(x: bounds.minX + x, y: bounds.minY + y, width: w, height: h)
        }
        let dw = bounds.width - size.width, dh = bounds.height - size.height
        switch mode {
        case .scaleToFill, .redraw:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let factor = mode == .scaleAspectFit
                ? min(bounds.width / size.width, bounds.height / size.height)
                : max(bounds.width / size.width, bounds.height / size.height)
            let w = size.width * factor, h = size.height * factor
            return at((bounds.width - w) * alignment.x, (bounds.height - h) * alignment.y, w, h)
        case .center: return at(dw / 2, dh / 2, size.width, size.height)
        case .top: return at(dw / 2, 0, size.width, size.height)
        case .bottom: return at(dw / 2, dh, size.width, size.height)
        case .left: return at(0, dh / 2, size.width, size.height)
        case .right: return at(dw, dh / 2, size.width, size.height)
        case .topLeft: return at(0, 0, size.width, size.height)
        case .topRight: return at(dw, 0, size.width, size.height)
        case .bottomLeft: return at(0, dh, size.width, size.height)
        case .bottomRight: return at(dw, dh, size.width, size.height)
        }
    }
}
