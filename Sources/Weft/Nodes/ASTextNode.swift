import Foundation
import Synchronization

/// A node that draws attributed text, measured and drawn with pango; Texture's `ASTextNode`.
///
/// Honours font, foreground and background colour, paragraph style (alignment, line spacing,
/// line-height multiple, first-line indent, line break mode), kern, underline, strikethrough and
/// baseline offset. Text wraps at the constrained width and is truncated to
/// `maximumNumberOfLines` and to the constrained height: at the tail with
/// `truncationAttributedText` (default "…", in the style of the text it ends), the last line
/// holding as much of the remaining text as fits before it, as UILabel does; at the head or in the
/// middle with pango's "…" for `.byTruncatingHead` / `.byTruncatingMiddle`; cut without a mark
/// for `.byClipping`. The paragraph style of the first character applies to all the text.
/// In a right-to-left interface (`effectiveUserInterfaceLayoutDirection`), `.natural` alignment is
/// the right edge and text with no strong direction runs right to left; `.left` and `.right` stay
/// physical, as in UIKit. Text of a right-to-left script aligns naturally to the right anywhere.
///
/// Links, the highlight and the delegate are in `ASTextNode+Links.swift`; Texture's line-box
/// placeholder in `ASTextNode+Placeholder.swift`; the text-range geometry in
/// `ASTextNode+TextRanges.swift`; the container inset and the tint option in
/// `ASTextNode+Beta.swift`. A word wider than a line breaks without a hyphen unless the paragraph
/// style's `hyphenationFactor` is above 0, as in UIKit. Not offered: `pointSizeScaleFactors`,
/// the text node's own shadow drawing (`shadowPadding`), and the touch options
/// (`passthroughNonlinkTouches` and the like: there are no touches).
/// Thread-safe, like every node: all of its own state is in `textState`, behind one mutex.
open class ASTextNode: ASDisplayNode {
    // SAFETY: the text state is in `textState`, behind its mutex; NSAttributedStrings are kept as
    // immutable copies that are never mutated.
    /// Owned by `textState`'s mutex, whichever thread sets the text, measures or captures drawing.
    /// Pango and the copying of attributed text run outside it; what they produce is stored only
    /// if the text it came from is still the node's (see `ASTextNode+Preload.swift`).
    struct TextState {
        /// The one kept copy of the text: `request.content` is derived from it, and dropped
        /// outside the preload range.
        var attributedText: ImmutableAttributedString?
        /// Nil until set: then the truncation string is "…" (see `composedTruncation`).
        var truncationAttributedText: ImmutableAttributedString?
        var additionalTruncationMessage: ImmutableAttributedString?
        /// Counts changes of the two above: the composed truncation string is made outside the
        /// lock, and is stored only when no later change came in meanwhile.
        var truncationChanges = 0
        /// Link names, delegate and highlight (`ASTextNode+Links.swift`).
        var links = LinkState()
        /// The line-box placeholder's settings (`ASTextNode+Placeholder.swift`).
        var placeholder = PlaceholderState()
        /// The paths as given; the request holds their bounds.
        var exclusionPaths = ExclusionPaths(value: nil)
        /// Texture's `textContainerInset` (`ASTextNode+Beta.swift`): the text is laid out and
        /// drawn inside the node's bounds inset by it.
        var textContainerInset = UIEdgeInsets.zero
        /// Texture's `textColorFollowsTintColor` (`ASTextNode+Beta.swift`).
        var textColorFollowsTintColor = false
        /// What pango lays out. Its content is empty while `contentDropped`; `currentRequest()`
        /// copies it from `attributedText` again.
        var request = TextLayoutRequest(content: TextContent())
        var contentDropped = false
        /// The last measurement: the constrained size and the layout it gave. The layout is nil
        /// once dropped outside the preload range, and laid out again (the same layout: a pure
        /// function of the request and the size) when next needed.
        var measured: (constrainedSize: CGSize, layout: TextLayout?)?
        /// Where layouts are shared with other nodes; tests give a node its own to count layouts.
        var measurementCache = TextMeasurementCache.shared

        /// Lays the text out for the node's effective direction, read as each measurement and
        /// drawing starts (traits and the semantic content attribute can change it at any time);
        /// a measurement made for the other direction is dropped.
        mutating func follow(_ direction: UIUserInterfaceLayoutDirection) {
            guard request.content.layoutDirection != direction else { return }
            request.content.layoutDirection = direction
            measured = nil
        }

