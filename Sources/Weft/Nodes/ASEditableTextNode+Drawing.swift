import Foundation

/// What `ASEditableTextNode` measures and draws (the text, or the placeholder while there is
/// none, laid out as a text view lays out its container: `TextViewLayout`), and its text geometry.
extension ASEditableTextNode {
    /// What the node shows: its text, or the placeholder while there is none.
    func shownRequest() -> TextLayoutRequest {
        let text = storage.content
        let content = text.isEmpty ? editState.withLock { $0.placeholderContent } : text
        return TextViewLayout.request(content, direction: effectiveUserInterfaceLayoutDirection, subject: diagnosticSubject)
    }

    /// The text container in `bounds`: inside `inset`, unlimited downwards.
    static func container(in bounds: CGRect, inset: UIEdgeInsets) -> CGRect {
        CGRect(x: bounds.minX + inset.left, y: bounds.minY + inset.top, width: max(0, bounds.width - inset.left - inset.right), height: .infinity)
    }

    /// Texture's `frameForTextRange:`: the box around the glyphs of `textRange` (UTF-16 offsets
    /// of the text; each line as tall as the line), in the node's coordinates, the text laid out
    /// in the bounds (or unwrapped before the node has a size). `.zero` for an empty range, and
    /// for a range outside the text, which is reported (Texture asserts).
    public func frame(forTextRange textRange: NSRange) -> CGRect {
        let length = storage.length
        guard textRange.location >= 0, textRange.length >= 0, textRange.location <= length - textRange.length else {
            WeftDiagnostics.report(.text, diagnosticSubject, "frame(forTextRange:) range {\(textRange.location), \(textRange.length)} is outside the text's \(length) characters; .zero returned")
            return .zero
        }
        let bounds = self.bounds
        let container = Self.container(in: bounds.width > 0 ? bounds : CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 0), inset: textContainerInset)
        let request = TextViewLayout.request(storage.content, direction: effectiveUserInterfaceLayoutDirection, subject: diagnosticSubject)
        let frame = TextViewLayout.frame(of: textRange, in: request, width: container.width)
        return frame == .zero ? .zero : frame.offsetBy(dx: container.minX, dy: container.minY)
    }
}

/// What an `ASEditableTextNode` draws with: the shown text and the inset it sits in.
/// Sendable value; use from any context.
struct EditableTextDrawParameters: Sendable {
    let request: TextLayoutRequest
    let inset: UIEdgeInsets
}
