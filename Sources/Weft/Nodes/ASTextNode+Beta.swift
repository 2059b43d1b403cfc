import Foundation

/// Texture's ASTextNode+Beta.h (`usingExperiment` is in ASTextNode.swift, where ASTextNode2 can
/// override it) and the tint option of ASTextNode.h. Not offered:
/// `pointSizeScaleFactors` (shrinking the fonts until the text fits), which Weft's layout does not do.
extension ASTextNode {
    /// Texture's `textContainerInset`: space between the node's edges and its text, which is laid
    /// out in the constrained size less the inset and drawn inside the bounds less it; the node
    /// measures as the text plus the inset, at most the constrained size. Zero by default.
    /// Values that are not finite are not kept, and are reported.
    public var textContainerInset: UIEdgeInsets {
        get { textState.withLock { $0.textContainerInset } }
        set {
            guard [newValue.top, newValue.left, newValue.bottom, newValue.right].allSatisfy(\.isFinite) else {
                WeftDiagnostics.report(.text, diagnosticSubject, "textContainerInset \(newValue) is not finite; it was not changed")
                return
            }
            let changed = textState.withLock { s in
                defer { s.textContainerInset = newValue }
                return s.textContainerInset != newValue
            }
            guard changed else { return }
            setNeedsLayout()
            setNeedsDisplay()
        }
    }

    /// Texture's `textColorFollowsTintColor`: when true, text whose first character sets no
    /// foreground colour is drawn in the node's `tintColor` (all of it, as Texture applies the
    /// colour to the whole string); false by default.
    public var textColorFollowsTintColor: Bool {
        get { textState.withLock { $0.textColorFollowsTintColor } }
        set {
            let changed = textState.withLock { s in
                defer { s.textColorFollowsTintColor = newValue }
                return s.textColorFollowsTintColor != newValue
            }
            if changed { setNeedsDisplay() }
        }
    }

    /// The text to draw in place of `request`'s when it follows the tint colour, else nil.
    func tintedContent() -> TextContent? {
        let (follows, text) = textState.withLock { ($0.textColorFollowsTintColor, $0.attributedText?.value) }
        guard follows, let text, text.length > 0, text.attribute(.foregroundColor, at: 0, effectiveRange: nil) == nil,
              let tint = tintColor else { return nil }
        let tinted = NSMutableAttributedString(attributedString: text)
        tinted.addAttribute(.foregroundColor, value: tint, range: NSRange(location: 0, length: tinted.length))
        return TextContent(tinted, subject: diagnosticSubject, reporting: false)
    }
}
