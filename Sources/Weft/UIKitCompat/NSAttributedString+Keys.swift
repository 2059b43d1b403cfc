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

// The attribute names of Swift 3 and earlier, which Texture playgrounds and older apps still use:
// on Apple's SDK they were replaced by `NSAttributedString.Key` in Swift 4. Kept, deprecated, so
// that code compiles (with a warning naming the replacement) rather than failing.
@available(*, deprecated, renamed: "NSAttributedString.Key.font")
public let NSFontAttributeName = NSAttributedString.Key.font
@available(*, deprecated, renamed: "NSAttributedString.Key.foregroundColor")
public let NSForegroundColorAttributeName = NSAttributedString.Key.foregroundColor
@available(*, deprecated, renamed: "NSAttributedString.Key.backgroundColor")
public let NSBackgroundColorAttributeName = NSAttributedString.Key.backgroundColor
@available(*, deprecated, renamed: "NSAttributedString.Key.paragraphStyle")
public let NSParagraphStyleAttributeName = NSAttributedString.Key.paragraphStyle
@available(*, deprecated, renamed: "NSAttributedString.Key.kern")
public let NSKernAttributeName = NSAttributedString.Key.kern
@available(*, deprecated, renamed: "NSAttributedString.Key.underlineStyle")
public let NSUnderlineStyleAttributeName = NSAttributedString.Key.underlineStyle
@available(*, deprecated, renamed: "NSAttributedString.Key.strikethroughStyle")
public let NSStrikethroughStyleAttributeName = NSAttributedString.Key.strikethroughStyle
@available(*, deprecated, renamed: "NSAttributedString.Key.link")
public let NSLinkAttributeName = NSAttributedString.Key.link
