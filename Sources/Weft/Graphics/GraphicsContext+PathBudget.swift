import CWeft
import Foundation

/// The path cairo holds, kept within `WeftLimits.maximumPathElements` segments (`PathCost`)
/// before it is filled, stroked or clipped: counted as elements are appended, truncated (reported
/// with the API called and the count) when over. cairo never sees a path it would take minutes or
/// forever on.
extension GraphicsContext {
    /// Whether the current path reached `WeftLimits.maximumPathElements` (reported then): what is
    /// added now is dropped unchecked.
    var isPathFull: Bool { pathBudget.overflowReported }

    /// Empties cairo's current path and its count.
    func newPath() {
        cairo_new_path(cr)
        pathBudget = PathBudget()
    }

    /// Adds `path` to cairo's current path while the segments stay within the limit; the rest is
    /// dropped, reported once per path under `api`.
    func append(_ path: Path, api: String) {
        // Already full and reported: a loop adding a million points costs a check each.
        guard !pathBudget.overflowReported else { return }
        if path.droppedElements > 0 {
            WeftDiagnostics.report(.geometry, api, "the path has \(path.elementCount + path.droppedElements) elements, over "
                + "WeftLimits.maximumPathElements (\(WeftLimits.maximumPathElements)); only its first \(path.elementCount) are drawn")
        }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let scale = PathCost.largestScale(m)
        let limit = WeftLimits.maximumPathElements
        // The current point, asked of cairo once and then followed element by element: asking per
        // element would cost every fill and clip of compositing a call or two per edge.
        var here: CGPoint? = nil, subpathStart: CGPoint? = nil
        if cairo_has_current_point(cr) != 0 {
            var x = 0.0, y = 0.0
            cairo_get_current_point(cr, &x, &y)
            here = CGPoint(x: x, y: y)
        }
        for element in path.elements {
            let cost: Int, length: CGFloat
            switch element {
            case .move: cost = 1; length = 0
            case .line(let p): cost = 1; length = here.map { hypot(p.x - $0.x, p.y - $0.y) } ?? 0
            case let .curve(c1, c2, p):
                let from = here ?? c1
                cost = PathCost.segments(curveFrom: from, c1, c2, p, scale: scale)
                length = hypot(c1.x - from.x, c1.y - from.y) + hypot(c2.x - c1.x, c2.y - c1.y) + hypot(p.x - c2.x, p.y - c2.y)
            case let .arc(_, radius, start, end, _):
                cost = PathCost.segments(arcRadius: radius, sweep: end - start, scale: scale)
                length = radius * abs(end - start)
            case .close: cost = 1; length = 0
            }
            guard pathBudget.segments + cost <= limit else {
                if !pathBudget.overflowReported {
                    pathBudget.overflowReported = true
                    WeftDiagnostics.report(.geometry, api, "the path reaches \(pathBudget.segments + cost) segments (curves and arcs "
                        + "counted as cairo flattens them), over WeftLimits.maximumPathElements (\(limit)); the rest of it is dropped")
                }
                return
            }
            pathBudget.segments += cost
            pathBudget.length += length
            switch element {
            case .move(let p):
                cairo_move_to(cr, p.x, p.y)
                here = p; subpathStart = p
            case .line(let p):
                cairo_line_to(cr, p.x, p.y)
                if here == nil { subpathStart = p }
                here = p
            case let .curve(c1, c2, p):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                if here == nil { subpathStart = c1 }
                here = p
            case let .arc(center, radius, start, end, clockwise):
                if clockwise {
                    cairo_arc(cr, center.x, center.y, radius, start, end)
                } else {
                    cairo_arc_negative(cr, center.x, center.y, radius, start, end)
                }
                if here == nil { subpathStart = Path.point(on: center, radius, start) }
                here = Path.point(on: center, radius, end)
            case .close:
                cairo_close_path(cr)
                here = subpathStart
            }
        }
    }

