import Foundation

/// How accessibility reports print points: at most two decimals, no trailing zeros ("87",
/// "12.5"), and rectangles as "(x, y, width, height)", as `LayoutSnapshot` prints them.
/// Sendable namespace; use from any context.
enum PointFormat {
    static func number(_ value: CGFloat) -> String {
        // Past 2^53 every double is whole and Int may not hold it; infinities and NaN print as such.
        guard value.isFinite, abs(value) < 1e15 else { return String(format: "%g", Double(value)) }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%g", Double(rounded))
    }

    static func rect(_ rect: CGRect) -> String {
        "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height)))"
    }
}
