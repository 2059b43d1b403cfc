import Foundation

/// The repairs made while copying attributed text into `TextContent`, reported once each when the
/// copy is done (a NaN kern on 10,000 runs is one diagnostic, not 10,000), naming the attribute and
/// showing the value as given.
///
/// One rule per kind of value, so pango only ever gets finite values in its range:
/// - a number is a `CGFloat`, `Double`, `Float`, any integer type or an `NSNumber`; anything else
///   (a String, an array) where a number is expected → the attribute's default;
/// - lengths (kern, baseline offset, first-line indent): not finite → 0; magnitude past
///   `WeftLimits.maximumTextSpacing` → clamped to it (±10,000 pt is ±10,240,000 pango units, far
///   inside pango's 32 bits);
/// - line spacing: a length, and negative → 0 (UIKit's is never negative);
/// - line-height multiple: not finite or negative → 0 (the natural line height); past
///   `maximumLineHeightMultiple` → clamped;
/// - hyphenation factor: NaN → 0, the rest clamped to 0...1;
/// - underline and strikethrough styles: an integer (or an integral number) in 0...0xFFFF, the
///   bits of UIKit's styles, patterns and `byWord`; anything else → none;
/// - font, colours, paragraph style: a value of another type → the attribute's default;
/// - font sizes: repaired when the `UIFont` is made (`UIFont.init`, reported naming the family),
///   so every font in an attribute is 1/1024 to `WeftLimits.maximumFontSize` pt.
/// `PangoText.units` clamps besides, so a value that slipped past these cannot trap.
/// A value owned by one copy; not shared.
struct TextRepairs {
    /// A line-height multiple past this is clamped: with the largest font it keeps pango's 32-bit
    /// line positions in range.
    static let maximumLineHeightMultiple: CGFloat = 100
    /// The bits an underline or strikethrough style may have (UIKit's use the low 16).
    static let lineStyleValues = 0...0xFFFF

    private(set) var messages: [String] = []

    mutating func note(_ message: String) {
        if !messages.contains(message) && messages.count < 16 { messages.append(message) }
    }

    /// `given` as the caller wrote it: a String quoted, so "nan" the text is not NaN the number.
    static func shown(_ given: Any) -> String {
        given is String ? String(reflecting: given) : String(describing: given)
    }

    /// The number in `given`, or nil (reported when something else was given).
    mutating func number(_ given: Any?, _ name: String) -> CGFloat? {
        switch given {
        case nil: return nil
        case let v as any BinaryFloatingPoint: return CGFloat(v)
        case let v as any BinaryInteger: return CGFloat(v)
        case let v as NSNumber: return CGFloat(v.doubleValue)
        case let v?:
            note("\(name) \(Self.shown(v)) (a \(type(of: v))) is not a number; ignored")
            return nil
        }
    }

    /// `given` when it is a `T`; nil (reported when something else was given, `fallback` named).
    mutating func value<T>(_ given: Any?, as type: T.Type, _ name: String, fallback: String) -> T? {
        guard let given else { return nil }
        if let value = given as? T { return value }
        note("\(name) \(Self.shown(given)) (a \(Swift.type(of: given))) is not a \(T.self); \(fallback) used")
        return nil
    }

    /// The length in `given` for attribute or property `name`, repaired by the rules above
    /// (`allowsNegative` false for line spacing); 0 when absent.
    mutating func length(_ given: Any?, _ name: String, allowsNegative: Bool = true) -> CGFloat {
        guard let value = number(given, name), let given else { return 0 }
        guard value.isFinite else {
            note("\(name) \(Self.shown(given)) is not finite; ignored (0 used)")
            return 0
        }
        if !allowsNegative && value < 0 {
            note("\(name) \(Self.shown(given)) is negative; 0 used")
            return 0
        }
        let limit = WeftLimits.maximumTextSpacing
        guard abs(value) <= limit else {
            let clamped = value < 0 ? -limit : limit
            note("\(name) \(Self.shown(given)) is beyond WeftLimits.maximumTextSpacing; \(clamped) used")
            return clamped
        }
        return value
    }

    mutating func lineHeightMultiple(_ value: CGFloat) -> CGFloat {
        guard value.isFinite, value >= 0 else {
            note("lineHeightMultiple \(value) is not finite and non-negative; 0 (the natural line height) used")
            return 0
        }
        guard value <= Self.maximumLineHeightMultiple else {
            note("lineHeightMultiple \(value) is beyond \(Self.maximumLineHeightMultiple); \(Self.maximumLineHeightMultiple) used")
            return Self.maximumLineHeightMultiple
        }
        return value
    }

    /// A hyphenation factor in 0...1 (UIKit's range): NaN → 0, the rest clamped.
    mutating func hyphenationFactor(_ value: Float) -> Float {
        guard !value.isNaN else {
            note("hyphenationFactor \(value) is not a number; 0 (no hyphens) used")
            return 0
        }
        guard (0...1).contains(value) else {
            let clamped = min(max(value, 0), 1)
            note("hyphenationFactor \(value) is outside 0...1; \(clamped) used")
            return clamped
        }
        return value
    }

    /// The underline or strikethrough style in `given`; none when absent or not a style.
    mutating func lineStyle(_ given: Any?, _ name: String) -> NSUnderlineStyle {
        if let style = given as? NSUnderlineStyle { return style }
        guard let number = number(given, name), let given else { return [] }
        // Through Double, not Int(number): an NSNumber or integer past 2^53 is out of range anyway.
        guard let raw = Int(exactly: number), Self.lineStyleValues.contains(raw) else {
            note("\(name) \(Self.shown(given)) is not a style (an integer in \(Self.lineStyleValues)); none used")
            return []
        }
        return NSUnderlineStyle(rawValue: raw)
    }

    /// Reports every repair made, with `subject` (the node) named.
    func report(subject: String) {
        for message in messages { WeftDiagnostics.report(.text, subject, message) }
    }
}
