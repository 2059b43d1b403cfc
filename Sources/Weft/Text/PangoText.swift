import CWeft
import Foundation

/// One `PangoLayout` built from `TextContent`, alive only inside the closure that borrowed its lane.
/// Lent to a closure on a render lane; never escapes.
final class PangoText {
    let layout: OpaquePointer
    private let scale = CGFloat(PANGO_SCALE)

    init(_ content: TextContent, width: CGFloat?, ellipsis: TextLayout.Ellipsis, lane: RenderLane) {
        // The context's base direction is what pango gives paragraphs without a strong character
        // (auto-dir stays on: text of a right-to-left script still runs right to left, as UIKit's
        // natural writing direction). Set only when it differs, so left-to-right text leaves the
        // lane's context exactly as it was.
        let rightToLeftInterface = content.layoutDirection == .rightToLeft
        let base = rightToLeftInterface ? PANGO_DIRECTION_WEAK_RTL : PANGO_DIRECTION_WEAK_LTR
        if pango_context_get_base_dir(lane.context) != base { pango_context_set_base_dir(lane.context, base) }
        layout = pango_layout_new(lane.context)
        let bytes = Array(content.string.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32(buffer.count)) }
        }
        setWidth(width)
        let paragraph = content.paragraph
        pango_layout_set_wrap(layout, paragraph.lineBreakMode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        if paragraph.lineSpacing > 0 { pango_layout_set_spacing(layout, Self.units(paragraph.lineSpacing)) }
        if paragraph.lineHeightMultiple > 0, paragraph.lineHeightMultiple.isFinite {
            pango_layout_set_line_spacing(layout, Float(paragraph.lineHeightMultiple))
        }
        if paragraph.firstLineHeadIndent != 0 { pango_layout_set_indent(layout, Self.units(paragraph.firstLineHeadIndent)) }
        // Asking pango for the paragraph's direction lays the text out, so do it only when an
        // explicit left or right needs it, and after the attributes, so that layout is the one kept.
        applyAttributes(content.runs, insertsHyphens: paragraph.hyphenationFactor > 0)
        applyAlignment(paragraph.alignment, naturalIsRight: rightToLeftInterface) {
            (pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_RTL) != rightToLeftInterface
        }
        switch ellipsis {
        case .none: break
        case .head(let lines):
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
            pango_layout_set_height(layout, -Int32(clamping: lines))
        case .middle(let lines):
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
            pango_layout_set_height(layout, -Int32(clamping: lines))
        case .tail(let lines):
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_height(layout, -Int32(clamping: lines))
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Points in pango units, rounded toward zero. `TextContent` has repaired the values already
    /// (see `TextRepairs`); this keeps any other value (a draw box of 1e300 pt) from trapping, as
    /// `Int32(_:)` would past its range: NaN is 0, the rest clamped. Both bounds are exact doubles.
    static func units(_ points: CGFloat) -> Int32 {
        let value = points * CGFloat(PANGO_SCALE)
        guard !value.isNaN else { return 0 }
        return Int32(max(min(value, CGFloat(Int32.max)), CGFloat(Int32.min)))
    }

    /// Sets the wrap width; nil or a non-finite width means no wrapping.
    func setWidth(_ width: CGFloat?) {
        if let width, width.isFinite, width >= 0 {
            pango_layout_set_width(layout, Self.units(width))
        } else {
            pango_layout_set_width(layout, -1)
        }
    }

    var lineCount: Int { Int(pango_layout_get_line_count(layout)) }

    /// The UTF-8 offset where line `index` starts; the text's length past the last line.
    func lineStart(_ index: Int) -> Int {
        guard index < lineCount, let line = pango_layout_get_line_readonly(layout, Int32(index)) else {
            return Int(strlen(pango_layout_get_text(layout)))
        }
        return Int(line.pointee.start_index)
    }

    /// The UTF-8 length of line `index` without its line break; 0 past the last line.
    func lineLength(_ index: Int) -> Int {
        guard index < lineCount, let line = pango_layout_get_line_readonly(layout, Int32(index)) else { return 0 }
        return Int(line.pointee.length)
    }

    /// The height of the first line, in points (the line's extent, spacing aside).
    var firstLineHeight: CGFloat {
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        var top: Int32 = 0, bottom: Int32 = 0
        pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
        return CGFloat(bottom - top) / scale
    }

    /// The first line's baseline, in points from the top.
    var firstBaseline: CGFloat { CGFloat(pango_layout_get_baseline(layout)) / scale }

    /// How many lines end within `height` points from the top; at least one.
    func linesFitting(height: CGFloat) -> Int {
        guard height.isFinite else { return .max }
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        var count = 0
        repeat {
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            // A hair of tolerance: sizes are rounded up to the pixel grid before they come back here.
            guard CGFloat(bottom) / scale <= height + 0.001 else { break }
            count += 1
        } while pango_layout_iter_next_line(iterator) != 0
        return max(count, 1)
    }

    /// The UTF-8 offset of the character under `point` (points from the layout's top left); nil
    /// when the point is not on a line's text.
    func byteIndex(at point: CGPoint) -> Int? {
        var index: Int32 = 0, trailing: Int32 = 0
        guard pango_layout_xy_to_index(layout, Self.units(point.x), Self.units(point.y), &index, &trailing) != 0 else { return nil }
        return Int(index)
    }

    /// The boxes covering the UTF-8 range `bytes`, one per run of glyphs on each line, in points
    /// from the layout's top left: each as tall as its line.
    func rects(forBytes bytes: Range<Int>) -> [CGRect] {
        var rects: [CGRect] = []
        forEachLine { line, top, bottom, _ in
            let start = Int(line.pointee.start_index), end = start + Int(line.pointee.length)
            let lower = max(start, bytes.lowerBound), upper = min(end, bytes.upperBound)
            guard lower < upper else { return }
            for (x0, x1) in xRanges(line, lower..<upper) {
                rects.append(CGRect(x: x0, y: top, width: x1 - x0, height: bottom - top))
            }
        }
        return rects
    }

    /// The stretches of `line` the UTF-8 range `bytes` covers, left to right, in points.
    private func xRanges(_ line: UnsafeMutablePointer<PangoLayoutLine>, _ bytes: Range<Int>) -> [(CGFloat, CGFloat)] {
        var ranges: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        pango_layout_line_get_x_ranges(line, Int32(bytes.lowerBound), Int32(bytes.upperBound), &ranges, &count)
        defer { g_free(ranges) }
        guard let ranges else { return [] }
        return (0..<Int(count)).map { (CGFloat(ranges[2 * $0]) / scale, CGFloat(ranges[2 * $0 + 1]) / scale) }
    }

    /// Where the UTF-8 range `bytes` lies on each line it reaches, in points from the layout's
    /// top left: from the left edge of its leftmost glyph to the right edge of its rightmost, the
    /// line's top, bottom and baseline, and the first of its bytes on that line.
    func pieces(forBytes bytes: Range<Int>) -> [TextPiece] {
        var pieces: [TextPiece] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            let start = Int(line.pointee.start_index), end = start + Int(line.pointee.length)
            let lower = max(start, bytes.lowerBound), upper = min(end, bytes.upperBound)
            guard lower < upper else { continue }
            let stretches = xRanges(line, lower..<upper)
            guard let minX = stretches.map(\.0).min(), let maxX = stretches.map(\.1).max() else { continue }
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            pieces.append(TextPiece(minX: minX, maxX: maxX, top: CGFloat(top) / scale,
                                    bottom: CGFloat(bottom) / scale, baseline: CGFloat(pango_layout_iter_get_baseline(iterator)) / scale,
                                    firstByte: lower))
        } while pango_layout_iter_next_line(iterator) != 0
        return pieces
    }

    /// Each line's logical box, in points from the layout's top left.
    func lineRects() -> [CGRect] {
        var rects: [CGRect] = []
        forEachLine { _, _, _, logical in rects.append(logical) }
        return rects
    }

    /// Calls `body` with each line, its top and bottom, and its logical box, in points.
    private func forEachLine(_ body: (UnsafeMutablePointer<PangoLayoutLine>, CGFloat, CGFloat, CGRect) -> Void) {
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            body(line, CGFloat(top) / scale, CGFloat(bottom) / scale,
                 CGRect(x: CGFloat(logical.x) / scale, y: CGFloat(logical.y) / scale,
                        width: CGFloat(logical.width) / scale, height: CGFloat(logical.height) / scale))
        } while pango_layout_iter_next_line(iterator) != 0
    }

    /// The metrics of this layout as a `TextLayout` describing `displayed`.
    func result(displayed: TextContent, ellipsis: TextLayout.Ellipsis, wrapWidth: CGFloat?, truncated: Bool) -> TextLayout {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let iterator = pango_layout_get_iter(layout)
        var lastBaseline = pango_layout_iter_get_baseline(iterator)
        while pango_layout_iter_next_line(iterator) != 0 { lastBaseline = pango_layout_iter_get_baseline(iterator) }
        pango_layout_iter_free(iterator)
        let size = CGSize(width: ASCeilPixelValue(CGFloat(logical.width) / scale),
                          height: ASCeilPixelValue(CGFloat(logical.height) / scale))
        return TextLayout(displayed: displayed, ellipsis: ellipsis, wrapWidth: wrapWidth, size: size,
                          lineCount: lineCount, isTruncated: truncated || pango_layout_is_ellipsized(layout) != 0,
                          firstBaseline: CGFloat(pango_layout_get_baseline(layout)) / scale,
                          lastBaseline: CGFloat(lastBaseline) / scale)
    }

    /// `naturalIsRight`: the interface runs right to left, so natural (and justified text's last
    /// line) is the right edge whatever the text; otherwise natural is the paragraph's start
    /// (pango's LEFT, which it mirrors in a paragraph of a right-to-left script).
    /// `mirrored`: pango swaps LEFT and RIGHT in a paragraph whose direction is the opposite of the
    /// context's base direction; UIKit's left and right are physical, so they are swapped back.
    private func applyAlignment(_ alignment: NSTextAlignment, naturalIsRight: Bool, mirrored: () -> Bool) {
        func physicalRight() -> PangoAlignment { mirrored() ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT }
        switch alignment {
        case .natural: pango_layout_set_alignment(layout, naturalIsRight ? physicalRight() : PANGO_ALIGN_LEFT)
        case .justified:
            pango_layout_set_alignment(layout, naturalIsRight ? physicalRight() : PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .left: pango_layout_set_alignment(layout, mirrored() ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        case .right: pango_layout_set_alignment(layout, physicalRight())
        }
    }

    /// `insertsHyphens`: whether a word broken across lines (one wider than the line) gets a
    /// hyphen. pango adds one by default; UIKit only when the paragraph's `hyphenationFactor` is
    /// above 0, so it is off otherwise.
    private func applyAttributes(_ runs: [TextContent.Run], insertsHyphens: Bool) {
        let list = pango_attr_list_new()
        defer { pango_attr_list_unref(list) }
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ range: Range<Int>) {
            guard let attribute else { return }
            attribute.pointee.start_index = UInt32(range.lowerBound)
            attribute.pointee.end_index = UInt32(range.upperBound)
            pango_attr_list_insert(list, attribute)
        }
        if !insertsHyphens, let whole = pango_attr_insert_hyphens_new(0) {
            // The default range of a new attribute is the whole text.
            pango_attr_list_insert(list, whole)
        }
        func channel(_ value: CGFloat) -> UInt16 { value.isFinite ? UInt16((min(max(value, 0), 1) * 65535).rounded()) : 0 }
        for run in runs {
            let style = run.style ?? TextRunStyle()
            let range = run.range
            let font = FontDescription(style.font)
            insert(pango_attr_font_desc_new(font.description), range)
            if !style.font.features.isEmpty {
                insert(pango_attr_font_features_new(FontFeature.pangoString(style.font.features)), range)
            }
            // Dynamic colours resolve here, for UITraitCollection.current (the drawing node's
            // traits), never when the text is captured or its layout cached: a cached layout keeps
            // the colour objects, so it draws right in either appearance.
            let color = style.color.components
            insert(pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)), range)
            if color.alpha < 1 { insert(pango_attr_foreground_alpha_new(channel(color.alpha)), range) }
            if let background = style.backgroundColor?.components {
                insert(pango_attr_background_new(channel(background.red), channel(background.green), channel(background.blue)), range)
                if background.alpha < 1 { insert(pango_attr_background_alpha_new(channel(background.alpha)), range) }
            }
            if style.kern != 0 { insert(pango_attr_letter_spacing_new(Self.units(style.kern)), range) }
            if !style.underline.isEmpty {
                let kind = style.underline.contains(.double) && style.underline != .single ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE
                insert(pango_attr_underline_new(kind), range)
                if let color = style.underlineColor?.components {
                    insert(pango_attr_underline_color_new(channel(color.red), channel(color.green), channel(color.blue)), range)
                }
            }
            if !style.strikethrough.isEmpty {
                insert(pango_attr_strikethrough_new(1), range)
                if let color = style.strikethroughColor?.components {
                    insert(pango_attr_strikethrough_color_new(channel(color.red), channel(color.green), channel(color.blue)), range)
                }
            }
            if style.baselineOffset != 0 { insert(pango_attr_rise_new(Self.units(style.baselineOffset)), range) }
        }
        pango_layout_set_attributes(layout, list)
    }
}

