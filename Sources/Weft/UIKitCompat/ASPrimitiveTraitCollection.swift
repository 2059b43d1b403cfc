import Foundation

/// The traits Texture hands to drawing code (an image node's `imageModificationBlock`); Texture's
/// `ASPrimitiveTraitCollection`, reduced to the fields Weft fills honestly.
///
/// `ASPrimitiveTraitCollectionMakeDefault()` gives Texture's defaults (scale 0, style
/// unspecified). An image node passes `displayScale` = the scale its backing store is drawn at and
/// `userInterfaceStyle` = `.light`, the only appearance Weft draws (its system colours are
/// UIKit's light values). Texture's other fields (size classes, idiom, content size category,
/// container size...) are left out rather than filled with made-up values.
/// Sendable value; use from any context.
public struct ASPrimitiveTraitCollection: Sendable, Hashable {
    /// Pixels per point of the drawing; 0 when unknown.
    public var displayScale: CGFloat
    /// Light or dark appearance; `.unspecified` when unknown.
    public var userInterfaceStyle: UIUserInterfaceStyle

    public init(displayScale: CGFloat = 0, userInterfaceStyle: UIUserInterfaceStyle = .unspecified) {
        self.displayScale = displayScale
        self.userInterfaceStyle = userInterfaceStyle
    }
}

/// Texture's `ASPrimitiveTraitCollectionMakeDefault()`: every field unspecified.
public func ASPrimitiveTraitCollectionMakeDefault() -> ASPrimitiveTraitCollection { ASPrimitiveTraitCollection() }
