import CWeft
import Foundation

/// Lays out and draws `TextContent` with pango, on a render lane borrowed for each call.
///
/// Layout is done in points at 72 dpi with unhinted metrics, so it does not depend on the scale a
/// picture is drawn at: drawing scales the glyphs with the cairo transform.
/// Stateless; use from any context.
enum TextLayoutEngine {
    /// Lays out `request` within `size` (either side may be infinite): wraps at the width, and
    /// truncates to the line limit and to the lines that fit the height. Tail truncation with a
    /// custom string searches for the longest prefix that fits with it.
    static func layout(_ request: TextLayoutRequest, in size: CGSize) -> TextLayout {
        uncachedLayout(request, in: size).layout
    }

    /// `layout(_:in:)` through `cache`: the kept layout for the same text, limits and size, if any.
    /// With Texture's `ASExperimentalFeatures.noTextRendererCache` installed, always a fresh layout.
    static func layout(_ request: TextLayoutRequest, in size: CGSize, cache: TextMeasurementCache) -> TextLayout {
        guard !request.content.isEmpty else { return .empty }
        if ASConfigurationManager.activate(.noTextRendererCache) { return uncachedLayout(request, in: size).layout }
        return cache.layout(request, in: size) { uncachedLayout(request, in: size) }
    }

    /// The layout, and whether it may be kept for other nodes: not when it reported a diagnostic,
    /// which names this request's node and must be reported for each node that hits it.
    private static func uncachedLayout(_ request: TextLayoutRequest, in size: CGSize) -> (layout: TextLayout, cacheable: Bool) {
        guard !request.content.isEmpty else { return (.empty, false) }
        // pango's coordinates are 32-bit (1/1024 pt): text is kept within WeftLimits.maximumTextExtent
        // on both axes, wrapping and truncating past it, so its size never wraps around.
        let limit = WeftLimits.maximumTextExtent
        var wrapWidth: CGFloat? = (size.width.isFinite && size.width >= 0) ? min(size.width, limit) : nil
        // An overflowed width can wrap around to a plausible one, so it cannot be detected after
        // layout: when the text could be wider than the limit, wrap it there from the start.
        // Known gap: pango sums one item's glyph widths in 32 bits before it breaks the item, so a
        // single run of unbreakable text wider than 2,097,151 pt (100,000 glyphs of a 30 pt font)
        // still measures wrongly.
        let mayOverflow = wrapWidth == nil && request.content.lineWidthBound > limit
        if mayOverflow { wrapWidth = limit }
        let height = size.height.isNaN ? limit : min(size.height, limit)
        var reported = false
        let layout = RenderLanePool.shared.withLane(for: request.subject) { lane -> TextLayout in
            if !request.exclusions.isEmpty { return exclusionLayout(request, width: wrapWidth, height: height, lane: lane) }
            let full = PangoText(request.content, width: wrapWidth, ellipsis: .none, lane: lane)
            if mayOverflow, full.lineCount > request.content.string.reduce(1, { $1.isNewline ? $0 + 1 : $0 }) {
                WeftDiagnostics.report(.text, request.subject, "a line is wider than WeftLimits.maximumTextExtent (\(limit) pt); it wraps there")
                reported = true
            }
            let fitting = full.linesFitting(height: height)
            if !(size.height <= limit), fitting < full.lineCount {
                WeftDiagnostics.report(.text, request.subject, "the text is taller than WeftLimits.maximumTextExtent (\(limit) pt); \(fitting) of \(full.lineCount) lines are laid out")
                reported = true
            }
            let lineLimit = min(request.maximumNumberOfLines > 0 ? request.maximumNumberOfLines : .max, fitting)
            guard full.lineCount > lineLimit else {
                return full.result(displayed: request.content, ellipsis: .none, wrapWidth: wrapWidth, truncated: false)
            }
            switch request.truncationMode {
            case .byTruncatingHead, .byTruncatingMiddle:
                let ellipsis: TextLayout.Ellipsis = request.truncationMode == .byTruncatingHead
                    ? .head(lines: lineLimit) : .middle(lines: lineLimit)
                let shortened = PangoText(request.content, width: wrapWidth, ellipsis: ellipsis, lane: lane)
                return shortened.result(displayed: request.content, ellipsis: ellipsis, wrapWidth: wrapWidth, truncated: true)
            case .byClipping:
                let kept = request.content.prefix(bytes: full.lineStart(lineLimit)).trimmingTrailingWhitespace()
                return PangoText(kept, width: wrapWidth, ellipsis: .none, lane: lane)
                    .result(displayed: kept, ellipsis: .none, wrapWidth: wrapWidth, truncated: true)
            case .byWordWrapping, .byCharWrapping, .byTruncatingTail:
                // A plain "…" on single-paragraph text is pango's own tail ellipsis: one layout
                // pass instead of a search. (pango limits lines per paragraph, so text with line
                // breaks takes the search.)
                if request.truncatesWithPlainEllipsis && !request.content.string.contains(where: \.isNewline) {
                    let ellipsis = TextLayout.Ellipsis.tail(lines: lineLimit)
                    return PangoText(request.content, width: wrapWidth, ellipsis: ellipsis, lane: lane)
                        .result(displayed: request.content, ellipsis: ellipsis, wrapWidth: wrapWidth, truncated: true)
                }
                let kept = tailTruncated(request, full: full, lineLimit: lineLimit, wrapWidth: wrapWidth, lane: lane)
                var result = PangoText(kept, width: wrapWidth, ellipsis: .none, lane: lane)
                    .result(displayed: kept, ellipsis: .none, wrapWidth: wrapWidth, truncated: true)
                result.truncationStart = kept.string.utf8.count - request.truncation.string.utf8.count
                return result
            }
        }
        return (layout, !reported)
    }

