import CWeft
import Foundation

/// Font metrics read from pango, with the same font resolution and settings text nodes use.
enum FontMetrics {
    /// The height of one line of text in `font`: the logical height (ascent + descent, as pango
    /// reports them for the resolved face) of a one-line layout, unrounded. A one-line text node
    /// in `font` is this tall, rounded up to the pixel grid.
    static func lineHeight(of font: UIFont) -> CGFloat {
        let subject = "\(font).lineHeight"
        let content = TextContent(NSAttributedString(string: "X", attributes: [.font: font]), subject: subject)
        return RenderLanePool.shared.withLane(for: subject) { lane in
            let text = PangoText(content, width: nil, ellipsis: .none, lane: lane)
            var logical = PangoRectangle()
            pango_layout_get_extents(text.layout, nil, &logical)
            return CGFloat(logical.height) / CGFloat(PANGO_SCALE)
        }
    }
}

extension FontMetrics {
    /// A font's vertical metrics from a one-line pango layout with the same font resolution text
    /// nodes use: the ascent (baseline from the line's top) and descent of the resolved face, and
    /// the tops of "H" and "x" above the baseline, read from their ink, for the cap and x heights.
    struct Vertical: Sendable, Equatable {
        var ascender: CGFloat
        var descender: CGFloat
        var capHeight: CGFloat
        var xHeight: CGFloat
    }

    static func vertical(of font: UIFont) -> Vertical {
        let subject = "\(font) metrics"
        func inkTop(_ string: String, lane: RenderLane) -> (ascent: CGFloat, height: CGFloat, inkAboveBaseline: CGFloat) {
            let content = TextContent(NSAttributedString(string: string, attributes: [.font: font]), subject: subject)
            let text = PangoText(content, width: nil, ellipsis: .none, lane: lane)
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(text.layout, &ink, &logical)
            let baseline = CGFloat(pango_layout_get_baseline(text.layout)) / CGFloat(PANGO_SCALE)
            return (baseline, CGFloat(logical.height) / CGFloat(PANGO_SCALE), baseline - CGFloat(ink.y) / CGFloat(PANGO_SCALE))
        }
        return RenderLanePool.shared.withLane(for: subject) { lane in
            let cap = inkTop("H", lane: lane), x = inkTop("x", lane: lane)
            return Vertical(ascender: cap.ascent, descender: cap.ascent - cap.height, capHeight: cap.inkAboveBaseline, xHeight: x.inkAboveBaseline)
        }
    }
}
