import Foundation

/// What an `ASEditableTextNode`'s text view tells the node, passed on to the node's delegate as
/// Texture's node (its text view's `UITextViewDelegate`) passes it on. The node keeps this object;
/// the text view holds it weakly, and it holds the node weakly. Main-actor isolated.
@MainActor
final class EditableTextViewDelegate: UITextViewDelegate {
    private weak var node: ASEditableTextNode?

    init(node: ASEditableTextNode) { self.node = node }

    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
        guard let node else { return true }
        return node.delegate?.editableTextNodeShouldBeginEditing(node) ?? true
    }

    func textViewDidBeginEditing(_ textView: UITextView) {
        guard let node else { return }
        node.delegate?.editableTextNodeDidBeginEditing(node)
    }

    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        guard let node else { return true }
        return node.delegate?.editableTextNode(node, shouldChangeTextIn: range, replacementText: text) ?? true
    }

    func textViewDidChange(_ textView: UITextView) {
        guard let node else { return }
        node.delegate?.editableTextNodeDidUpdateText(node)
    }

    /// Reports the move from the selection last reported, as Texture's node does; due to editing
    /// when typing moved it.
    func textViewDidChangeSelection(_ textView: UITextView) {
        guard let node else { return }
        let to = node.selectedRange
        let from = node.editState.withLock { s in
            defer { s.reportedSelection = to }
            return s.reportedSelection
        }
        node.delegate?.editableTextNodeDidChangeSelection(node, fromSelectedRange: from, toSelectedRange: to, dueToEditing: textView.isApplyingEdit)
    }

    func textViewDidEndEditing(_ textView: UITextView) {
        guard let node else { return }
        node.delegate?.editableTextNodeDidFinishEditing(node)
    }
}
