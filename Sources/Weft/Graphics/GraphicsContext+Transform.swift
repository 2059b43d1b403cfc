import CWeft
import Foundation

/// The current transform, changed only to one cairo can draw with: a NaN, infinite or singular
/// matrix puts cairo in an error state (`CAIRO_STATUS_INVALID_MATRIX`) that silently stops all
/// later drawing in the context, and a scale past `WeftLimits.maximumTransformScale` makes its
/// arcs and pens loop. Such a change keeps the previous transform, reported (area `.geometry`)
/// with the API called and the values given.
extension GraphicsContext {
    /// Core Graphics' `translateBy(x:y:)`.
    public func translateBy(x: CGFloat, y: CGFloat) {
        changeTransform("CGContext.translateBy(x:y:)", "(\(PathCheck.text(x)), \(PathCheck.text(y)))") { cairo_matrix_translate(&$0, x, y) }
    }

    /// Core Graphics' `scaleBy(x:y:)`.
    public func scaleBy(x: CGFloat, y: CGFloat) {
        changeTransform("CGContext.scaleBy(x:y:)", "(\(PathCheck.text(x)), \(PathCheck.text(y)))") { cairo_matrix_scale(&$0, x, y) }
    }

    /// Rotates clockwise (y down) by `angle` radians; Core Graphics' `rotate(by:)`.
    public func rotate(by angle: CGFloat) {
        changeTransform("CGContext.rotate(by:)", "\(PathCheck.text(angle))") { cairo_matrix_rotate(&$0, angle) }
    }

    /// Applies `transform` before the current one; Core Graphics' `concatenate(_:)`.
    public func concatenate(_ transform: CGAffineTransform) {
        changeTransform("CGContext.concatenate(_:)", "\(transform)") { m in
            var t = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
            var current = m
            cairo_matrix_multiply(&m, &t, &current)
        }
    }

    /// The transform from user space to device pixels; Core Graphics' `ctm`. Weft's device space
    /// has y down, so at scale 2 it is `(2, 0, 0, 2, 0, 0)` (Core Graphics' would flip y).
    public var ctm: CGAffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    private func changeTransform(_ api: String, _ given: String, _ change: (inout cairo_matrix_t) -> Void) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        change(&m)
        let limit = WeftLimits.maximumTransformScale
        let entries = [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0]
        let (largest, smallest) = PathCost.singularValues(m)
        let problem: String? =
            !entries.allSatisfy(\.isFinite) || !largest.isFinite ? "a transform that is not finite"
            : smallest == 0 || m.xx * m.yy - m.yx * m.xy == 0 ? "a singular transform (no area left to draw into)"
            : largest > limit ? "a point spanning \(PathCheck.text(largest)) device pixels, beyond WeftLimits.maximumTransformScale (\(PathCheck.text(limit)))"
            : smallest < 1 / limit ? "a point spanning \(PathCheck.text(smallest)) device pixels, below 1 / WeftLimits.maximumTransformScale"
            : max(abs(m.x0), abs(m.y0)) > WeftLimits.maximumPathCoordinate * limit ? "an origin \(PathCheck.text(max(abs(m.x0), abs(m.y0)))) device pixels away"
            : nil
        if let problem {
            WeftDiagnostics.report(.geometry, api, "\(given) would give \(problem); the transform is kept")
            return
        }
        cairo_set_matrix(cr, &m)
    }
}
