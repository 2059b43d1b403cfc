import Foundation

/// The attributes of one run of text, copied out of an `NSAttributedString`.
/// Sendable value; use from any context.
struct TextRunStyle: Sendable, Hashable {
    var font = UIFont.systemFont(ofSize: 12)
    var color = UIColor.black
    var backgroundColor: UIColor?
    var kern: CGFloat = 0
    var underline: NSUnderlineStyle = []
    var underlineColor: UIColor?
    var strikethrough: NSUnderlineStyle = []
    var strikethroughColor: UIColor?
    var baselineOffset: CGFloat = 0
}

/// Attributed text as a Sendable value: the string, its styled runs in UTF-8 byte offsets (pango's
/// unit), and the paragraph style of its first character.
///
/// Nodes capture this from their `NSAttributedString` on the thread that sets it, so drawing on
/// the display queue never touches a non-Sendable Foundation object.
/// Sendable value; use from any context.
struct TextContent: Sendable, Hashable {
    struct Run: Sendable, Hashable {
        var range: Range<Int>
        /// Nil where the attributed string had no attributes: the defaults apply, or, in a
        /// truncation string, the style of the character it follows.
        var style: TextRunStyle?
    }

    var string: String
    var runs: [Run]
    var paragraph: NSParagraphStyle.Storage

    init(string: String = "", runs: [Run] = [], paragraph: NSParagraphStyle.Storage = .init()) {
        self.string = string
        self.runs = runs
        self.paragraph = paragraph
    }

    init(_ attributed: NSAttributedString) {
        let string = attributed.string
        var runs: [Run] = []
        var paragraph: NSParagraphStyle.Storage?
        let utf16 = string.utf16
        attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) { attributes, range, _ in
            // NSRange counts UTF-16 units; pango counts UTF-8 bytes.
            let start = utf16.index(utf16.startIndex, offsetBy: range.location)
            let end = utf16.index(start, offsetBy: range.length)
            let startByte = string.utf8.distance(from: string.utf8.startIndex, to: start)
            let endByte = startByte + string.utf8.distance(from: start, to: end)
            runs.append(Run(range: startByte..<endByte, style: attributes.isEmpty ? nil : TextRunStyle(attributes)))
            if paragraph == nil, let style = attributes[.paragraphStyle] as? NSParagraphStyle {
                paragraph = style.storage
            }
        }
        self.init(string: string, runs: runs, paragraph: paragraph ?? .init())
    }

    var isEmpty: Bool { string.isEmpty }

    /// The first `byteCount` UTF-8 bytes (a character boundary), runs cut to match.
    func prefix(bytes byteCount: Int) -> TextContent {
        let end = string.utf8.index(string.utf8.startIndex, offsetBy: byteCount)
        let kept = runs.compactMap { run -> Run? in
            guard run.range.lowerBound < byteCount else { return nil }
            return Run(range: run.range.lowerBound..<min(run.range.upperBound, byteCount), style: run.style)
        }
        return TextContent(string: String(string[..<end]), runs: kept, paragraph: paragraph)
    }

    /// This text followed by `other`; runs of `other` without attributes take the style of this
    /// text's last character, so a plain truncation string looks like the text it ends.
    func appending(_ other: TextContent) -> TextContent {
        let offset = string.utf8.count
        let inherited = runs.last?.style
        let moved = other.runs.map {
            Run(range: $0.range.lowerBound + offset..<$0.range.upperBound + offset, style: $0.style ?? inherited)
        }
        return TextContent(string: string + other.string, runs: runs + moved, paragraph: paragraph)
    }

    /// The text without trailing white space and line breaks (kept text before a truncation string).
    func trimmingTrailingWhitespace() -> TextContent {
        var end = string.endIndex
        while end > string.startIndex, string[string.index(before: end)].isWhitespace {
            end = string.index(before: end)
        }
        return prefix(bytes: string.utf8.distance(from: string.utf8.startIndex, to: end))
    }
}

extension TextRunStyle {
    init(_ attributes: [NSAttributedString.Key: Any]) {
        self.init()
        if let font = attributes[.font] as? UIFont { self.font = font }
        if let color = attributes[.foregroundColor] as? UIColor { self.color = color }
        backgroundColor = attributes[.backgroundColor] as? UIColor
        kern = Self.number(attributes[.kern]) ?? 0
        underline = Self.lineStyle(attributes[.underlineStyle])
        underlineColor = attributes[.underlineColor] as? UIColor
        strikethrough = Self.lineStyle(attributes[.strikethroughStyle])
        strikethroughColor = attributes[.strikethroughColor] as? UIColor
        baselineOffset = Self.number(attributes[.baselineOffset]) ?? 0
    }

    private static func number(_ value: Any?) -> CGFloat? {
        switch value {
        case let v as CGFloat: return v.isFinite ? v : nil
        case let v as Double: return v.isFinite ? CGFloat(v) : nil
        case let v as Float: return v.isFinite ? CGFloat(v) : nil
        case let v as Int: return CGFloat(v)
        case let v as NSNumber: return CGFloat(v.doubleValue)
        default: return nil
        }
    }

    private static func lineStyle(_ value: Any?) -> NSUnderlineStyle {
        switch value {
        case let v as NSUnderlineStyle: return v
        case let v as Int: return NSUnderlineStyle(rawValue: v)
        case let v as NSNumber: return NSUnderlineStyle(rawValue: v.intValue)
        default: return []
        }
    }
}
