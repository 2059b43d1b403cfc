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
