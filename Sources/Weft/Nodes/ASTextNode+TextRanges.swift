import Foundation

/// Texture's text-range geometry on `ASTextNode` (ASTextNode.h "Positioning"), measured on the text
/// as last laid out (the measurement, or else the bounds), as Texture's renderer measures: in the
/// text container's coordinates, which `textContainerInset` does not move. Ranges are UTF-16
/// offsets; the part of a range past the shown text (cut by truncation) has no geometry.
extension ASTextNode {
    /// Texture's `rectsForTextRange:`: one rect per line the range reaches, from its first
    /// character's left edge to its last one's right edge, as tall as the capitals of its font
    /// plus a margin of 1.3 × the font's descent above and below (Texture's cap-height measure).
    public func rects(forTextRange textRange: NSRange) -> [NSValue] {
        capHeightRects(textRange).map { NSValue(cgRect: $0) }
    }

    /// Texture's `highlightRectsForTextRange:`: the cap-height rects of `rects(forTextRange:)`
    /// merged into at most three blocks, as Texture's highlight measures: the first line, the
    /// lines between as one block, and the last line, their edges aligned to the block's.
    public func highlightRects(forTextRange textRange: NSRange) -> [NSValue] {
        Self.blocks(capHeightRects(textRange)).map { NSValue(cgRect: $0) }
    }

    /// Texture's `frameForTextRange:`: the box around every line the range reaches, each line as
    /// tall as the line. `.null` for a range outside the text, which is reported.
    public func frame(forTextRange textRange: NSRange) -> CGRect {
        let length = attributedText?.length ?? 0
        guard textRange.location >= 0, textRange.length >= 0, textRange.location <= length - textRange.length else {
            WeftDiagnostics.report(.text, diagnosticSubject, "frame(forTextRange:) range {\(textRange.location), \(textRange.length)} is outside the text's \(length) characters; .null returned")
            return .null
        }
        return lineHeightRects(textRange).reduce(CGRect.null) { $0.union($1) }
    }

    /// Texture's `trailingRect`: the space after the last character shown, from its right edge on
    /// its line to the text container's right and bottom edges; the whole container when there is
    /// no text.
    public func trailingRect() -> CGRect {
        let layout = shownLayout()
        let container = shownTextBox(layout).width > 0 ? containerSize(layout) : layout.size
        guard let last = lineHeightRects(NSRange(location: max(0, shownLength(layout) - 1), length: 1)).last else {
            return CGRect(origin: .zero, size: container)
        }
        return CGRect(x: last.maxX, y: last.minY, width: container.width - last.maxX, height: container.height - last.minY)
    }

    // MARK: Measuring

    /// The text container's size: the bounds less `textContainerInset`, or the layout's size
    /// before the node has a size.
    private func containerSize(_ layout: TextLayout) -> CGSize {
        bounds.size == .zero ? layout.size : Self.textSize(in: bounds.size, inset: textContainerInset)
    }

    /// How many UTF-16 characters of the text are shown (before any truncation string).
    private func shownLength(_ layout: TextLayout) -> Int {
        let displayed = layout.displayed
        return displayed.utf16Offset(ofByte: layout.truncationStart ?? displayed.string.utf8.count)
    }

    /// The pieces of `range` on each line, clamped to the shown text.
    private func pieces(_ range: NSRange) -> (pieces: [TextPiece], layout: TextLayout) {
        let layout = shownLayout()
        let shown = shownLength(layout)
        let start = min(max(range.location, 0), shown)
        let end = min(max(range.location + max(range.length, 0), start), shown)
        guard start < end else { return ([], layout) }
        let displayed = layout.displayed
        let bytes = displayed.byteOffset(ofUTF16: start)..<displayed.byteOffset(ofUTF16: end)
        let width = shownTextBox(layout).width
        return (TextLayoutEngine.pieces(of: layout, forBytes: bytes, width: width, subject: diagnosticSubject), layout)
    }

    private func lineHeightRects(_ range: NSRange) -> [CGRect] {
        pieces(range).pieces.map { CGRect(x: $0.minX, y: $0.top, width: $0.maxX - $0.minX, height: $0.bottom - $0.top) }
    }

    private func capHeightRects(_ range: NSRange) -> [CGRect] {
        let (pieces, layout) = pieces(range)
        // Each font's metrics are read once (two pango layouts), however many lines use it.
        var metricsByFont: [UIFont: FontMetrics.Vertical] = [:]
        return pieces.map { piece in
            let font = layout.displayed.runs.first { $0.range.contains(piece.firstByte) }?.style?.font ?? TextRunStyle().font
            let metrics = metricsByFont[font] ?? FontMetrics.vertical(of: font)
            metricsByFont[font] = metrics
            let padding = 1.3 * abs(metrics.descender)
            return CGRect(x: piece.minX, y: piece.baseline - metrics.capHeight - padding,
                          width: piece.maxX - piece.minX, height: metrics.capHeight + 2 * padding)
        }
    }

    /// Texture's block measure: the first rect, the middle ones as one block, and the last, the
    /// first widened to the block's right edge, the block spanning the first and last's left and
    /// right edges, and the last widened to the block's left edge.
    static func blocks(_ rects: [CGRect]) -> [CGRect] {
        guard var first = rects.first else { return [] }
        guard rects.count > 1 else { return [first] }
        var last = rects[rects.count - 1]
        var block: CGRect? = rects.count > 2 ? rects[1..<(rects.count - 1)].reduce(CGRect.null) { $0.union($1) } : nil
        if var middle = block {
            let right = max(middle.maxX, last.maxX)
            if right > first.maxX { first.size.width += right - first.maxX }
            middle.origin.x = min(first.minX, last.minX)
            middle.size.width += max(first.maxX, last.maxX) - middle.maxX
            block = middle
        }
        let left = min(block?.minX ?? .infinity, first.minX)
        let nudge = max(last.minX - left, 0)
        last.origin.x = min(left, last.minX)
        last.size.width += nudge
        return [first] + (block.map { [$0] } ?? []) + [last]
    }
}