        /// Texture's composed truncation string: the truncation string, a space and the
        /// additional message; either alone when only it was set; "…" when neither was.
        var composedTruncation: NSAttributedString {
            guard let additional = additionalTruncationMessage?.value else {
                return (truncationAttributedText ?? ImmutableAttributedString.ellipsis).value
            }
            guard let truncation = truncationAttributedText?.value else { return additional }
            let composed = NSMutableAttributedString(attributedString: truncation)
            let spaceAttributes = truncation.length > 0 ? truncation.attributes(at: truncation.length - 1, effectiveRange: nil) : [:]
            composed.append(NSAttributedString(string: " ", attributes: spaceAttributes))
            composed.append(additional)
            return composed
        }
    }

    let textState = Mutex(TextState())

    public override init() {
        super.init()
        isOpaque = false
        // Texture's text nodes take no touches by default.
        isUserInteractionEnabled = false
        // Texture's text nodes redraw on a resize: stretched glyphs would be wrong.
        needsDisplayOnBoundsChange = true
    }

    /// The text to draw; nil draws nothing and measures 0×0. Copied when set (unless immutable).
    /// Values pango cannot take (a NaN kern, say) are repaired and reported (area `.text`), and
    /// text past `WeftLimits.maximumTextLength` is cut, as `TextRepairs` describes.
    public var attributedText: NSAttributedString? {
        get { textState.withLock { $0.attributedText?.value } }
        set {
            let copy = newValue.map(ImmutableAttributedString.init)
            let subject = diagnosticSubject
            let content = copy.map { TextContent($0.value, subject: subject) } ?? TextContent()
            updateRequest { s in
                s.attributedText = copy
                s.request.content = content
                s.contentDropped = false
                s.request.subject = subject
            }
        }
    }

    /// Texture's `supportsLayerBacking`: false when the text has a link (one of
    /// `linkAttributeNames`), which needs the node's view to be tapped (see `hasLink`).
    open override var supportsLayerBacking: Bool {
        super.supportsLayerBacking && !hasLink
    }

    /// Whether the text counts as having a link for `supportsLayerBacking`. Texture's older text
    /// node looks at the first attribute run only (its enumeration stops after the first run);
    /// `ASTextNode2` looks at every run.
    var hasLink: Bool {
        let (text, names) = textState.withLock { ($0.attributedText?.value, $0.links.names) }
        guard let text, text.length > 0 else { return false }
        return names.contains { text.attribute(NSAttributedString.Key($0), at: 0, effectiveRange: nil) != nil }
    }

    /// Whether any run of the text has one of `linkAttributeNames` set.
    final var anyRunHasLink: Bool {
        let (text, names) = textState.withLock { ($0.attributedText?.value, $0.links.names) }
        guard let text, text.length > 0 else { return false }
        let range = NSRange(location: 0, length: text.length)
        return names.contains { name in
            var found = false
            text.enumerateAttribute(NSAttributedString.Key(name), in: range, options: .longestEffectiveRangeNotRequired) { value, _, stop in
                guard value != nil else { return }
                found = true
                stop.pointee = true
            }
            return found
        }
    }

    /// The most lines shown; 0 (the default) means no limit.
    public var maximumNumberOfLines: UInt {
        get { textState.withLock { UInt($0.request.maximumNumberOfLines) } }
        set { updateRequest { $0.request.maximumNumberOfLines = Int(min(newValue, UInt(Int32.max))) } }
    }

    /// Where text is cut when it does not fit; `.byWordWrapping` by default, which (like every mode
    /// but head, middle and clipping) truncates at the tail.
    public var truncationMode: NSLineBreakMode {
        get { textState.withLock { $0.request.truncationMode } }
        set { updateRequest { $0.request.truncationMode = newValue } }
    }

    /// Shown where tail-truncated text is cut; "…" by default, and again once set to nil (Texture's
    /// property is nullable). Runs without attributes take the style of the last character kept.
    public var truncationAttributedText: NSAttributedString? {
        get { (textState.withLock { $0.truncationAttributedText } ?? ImmutableAttributedString.ellipsis).value }
        set {
            let copy = newValue.map(ImmutableAttributedString.init)
            updateTruncation(subject: ".truncationAttributedText") { $0.truncationAttributedText = copy }
        }
    }

    /// Texture's `additionalTruncationMessage`: a second string shown after the truncation string
    /// (and a space) where the text is cut at the tail, such as "Read more"; nil by default. Set
    /// alone, it replaces the "…".
    public var additionalTruncationMessage: NSAttributedString? {
        get { textState.withLock { $0.additionalTruncationMessage?.value } }
        set {
            let copy = newValue.map(ImmutableAttributedString.init)
            updateTruncation(subject: ".additionalTruncationMessage") { $0.additionalTruncationMessage = copy }
        }
    }

