import Foundation

/// Something layout can place: a node or a layout spec; Texture's `ASLayoutElement`.
public protocol ASLayoutElement: AnyObject {
    /// Sizing and flex properties.
    var style: ASLayoutElementStyle { get }
    /// A name for layout dumps and messages.
    var debugName: String? { get }
    /// The children a layout of this element places (for specs; empty for nodes, whose subtree
    /// is their own).
    var sublayoutElements: [any ASLayoutElement] { get }
    /// Lays the element out within `constrainedSize`, resolving fractions against `parentSize`
    /// (a side may be NaN, meaning undefined); Texture's `layoutThatFits(_:parentSize:)`.
    @discardableResult
    func layoutThatFits(_ constrainedSize: ASSizeRange, parentSize: CGSize) -> ASLayout
}

extension ASLayoutElement {
    /// Lays the element out within `constrainedSize`, with the range's maximum as the parent size;
    /// Texture's `layoutThatFits(_:)`.
    @discardableResult
    public func layoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        layoutThatFits(constrainedSize, parentSize: constrainedSize.max)
    }
}

extension ASLayoutElement {
    /// The style's values, as layout reads them: a node's without making its style (see
    /// `ASDisplayNode.style`), a spec's from its own.
    var layoutStyleValues: ASLayoutElementStyle.Values {
        if let node = self as? ASDisplayNode { return node.storedStyleValues }
        return style.values
    }
}

/// Texture's `ASLayoutElementParentDimensionUndefined`.
public let ASLayoutElementParentDimensionUndefined = CGFloat.nan
/// Texture's `ASLayoutElementParentSizeUndefined`.
public let ASLayoutElementParentSizeUndefined = CGSize(width: CGFloat.nan, height: .nan)
