import CWeft
import Foundation

/// Drawing into a bitmap with cairo, in points, y down, origin at the top left. Core Graphics'
/// `CGContext` (the name is a typealias for it): its graphics state (transform, clip, blend mode,
/// line width, cap and join, and the fill and stroke colours UIKit's `setFill()`/`setStroke()`
/// set) is saved and restored together by `withSavedState` or `saveGState()`/`restoreGState()`.
///
/// Lent to a drawing closure (a `Bitmap` initializer or a node's draw method) on the thread that
/// draws; never escapes it, never crosses threads. Not Sendable.
public final class GraphicsContext {
    let cr: OpaquePointer
    /// Device pixels per point of the bitmap being drawn.
    public let scale: CGFloat

    /// The colour `UIRectFill`, `UIBezierPath.fill()` and `CGContext.fill(_:)` use; black at first.
    public var fillColor = UIColor.black
    /// The colour `UIBezierPath.stroke()` and `CGContext.stroke(_:)` use; black at first.
    public var strokeColor = UIColor.black
    /// The colours saved by each `saveGState()` not yet restored, innermost last.
    var savedColors: [(fill: UIColor, stroke: UIColor)] = []

    init(surface: OpaquePointer, scale: CGFloat) {
        cr = cairo_create(surface)
        self.scale = scale
        cairo_scale(cr, scale, scale)
    }

    /// A context that draws only on rows `band` of `surface` (a band of a frame drawn band by band,
    /// `FrameComposition.renderBands`): the clip is set to those rows before anything is drawn.
    init(surface: OpaquePointer, band: Range<Int>, scale: CGFloat) {
        cr = cairo_create(surface)
        self.scale = scale
        cairo_rectangle(cr, 0, Double(band.lowerBound), Double(cairo_image_surface_get_width(surface)), Double(band.count))
        cairo_clip(cr)
        cairo_scale(cr, scale, scale)
    }

    func finish() { cairo_destroy(cr) }

    // MARK: State

