import CWeft
import Foundation

/// Drawing with cairo's antialiasing turned off, for edges Core Animation draws stepped (a turned
/// layer without `allowsEdgeAntialiasing`): a pixel is then covered wholly when its centre is
/// inside the shape, else not at all.
extension GraphicsContext {
    /// Runs `body` with antialiasing on (`true`, cairo's default) or off; restored after.
    func withAntialiasing(_ on: Bool, _ body: () -> Void) {
        let previous = cairo_get_antialias(cr)
        cairo_set_antialias(cr, on ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        defer { cairo_set_antialias(cr, previous) }
        body()
    }

    /// Intersects the clip with `path` (even-odd when `evenOdd`), its edges stepped: whole pixels only.
    func clipStepped(to path: Path, evenOdd: Bool, api: String) {
        withAntialiasing(false) {
            apply(path, api: api)
            cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            pathBudget = PathBudget()
        }
    }

    /// How many user-space units `pixels` device pixels span at most along either axis, under
    /// the current transform.
    func userLength(ofDevicePixels pixels: CGFloat) -> CGFloat {
        var (x1, y1, x2, y2) = (Double(pixels), 0.0, 0.0, Double(pixels))
        cairo_device_to_user_distance(cr, &x1, &y1)
        cairo_device_to_user_distance(cr, &x2, &y2)
        return max(hypot(x1, y1), hypot(x2, y2))
    }
}
