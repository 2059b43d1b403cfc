import Foundation

/// What to lay out: attributed text with a line limit and a truncation rule.
/// Sendable value; use from any context.
struct TextLayoutRequest: Sendable, Hashable {
    var content: TextContent
    /// 0 means no limit.
    var maximumNumberOfLines = 0
    var truncationMode = NSLineBreakMode.byWordWrapping
    /// Rectangles the text flows around (`ASTextNode.exclusionPaths`' bounds).
    var exclusions: [CGRect] = []
    var truncation = TextContent(string: "\u{2026}")
    /// Who asked, for diagnostics: the node's description.
    var subject = "text"

    /// Whether the truncation string is a plain "…", which pango's own ellipsis draws the same way
    /// (in the style of the text it ends) in one layout pass.
    var truncatesWithPlainEllipsis: Bool {
        truncation.string == "\u{2026}" && truncation.runs.allSatisfy { $0.style == nil }
    }
}

/// The outcome of laying out a `TextLayoutRequest` in a size: what is drawn and its metrics.
/// Sendable value; use from any context.
struct TextLayout: Sendable, Hashable {
    /// How pango shortens the text itself (head and middle truncation).
    enum Ellipsis: Sendable, Hashable {
        case none
        case head(lines: Int)
        case middle(lines: Int)
        case tail(lines: Int)
    }

    /// The text that is drawn: the request's, or a truncated version of it.
    var displayed: TextContent
    var ellipsis: Ellipsis = .none
    /// The width lines wrap at; nil for unlimited.
    var wrapWidth: CGFloat?
    /// The size used by the text, rounded up to the screen's pixel grid.
    var size: CGSize
    var lineCount: Int
    var isTruncated: Bool
    /// Distance from the top to the first line's baseline.
    var firstBaseline: CGFloat
    /// Distance from the top to the last line's baseline.
    var lastBaseline: CGFloat
    /// Where the truncation string starts in `displayed` (UTF-8), when the text was cut at the
    /// tail by a search (`displayed` is the kept text and the truncation string); nil otherwise.
    var truncationStart: Int?
    /// The lines of text flowing around exclusions, each laid out alone (see
    /// `TextLayoutEngine.exclusionLayout`); nil for text laid out as one pango layout.
    var placedLines: [PlacedLine]?

    /// One line of text placed around exclusions: its bytes of `displayed`, its fragment's top
    /// left, and the fragment's width (infinite when the text is not wrapped).
    struct PlacedLine: Sendable, Hashable {
        let bytes: Range<Int>
        let origin: CGPoint
        let width: CGFloat
    }

    static let empty = TextLayout(displayed: TextContent(), size: .zero, lineCount: 0, isTruncated: false, firstBaseline: 0, lastBaseline: 0)
}
