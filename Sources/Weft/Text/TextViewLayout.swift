import Foundation

/// How a text view's text is laid out, measured and drawn, for `UITextView` and
/// `ASEditableTextNode`: as TextKit fills a text view's container, every line at the container's
/// width from the top, none truncated. Lines past the bounds are scrolled to in UIKit; offscreen
/// they are clipped by the view's bounds.
/// Stateless; use from any context.
enum TextViewLayout {
    /// The request for `content` shown in an interface of `direction`.
    static func request(_ content: TextContent, direction: UIUserInterfaceLayoutDirection, subject: String) -> TextLayoutRequest {
        var content = content
        content.layoutDirection = direction
        return TextLayoutRequest(content: content, subject: subject)
    }

    /// All the lines, wrapped at `width` (unlimited when infinite).
    static func layout(_ request: TextLayoutRequest, width: CGFloat) -> TextLayout {
        TextLayoutEngine.layout(request, in: CGSize(width: max(0, width), height: .infinity), cache: .shared)
    }

    /// Texture's `ASTextKitComponents` `sizeForConstrainedWidth:forMaxNumberOfLines:`: the width
    /// all the lines use at `width`, and the height of the first `maximumLines` lines (all of
    /// them when 0 or when there are fewer).
    static func size(_ request: TextLayoutRequest, constrainedWidth width: CGFloat, maximumLines: Int) -> CGSize {
        let layout = layout(request, width: width)
        guard maximumLines > 0, layout.lineCount > maximumLines else { return layout.size }
        let lines = TextLayoutEngine.lineRects(of: layout, width: boxWidth(layout, width), subject: request.subject)
        guard lines.count > maximumLines else { return layout.size }
        return CGSize(width: layout.size.width, height: ASCeilPixelValue(lines[maximumLines - 1].maxY))
    }

    /// Draws the text with its container's top left at `container.origin`, lines wrapped and
    /// aligned in `container.width`.
    static func draw(_ request: TextLayoutRequest, in container: CGRect, context: GraphicsContext) {
        guard !request.content.isEmpty else { return }
        let layout = layout(request, width: container.width)
        TextLayoutEngine.draw(layout, in: CGRect(origin: container.origin, size: CGSize(width: boxWidth(layout, container.width), height: layout.size.height)),
                              subject: request.subject, context: context)
    }

    /// The box around the glyphs of `range` (UTF-16 offsets of the text), in the container's
    /// coordinates, the text wrapped at `width`; each line counts as tall as the line. `.zero` for
    /// an empty range, which covers no glyph.
    static func frame(of range: NSRange, in request: TextLayoutRequest, width: CGFloat) -> CGRect {
        let layout = layout(request, width: width)
        let content = layout.displayed
        let bytes = content.byteOffset(ofUTF16: range.location)..<content.byteOffset(ofUTF16: range.location + range.length)
        let pieces = TextLayoutEngine.pieces(of: layout, forBytes: bytes, width: boxWidth(layout, width), subject: request.subject)
        let frame = pieces.reduce(CGRect.null) { $0.union(CGRect(x: $1.minX, y: $1.top, width: $1.maxX - $1.minX, height: $1.bottom - $1.top)) }
        return frame.isNull ? .zero : frame
    }

    /// The width lines are aligned in: the container's, or the text's own when it is unlimited.
    private static func boxWidth(_ layout: TextLayout, _ width: CGFloat) -> CGFloat {
        width.isFinite ? width : layout.size.width
    }
}
