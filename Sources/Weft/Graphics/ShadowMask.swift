import CWeft
import Foundation

/// A shadow's alpha: a shape drawn opaque, then blurred by a gaussian approximated with three box
/// blurs (integer sums, so the same bytes on every machine). Core Animation's `shadowRadius` is
/// taken as the gaussian's standard deviation in points, the convention design tools use when they
/// hand a shadow to `CALayer` (a CSS blur of 2 × radius). Made where it is drawn, at the scale it
/// is drawn at. Sendable value; use from any context.
struct ShadowMask: Sendable {
    /// What casts the shadow.
    enum Source {
        /// A path, filled (non-zero winding).
        case path(Path)
        /// The alpha of a bitmap drawn in a rectangle.
        case bitmap(Bitmap, in: CGRect)
    }

    /// The blurred alpha; its colour channels equal its alpha (premultiplied white).
    let bitmap: Bitmap
    /// Where `bitmap` goes, in the coordinates of the source.
    let rect: CGRect

    /// How far, in points, the blur of `radius` spreads beyond the shape: three standard deviations.
    static func spread(radius: CGFloat) -> CGFloat { 3 * radius }

    /// The mask of `source` blurred by `radius` points at `scale`, or nil when it covers nothing
    /// or is too large to draw (reported).
    init?(_ source: Source, radius: CGFloat, scale: CGFloat) {
        let shape: CGRect
        switch source {
        case .path(let path): shape = path.controlPointBounds
        case .bitmap(_, let rect): shape = rect
        }
        guard !shape.isNull, shape.width.isFinite, shape.height.isFinite, shape.width > 0 || shape.height > 0 else { return nil }
        let spread = Self.spread(radius: radius)
        // Whole device pixels, so the mask's pixels are the device's.
        let outset = shape.insetBy(dx: -spread, dy: -spread)
        let minX = (outset.minX * scale).rounded(.down) / scale, minY = (outset.minY * scale).rounded(.down) / scale
        let maxX = (outset.maxX * scale).rounded(.up) / scale, maxY = (outset.maxY * scale).rounded(.up) / scale
        rect = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        do {
            bitmap = try Bitmap(size: rect.size, scale: scale) { context in
                context.translateBy(x: -minX, y: -minY)
                switch source {
                case .path(let path): context.fill(path, with: .black)
                case .bitmap(let bitmap, let rect): context.draw(bitmap, in: rect)
                }
                context.blurAlpha(deviation: radius * scale)
            }
        } catch {
            WeftDiagnostics.report(.appearance, "CALayer.shadowRadius",
                                   "a shadow over \(rect.width)×\(rect.height) points at scale \(scale) cannot be drawn (\(error)); it was left out")
            return nil
        }
    }
}

extension GraphicsContext {
    /// Blurs the alpha of the whole target surface by a gaussian of `deviation` device pixels
    /// (three box blurs), leaving premultiplied white (every channel the alpha).
    func blurAlpha(deviation: CGFloat) {
        let surface = cairo_get_target(cr)
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else { return }
        var alpha = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { alpha[y * width + x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
        }
        if deviation >= 0.5 {
            var scratch = [UInt8](repeating: 0, count: width * height)
            for size in BoxBlur.sizes(deviation: Double(deviation)) {
                let reach = (size - 1) / 2
                BoxBlur.pass(from: alpha, into: &scratch, lines: height, length: width, step: 1, lineStep: width, reach: reach)
                BoxBlur.pass(from: scratch, into: &alpha, lines: width, length: height, step: width, lineStep: 1, reach: reach)
            }
        }
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let a = UInt32(alpha[y * width + x])
                row[x] = a << 24 | a << 16 | a << 8 | a
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
