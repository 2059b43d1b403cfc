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
    /// The direction of the interface the text is shown in (its node's effective direction):
    /// right to left, `.natural` alignment is the right edge and a paragraph with no strong
    /// direction of its own (digits, punctuation) runs right to left. Part of the value, so
    /// measurements of the same text in the two directions are cached apart.
    var layoutDirection = UIUserInterfaceLayoutDirection.leftToRight

    init(string: String = "", runs: [Run] = [], paragraph: NSParagraphStyle.Storage = .init(),
         layoutDirection: UIUserInterfaceLayoutDirection = .leftToRight) {
        self.string = string
        self.runs = runs
        self.paragraph = paragraph
        self.layoutDirection = layoutDirection
    }

    /// Copies `attributed`, repairing values pango cannot take by the rules in `TextRepairs` and
    /// keeping at most `WeftLimits.maximumTextLength` UTF-16 units; each repair is reported once,
    /// naming `subject`, unless `reporting` is false (a copy made again from a string whose
    /// repairs were reported when it was first copied).
    init(_ attributed: NSAttributedString, subject: String = "attributed text", reporting: Bool = true) {
        var repairs = TextRepairs()
        var attributed = attributed
        let length = attributed.length
        if length > WeftLimits.maximumTextLength {
            // Cut before the composed character sequence the limit falls in, never inside one.
            let cut = (attributed.string as NSString).rangeOfComposedCharacterSequence(at: WeftLimits.maximumTextLength).location
            attributed = attributed.attributedSubstring(from: NSRange(location: 0, length: cut))
            repairs.note("text of \(length) UTF-16 units is longer than WeftLimits.maximumTextLength (\(WeftLimits.maximumTextLength)); only the first \(cut) are shown")
        }
        let string = attributed.string
        let utf16 = string.utf16, utf8 = string.utf8
        var runs: [Run] = []
        var paragraph: NSParagraphStyle.Storage?
        // Ranges come in order; walking on from the last one keeps this linear in the length.
        var cursor = utf16.startIndex, cursorOffset = 0, cursorByte = 0
        func index(atUTF16 offset: Int) -> (String.Index, Int) {
            var offset = max(offset, cursorOffset)
            var index = utf16.index(cursor, offsetBy: offset - cursorOffset)
            // A range that splits a surrogate pair moves to the scalar's start: pango needs UTF-8
            // character boundaries.
            while offset > cursorOffset, index.samePosition(in: string.unicodeScalars) == nil {
                index = utf16.index(before: index)
                offset -= 1
            }
            return (index, offset)
        }
        attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) { attributes, range, _ in
            // NSRange counts UTF-16 units; pango counts UTF-8 bytes.
            let (start, _) = index(atUTF16: range.location)
            let (end, endOffset) = index(atUTF16: range.location + range.length)
            let startByte = cursorByte + utf8.distance(from: cursor, to: start)
            let endByte = startByte + utf8.distance(from: start, to: end)
            (cursor, cursorOffset, cursorByte) = (end, endOffset, endByte)
            guard endByte > startByte else { return }
            runs.append(Run(range: startByte..<endByte, style: attributes.isEmpty ? nil : TextRunStyle(attributes, repairs: &repairs)))
            if paragraph == nil,
               let style = repairs.value(attributes[.paragraphStyle], as: NSParagraphStyle.self, "paragraphStyle", fallback: "the default style") {
                paragraph = style.storage.repaired(&repairs)
            }
        }
        if reporting { repairs.report(subject: subject) }
        self.init(string: string, runs: runs, paragraph: paragraph ?? .init())
    }

    var isEmpty: Bool { string.isEmpty }

    /// The UTF-8 offset of UTF-16 offset `offset` (clamped to the text; inside a surrogate pair,
    /// the scalar's start).
    func byteOffset(ofUTF16 offset: Int) -> Int {
        let utf16 = string.utf16
        let index = utf16.index(utf16.startIndex, offsetBy: min(max(offset, 0), utf16.count))
        let scalar = index.samePosition(in: string.unicodeScalars) ?? string.unicodeScalars.index(before: index)
        return string.utf8.distance(from: string.utf8.startIndex, to: scalar)
    }

    /// The UTF-16 offset of UTF-8 offset `byte` (clamped to the text).
    func utf16Offset(ofByte byte: Int) -> Int {
        let utf8 = string.utf8
        var index = utf8.index(utf8.startIndex, offsetBy: min(max(byte, 0), utf8.count))
        while index.samePosition(in: string.unicodeScalars) == nil { index = utf8.index(before: index) }
        return string.utf16.distance(from: string.utf16.startIndex, to: index)
    }

    /// More than any line of this text can measure, in points: every UTF-8 byte counted as a
    /// glyph 4 ems wide plus its kern. Cheap (one pass over the runs), for overflow checks.
    var lineWidthBound: CGFloat {
        runs.reduce(0) { total, run in
            let style = run.style ?? TextRunStyle()
            return total + CGFloat(run.range.count) * (style.font.pointSize * 4 + abs(style.kern))
        }
    }

    /// The first `byteCount` UTF-8 bytes (a character boundary), runs cut to match.
    func prefix(bytes byteCount: Int) -> TextContent {
        let end = string.utf8.index(string.utf8.startIndex, offsetBy: byteCount)
        let kept = runs.compactMap { run -> Run? in
            guard run.range.lowerBound < byteCount else { return nil }
            return Run(range: run.range.lowerBound..<min(run.range.upperBound, byteCount), style: run.style)
        }
        return TextContent(string: String(string[..<end]), runs: kept, paragraph: paragraph, layoutDirection: layoutDirection)
    }

    /// This text followed by `other`; runs of `other` without attributes take the style of this
    /// text's last character, so a plain truncation string looks like the text it ends.
    func appending(_ other: TextContent) -> TextContent {
        let offset = string.utf8.count
        let inherited = runs.last?.style
        let moved = other.runs.map {
            Run(range: $0.range.lowerBound + offset..<$0.range.upperBound + offset, style: $0.style ?? inherited)
        }
        return TextContent(string: string + other.string, runs: runs + moved, paragraph: paragraph, layoutDirection: layoutDirection)
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
    /// The style in `attributes`, each value repaired by `TextRepairs`' rules.
    init(_ attributes: [NSAttributedString.Key: Any], repairs: inout TextRepairs) {
        self.init()
        if let font = repairs.value(attributes[.font], as: UIFont.self, "font", fallback: "the system font at 12 pt") { self.font = font }
        if let color = repairs.value(attributes[.foregroundColor], as: UIColor.self, "foregroundColor", fallback: "black") { self.color = color }
        backgroundColor = repairs.value(attributes[.backgroundColor], as: UIColor.self, "backgroundColor", fallback: "none")
        kern = repairs.length(attributes[.kern], "kern")
        underline = repairs.lineStyle(attributes[.underlineStyle], "underlineStyle")
        underlineColor = repairs.value(attributes[.underlineColor], as: UIColor.self, "underlineColor", fallback: "the text colour")
        strikethrough = repairs.lineStyle(attributes[.strikethroughStyle], "strikethroughStyle")
        strikethroughColor = repairs.value(attributes[.strikethroughColor], as: UIColor.self, "strikethroughColor", fallback: "the text colour")
        baselineOffset = repairs.length(attributes[.baselineOffset], "baselineOffset")
    }
}
