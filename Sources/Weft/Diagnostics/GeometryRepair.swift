import Foundation

/// The rule for lengths that cannot be used where any finite length may stand: a scroll view's
/// content inset, offset or size, a layout's spacing, section inset or item size, a button's
/// content spacing and insets, a text cell's insets, a controller's additional safe area. NaN and
/// infinity become 0, a negative size becomes 0 (a negative spacing or inset stays: UIKit allows
/// them), and a magnitude past
/// `WeftLimits.maximumScrollExtent` is clamped to it. Each repair is reported as a
/// `WeftDiagnostic` naming the API and showing the value given and the value used, in the words
/// `ASDisplayNode`'s setters use for `frame`. Sendable functions; use from any context.
enum GeometryRepair {
    /// `value` repaired: finite and within ±`WeftLimits.maximumScrollExtent`; at least 0 when
    /// `nonNegative` (a size or a spacing).
    static func length(_ value: CGFloat, nonNegative: Bool = false) -> CGFloat {
        guard value.isFinite else { return 0 }
        let limit = WeftLimits.maximumScrollExtent
        return min(max(value, nonNegative ? 0 : -limit), limit)
    }

    static func insets(_ i: UIEdgeInsets) -> UIEdgeInsets {
        UIEdgeInsets(top: length(i.top), left: length(i.left), bottom: length(i.bottom), right: length(i.right))
    }

    static func point(_ p: CGPoint) -> CGPoint { CGPoint(x: length(p.x), y: length(p.y)) }

    static func size(_ s: CGSize) -> CGSize { CGSize(width: length(s.width, nonNegative: true), height: length(s.height, nonNegative: true)) }

    /// `insets` repaired, reported as `subject`.`property` when it changed.
    static func insets(_ given: UIEdgeInsets, _ subject: @autoclosure () -> String, _ property: String) -> UIEdgeInsets {
        let used = insets(given)
        if !same(given, used) { report(subject(), property, "\(given)", "\(used)") }
        return used
    }

    static func point(_ given: CGPoint, _ subject: @autoclosure () -> String, _ property: String) -> CGPoint {
        let used = point(given)
        if !(given.x == used.x && given.y == used.y) { report(subject(), property, "(\(given.x), \(given.y))", "(\(used.x), \(used.y))") }
        return used
    }

    static func size(_ given: CGSize, _ subject: @autoclosure () -> String, _ property: String) -> CGSize {
        let used = size(given)
        if !(given.width == used.width && given.height == used.height) {
            report(subject(), property, "(\(given.width), \(given.height))", "(\(used.width), \(used.height))")
        }
        return used
    }

    static func length(_ given: CGFloat, nonNegative: Bool = false, _ subject: @autoclosure () -> String, _ property: String) -> CGFloat {
        let used = length(given, nonNegative: nonNegative)
        if given != used { report(subject(), property, "\(given)", "\(used)") }
        return used
    }

    private static func same(_ a: UIEdgeInsets, _ b: UIEdgeInsets) -> Bool {
        a.top == b.top && a.left == b.left && a.bottom == b.bottom && a.right == b.right
    }

    private static func report(_ subject: String, _ property: String, _ given: String, _ used: String) {
        WeftDiagnostics.report(.geometry, subject, "\(property) set to \(given), which cannot be used "
                               + "(not finite, negative, or past WeftLimits.maximumScrollExtent); used \(used)")
    }
}
