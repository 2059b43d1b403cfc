import Foundation

/// Told when a property of an `ASLayoutElementStyle` changes; Texture's
/// `ASLayoutElementStyleDelegate`. Called on the thread that set the property, after the value is
/// stored, with the property's name (`ASLayoutElementStyleWidthProperty`...).
public protocol ASLayoutElementStyleDelegate: AnyObject {
    func style(_ style: ASLayoutElementStyle, propertyDidChange propertyName: String)
}

// The names a style's delegate is told, one per property (the size helpers such as `preferredSize`
// tell the names of the properties they set); Texture's constants, with Texture's values.

/// `width` changed.
public let ASLayoutElementStyleWidthProperty = "ASLayoutElementStyleWidthProperty"
/// `minWidth` changed.
public let ASLayoutElementStyleMinWidthProperty = "ASLayoutElementStyleMinWidthProperty"
/// `maxWidth` changed.
public let ASLayoutElementStyleMaxWidthProperty = "ASLayoutElementStyleMaxWidthProperty"
/// `height` changed.
public let ASLayoutElementStyleHeightProperty = "ASLayoutElementStyleHeightProperty"
/// `minHeight` changed.
public let ASLayoutElementStyleMinHeightProperty = "ASLayoutElementStyleMinHeightProperty"
/// `maxHeight` changed.
public let ASLayoutElementStyleMaxHeightProperty = "ASLayoutElementStyleMaxHeightProperty"
/// `spacingBefore` changed.
public let ASLayoutElementStyleSpacingBeforeProperty = "ASLayoutElementStyleSpacingBeforeProperty"
/// `spacingAfter` changed.
public let ASLayoutElementStyleSpacingAfterProperty = "ASLayoutElementStyleSpacingAfterProperty"
/// `flexGrow` changed.
public let ASLayoutElementStyleFlexGrowProperty = "ASLayoutElementStyleFlexGrowProperty"
/// `flexShrink` changed.
public let ASLayoutElementStyleFlexShrinkProperty = "ASLayoutElementStyleFlexShrinkProperty"
/// `flexBasis` changed.
public let ASLayoutElementStyleFlexBasisProperty = "ASLayoutElementStyleFlexBasisProperty"
/// `alignSelf` changed.
public let ASLayoutElementStyleAlignSelfProperty = "ASLayoutElementStyleAlignSelfProperty"
/// `ascender` changed.
public let ASLayoutElementStyleAscenderProperty = "ASLayoutElementStyleAscenderProperty"
/// `descender` changed.
public let ASLayoutElementStyleDescenderProperty = "ASLayoutElementStyleDescenderProperty"
/// `layoutPosition` changed.
public let ASLayoutElementStyleLayoutPositionProperty = "ASLayoutElementStyleLayoutPositionProperty"