/// A `PangoFontDescription` for a `UIFont`, freed when it goes.
/// Lent to a closure on a render lane; never escapes.
final class FontDescription {
    let description: OpaquePointer

    init(_ font: UIFont) {
        description = pango_font_description_new()
        pango_font_description_set_family(description, font.familyName)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.cssWeight)))
        pango_font_description_set_style(description, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        // UIFont keeps sizes within its limits; the clamp only guards pango's own range.
        let size = min(max(Double(font.pointSize), Double(UIFont.minimumPointSize)), Double(WeftLimits.maximumFontSize))
        pango_font_description_set_absolute_size(description, (size.isNaN ? Double(UIFont.systemFontSize) : size) * Double(PANGO_SCALE))
    }

    deinit { pango_font_description_free(description) }
}

/// Where a stretch of text lies on one line (`PangoText.pieces(forBytes:)`), in points.
/// Sendable value; use from any context.
struct TextPiece: Sendable, Equatable {
    var minX: CGFloat
    var maxX: CGFloat
    var top: CGFloat
    var bottom: CGFloat
    var baseline: CGFloat
    /// The first UTF-8 offset of the stretch on this line, in the laid-out text.
    var firstByte: Int

    func offsetBy(dx: CGFloat, dy: CGFloat, bytes: Int) -> TextPiece {
        TextPiece(minX: minX + dx, maxX: maxX + dx, top: top + dy, bottom: bottom + dy, baseline: baseline + dy, firstByte: firstByte + bytes)
    }
}
