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
    /// What cairo's current path costs so far (`GraphicsContext+PathBudget`).
    var pathBudget = PathBudget()

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

    /// Intersects the clip with `path`.
    public func clip(to path: Path) { clip(to: path, api: "CGContext.clip(to:)") }

    func clip(to path: Path, api: String) {
        apply(path, api: api)
        cairo_clip(cr)
        pathBudget = PathBudget()
    }

    /// Intersects the clip with `rect`; a rect that is not finite clips nothing away, reported.
    public func clip(to rect: CGRect) { clip(to: rect, api: "CGContext.clip(to:)") }

    func clip(to rect: CGRect, api: String) {
        guard let checked = PathCheck.rect(rect, api: api) else { return }
        clip(to: Path(rect: checked, api: api), api: api)
    }

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

    public func fill(_ rect: CGRect, with color: UIColor) { fill(rect, with: color, api: "CGContext.fill(_:)") }

    func fill(_ rect: CGRect, with color: UIColor, api: String) { fill(Path(rect: rect, api: api), with: color, api: api) }

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

    public func fill(_ path: Path, with color: UIColor) { fill(path, with: color, api: "CGContext.fillPath()") }

    func fill(_ path: Path, with color: UIColor, api: String) {
        setSource(color)
        apply(path, api: api)
        cairo_fill(cr)
        pathBudget = PathBudget()
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
        guard cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else {
            // Setting a pattern in error would stop all later drawing in this context.
            WeftDiagnostics.report(.geometry, "Gradient", "\(gradient.shape) cannot be drawn (\(String(cString: cairo_status_to_string(cairo_pattern_status(pattern))))); nothing filled")
            return
        }
        for stop in gradient.stops where stop.location.isFinite {
            let color = stop.color.components
            cairo_pattern_add_color_stop_rgba(pattern, min(max(stop.location, 0), 1), color.red, color.green, color.blue, color.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        apply(path, api: "Gradient")
        cairo_fill(cr)
        pathBudget = PathBudget()
    }

    /// Strokes `path` centred on its outline. A width of 0 strokes nothing; NaN, infinite or
    /// negative strokes nothing, reported; one over `WeftLimits.maximumLineWidth` is clamped, reported.
    public func stroke(_ path: Path, with color: UIColor, lineWidth: CGFloat) {
        let api = "CGContext.stroke(_:with:lineWidth:)"
        guard lineWidth.isFinite, lineWidth >= 0 else {
            WeftDiagnostics.report(.geometry, api, "lineWidth \(PathCheck.text(lineWidth)) is \(lineWidth.isNaN ? "not a number" : lineWidth < 0 ? "negative" : "infinite"); nothing stroked")
            return
        }
        guard lineWidth > 0 else { return }
        cairo_save(cr)
        setLineWidth(lineWidth, api: api)
        setSource(color)
        apply(path, api: api)
        boundStroke(api: api)
        cairo_stroke(cr)
        pathBudget = PathBudget()
        cairo_restore(cr)
    }

    /// Makes `rect` transparent; a rect that is not finite clears nothing, reported.
    public func clear(_ rect: CGRect) {
        let api = "CGContext.clear(_:)"
        guard let checked = PathCheck.rect(rect, api: api) else { return }
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        apply(Path(rect: checked, api: api), api: api)
        cairo_fill(cr)
        pathBudget = PathBudget()
        cairo_restore(cr)
    }

    // MARK: Images

    /// Draws `bitmap` stretched to fill `rect`, with source-over and `alpha`.
    ///
    /// A bitmap whose pixels line up with the device pixels of `rect` is copied exactly; otherwise
    /// cairo's GOOD filter resamples it, with edges padded rather than faded.
    public func draw(_ bitmap: Bitmap, in rect: CGRect, alpha: CGFloat = 1) {
        draw(bitmap, in: rect, alpha: alpha, api: "CGContext.draw(_:in:)")
    }

    func draw(_ bitmap: Bitmap, in rect: CGRect, alpha: CGFloat, api: String) {
        guard bitmap.pixelWidth > 0, bitmap.pixelHeight > 0, alpha > 0, let rect = imageRect(rect, api: api) else { return }
        guard let pattern = imagePattern(bitmap, in: rect, api: api) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_set_source(cr, pattern)
        apply(Path(rect: rect, api: api), api: api)
        if alpha < 1 {
            cairo_save(cr)
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, Double(alpha))
            cairo_restore(cr)
        } else {
            cairo_fill(cr)
        }
        pathBudget = PathBudget()
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
        draw(image, in: rect, alpha: alpha, api: "CGContext.draw(_:in:)")
    }

    func draw(_ image: UIImage, in rect: CGRect, alpha: CGFloat, api: String) {
        if let slices = image.slices {
            guard let rect = imageRect(rect, api: api) else { return }
            draw(slices, in: rect, alpha: alpha)
        } else {
            draw(image.bitmap, in: rect, alpha: alpha, api: api)
        }
    }

    /// Paints `color` through the alpha of `bitmap` placed in `rect`: a tint.
    public func fill(_ rect: CGRect, with color: UIColor, maskedBy bitmap: Bitmap) {
        let api = "CGContext.fill(_:with:maskedBy:)"
        guard bitmap.pixelWidth > 0, bitmap.pixelHeight > 0, let rect = imageRect(rect, api: api) else { return }
        guard let pattern = imagePattern(bitmap, in: rect, api: api) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_save(cr)
        apply(Path(rect: rect, api: api), api: api)
        cairo_clip(cr)
        pathBudget = PathBudget()
        setSource(color)
        cairo_mask(cr, pattern)
        cairo_restore(cr)
    }

    // MARK: cairo plumbing

    /// `rect` checked for an image (`PathCheck.rect`: not finite is nil, reported; huge is
    /// clamped, reported); nil without a report when empty or negative, which draws nothing.
    private func imageRect(_ rect: CGRect, api: String) -> CGRect? {
        guard let checked = PathCheck.rect(rect, api: api), checked.width > 0, checked.height > 0 else { return nil }
        return checked
    }

    /// The bitmap as a pattern mapped onto `rect`, or nil (reported) when the mapping cannot be
    /// inverted (a rect too small for the bitmap's pixels): a pattern in error set as the source
    /// would stop all later drawing in this context.
    private func imagePattern(_ bitmap: Bitmap, in rect: CGRect, api: String = "CGContext.draw(_:in:)") -> OpaquePointer? {
        var matrix = cairo_matrix_t()
        // Pattern space is the bitmap's pixels; map user-space `rect` onto them.
        cairo_matrix_init_scale(&matrix, CGFloat(bitmap.pixelWidth) / rect.width, CGFloat(bitmap.pixelHeight) / rect.height)
        cairo_matrix_translate(&matrix, -rect.minX, -rect.minY)
        var inverse = matrix
        // Past a billion pixels a point the mapping's inverse loses its precision (and cairo's
        // determinant overflows): the image would be far under a pixel anyway.
        guard [matrix.xx, matrix.yy, matrix.x0, matrix.y0].allSatisfy({ $0.isFinite && abs($0) < 1e9 * max(1, abs(rect.minX), abs(rect.minY)) }),
              cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS else {
            WeftDiagnostics.report(.geometry, api, "rect \(PathCheck.describe(rect)) is too small for a \(bitmap.pixelWidth) × \(bitmap.pixelHeight)-pixel image; nothing drawn")
            return nil
        }
        let pattern = cairo_pattern_create_for_surface(bitmap.surface)!
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

    /// Makes `path` cairo's current path, within `WeftLimits.maximumPathElements` (reported under `api`).
    func apply(_ path: Path, api: String) {
        newPath()
        append(path, api: api)
    }
}