    /// Runs `body` with the current transform and clip saved, and restores them after.
    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        cairo_save(cr)
        let colors = (fillColor, strokeColor)
        defer {
            cairo_restore(cr)
            (fillColor, strokeColor) = colors
        }
        return try body()
    }

    public func translateBy(x: CGFloat, y: CGFloat) { cairo_translate(cr, x, y) }
    public func scaleBy(x: CGFloat, y: CGFloat) { cairo_scale(cr, x, y) }
    /// Rotates clockwise (y down) by `angle` radians.
    public func rotate(by angle: CGFloat) { cairo_rotate(cr, angle) }

    /// Intersects the clip with `path`.
    public func clip(to path: Path) {
        apply(path)
        cairo_clip(cr)
    }

    public func clip(to rect: CGRect) { clip(to: Path(rect: rect)) }

    /// Draws `body` into an offscreen group and composites it with `alpha`, as a layer's opacity
    /// composites its whole subtree at once.
    public func withTransparencyLayer(alpha: CGFloat, _ body: () throws -> Void) rethrows {
        guard alpha < 1 else { return try body() }
        guard alpha > 0 else { return }
        cairo_push_group(cr)
        defer {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, Double(alpha))
        }
        try body()
    }

    // MARK: Filling and stroking

    public func fill(_ rect: CGRect, with color: UIColor) { fill(Path(rect: rect), with: color) }

    /// Sets every pixel to `color`, whatever was there (cairo's SOURCE operator).
    func paint(_ color: UIColor) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        setSource(color)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Sets the pixels of `region` to `color`, whatever was there (cairo's SOURCE operator), and
    /// leaves the others as they were. Where `region` is every pixel, the same bytes as `paint`.
    func paint(_ color: UIColor, in region: PixelRegion) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        setSource(color)
        cairo_new_path(cr)
        for r in region.rects { cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height)) }
        cairo_fill(cr)
        cairo_restore(cr)
    }

    public func fill(_ path: Path, with color: UIColor) {
        setSource(color)
        apply(path)
        cairo_fill(cr)
    }

    public func fill(_ path: Path, with gradient: Gradient) {
        let pattern: OpaquePointer
        switch gradient.shape {
        case let .linear(start, end):
            pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        case let .radial(c0, r0, c1, r1):
            pattern = cairo_pattern_create_radial(c0.x, c0.y, r0, c1.x, c1.y, r1)
        }
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.stops {
            let color = stop.color.components
            cairo_pattern_add_color_stop_rgba(pattern, min(max(stop.location, 0), 1), color.red, color.green, color.blue, color.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        apply(path)
        cairo_fill(cr)
    }

    /// Strokes `path` centred on its outline.
    public func stroke(_ path: Path, with color: UIColor, lineWidth: CGFloat) {
        guard lineWidth.isFinite, lineWidth > 0 else { return }
        setSource(color)
        cairo_set_line_width(cr, lineWidth)
        apply(path)
        cairo_stroke(cr)
    }

    /// Makes `rect` transparent.
    public func clear(_ rect: CGRect) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        apply(Path(rect: rect))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    // MARK: Images

    /// Draws `bitmap` stretched to fill `rect`, with source-over and `alpha`.
    ///
    /// A bitmap whose pixels line up with the device pixels of `rect` is copied exactly; otherwise
    /// cairo's GOOD filter resamples it, with edges padded rather than faded.
    public func draw(_ bitmap: Bitmap, in rect: CGRect, alpha: CGFloat = 1) {
        guard bitmap.pixelWidth > 0, bitmap.pixelHeight > 0, rect.width > 0, rect.height > 0, alpha > 0 else { return }
        let pattern = imagePattern(bitmap, in: rect)
        defer { cairo_pattern_destroy(pattern) }
        cairo_set_source(cr, pattern)
        apply(Path(rect: rect))
        if alpha < 1 {
            cairo_save(cr)
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, Double(alpha))
            cairo_restore(cr)
        } else {
            cairo_fill(cr)
        }
    }

    /// Draws `bitmap` into `rect` as a copy (cairo's SOURCE operator, which pixman runs as a copy of
    /// rows) when that gives the bytes `draw(_:in:)` gives: the bitmap is opaque (so source-over
    /// would replace every pixel it covers anyway), the transform only scales and translates, and
    /// `rect` lies on whole device pixels at the bitmap's own pixel size (so every pixel is covered
    /// whole and nothing is resampled). Returns false, drawing nothing, otherwise. The caller must
    /// know that no clip with a soft or partial edge is in force: under one, a copy and a blend
    /// round the edge pixels differently.
    func copyIfOpaque(_ bitmap: Bitmap, in rect: CGRect) -> Bool {
        guard let pixels = devicePixels(of: rect), pixels.width == bitmap.pixelWidth, pixels.height == bitmap.pixelHeight,
              bitmap.isOpaque else { return false }
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        draw(bitmap, in: rect)
        cairo_restore(cr)
        return true
    }

    /// Draws `image` stretched to fill `rect`; a resizable image (one with cap insets) keeps its
    /// caps and stretches the rest (see `UIImage.resizableImage(withCapInsets:)`).
    public func draw(_ image: UIImage, in rect: CGRect, alpha: CGFloat = 1) {
        if let slices = image.slices {
            draw(slices, in: rect, alpha: alpha)
        } else {
            draw(image.bitmap, in: rect, alpha: alpha)
        }
    }

    /// Paints `color` through the alpha of `bitmap` placed in `rect`: a tint.
    public func fill(_ rect: CGRect, with color: UIColor, maskedBy bitmap: Bitmap) {
        guard bitmap.pixelWidth > 0, bitmap.pixelHeight > 0, rect.width > 0, rect.height > 0 else { return }
        let pattern = imagePattern(bitmap, in: rect)
        defer { cairo_pattern_destroy(pattern) }
        cairo_save(cr)
        apply(Path(rect: rect))
        cairo_clip(cr)
        setSource(color)
        cairo_mask(cr, pattern)
        cairo_restore(cr)
    }

    // MARK: cairo plumbing

    private func imagePattern(_ bitmap: Bitmap, in rect: CGRect) -> OpaquePointer {
        let pattern = cairo_pattern_create_for_surface(bitmap.surface)!
        var matrix = cairo_matrix_t()
        // Pattern space is the bitmap's pixels; map user-space `rect` onto them.
        cairo_matrix_init_scale(&matrix, CGFloat(bitmap.pixelWidth) / rect.width, CGFloat(bitmap.pixelHeight) / rect.height)
        cairo_matrix_translate(&matrix, -rect.minX, -rect.minY)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }

    /// A dynamic colour is resolved for `UITraitCollection.current`: the drawing node's traits.
    func setSource(_ color: UIColor) {
        let c = color.components
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    func apply(_ path: Path) {
        cairo_new_path(cr)
        append(path)
    }

    /// Adds `path` to cairo's current path.
    func append(_ path: Path) {
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case let .curve(c1, c2, p): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case let .arc(center, radius, start, end): cairo_arc(cr, center.x, center.y, radius, start, end)
            case .close: cairo_close_path(cr)
            }
        }
    }
}
