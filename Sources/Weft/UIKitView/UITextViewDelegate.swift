import Foundation

/// What a text view tells its delegate about editing; UIKit's `UITextViewDelegate`, whose methods
/// are all optional: the extension gives each UIKit's default, so a conformer implements only
/// what it needs.
///
/// Editing begins when the view becomes first responder (`becomeFirstResponder()`) and ends when
/// it resigns, or leaves its window. Offscreen there is no keyboard: text is typed through
/// `insertText(_:)` and `deleteBackward()` (UIKit's `UIKeyInput`), which ask
/// `textView(_:shouldChangeTextIn:replacementText:)` and report `textViewDidChangeSelection(_:)`
/// and `textViewDidChange(_:)` as typing does. Setting `text` or `attributedText` in code calls
/// none of them, as in UIKit; setting `selectedRange` reports the selection change.
/// Main-actor isolated, as in UIKit.
@preconcurrency @MainActor
public protocol UITextViewDelegate: AnyObject {
    /// Whether editing may begin; true by default.
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    /// Whether editing may end (the view resign first responder); true by default.
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    /// Editing began: the view became first responder.
    func textViewDidBeginEditing(_ textView: UITextView)
    /// Editing ended: the view resigned first responder or left its window.
    func textViewDidEndEditing(_ textView: UITextView)
    /// Whether typing may replace `range` (UTF-16 offsets) with `text`; true by default.
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// Typing changed the text.
    func textViewDidChange(_ textView: UITextView)
    /// The selection changed (`selectedRange`).
    func textViewDidChangeSelection(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
}
