import Foundation

/// Links and highlighting: Texture's `linkAttributeNames`, `delegate`,
/// `linkAttributeValueAtPoint:attributeName:range:`, `highlightRange` and `highlightStyle`.
///
/// Left out, because an offscreen renderer has no touches: `passthroughNonlinkTouches`,
/// `longPressCancelsTouches` and `alwaysHandleTruncationTokenTap`, which only steer Texture's
/// touch handling and gesture recognizers.
///
/// Thread safety: the state is `textState`'s (`ASTextNode.TextState.links`); pango runs outside
/// the mutex, on a render lane.
extension ASTextNode {
    /// What the links and the highlight are, owned by `textState`'s mutex.
    struct LinkState {
        var names = [NSAttributedString.Key.link.rawValue]
        var delegate = WeakTextNodeDelegate()
        var highlightRange = NSRange(location: 0, length: 0)
        var highlightStyle = ASTextNodeHighlightStyle.light
    }

    /// Texture's `linkAttributeNames`: the attributes that count as links; `[.link]`'s raw value
    /// ("NSLink") by default.
    public var linkAttributeNames: [String] {
        get { textState.withLock { $0.links.names } }
        set { textState.withLock { $0.links.names = newValue } }
    }

    /// Texture's `delegate`, held weakly. Weft has no touches and never calls it (see
    /// `ASTextNodeDelegate`).
    public var delegate: (any ASTextNodeDelegate)? {
        get { textState.withLock { $0.links.delegate }.value }
        set { textState.withLock { $0.links.delegate = WeakTextNodeDelegate(newValue) } }
    }

    /// Texture's `linkAttributeValueAtPoint:attributeName:range:`: the value of the first of
    /// `linkAttributeNames` set on the character under `point` (in the node's coordinates, on the
    /// text as last laid out: the measurement, or else the bounds), with that name in
    /// `attributeName` and the attribute's longest effective range, within the shown text, in
    /// `range`. Nil, with `attributeName` set to nil and `range` untouched, where there is no
    /// link: between lines, past a line's end, or on the truncation string.
    public func linkAttributeValue(at point: CGPoint, attributeName: UnsafeMutablePointer<NSString?>?,
                                   range: UnsafeMutablePointer<NSRange>?) -> Any? {
        attributeName?.pointee = nil
        guard point.x.isFinite, point.y.isFinite else {
            WeftDiagnostics.report(.text, diagnosticSubject, "linkAttributeValue(at:) point \(point) is not finite; no link")
            return nil
        }
        let (text, names) = textState.withLock { ($0.attributedText?.value, $0.links.names) }
        guard let text, !names.isEmpty else { return nil }
        let layout = shownLayout()
        let (width, origin) = shownTextBox(layout)
        let inText = CGPoint(x: point.x - origin.x, y: point.y - origin.y)
        guard let byte = TextLayoutEngine.byteIndex(in: layout, width: width, at: inText, subject: diagnosticSubject),
              byte < layout.truncationStart ?? .max else { return nil }
        let displayed = layout.displayed
        let index = displayed.utf16Offset(ofByte: byte)
        let shownLength = min(text.length, displayed.utf16Offset(ofByte: layout.truncationStart ?? displayed.string.utf8.count))
        guard index < shownLength else { return nil }
        let shown = NSRange(location: 0, length: shownLength)
        for name in names {
            var effective = NSRange(location: 0, length: 0)
            guard let value = text.attribute(NSAttributedString.Key(name), at: index, longestEffectiveRange: &effective, in: shown) else { continue }
            attributeName?.pointee = NSString(string: name)
            range?.pointee = effective
            return value
        }
        return nil
    }

    /// Texture's `highlightStyle`; `.light` by default.
    public var highlightStyle: ASTextNodeHighlightStyle {
        get { textState.withLock { $0.links.highlightStyle } }
        set {
            let changed = textState.withLock { s in
                defer { s.links.highlightStyle = newValue }
                return s.links.highlightStyle != newValue && s.links.highlightRange.length > 0
            }
            if changed { setNeedsDisplay() }
        }
    }

    /// Texture's `highlightRange`: the characters (UTF-16 offsets) drawn with a highlight, rounded
    /// boxes tinted by `highlightStyle` over the text, as Texture's highlight layer draws them;
    /// none (length 0) by default. A range past the end of the text is cut to it and reported.
    public var highlightRange: NSRange {
        get { textState.withLock { $0.links.highlightRange } }
        set { setHighlightRange(newValue, animated: false) }
    }

    /// Texture's `setHighlightRange:animated:`. Offscreen there is no animation to watch: the
    /// highlight is drawn from the next display, `animated` or not.
    public func setHighlightRange(_ highlightRange: NSRange, animated: Bool) {
        var range = highlightRange
        if range.length > 0 {
            let length = attributedText?.length ?? 0
            let start = min(max(range.location, 0), length)
            let end = range.location > length - range.length ? length : range.location + range.length
            if start != range.location || end - start != range.length {
                WeftDiagnostics.report(.text, diagnosticSubject, "highlightRange {\(range.location), \(range.length)} is outside the text's \(length) characters; {\(start), \(max(end - start, 0))} used")
                range = NSRange(location: start, length: max(end - start, 0))
            }
        }
        let changed = textState.withLock { s in
            let old = s.links.highlightRange
            guard old != range, old.length != 0 || range.length != 0 else { return false }
            s.links.highlightRange = range
            return true
        }
        if changed { setNeedsDisplay() }
    }

    /// The highlight to draw over `content` (the node's text as laid out), in its UTF-8 offsets.
    func currentHighlight(in content: TextContent) -> TextHighlight? {
        let (range, style) = textState.withLock { ($0.links.highlightRange, $0.links.highlightStyle) }
        guard range.length > 0, range.location >= 0 else { return nil }
        let start = content.byteOffset(ofUTF16: range.location), end = content.byteOffset(ofUTF16: range.location + range.length)
        guard end > start else { return nil }
        return TextHighlight(bytes: start..<end, style: style)
    }

    /// The text as last laid out: the measurement, or else in the bounds (inside `textContainerInset`).
    func shownLayout() -> TextLayout {
        let (measured, inset) = textState.withLock { ($0.measured, $0.textContainerInset) }
        if let measured { return measured.layout ?? layout(in: measured.constrainedSize) }
        let size = bounds.size
        return layout(in: size == .zero ? CGSize(width: CGFloat.infinity, height: .infinity) : Self.textSize(in: size, inset: inset))
    }

    /// The width `layout` is drawn in and where its box starts in the node's coordinates: the
    /// bounds inside `textContainerInset`, or the layout's own width before the node has a size.
    func shownTextBox(_ layout: TextLayout) -> (width: CGFloat, origin: CGPoint) {
        let inset = textState.withLock { $0.textContainerInset }
        let width = bounds.width > 0 ? Self.textSize(in: bounds.size, inset: inset).width : layout.size.width
        return (width, CGPoint(x: inset.left, y: inset.top))
    }
}

/// The highlight a text node draws: its bytes in the laid-out text, and its style.
/// Sendable value; use from any context.
struct TextHighlight: Sendable, Hashable {
    let bytes: Range<Int>
    let style: ASTextNodeHighlightStyle
}

/// A text node's delegate, held weakly inside the node's state.
struct WeakTextNodeDelegate: @unchecked Sendable {
    // SAFETY: the reference is only stored and handed back to the caller of `delegate`; Weft never
    // calls the delegate, on any thread.
    weak var value: (any ASTextNodeDelegate)?
    init(_ value: (any ASTextNodeDelegate)? = nil) { self.value = value }
}
