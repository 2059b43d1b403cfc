import CWeft
import Foundation

/// Text flowing around exclusion rectangles (`ASTextNode.exclusionPaths`, each path's bounds), as
/// TextKit's text container does: line by line, each band of the text's height split into the
/// fragments the rectangles leave free, filled left to right. pango lays a paragraph out at one
/// width, so each line is a layout of its own: the text from where the last line ended, at the
/// fragment's width, of which the first line is kept.
///
/// Within a line, alignment is the fragment's; a paragraph's first-line indent applies to its
/// first line only; line spacing is added between lines. Text cut by the line limit or the height
/// is marked truncated, without a truncation string.
extension TextLayoutEngine {
    /// A fragment narrower than this takes no text: the band moves on to the next one.
    static let minimumFragmentWidth: CGFloat = 1

    static func exclusionLayout(_ request: TextLayoutRequest, width: CGFloat?, height: CGFloat, lane: RenderLane) -> TextLayout {
        let content = request.content
        let total = content.string.utf8.count
        let lineLimit = request.maximumNumberOfLines > 0 ? request.maximumNumberOfLines : .max
        let spacing = content.paragraph.lineSpacing
        var lines: [TextLayout.PlacedLine] = []
        var start = 0, y: CGFloat = 0, truncated = false
        var extent = CGSize.zero
        var firstBaseline: CGFloat = 0, lastBaseline: CGFloat = 0
        bands: while start < total {
            let trial = PangoText(content.line(from: start), width: width, ellipsis: .none, lane: lane)
            let lineHeight = trial.firstLineHeight
            let fragments = freeFragments(width: width, top: y, bottom: y + lineHeight, exclusions: request.exclusions)
            guard !fragments.isEmpty else {
                // The band is blocked from edge to edge: go below the lowest rectangle that blocks it.
                let below = request.exclusions.filter { $0.minY < y + lineHeight && $0.maxY > y }.map(\.maxY).min() ?? (y + lineHeight)
                y = max(below, y + 1)
                if y + lineHeight > height + 0.001 { truncated = true; break }
                continue
            }
            if y + lineHeight > height + 0.001, !lines.isEmpty { truncated = true; break }
            for fragment in fragments where start < total {
                guard lines.count < lineLimit else { truncated = true; break bands }
                let piece = PangoText(content.line(from: start), width: fragment.width.isFinite ? fragment.width : nil, ellipsis: .none, lane: lane)
                let length = piece.lineStart(1)
                let kept = piece.lineLength(0)
                guard length > 0 else { break bands }
                let logical = piece.lineRects().first ?? .zero
                lines.append(.init(bytes: start..<(start + kept), origin: CGPoint(x: fragment.minX, y: y), width: fragment.width))
                extent.width = max(extent.width, fragment.minX + logical.maxX)
                if lines.count == 1 { firstBaseline = y + piece.firstBaseline }
                lastBaseline = y + piece.firstBaseline
                start += length
            }
            extent.height = y + lineHeight
            y += lineHeight + spacing
        }
        if start < total { truncated = true }
        return TextLayout(displayed: content, ellipsis: .none, wrapWidth: width,
                          size: CGSize(width: ASCeilPixelValue(extent.width), height: ASCeilPixelValue(extent.height)),
                          lineCount: lines.count, isTruncated: truncated, firstBaseline: firstBaseline,
                          lastBaseline: lastBaseline, placedLines: lines)
    }

    /// The stretches of `0..<width` (unbounded when nil) that no rectangle covers between `top`
    /// and `bottom`, left to right, each at least `minimumFragmentWidth` wide.
    static func freeFragments(width: CGFloat?, top: CGFloat, bottom: CGFloat, exclusions: [CGRect]) -> [(minX: CGFloat, width: CGFloat)] {
        let end = width ?? .infinity
        let blocked = exclusions.filter { $0.minY < bottom && $0.maxY > top }.map { ($0.minX, $0.maxX) }.sorted { $0.0 < $1.0 }
        var fragments: [(minX: CGFloat, width: CGFloat)] = []
        var x: CGFloat = 0
        for (low, high) in blocked {
            if min(low, end) - x >= minimumFragmentWidth { fragments.append((x, min(low, end) - x)) }
            x = max(x, high)
        }
        if end - x >= minimumFragmentWidth { fragments.append((x, end - x)) }
        return fragments
    }

    /// Runs `body` with each placed line of `layout` as its own pango layout and its origin.
    static func forEachPlacedLine(_ layout: TextLayout, lane: RenderLane, _ body: (TextLayout.PlacedLine, PangoText) -> Void) {
        for line in layout.placedLines ?? [] {
            let text = PangoText(layout.displayed.line(from: line.bytes.lowerBound, to: line.bytes.upperBound),
                                 width: line.width.isFinite ? line.width : nil, ellipsis: .none, lane: lane)
            body(line, text)
        }
    }
}

extension TextContent {
    /// The text from UTF-8 offset `start` (to `end`, or its end), runs moved to match; a line that
    /// does not start a paragraph has no first-line indent.
    func line(from start: Int, to end: Int? = nil) -> TextContent {
        let utf8 = string.utf8
        let end = end ?? utf8.count
        let startIndex = utf8.index(utf8.startIndex, offsetBy: start), endIndex = utf8.index(utf8.startIndex, offsetBy: end)
        let moved = runs.compactMap { run -> Run? in
            let lower = max(run.range.lowerBound, start), upper = min(run.range.upperBound, end)
            return lower < upper ? Run(range: (lower - start)..<(upper - start), style: run.style) : nil
        }
        var paragraph = self.paragraph
        let startsParagraph = start == 0 || string[..<startIndex].last?.isNewline == true
        if !startsParagraph { paragraph.firstLineHeadIndent = 0 }
        return TextContent(string: String(string[startIndex..<endIndex]), runs: moved, paragraph: paragraph, layoutDirection: layoutDirection)
    }
}