    private func updateTruncation(subject: String, _ change: (inout TextState) -> Void) {
        let subject = diagnosticSubject + subject
        let (composed, stamp) = textState.withLock { s in
            change(&s)
            s.truncationChanges &+= 1
            return (s.composedTruncation, s.truncationChanges)
        }
        // Outside the lock: making the content may report diagnostics, which run observers.
        let content = TextContent(composed, subject: subject)
        updateRequest { s in
            // A later change on another thread composes and stores its own.
            if s.truncationChanges == stamp { s.request.truncation = content }
        }
    }

    /// Texture's `shouldTruncateForConstrainedSize:`: whether the text, laid out in the range's
    /// maximum size, is cut. Leaves the node's own measurement (`isTruncated`, `lineCount`) as it was.
    public func shouldTruncate(forConstrainedSize constrainedSize: ASSizeRange) -> Bool {
        let direction = effectiveUserInterfaceLayoutDirection
        let cache = textState.withLock { s in
            s.follow(direction)
            return s.measurementCache
        }
        return TextLayoutEngine.layout(currentRequest(), in: constrainedSize.max, cache: cache).isTruncated
    }

    /// Texture's `exclusionPaths`: regions of the node's bounds the text flows around, as
    /// TextKit's text container does (line by line, each line in the stretches the paths leave
    /// free, left to right; see `TextLayoutEngine.exclusionLayout`). Each path counts as its
    /// bounding rectangle, read when the array is set. Nil or empty (the default) for none.
    /// Paths with non-finite bounds are left out and reported.
    public var exclusionPaths: [UIBezierPath]? {
        get { textState.withLock { $0.exclusionPaths }.value }
        set {
            var rects: [CGRect] = []
            for path in newValue ?? [] {
                let bounds = path.bounds
                guard !bounds.isNull, bounds.minX.isFinite, bounds.minY.isFinite, bounds.maxX.isFinite, bounds.maxY.isFinite else {
                    WeftDiagnostics.report(.text, diagnosticSubject, "an exclusion path's bounds \(bounds) are not finite; it is left out")
                    continue
                }
                rects.append(bounds)
            }
            let paths = ExclusionPaths(value: newValue)
            updateRequest { s in
                s.exclusionPaths = paths
                s.request.exclusions = rects
            }
        }
    }

    /// Texture's `usingExperiment` (ASTextNode+Beta.h): whether this is the newer implementation,
    /// `ASTextNode2`. Both draw the same here.
    open var usingExperiment: Bool { false }

