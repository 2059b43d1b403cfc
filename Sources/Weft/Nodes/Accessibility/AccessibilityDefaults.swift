import Foundation

/// Texture's accessibility defaults per node class, in one place.
///
/// Texture sets these in each class's `init` and again when the text or the control state
/// changes; Weft reads them when a value was never set, which gives the same answers without a
/// hook in every setter. An explicitly set value wins and, unlike Texture, survives a later text
/// change (Texture's `setAttributedText:` writes the label again; code that sets the label after
/// the text, the usual order, sees no difference).
///
/// - `ASTextNode`: an element while it has text, label its text, traits `.staticText`
///   (Texture's ASTextNode.mm: `init`, `setAttributedText:`, `defaultAccessibilityLabel`,
///   `defaultAccessibilityTraits`).
/// - `ASButtonNode`: an element, label its title (`titleNode`'s text), traits `.button`, plus
///   `.notEnabled` when disabled (ASButtonNode.mm `defaultAccessibilityTraits`) and `.selected`
///   when selected (as UIKit's `UIButton`; Texture leaves it out). Texture's `ASControlNode` is
///   an element only once `userInteractionEnabled`, which adding a target turns on; Weft has no
///   target–action, so a button counts as one that has a target, which is how apps use it.
/// - `ASImageNode`: not an element, traits `.image` (so that an image made an element reads as
///   "Image" without more work, as UIKit's `UIImageView`; Texture's image node has no traits).
/// - `ASTextCellNode`, `ASCellNode`, `ASControlNode` and a plain `ASDisplayNode`: not an element,
///   no label, no traits; a text cell is read through its `textNode`.
///
/// Sendable namespace; use from any context.
enum AccessibilityDefaults {
    static func isElement(_ node: ASDisplayNode) -> Bool {
        switch node {
        case let text as ASTextNode: (text.attributedText?.length ?? 0) > 0
        case is ASButtonNode: true
        default: false
        }
    }

    static func label(_ node: ASDisplayNode) -> String? {
        switch node {
        case let text as ASTextNode: text.attributedText?.string
        case let button as ASButtonNode: button.titleNode.defaultAccessibilityLabel
        default: nil
        }
    }

    static func traits(_ node: ASDisplayNode) -> UIAccessibilityTraits {
        switch node {
        case is ASTextNode: .staticText
        case let button as ASButtonNode:
            UIAccessibilityTraits.button
                .union(button.isEnabled ? [] : .notEnabled)
                .union(button.isSelected ? .selected : [])
        case is ASImageNode: .image
        default: .none
        }
    }
}
