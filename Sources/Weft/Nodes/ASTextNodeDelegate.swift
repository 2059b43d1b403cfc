import Foundation

/// How a text node's highlighted range is tinted; Texture's `ASTextNodeHighlightStyle`.
/// Sendable value; use from any context.
public enum ASTextNodeHighlightStyle: UInt8, Sendable {
    /// For text on a light background: black at 11 % opacity.
    case light
    /// For text on a dark background: white at 22 % opacity.
    case dark
}

/// Responds to links in a text node; Texture's `ASTextNodeDelegate`, whose methods are all
/// optional: the extension below gives each one Texture's default, so a conformer implements only
/// what it needs.
///
/// Texture calls these from its touch handling (a tap or long press on a link, or on the
/// truncation string). Weft renders offscreen and has no touches, so Weft itself never calls
/// them; they exist so Texture code that implements them compiles unchanged. Find what a point
/// would hit with `ASTextNode.linkAttributeValue(at:attributeName:range:)`.
/// Not Sendable: held weakly by the node and handed back, never called on another thread.
public protocol ASTextNodeDelegate: AnyObject {
    /// A link was tapped; `textRange` is the link's range.
    func textNode(_ textNode: ASTextNode, tappedLinkAttribute attribute: String, value: Any, at point: CGPoint, textRange: NSRange)
    /// A link was long-pressed; `textRange` is the link's range.
    func textNode(_ textNode: ASTextNode, longPressedLinkAttribute attribute: String, value: Any, at point: CGPoint, textRange: NSRange)
    /// The truncation string was tapped.
    func textNodeTappedTruncationToken(_ textNode: ASTextNode)
    /// Whether a touch on this link highlights it; true by default.
    func textNode(_ textNode: ASTextNode, shouldHighlightLinkAttribute attribute: String, value: Any, at point: CGPoint) -> Bool
    /// Whether this link is a long-press target; false by default.
    func textNode(_ textNode: ASTextNode, shouldLongPressLinkAttribute attribute: String, value: Any, at point: CGPoint) -> Bool
}

extension ASTextNodeDelegate {
    public func textNode(_ textNode: ASTextNode, tappedLinkAttribute attribute: String, value: Any, at point: CGPoint, textRange: NSRange) {}
    public func textNode(_ textNode: ASTextNode, longPressedLinkAttribute attribute: String, value: Any, at point: CGPoint, textRange: NSRange) {}
    public func textNodeTappedTruncationToken(_ textNode: ASTextNode) {}
    public func textNode(_ textNode: ASTextNode, shouldHighlightLinkAttribute attribute: String, value: Any, at point: CGPoint) -> Bool { true }
    public func textNode(_ textNode: ASTextNode, shouldLongPressLinkAttribute attribute: String, value: Any, at point: CGPoint) -> Bool { false }
}
