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

    /// The width `strokePath()` and the rectangle and ellipse strokes use; 1 at first.
    public var lineWidth: CGFloat {
        get { cairo_get_line_width(cr) }
        set { if newValue.isFinite, newValue >= 0 { cairo_set_line_width(cr, newValue) } }
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

    /// Starts a new, empty current path.
    public func beginPath() { cairo_new_path(cr) }

    /// Adds `path` to the current path.
    public func addPath(_ path: Path) { append(path) }

    /// Fills the current path with `fillColor` (nonzero winding, or even-odd) and empties it.
    public func fillPath(evenOdd: Bool = false) {
        setSource(fillColor)
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    /// Strokes the current path with `strokeColor`, `lineWidth`, `lineCap` and `lineJoin`, and empties it.
    public func strokePath() {
        setSource(strokeColor)
        cairo_stroke(cr)
    }

    /// Intersects the clip with the current path (nonzero winding, or even-odd) and empties it.
    public func clipToCurrentPath(evenOdd: Bool = false) {
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
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
