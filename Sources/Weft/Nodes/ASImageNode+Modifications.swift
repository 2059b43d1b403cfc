import Foundation

/// Clips the image to an ellipse and strokes a border of `borderWidth` in `borderColor` inside it;
/// Texture's `ASImageNodeRoundBorderModificationBlock`.
public func ASImageNodeRoundBorderModificationBlock(_ borderWidth: CGFloat, _ borderColor: UIColor?) -> ASImageNodeModificationBlock {
    { image, _ in
        let bitmap = image.bitmap
        let rect = CGRect(origin: .zero, size: bitmap.size)
        let rounded = try? Bitmap(pixelWidth: bitmap.pixelWidth, pixelHeight: bitmap.pixelHeight, scale: bitmap.scale) { context in
            context.withSavedState {
                context.clip(to: Path(ellipseIn: rect))
                context.draw(bitmap, in: rect)
            }
            if let borderColor, borderWidth > 0 {
                let inset = rect.insetBy(dx: borderWidth / 2, dy: borderWidth / 2)
                context.stroke(Path(ellipseIn: inset), with: borderColor, lineWidth: borderWidth)
            }
        }
        return rounded.map(UIImage.init(bitmap:)) ?? image
    }
}

/// Paints `color` through the image's alpha, keeping its shape; Texture's
/// `ASImageNodeTintColorModificationBlock`.
public func ASImageNodeTintColorModificationBlock(_ color: UIColor) -> ASImageNodeModificationBlock {
    { image, _ in
        let bitmap = image.bitmap
        let tinted = try? Bitmap(pixelWidth: bitmap.pixelWidth, pixelHeight: bitmap.pixelHeight, scale: bitmap.scale) { context in
            context.fill(CGRect(origin: .zero, size: bitmap.size), with: color, maskedBy: bitmap)
        }
        return tinted.map(UIImage.init(bitmap:)) ?? image
    }
}