    /// The longest prefix that, followed by the truncation string, fits in `lineLimit` lines: the
    /// last line holds as much of the remaining text as fits before the truncation string, as
    /// pango's ellipsis (and UILabel) fill it. Binary search over the character boundaries from
    /// the start of the last line.
    private static func tailTruncated(_ request: TextLayoutRequest, full: PangoText, lineLimit: Int,
                                      wrapWidth: CGFloat?, lane: RenderLane) -> TextContent {
        let content = request.content
        let lower = full.lineStart(lineLimit - 1), upper = content.string.utf8.count
        var boundaries: [Int] = []
        var offset = 0
        for character in content.string {
            if offset >= lower && offset <= upper { boundaries.append(offset) }
            offset += character.utf8.count
            if offset > upper { break }
        }
        if offset <= upper { boundaries.append(offset) }
        func candidate(_ index: Int) -> TextContent {
            content.prefix(bytes: boundaries[index]).trimmingTrailingWhitespace().appending(request.truncation)
        }
        var low = 0, high = boundaries.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if PangoText(candidate(middle), width: wrapWidth, ellipsis: .none, lane: lane).lineCount <= lineLimit {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return candidate(low)
    }

    /// Draws a finished layout with its top left at `rect.origin`, lines aligned within `rect.width`,
    /// and `highlight` over it; `subject` (who asked) is named in any message pango gives.
    static func draw(_ layout: TextLayout, in rect: CGRect, subject: String, context: GraphicsContext,
                     highlight: TextHighlight? = nil) {
        guard !layout.displayed.isEmpty else { return }
        if layout.placedLines != nil {
            RenderLanePool.shared.withLane(for: subject) { lane in
                forEachPlacedLine(layout, lane: lane) { line, text in
                    cairo_save(context.cr)
                    cairo_move_to(context.cr, rect.minX + line.origin.x, rect.minY + line.origin.y)
                    cairo_set_source_rgba(context.cr, 0, 0, 0, 1)
                    pango_cairo_show_layout(context.cr, text.layout)
                    cairo_restore(context.cr)
                }
                if let highlight { drawHighlight(placedRects(layout, lane: lane) { line, text in
                    let offset = line.bytes.lowerBound
                    return text.rects(forBytes: (highlight.bytes.lowerBound - offset)..<(highlight.bytes.upperBound - offset))
                }, style: highlight.style, at: rect.origin, context: context) }
            }
            return
        }
        withText(layout, width: rect.width, subject: subject) { text in
            cairo_save(context.cr)
            cairo_move_to(context.cr, rect.minX, rect.minY)
            cairo_set_source_rgba(context.cr, 0, 0, 0, 1)
            pango_cairo_show_layout(context.cr, text.layout)
            cairo_restore(context.cr)
            if let highlight { drawHighlight(text.rects(forBytes: highlight.bytes), style: highlight.style, at: rect.origin, context: context) }
        }
    }

    /// Runs `body` with `layout` as drawn in a box `width` wide: alignment uses the box, and if the
    /// box would wrap the lines differently from the measurement, the measured breaks are kept.
    static func withText<R>(_ layout: TextLayout, width: CGFloat, subject: String, _ body: (PangoText) -> R) -> R {
        RenderLanePool.shared.withLane(for: subject) { lane in
            let text = PangoText(layout.displayed, width: width, ellipsis: layout.ellipsis, lane: lane)
            if text.lineCount != layout.lineCount { text.setWidth(layout.wrapWidth) }
            return body(text)
        }
    }

    /// The UTF-8 offset in `layout.displayed` of the character under `point` (from the text's top
    /// left, drawn `width` wide); nil off the text.
    static func byteIndex(in layout: TextLayout, width: CGFloat, at point: CGPoint, subject: String) -> Int? {
        guard !layout.displayed.isEmpty else { return nil }
        if layout.placedLines != nil {
            return RenderLanePool.shared.withLane(for: subject) { lane in
                var found: Int?
                forEachPlacedLine(layout, lane: lane) { line, text in
                    if found == nil, let index = text.byteIndex(at: CGPoint(x: point.x - line.origin.x, y: point.y - line.origin.y)) {
                        found = line.bytes.lowerBound + index
                    }
                }
                return found
            }
        }
        return withText(layout, width: width, subject: subject) { $0.byteIndex(at: point) }
    }

    /// Where the UTF-8 range `bytes` of `layout.displayed` lies on each line, from the text's top
    /// left, drawn `width` wide (`PangoText.pieces(forBytes:)`).
    static func pieces(of layout: TextLayout, forBytes bytes: Range<Int>, width: CGFloat, subject: String) -> [TextPiece] {
        guard !layout.displayed.isEmpty, !bytes.isEmpty else { return [] }
        if layout.placedLines != nil {
            return RenderLanePool.shared.withLane(for: subject) { lane in
                var pieces: [TextPiece] = []
                forEachPlacedLine(layout, lane: lane) { line, text in
                    let offset = line.bytes.lowerBound
                    pieces += text.pieces(forBytes: (bytes.lowerBound - offset)..<(bytes.upperBound - offset))
                        .map { $0.offsetBy(dx: line.origin.x, dy: line.origin.y, bytes: offset) }
                }
                return pieces
            }
        }
        return withText(layout, width: width, subject: subject) { $0.pieces(forBytes: bytes) }
    }

    /// Each line's box (its text's logical extent), from the text's top left, drawn `width` wide.
    static func lineRects(of layout: TextLayout, width: CGFloat, subject: String) -> [CGRect] {
        guard !layout.displayed.isEmpty else { return [] }
        if layout.placedLines != nil {
            return RenderLanePool.shared.withLane(for: subject) { lane in placedRects(layout, lane: lane) { $1.lineRects() } }
        }
        return withText(layout, width: width, subject: subject) { $0.lineRects() }
    }

    /// The rects `body` finds in each placed line (its bytes counted from the line's start), moved
    /// to the line's place.
    private static func placedRects(_ layout: TextLayout, lane: RenderLane,
                                    _ body: (TextLayout.PlacedLine, PangoText) -> [CGRect]) -> [CGRect] {
        var rects: [CGRect] = []
        forEachPlacedLine(layout, lane: lane) { line, text in
            rects += body(line, text).map { $0.offsetBy(dx: line.origin.x, dy: line.origin.y) }
        }
        return rects
    }

    /// Texture's highlight overlay: each rect rounded to whole points, padded 2 pt above, 1.5 pt
    /// below and 4 pt at the sides, with 2.5 pt corners, filled as one shape (overlaps once) in
    /// black at 11 % (`.light`) or white at 22 % (`.dark`).
    private static func drawHighlight(_ rects: [CGRect], style: ASTextNodeHighlightStyle, at origin: CGPoint, context: GraphicsContext) {
        var path = Path()
        for rect in rects where !rect.isEmpty {
            let rounded = CGRect(x: rect.minX.rounded(), y: rect.minY.rounded(), width: rect.width.rounded(), height: rect.height.rounded())
            let padded = CGRect(x: origin.x + rounded.minX - 4, y: origin.y + rounded.minY - 2,
                                width: rounded.width + 8, height: rounded.height + 3.5)
            path.append(Path(roundedRect: padded, cornerRadius: 2.5))
        }
        guard !path.elements.isEmpty else { return }
        let color = style == .light ? UIColor(white: 0, alpha: 0.11) : UIColor(white: 1, alpha: 0.22)
        context.fill(path, with: color)
    }
}
