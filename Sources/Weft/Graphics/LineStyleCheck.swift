import Foundation

/// The checks line-style values take before cairo gets them: a NaN, infinite or negative width or
/// miter limit, and a dash pattern cairo would refuse (putting the context in an error state that
/// stops all later drawing) or walk without end. Each refusal or repair is reported (area
/// `.geometry`) with the API called and the value given. Stateless; use from any context.
enum LineStyleCheck {
    /// The width to use, clamped to `WeftLimits.maximumLineWidth`; nil (reported: keep the
    /// previous width) when NaN, infinite or negative.
    static func lineWidth(_ width: CGFloat, api: String) -> CGFloat? {
        guard width.isFinite, width >= 0 else {
            WeftDiagnostics.report(.geometry, api, "lineWidth \(PathCheck.text(width)) is \(width.isNaN ? "not a number" : width < 0 ? "negative" : "infinite"); "
                + "the previous width is kept")
            return nil
        }
        guard width <= WeftLimits.maximumLineWidth else {
            WeftDiagnostics.report(.geometry, api, "lineWidth \(PathCheck.text(width)) is beyond WeftLimits.maximumLineWidth; \(PathCheck.text(WeftLimits.maximumLineWidth)) used")
            return WeftLimits.maximumLineWidth
        }
        return width
    }

    /// The miter limit to use; nil (reported: keep the previous one) when NaN, infinite or negative.
    static func miterLimit(_ limit: CGFloat, api: String) -> CGFloat? {
        guard limit.isFinite, limit >= 0 else {
            WeftDiagnostics.report(.geometry, api, "miterLimit \(PathCheck.text(limit)) is \(limit.isNaN ? "not a number" : limit < 0 ? "negative" : "infinite"); "
                + "the previous limit is kept")
            return nil
        }
        return limit
    }

    /// The dash to use: `lengths` and `phase` when cairo can draw them, an empty pattern (a solid
    /// line) otherwise, reported: a length that is NaN, infinite or negative, lengths that are all
    /// zero, more than `WeftLimits.maximumDashCount` of them. A phase that is not finite is 0.
    static func dash(_ lengths: [CGFloat], phase: CGFloat, api: String) -> (lengths: [CGFloat], phase: CGFloat) {
        guard !lengths.isEmpty else { return ([], 0) }
        guard lengths.count <= WeftLimits.maximumDashCount else {
            WeftDiagnostics.report(.geometry, api, "\(lengths.count) dash lengths are more than WeftLimits.maximumDashCount "
                + "(\(WeftLimits.maximumDashCount)); the dash is dropped (a solid line)")
            return ([], 0)
        }
        if let bad = lengths.first(where: { !$0.isFinite || $0 < 0 }) {
            WeftDiagnostics.report(.geometry, api, "dash length \(PathCheck.text(bad)) is \(bad.isNaN ? "not a number" : bad < 0 ? "negative" : "infinite") "
                + "(lengths \(PathCheck.text(lengths))); the dash is dropped (a solid line)")
            return ([], 0)
        }
        guard lengths.contains(where: { $0 > 0 }), lengths.reduce(0, +).isFinite else {
            WeftDiagnostics.report(.geometry, api, "dash lengths \(PathCheck.text(lengths)) add up to \(PathCheck.text(lengths.reduce(0, +))); the dash is dropped (a solid line)")
            return ([], 0)
        }
        guard phase.isFinite else {
            WeftDiagnostics.report(.geometry, api, "dash phase \(PathCheck.text(phase)) is not finite; 0 used")
            return (lengths, 0)
        }
        return (lengths, phase)
    }

    /// `count` lengths read from `pattern`, as UIKit's `setLineDash(_:count:phase:)` takes them;
    /// nil pattern or a count of 0 is no dash. A negative count, or one past
    /// `WeftLimits.maximumDashCount`, is refused before the pattern is read, reported.
    static func lengths(_ pattern: UnsafePointer<CGFloat>?, count: Int, api: String) -> [CGFloat] {
        guard let pattern, count != 0 else { return [] }
        guard count > 0, count <= WeftLimits.maximumDashCount else {
            WeftDiagnostics.report(.geometry, api, "count \(count) is \(count < 0 ? "negative" : "more than WeftLimits.maximumDashCount (\(WeftLimits.maximumDashCount))"); "
                + "the dash is dropped (a solid line)")
            return []
        }
        return Array(UnsafeBufferPointer(start: pattern, count: count))
    }
}
