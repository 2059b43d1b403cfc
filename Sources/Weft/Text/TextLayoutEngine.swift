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
        guard !request.content.isEmpty else { return .empty }
        let wrapWidth: CGFloat? = (size.width.isFinite && size.width >= 0) ? size.width : nil
        return RenderLanePool.shared.withLane { lane in
            let full = PangoText(request.content, width: wrapWidth, ellipsis: .none, lane: lane)
            let lineLimit = min(request.maximumNumberOfLines > 0 ? request.maximumNumberOfLines : .max,
                                full.linesFitting(height: size.height))
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

    /// Draws a finished layout with its top left at `rect.origin`, lines aligned within `rect.width`.
    static func draw(_ layout: TextLayout, in rect: CGRect, context: GraphicsContext) {
        guard !layout.displayed.isEmpty else { return }
        RenderLanePool.shared.withLane { lane in
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
