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
    static func layout(_ request: TextLayoutRequest, in size: CGSize, cache: TextMeasurementCache) -> TextLayout {
        guard !request.content.isEmpty else { return .empty }
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
                return PangoText(kept, width: wrapWidth, ellipsis: .none, lane: lane)
                    .result(displayed: kept, ellipsis: .none, wrapWidth: wrapWidth, truncated: true)
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

    /// Draws a finished layout with its top left at `rect.origin`, lines aligned within `rect.width`;
    /// `subject` (who asked) is named in any message pango gives.
    static func draw(_ layout: TextLayout, in rect: CGRect, subject: String, context: GraphicsContext) {
        guard !layout.displayed.isEmpty else { return }
        RenderLanePool.shared.withLane(for: subject) { lane in
            let text = PangoText(layout.displayed, width: rect.width, ellipsis: layout.ellipsis, lane: lane)
            // Alignment uses the box; if the box would wrap the lines differently from the
            // measurement, keep the measured breaks.
            if text.lineCount != layout.lineCount { text.setWidth(layout.wrapWidth) }
            cairo_save(context.cr)
            cairo_move_to(context.cr, rect.minX, rect.minY)
            cairo_set_source_rgba(context.cr, 0, 0, 0, 1)
            pango_cairo_show_layout(context.cr, text.layout)
            cairo_restore(context.cr)
        }
    }
}
