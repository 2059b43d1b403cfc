import CWeft
import Foundation

/// The Core Graphics side of a context: the graphics-state stack, blend mode and line style, the
/// clip's bounding box, and a current path built point by point, as `CGContext` code uses them.
extension GraphicsContext {
    // MARK: Graphics state

    /// Core Graphics' `saveGState()`: pushes the transform, clip, blend mode, line style and the
    /// fill and stroke colours.
    public func saveGState() {
        cairo_save(cr)
        savedColors.append((fillColor, strokeColor))
    }

    /// Core Graphics' `restoreGState()`: pops what the last `saveGState()` pushed. Without a save
    /// to restore (Core Graphics logs and ignores it) nothing changes, reported as a
    /// `WeftDiagnostic` (area `.display`).
    public func restoreGState() {
        guard let colors = savedColors.popLast() else {
            WeftDiagnostics.report(.display, "CGContext.restoreGState()", "called with no saveGState() to restore; ignored")
            return
        }
        cairo_restore(cr)
        (fillColor, strokeColor) = colors
    }

    /// How drawing combines with what is there; `.normal` (source over) at first.
    public var blendMode: CGBlendMode {
        get { CGBlendMode(cairo_get_operator(cr)) }
        set { cairo_set_operator(cr, newValue.cairoOperator) }
    }

    /// The width `strokePath()` and the rectangle and ellipse strokes use; 1 at first. A NaN,
    /// infinite or negative width keeps the previous one, and one past `WeftLimits.maximumLineWidth`
    /// is clamped, reported.
    public var lineWidth: CGFloat {
        get { cairo_get_line_width(cr) }
        set { setLineWidth(newValue, api: "CGContext.lineWidth") }
    }

    func setLineWidth(_ width: CGFloat, api: String) {
        if let width = LineStyleCheck.lineWidth(width, api: api) { cairo_set_line_width(cr, width) }
    }

    /// How far a miter join may reach, in line widths, before it is bevelled; 10 at first. A NaN,
    /// infinite or negative limit keeps the previous one, reported. Core Graphics' `setMiterLimit(_:)`.
    public func setMiterLimit(_ limit: CGFloat) { setMiterLimit(limit, api: "CGContext.setMiterLimit(_:)") }

    /// Strokes dashed: `lengths` alternate painted and unpainted, starting `phase` points into the
    /// pattern; empty lengths give a solid line. A pattern cairo cannot draw (a NaN, infinite or
    /// negative length, all zero, more than `WeftLimits.maximumDashCount`) gives a solid line,
    /// reported. Saved and restored with the graphics state. Core Graphics' `setLineDash(phase:lengths:)`.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        setLineDash(lengths, phase: phase, api: "CGContext.setLineDash(phase:lengths:)")
    }

    func setLineDash(_ lengths: [CGFloat], phase: CGFloat, api: String) {
        let dash = LineStyleCheck.dash(lengths, phase: phase, api: api)
        dash.lengths.map(Double.init).withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), Double(dash.phase)) }
    }

    func setMiterLimit(_ limit: CGFloat, api: String) {
        if let limit = LineStyleCheck.miterLimit(limit, api: api) { cairo_set_miter_limit(cr, limit) }
    }

    /// How open subpaths end when stroked; `.butt` at first.
    public var lineCap: CGLineCap {
        get { CGLineCap(rawValue: Int32(cairo_get_line_cap(cr).rawValue)) ?? .butt }
        set { cairo_set_line_cap(cr, cairo_line_cap_t(UInt32(newValue.rawValue))) }
    }

    /// How stroked segments meet; `.miter` at first.
    public var lineJoin: CGLineJoin {
        get { CGLineJoin(rawValue: Int32(cairo_get_line_join(cr).rawValue)) ?? .miter }
        set { cairo_set_line_join(cr, cairo_line_join_t(UInt32(newValue.rawValue))) }
    }

    /// The smallest rectangle, in the current user space, that holds the clip; the whole bitmap
    /// when nothing clips. Core Graphics' `boundingBoxOfClipPath`.
    public var clipBoundingBox: CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    // MARK: The current path

    /// Where the current path ends (Core Graphics' `currentPointOfPath`); `.zero` when empty.
    public var currentPointOfPath: CGPoint {
        var x = 0.0, y = 0.0
        cairo_get_current_point(cr, &x, &y)
        return CGPoint(x: x, y: y)
    }

    /// Whether the current path has no point yet; Core Graphics' `isPathEmpty`.
    public var isPathEmpty: Bool { cairo_has_current_point(cr) == 0 }

    /// Starts a new, empty current path.
    public func beginPath() { newPath() }

    /// Adds `path` to the current path, within `WeftLimits.maximumPathElements` (the rest dropped, reported).
    public func addPath(_ path: Path) { append(path, api: "CGContext.addPath(_:)") }

    /// Fills the current path with `fillColor` (nonzero winding, or even-odd) and empties it.
    public func fillPath(evenOdd: Bool = false) {
        setSource(fillColor)
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        pathBudget = PathBudget()
    }

    /// Strokes the current path with `strokeColor`, `lineWidth`, `lineCap`, `lineJoin` and the
    /// dash, and empties it. A path or dash too complex for the line's width is shortened, or the
    /// dash dropped, reported (`WeftLimits.maximumPathElements`).
    public func strokePath() { strokePath(api: "CGContext.strokePath()") }

    func strokePath(api: String) {
        setSource(strokeColor)
        cairo_save(cr)
        boundStroke(api: api)
        cairo_stroke(cr)
        cairo_restore(cr)
        pathBudget = PathBudget()
    }

    /// Intersects the clip with the current path (nonzero winding, or even-odd) and empties it.
    public func clipToCurrentPath(evenOdd: Bool = false) {
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        pathBudget = PathBudget()
    }

    // MARK: Pixels

    /// Replaces every pixel with the surface's, pixel for pixel (no transform, no clip), then, for
    /// an opaque result, composites black under it: what a bitmap without alpha keeps.
    func copyPixels(of surface: OpaquePointer, x: Int = 0, y: Int = 0, opaque: Bool = false) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_reset_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surface, Double(-x), Double(-y))
        cairo_paint(cr)
        if opaque {
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OVER)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_paint(cr)
        }
        cairo_restore(cr)
    }
}

extension CGBlendMode {
    init(_ op: cairo_operator_t) {
        self = CGBlendMode.allCases.first { $0.cairoOperator == op } ?? .normal
    }

    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }
}
