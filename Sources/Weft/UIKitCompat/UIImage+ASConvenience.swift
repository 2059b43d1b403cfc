import Foundation

/// Texture's `UIImage+ASConvenience`: flat-coloured, rounded-corner resizable images, drawn at
/// the smallest size that holds the corners (2 × radius + 1 points square) and made resizable with
/// the radius as every cap inset, so they stretch to any size with the corners kept round (see
/// `resizableImage(withCapInsets:)`; an image node or `UIImage.draw(in:)` stretches them).
///
/// `cornerColor` fills the corners outside the curve (the colour behind, for "baked-in opaque"
/// corners; nil or `.clear` leaves them transparent), `fillColor` the inside; a `borderColor`
/// strokes a border of `borderWidth` fully inside the edge. `scale` 0 means the main screen's.
/// The `traitCollection` variants take Texture's traits and draw the same (Weft has no dynamic
/// colours for them to resolve). Sendable results; call from any thread.
extension UIImage {
    public static func as_resizableRoundedImage(withCornerRadius cornerRadius: CGFloat, cornerColor: UIColor?, fill fillColor: UIColor) -> UIImage {
        as_resizableRoundedImage(withCornerRadius: cornerRadius, cornerColor: cornerColor, fill: fillColor, borderColor: nil,
                                 borderWidth: 1, roundedCorners: .allCorners, scale: 0)
    }

    public static func as_resizableRoundedImage(withCornerRadius cornerRadius: CGFloat, cornerColor: UIColor?, fill fillColor: UIColor,
                                                traitCollection: ASPrimitiveTraitCollection) -> UIImage {
        as_resizableRoundedImage(withCornerRadius: cornerRadius, cornerColor: cornerColor, fill: fillColor)
    }

    public static func as_resizableRoundedImage(withCornerRadius cornerRadius: CGFloat, cornerColor: UIColor?, fill fillColor: UIColor,
                                                borderColor: UIColor?, borderWidth: CGFloat) -> UIImage {
        as_resizableRoundedImage(withCornerRadius: cornerRadius, cornerColor: cornerColor, fill: fillColor, borderColor: borderColor,
                                 borderWidth: borderWidth, roundedCorners: .allCorners, scale: 0)
    }

    public static func as_resizableRoundedImage(withCornerRadius cornerRadius: CGFloat, cornerColor: UIColor?, fill fillColor: UIColor,
                                                borderColor: UIColor?, borderWidth: CGFloat,
                                                traitCollection: ASPrimitiveTraitCollection) -> UIImage {
        as_resizableRoundedImage(withCornerRadius: cornerRadius, cornerColor: cornerColor, fill: fillColor, borderColor: borderColor,
                                 borderWidth: borderWidth)
    }

    public static func as_resizableRoundedImage(withCornerRadius cornerRadius: CGFloat, cornerColor: UIColor?, fill fillColor: UIColor,
                                                borderColor: UIColor?, borderWidth: CGFloat, roundedCorners: UIRectCorner,
                                                scale: CGFloat, traitCollection: ASPrimitiveTraitCollection) -> UIImage {
        as_resizableRoundedImage(withCornerRadius: cornerRadius, cornerColor: cornerColor, fill: fillColor, borderColor: borderColor,
                                 borderWidth: borderWidth, roundedCorners: roundedCorners, scale: scale)
    }

    /// The full form; the others call it. A negative or non-finite radius counts as 0.
    public static func as_resizableRoundedImage(withCornerRadius cornerRadius: CGFloat, cornerColor: UIColor?, fill fillColor: UIColor,
                                                borderColor: UIColor?, borderWidth: CGFloat, roundedCorners: UIRectCorner,
                                                scale: CGFloat) -> UIImage {
        let radius = cornerRadius.isFinite ? max(0, cornerRadius) : 0
        let cornerColor = cornerColor == .clear ? nil : cornerColor
        let dimension = radius * 2 + 1
        let bounds = CGRect(x: 0, y: 0, width: dimension, height: dimension)
        let format = UIGraphicsImageRendererFormat()
        if scale != 0 { format.scale = scale }
        format.opaque = cornerColor != nil
        let radii = CGSize(width: radius, height: radius)
        let image = UIGraphicsImageRenderer(size: bounds.size, format: format).image { _ in
            var contextIsClean = true
            if let cornerColor {
                contextIsClean = false
                cornerColor.setFill()
                UIRectFillUsingBlendMode(bounds, .copy)
            }
            fillColor.setFill()
            UIBezierPath(roundedRect: bounds, byRoundingCorners: roundedCorners, cornerRadii: radii)
                .fill(with: contextIsClean || fillColor.alpha == 1 ? .copy : .normal, alpha: 1)
            if let borderColor {
                borderColor.setStroke()
                let stroke = UIBezierPath(roundedRect: bounds.insetBy(dx: borderWidth / 2, dy: borderWidth / 2),
                                          byRoundingCorners: roundedCorners, cornerRadii: radii)
                stroke.lineWidth = borderWidth
                stroke.stroke(with: borderColor.alpha == 1 ? .copy : .normal, alpha: 1)
            }
        }
        return image.resizableImage(withCapInsets: UIEdgeInsets(top: radius, left: radius, bottom: radius, right: radius))
    }
}
