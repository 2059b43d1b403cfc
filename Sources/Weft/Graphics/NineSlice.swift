import Foundation

/// A resizable image cut into nine pieces by its cap insets, as UIKit's
/// `resizableImage(withCapInsets:)` draws it: the corners keep their size, the edges stretch
/// along one axis and the centre along both. When the target is narrower (or shorter) than the
/// two caps together, both caps shrink in proportion, as UIKit's do.
///
/// Each piece is its own bitmap, so stretching one never blends in its neighbours' pixels.
/// Sendable; use from any context.
struct NineSlice: Sendable {
    /// Row by row, top to bottom, left to right; nil where a piece has no pixels.
    let pieces: [Bitmap?]
    /// The caps in points, as rounded to whole pixels.
    let insets: UIEdgeInsets
    let size: CGSize

    /// Cuts `bitmap` at `insets` (points, already within the image), rounded to whole pixels.
    init(_ bitmap: Bitmap, insets: UIEdgeInsets) {
        let s = bitmap.scale
        let w = bitmap.pixelWidth, h = bitmap.pixelHeight
        let left = min(Int((insets.left * s).rounded()), w), right = min(Int((insets.right * s).rounded()), w - left)
        let top = min(Int((insets.top * s).rounded()), h), bottom = min(Int((insets.bottom * s).rounded()), h - top)
        let xs = [0, left, w - right, w], ys = [0, top, h - bottom, h]
        var pieces: [Bitmap?] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let pw = xs[column + 1] - xs[column], ph = ys[row + 1] - ys[row]
                guard pw > 0, ph > 0 else { pieces.append(nil); continue }
                pieces.append(try? Bitmap(pixelWidth: pw, pixelHeight: ph, scale: s) { context in
                    context.copyPixels(of: bitmap.surface, x: xs[column], y: ys[row])
                })
            }
        }
        self.pieces = pieces
        self.insets = UIEdgeInsets(top: CGFloat(top) / s, left: CGFloat(left) / s, bottom: CGFloat(bottom) / s, right: CGFloat(right) / s)
        size = bitmap.size
    }

    /// The nine target rectangles for `rect`, in the order of `pieces`.
    func targets(in rect: CGRect) -> [CGRect] {
        func edges(_ minimum: CGFloat, _ length: CGFloat, _ a: CGFloat, _ b: CGFloat) -> [CGFloat] {
            let shrink = a + b > length && a + b > 0 ? length / (a + b) : 1
            return [minimum, minimum + a * shrink, minimum + length - b * shrink, minimum + length]
        }
        let xs = edges(rect.minX, rect.width, insets.left, insets.right)
        let ys = edges(rect.minY, rect.height, insets.top, insets.bottom)
        var rects: [CGRect] = []
        for row in 0..<3 {
            for column in 0..<3 {
                rects.append(CGRect(x: xs[column], y: ys[row], width: xs[column + 1] - xs[column], height: ys[row + 1] - ys[row]))
            }
        }
        return rects
    }
}

extension GraphicsContext {
    /// Draws a nine-slice image stretched to `rect`.
    func draw(_ slices: NineSlice, in rect: CGRect, alpha: CGFloat) {
        for (piece, target) in zip(slices.pieces, slices.targets(in: rect)) {
            guard let piece, target.width > 0, target.height > 0 else { continue }
            draw(piece, in: target, alpha: alpha)
        }
    }
}
