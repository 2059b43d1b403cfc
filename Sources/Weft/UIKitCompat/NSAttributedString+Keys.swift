import Foundation

/// Values of the wrong type or out of range are repaired when a text node takes the text, and
/// reported (see `TextRepairs` for the rules).
extension NSAttributedString.Key {
    /// A `UIFont`; the system font at 12 pt when absent (TextKit's default).
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor` for the glyphs; black when absent.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A `UIColor` painted behind the glyphs' line box.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// An `NSParagraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// Extra space after each character, in points (any number, `NSNumber` included).
    public static let kern = NSAttributedString.Key("NSKern")
    /// An `NSUnderlineStyle` or its raw value (an integer in 0...0xFFFF).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// A `UIColor` for the underline; the foreground colour when absent.
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// An `NSUnderlineStyle` or its raw value (an integer in 0...0xFFFF).
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// A `UIColor` for the strikethrough; the foreground colour when absent.
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// A vertical shift of the glyphs in points, positive up.
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// A link (`URL` or `String`); stored for the app, drawn like any other text.
    public static let link = NSAttributedString.Key("NSLink")
}

/// Underline and strikethrough styles; UIKit's `NSUnderlineStyle`.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
}
