import Foundation

/// The repairs made while copying attributed text into `TextContent`, reported once each when the
/// copy is done (a NaN kern on 10,000 runs is one diagnostic, not 10,000).
///
/// The rules, for values in attributes and paragraph styles:
/// - kern, baseline offset, line spacing and first-line indent: not finite → ignored (0);
///   magnitude past `WeftLimits.maximumTextSpacing` → clamped to it; negative line spacing → 0
///   (UIKit's is never negative); a value that is not a number → ignored;
/// - line-height multiple: not finite or negative → 0 (the natural height); past
///   `maximumLineHeightMultiple` → clamped;
/// - font sizes are repaired when the `UIFont` is made (see `UIFont.init`).
/// A value owned by one copy; not shared.
struct TextRepairs {
    /// A line-height multiple past this is clamped: with the largest font it keeps pango's 32-bit
    /// line positions in range.
    static let maximumLineHeightMultiple: CGFloat = 100

    private(set) var messages: [String] = []

    mutating func note(_ message: String) {
        if !messages.contains(message) && messages.count < 16 { messages.append(message) }
    }

    /// `value` for attribute or property `name`, repaired by the rules above (`allowsNegative`
    /// false for line spacing).
    mutating func length(_ value: CGFloat, _ name: String, allowsNegative: Bool = true) -> CGFloat {
        guard value.isFinite else {
            note("\(name) \(value) is not finite; ignored (0 used)")
            return 0
        }
        if !allowsNegative && value < 0 {
            note("\(name) \(value) is negative; 0 used")
            return 0
        }
        let limit = WeftLimits.maximumTextSpacing
        guard abs(value) <= limit else {
            let clamped = value < 0 ? -limit : limit
            note("\(name) \(value) is beyond WeftLimits.maximumTextSpacing; \(clamped) used")
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

    /// Reports every repair made, with `subject` (the node) named.
    func report(subject: String) {
        for message in messages { WeftDiagnostics.report(.text, subject, message) }
    }
}