    /// Redraws text that follows the tint colour (`textColorFollowsTintColor`), as Texture's does.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if textColorFollowsTintColor { setNeedsDisplay() }
    }

    /// The number of lines shown in the last layout (measurement, or else the bounds).
    public var lineCount: Int { shownLayout().lineCount }

    /// Whether the last layout (measurement, or else the bounds) cut the text.
    public var isTruncated: Bool { shownLayout().isTruncated }

    /// Distance from the top to the first line's baseline, in the last layout.
    public var firstBaseline: CGFloat { shownLayout().firstBaseline }

    /// Distance from the top to the last line's baseline, in the last layout.
    public var lastBaseline: CGFloat { shownLayout().lastBaseline }

    /// Also lets go of the measured text layout and the pango copy of the text, as Texture's text
    /// node does; see `ASTextNode+Preload.swift`.
    override func dropCachesOutsidePreloadRange() {
        super.dropCachesOutsidePreloadRange()
        dropTextLayoutCaches()
    }

    /// The text's size in `constrainedSize` less `textContainerInset`, with the inset added back,
    /// at most `constrainedSize`, as Texture's text node measures.
    open override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        let inset = textState.withLock { $0.textContainerInset }
        let text = layout(in: Self.textSize(in: constrainedSize, inset: inset)).size
        return CGSize(width: min(text.width + inset.left + inset.right, constrainedSize.width),
                      height: min(text.height + inset.top + inset.bottom, constrainedSize.height))
    }

    /// Where the text goes in a node of `size`: the size less `inset`, never negative.
    static func textSize(in size: CGSize, inset: UIEdgeInsets) -> CGSize {
        CGSize(width: max(0, size.width - inset.left - inset.right), height: max(0, size.height - inset.top - inset.bottom))
    }

    /// Lays out in `constrainedSize`, reusing the last measurement when the size is the same.
    func layout(in constrainedSize: CGSize) -> TextLayout {
        let direction = effectiveUserInterfaceLayoutDirection
        let (cached, cache) = textState.withLock { s in
            s.follow(direction)
            return (s.measured, s.measurementCache)
        }
        if let cached, cached.constrainedSize == constrainedSize, let layout = cached.layout { return layout }
        let request = currentRequest()
        let layout = TextLayoutEngine.layout(request, in: constrainedSize, cache: cache)
        textState.withLock { s in
            if !s.contentDropped, s.request == request { s.measured = (constrainedSize, layout) }
        }
        // Baseline alignment in stacks reads these, as Texture's text node sets them from its fonts.
        setBaselines(ascender: layout.firstBaseline, descender: layout.lastBaseline - layout.size.height)
        return layout
    }

    private func updateRequest(_ change: (inout TextState) -> Void) {
        textState.withLock { s in
            change(&s)
            s.measured = nil
        }
        setNeedsLayout()
        setNeedsDisplay()
    }

    open override func drawParameters() -> (any Sendable)? {
        let inset = textState.withLock { $0.textContainerInset }
        let bounds = CGRect(origin: CGPoint(x: inset.left, y: inset.top), size: Self.textSize(in: self.bounds.size, inset: inset))
        let direction = effectiveUserInterfaceLayoutDirection
        textState.withLock { $0.follow(direction) }
        var request = currentRequest()
        guard !request.content.isEmpty else { return nil }
        let (measured, cache) = textState.withLock { ($0.measured, $0.measurementCache) }
        if let tinted = tintedContent() {
            // Drawn in the tint colour: the same text and so the same lines, laid out as drawn.
            request.content = tinted
            request.content.layoutDirection = direction
            return TextDrawParameters(request: request, layout: nil, cache: cache, highlight: currentHighlight(in: request.content),
                                      textRect: bounds)
        }
        // Reuse the measurement when the node was sized from it; one dropped outside the preload
        // range is laid out again in the size it was measured in, so the pixels are the same.
        // (Read apart from the request: a text set meanwhile bumps the display generation, and
        // this capture is then never committed.)
        let layout = measured.map { $0.layout ?? self.layout(in: $0.constrainedSize) }
        let reusable = layout.flatMap { $0.size == bounds.size ? $0 : nil }
        return TextDrawParameters(request: request, layout: reusable, cache: cache, highlight: currentHighlight(in: request.content),
                                  textRect: bounds)
    }

    /// Texture's `placeholderImage()` for text: a box of `placeholderColor` over each line the
    /// text will take (see ASTextNode+Placeholder.swift); nil when the placeholder is disabled.
    open override func placeholderImage() -> UIImage? { linePlaceholderImage() }

    open override class func draw(_ bounds: CGRect, withParameters parameters: (any Sendable)?,
                                  isCancelled: () -> Bool, in context: GraphicsContext) {
        guard let parameters = parameters as? TextDrawParameters, !isCancelled() else { return }
        // The text's box in the node's bounds: inside `textContainerInset`.
        let rect = parameters.textRect.offsetBy(dx: bounds.minX, dy: bounds.minY)
        let layout = parameters.layout ?? TextLayoutEngine.layout(parameters.request, in: rect.size, cache: parameters.cache)
        guard !isCancelled() else { return }
        TextLayoutEngine.draw(layout, in: rect, subject: parameters.request.subject, context: context, highlight: parameters.highlight)
    }
}

/// What an `ASTextNode` draws with: the request, and its layout when the bounds match a measurement.
struct TextDrawParameters: Sendable {
    let request: TextLayoutRequest
    let layout: TextLayout?
    let cache: TextMeasurementCache
    let highlight: TextHighlight?
    /// The text's box in the node's bounds (origin at the bounds' origin): the bounds inside
    /// `textContainerInset`.
    let textRect: CGRect
}

/// An immutable attributed string, safe to share.
final class ImmutableAttributedString: @unchecked Sendable {
    // SAFETY: `value` is an instance of exactly NSAttributedString (immutable), either the caller's
    // or a private copy of a mutable original, and is never mutated.
    let value: NSAttributedString

    /// Keeps `string` itself when it is immutable, as Foundation's `copy()` does. Copies are not
    /// free here: swift-corelibs-foundation never frees an NSAttributedString's attribute storage
    /// (its run array; swift-corelibs-foundation PR 5256), so each copy would cost about 1 KB for
    /// the life of the process, and a text node set 20,000 times would keep 20 MB.
    init(_ string: NSAttributedString) {
        value = type(of: string) == NSAttributedString.self ? string : NSAttributedString(attributedString: string)
    }

    /// The default truncation string, made once.
    static let ellipsis = ImmutableAttributedString(NSAttributedString(string: "\u{2026}"))
}

/// A text node's exclusion paths, kept to hand back to `exclusionPaths`' getter.
struct ExclusionPaths: @unchecked Sendable {
    // SAFETY: the array is only stored and handed back; layout uses the bounds copied into the
    // request when it was set, never the paths.
    let value: [UIBezierPath]?
}