    /// Prepares a stroke of the current path under the line style in force: when its width (or
    /// the dash's pieces) would take the path past the limit, the dash is dropped and then the
    /// path shortened, each reported under `api`. Call inside a saved state: the dash may change.
    func boundStroke(api: String) {
        let limit = CGFloat(WeftLimits.maximumPathElements)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let width = cairo_get_line_width(cr) * PathCost.largestScale(m)
        let round = cairo_get_line_join(cr) == CAIRO_LINE_JOIN_ROUND || cairo_get_line_cap(cr) == CAIRO_LINE_CAP_ROUND
        let weight = PathCost.strokeWeight(deviceWidth: width, round: round)
        let dashCount = Int(cairo_get_dash_count(cr))
        if dashCount > 0 {
            var dashes = [Double](repeating: 0, count: dashCount)
            var offset = 0.0
            cairo_get_dash(cr, &dashes, &offset)
            let period = dashes.reduce(0, +) * (dashCount % 2 == 1 ? 2 : 1)
            let pieces = period > 0 ? pathBudget.length / period * CGFloat((dashCount + 1) / 2) : .infinity
            // cairo strokes a dash shorter than its tolerance as a solid line itself.
            let deviceShort = period * PathCost.singularValues(m).smallest < PathCost.tolerance
            if !deviceShort, (CGFloat(pathBudget.segments) + pieces) * weight > limit {
                cairo_set_dash(cr, nil, 0, 0)
                WeftDiagnostics.report(.geometry, api, "the dash pattern \(PathCheck.text(dashes.map { CGFloat($0) })) would cut the \(PathCheck.text(pathBudget.length))-point path into "
                    + "\(pieces.isFinite ? "\(Int(pieces))" : "endless") pieces, over WeftLimits.maximumPathElements "
                    + "(\(WeftLimits.maximumPathElements)); stroked solid")
            }
        }
        let budget = Int(limit / weight)
        guard pathBudget.segments > budget else { return }
        WeftDiagnostics.report(.geometry, api, "a \(PathCheck.text(cairo_get_line_width(cr)))-point line over \(pathBudget.segments) segments "
            + "counts as \(Int(CGFloat(pathBudget.segments) * weight)), over WeftLimits.maximumPathElements "
            + "(\(WeftLimits.maximumPathElements)) for its width; only the first \(budget) segments are stroked")
        truncatePath(toSegments: budget)
    }

    /// Rebuilds cairo's current path from its first elements that fit in `budget` segments.
    private func truncatePath(toSegments budget: Int) {
        guard let copy = cairo_copy_path(cr) else { return }
        defer { cairo_path_destroy(copy) }
        cairo_new_path(cr)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let scale = PathCost.largestScale(m)
        var used = 0, index = 0
        var current = CGPoint.zero
        let data = copy.pointee.data!
        while index < Int(copy.pointee.num_data) {
            let header = data[index].header
            func point(_ i: Int) -> CGPoint { CGPoint(x: data[index + i].point.x, y: data[index + i].point.y) }
            let cost = header.type == CAIRO_PATH_CURVE_TO
                ? PathCost.segments(curveFrom: current, point(1), point(2), point(3), scale: scale) : 1
            guard used + cost <= budget else { break }
            used += cost
            switch header.type {
            case CAIRO_PATH_MOVE_TO: current = point(1); cairo_move_to(cr, current.x, current.y)
            case CAIRO_PATH_LINE_TO: current = point(1); cairo_line_to(cr, current.x, current.y)
            case CAIRO_PATH_CURVE_TO:
                let (c1, c2, p) = (point(1), point(2), point(3))
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            default: cairo_close_path(cr)
            }
            index += Int(header.length)
        }
        pathBudget.segments = used
    }
}

/// Segments in cairo's current path (`PathCost`) and its length in points, reset when the path is
/// emptied; they bound the next fill, stroke or clip. Owned by its context; one thread.
struct PathBudget {
    var segments = 0
    var length: CGFloat = 0
    var overflowReported = false
}
