import Foundation

/// What an editable text node tells its delegate; Texture's `ASEditableTextNodeDelegate`, whose
/// methods are all optional: the extension gives each one Texture's default, so a conformer
/// implements only what it needs.
///
/// Each is called on the main actor by the node's text view: editing begins when the node (or
/// its `textView`) becomes first responder and finishes when it resigns; text changes and
/// selection changes come from typing (`textView.insertText(_:)`, `deleteBackward()`) and from
/// setting `selectedRange`. Setting `attributedText` in code calls none of them, as in Texture.
/// Texture defers `editableTextNodeDidChangeSelection` and `editableTextNodeDidUpdateText` to the
/// next turn of the main run loop, because UIKit's text system is still mid-update when it
/// reports; Weft's text view has finished its update when it reports, so they are called at once.
/// Main-actor isolated, as the text view that calls it.
@preconcurrency @MainActor
public protocol ASEditableTextNodeDelegate: AnyObject {
    /// Whether editing may begin; true by default.
    func editableTextNodeShouldBeginEditing(_ editableTextNode: ASEditableTextNode) -> Bool
    /// Editing began: the node's text view became first responder.
    func editableTextNodeDidBeginEditing(_ editableTextNode: ASEditableTextNode)
    /// Whether typing may replace `range` (UTF-16 offsets) with `text`; true by default.
    func editableTextNode(_ editableTextNode: ASEditableTextNode, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The selection moved from `fromSelectedRange` to `toSelectedRange` (the node's
    /// `selectedRange`); `dueToEditing` when typing moved it.
    func editableTextNodeDidChangeSelection(_ editableTextNode: ASEditableTextNode, fromSelectedRange: NSRange,
                                            toSelectedRange: NSRange, dueToEditing: Bool)
    /// Typing changed the text (not called for `attributedText` set in code).
    func editableTextNodeDidUpdateText(_ editableTextNode: ASEditableTextNode)
    /// Editing finished: the node's text view resigned first responder or left its window.
    func editableTextNodeDidFinishEditing(_ editableTextNode: ASEditableTextNode)
}

extension ASEditableTextNodeDelegate {
    public func editableTextNodeShouldBeginEditing(_ editableTextNode: ASEditableTextNode) -> Bool { true }
    public func editableTextNodeDidBeginEditing(_ editableTextNode: ASEditableTextNode) {}
    public func editableTextNode(_ editableTextNode: ASEditableTextNode, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func editableTextNodeDidChangeSelection(_ editableTextNode: ASEditableTextNode, fromSelectedRange: NSRange,
                                                   toSelectedRange: NSRange, dueToEditing: Bool) {}
    public func editableTextNodeDidUpdateText(_ editableTextNode: ASEditableTextNode) {}
    public func editableTextNodeDidFinishEditing(_ editableTextNode: ASEditableTextNode) {}
}
