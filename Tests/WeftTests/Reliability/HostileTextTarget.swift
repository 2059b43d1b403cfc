import Foundation
@testable import Weft

/// An attribute, paragraph property or font size that text takes a number for, as its repair names
/// it, with the values a caller could give it: what `TextReliabilityTests` sweeps.
struct HostileTextTarget {
    /// Every kind of value a caller could give where text takes a number.
    static var values: [Any] {
        [Int.min, Int.max, -1, 0, -0.0, Double.nan, Double.infinity, -Double.infinity, 1e300, -1e300,
         Double.leastNonzeroMagnitude, "x", [1, 2], NSNumber(value: Int.max), NSNumber(value: Double.nan)]
    }

    let name: String
    /// Whether `TextRepairs`' rules keep the value as it is (then nothing is reported).
    let keeps: (Any) -> Bool
    /// Whether the API takes a `CGFloat` (a paragraph property, a font size), so the repair shows
    /// the value as one: Int.min as -9.223372036854776e+18.
    var takesCGFloat = false
    /// Text of two runs styled with the value (a name unique to the test given); nil where the API
    /// cannot take it (a String as a paragraph's line spacing).
    let text: (Any, String) -> NSAttributedString?

    /// The value as the repair's message shows it.
    func shown(_ value: Any) -> String {
        if takesCGFloat, let number = Self.number(value) { return "\(number)" }
        return value is String ? "\"\(value)\"" : "\(value)"
    }

    /// The value as a `CGFloat`, as an API taking one sees it; nil for a non-number.
    static func number(_ value: Any) -> CGFloat? {
        switch value {
        case let v as Int: CGFloat(v)
        case let v as Double: CGFloat(v)
        case let v as NSNumber: CGFloat(v.doubleValue)
        default: nil
        }
    }

    static func text(_ attributes: [NSAttributedString.Key: Any]) -> NSAttributedString {
        let text = NSMutableAttributedString(string: "ab ", attributes: attributes)
        text.append(NSAttributedString(string: "Hg\nyo", attributes: attributes.merging([.foregroundColor: UIColor.systemRed]) { a, _ in a }))
        return text
    }

    static func attribute(_ key: NSAttributedString.Key, _ name: String, keeps: @escaping (CGFloat) -> Bool) -> HostileTextTarget {
        HostileTextTarget(name: name, keeps: { number($0).map(keeps) ?? false }, text: { value, _ in text([key: value]) })
    }

    static func paragraph(_ name: String, _ property: ReferenceWritableKeyPath<NSMutableParagraphStyle, CGFloat>,
                          keeps: @escaping (CGFloat) -> Bool) -> HostileTextTarget {
        HostileTextTarget(name: name, keeps: { number($0).map(keeps) ?? false }, takesCGFloat: true) { value, _ in
            guard let number = number(value) else { return nil }
            let style = NSMutableParagraphStyle()
            style[keyPath: property] = number
            return text([.paragraphStyle: style])
        }
    }

    static func length(_ value: CGFloat) -> Bool { value.isFinite && abs(value) <= WeftLimits.maximumTextSpacing }
    static func lineStyle(_ value: CGFloat) -> Bool { Int(exactly: value).map(TextRepairs.lineStyleValues.contains) ?? false }
    static func fontSize(_ value: CGFloat) -> Bool { value.isFinite && value >= UIFont.minimumPointSize && value <= WeftLimits.maximumFontSize }

    static var all: [HostileTextTarget] {
        [
            attribute(.kern, "kern", keeps: length), attribute(.baselineOffset, "baselineOffset", keeps: length),
            attribute(.underlineStyle, "underlineStyle", keeps: lineStyle),
            attribute(.strikethroughStyle, "strikethroughStyle", keeps: lineStyle),
            attribute(.font, "font") { _ in false }, attribute(.foregroundColor, "foregroundColor") { _ in false },
            attribute(.paragraphStyle, "paragraphStyle") { _ in false },
            paragraph("lineSpacing", \.lineSpacing) { length($0) && $0 >= 0 },
            paragraph("lineHeightMultiple", \.lineHeightMultiple) { $0.isFinite && $0 >= 0 && $0 <= TextRepairs.maximumLineHeightMultiple },
            paragraph("firstLineHeadIndent", \.firstLineHeadIndent, keeps: length),
            // The family is the test's unique name, so the font's own report names the test's node.
            HostileTextTarget(name: "point size", keeps: { number($0).map(fontSize) ?? false }, takesCGFloat: true) { value, unique in
                number(value).map { text([.font: UIFont(familyName: unique, pointSize: 12).withSize($0)]) }
            },
        ]
    }
}
