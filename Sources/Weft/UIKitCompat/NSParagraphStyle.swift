import Foundation

/// Horizontal alignment of text; UIKit's `NSTextAlignment`.
public enum NSTextAlignment: Int, Sendable, CaseIterable {
    case left, center, right, justified, natural
}

/// How lines break and where text is cut; UIKit's `NSLineBreakMode`.
public enum NSLineBreakMode: Int, Sendable, CaseIterable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// The paragraph attributes of attributed text; UIKit's `NSParagraphStyle`.
///
/// Immutable; `NSMutableParagraphStyle` adds setters. Weft reads the style of a text's first
/// character for the whole text, since a pango layout has one alignment and one line spacing.
/// Values text cannot use (NaN, infinite, past `WeftLimits.maximumTextSpacing`) are repaired when
/// a text node takes the text, and reported (see `TextRepairs`).
/// Not Sendable; nodes copy what they need before drawing.
open class NSParagraphStyle: Hashable {
    fileprivate(set) var storage = Storage()

    struct Storage: Hashable, Sendable {
        var alignment = NSTextAlignment.natural
        var lineBreakMode = NSLineBreakMode.byWordWrapping
        var lineSpacing: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
        var firstLineHeadIndent: CGFloat = 0
        var hyphenationFactor: Float = 0

        /// This style with values pango cannot take repaired by `TextRepairs`' rules.
        func repaired(_ repairs: inout TextRepairs) -> Storage {
            var copy = self
            copy.lineSpacing = repairs.length(lineSpacing, "lineSpacing", allowsNegative: false)
            copy.lineHeightMultiple = repairs.lineHeightMultiple(lineHeightMultiple)
            copy.firstLineHeadIndent = repairs.length(firstLineHeadIndent, "firstLineHeadIndent")
            copy.hyphenationFactor = repairs.hyphenationFactor(hyphenationFactor)
            return copy
        }
    }

    public init() {}

    /// UIKit's `NSParagraphStyle.default`.
    public class var `default`: NSParagraphStyle { NSParagraphStyle() }

    open var alignment: NSTextAlignment { storage.alignment }
    open var lineBreakMode: NSLineBreakMode { storage.lineBreakMode }
    /// Extra space between lines, in points.
    open var lineSpacing: CGFloat { storage.lineSpacing }
    /// A factor on the natural line height; 0 means 1.
    open var lineHeightMultiple: CGFloat { storage.lineHeightMultiple }
    /// Indent of each paragraph's first line, in points.
    open var firstLineHeadIndent: CGFloat { storage.firstLineHeadIndent }
    /// UIKit's `hyphenationFactor`, 0...1; 0 (the default) means no hyphens. Text wraps inside a
    /// word only when the word is wider than a line; a hyphen marks that break only when this is
    /// above 0, as in UIKit (pango would add one always).
    open var hyphenationFactor: Float { storage.hyphenationFactor }

    /// A mutable copy; Foundation's `mutableCopy()` returns `Any`, this returns the type.
    public func mutableCopy() -> NSMutableParagraphStyle {
        let copy = NSMutableParagraphStyle()
        copy.storage = storage
        return copy
    }

    public static func == (lhs: NSParagraphStyle, rhs: NSParagraphStyle) -> Bool { lhs.storage == rhs.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

/// UIKit's `NSMutableParagraphStyle`. Not Sendable.
open class NSMutableParagraphStyle: NSParagraphStyle {
    override public init() { super.init() }

    override open var alignment: NSTextAlignment {
        get { storage.alignment } set { storage.alignment = newValue }
    }
    override open var lineBreakMode: NSLineBreakMode {
        get { storage.lineBreakMode } set { storage.lineBreakMode = newValue }
    }
    override open var lineSpacing: CGFloat {
        get { storage.lineSpacing } set { storage.lineSpacing = newValue }
    }
    override open var lineHeightMultiple: CGFloat {
        get { storage.lineHeightMultiple } set { storage.lineHeightMultiple = newValue }
    }
    override open var firstLineHeadIndent: CGFloat {
        get { storage.firstLineHeadIndent } set { storage.firstLineHeadIndent = newValue }
    }
    override open var hyphenationFactor: Float {
        get { storage.hyphenationFactor } set { storage.hyphenationFactor = newValue }
    }
}
