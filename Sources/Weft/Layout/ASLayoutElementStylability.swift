import Foundation

/// Elements whose style can be set inline, while building a spec; Texture's
/// `ASLayoutElementStylability`, adopted by nodes and layout specs:
///
/// ```swift
/// let spacer = ASLayoutSpec().styled { $0.flexGrow = 1 }
/// ```
public protocol ASLayoutElementStylability: ASLayoutElement {
    /// Runs `styleBlock` on the element's style and returns the element; Texture's `styledWithBlock:`,
    /// which Swift imports as `styled(_:)` (the block type's name and its preposition are dropped).
    @discardableResult
    func styled(_ styleBlock: (ASLayoutElementStyle) -> Void) -> Self
}

extension ASLayoutElementStylability {
    @discardableResult
    public func styled(_ styleBlock: (ASLayoutElementStyle) -> Void) -> Self {
        styleBlock(style)
        return self
    }
}

extension ASDisplayNode: ASLayoutElementStylability {}
extension ASLayoutSpec: ASLayoutElementStylability {}
