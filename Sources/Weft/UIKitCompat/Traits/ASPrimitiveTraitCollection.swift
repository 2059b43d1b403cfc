import Foundation

/// The traits a node lays out and draws for; Texture's `ASPrimitiveTraitCollection` struct, with
/// all of its fields.
///
/// Start from `ASPrimitiveTraitCollectionMakeDefault()` (every trait unspecified, as Texture's) or
/// `ASPrimitiveTraitCollectionFromUITraitCollection(_:)`. A node's `primitiveTraitCollection()`
/// is set by its supernode when added, by `ASTraitCollectionPropagateDown`, by its collection
/// when it is a cell, and by `ASDKViewController`. Sendable value; use from any context.
public struct ASPrimitiveTraitCollection: Sendable, Hashable {
    public var horizontalSizeClass: UIUserInterfaceSizeClass
    public var verticalSizeClass: UIUserInterfaceSizeClass
    /// Pixels per point; 0 when unspecified.
    public var displayScale: CGFloat
    public var displayGamut: UIDisplayGamut
    public var userInterfaceIdiom: UIUserInterfaceIdiom
    public var forceTouchCapability: UIForceTouchCapability
    public var layoutDirection: UITraitEnvironmentLayoutDirection
    public var userInterfaceStyle: UIUserInterfaceStyle
    public var preferredContentSizeCategory: UIContentSizeCategory
    /// The size of the container (the view controller's view) the traits were taken in; zero when unknown.
    public var containerSize: CGSize
    public var userInterfaceLevel: UIUserInterfaceLevel
    public var accessibilityContrast: UIAccessibilityContrast
    public var legibilityWeight: UILegibilityWeight

    /// Every trait unspecified except those given.
    public init(horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified,
                verticalSizeClass: UIUserInterfaceSizeClass = .unspecified,
                displayScale: CGFloat = 0,
                displayGamut: UIDisplayGamut = .unspecified,
                userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified,
                forceTouchCapability: UIForceTouchCapability = .unknown,
                layoutDirection: UITraitEnvironmentLayoutDirection = .unspecified,
                userInterfaceStyle: UIUserInterfaceStyle = .unspecified,
                preferredContentSizeCategory: UIContentSizeCategory = .unspecified,
                containerSize: CGSize = .zero,
                userInterfaceLevel: UIUserInterfaceLevel = .unspecified,
                accessibilityContrast: UIAccessibilityContrast = .unspecified,
                legibilityWeight: UILegibilityWeight = .unspecified) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.displayScale = displayScale
        self.displayGamut = displayGamut
        self.userInterfaceIdiom = userInterfaceIdiom
        self.forceTouchCapability = forceTouchCapability
        self.layoutDirection = layoutDirection
        self.userInterfaceStyle = userInterfaceStyle
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.containerSize = containerSize
        self.userInterfaceLevel = userInterfaceLevel
        self.accessibilityContrast = accessibilityContrast
        self.legibilityWeight = legibilityWeight
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.horizontalSizeClass == rhs.horizontalSizeClass && lhs.verticalSizeClass == rhs.verticalSizeClass
            && Self.same(lhs.displayScale, rhs.displayScale) && lhs.displayGamut == rhs.displayGamut
            && lhs.userInterfaceIdiom == rhs.userInterfaceIdiom && lhs.forceTouchCapability == rhs.forceTouchCapability
            && lhs.layoutDirection == rhs.layoutDirection && lhs.userInterfaceStyle == rhs.userInterfaceStyle
            && lhs.preferredContentSizeCategory == rhs.preferredContentSizeCategory
            && Self.same(lhs.containerSize.width, rhs.containerSize.width) && Self.same(lhs.containerSize.height, rhs.containerSize.height)
            && lhs.userInterfaceLevel == rhs.userInterfaceLevel && lhs.accessibilityContrast == rhs.accessibilityContrast
            && lhs.legibilityWeight == rhs.legibilityWeight
    }

    /// Equal, with NaN equal to NaN: traits given a NaN scale must still equal themselves, or
    /// every propagation would count as a change and drop the cached layouts again.
    private static func same(_ a: CGFloat, _ b: CGFloat) -> Bool { a == b || (a.isNaN && b.isNaN) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(horizontalSizeClass); hasher.combine(verticalSizeClass); hasher.combine(displayScale.isNaN ? 0 : displayScale)
        hasher.combine(userInterfaceIdiom); hasher.combine(layoutDirection); hasher.combine(userInterfaceStyle)
        hasher.combine(preferredContentSizeCategory); hasher.combine(containerSize.width.isNaN ? 0 : containerSize.width)
    }

    /// Replaces each trait `other` specifies (UIKit's `init(traitsFrom:)` rule); the container
    /// size when it is not zero.
    mutating func overlay(_ other: ASPrimitiveTraitCollection) {
        if other.horizontalSizeClass != .unspecified { horizontalSizeClass = other.horizontalSizeClass }
        if other.verticalSizeClass != .unspecified { verticalSizeClass = other.verticalSizeClass }
        if other.displayScale != 0 { displayScale = other.displayScale }
        if other.displayGamut != .unspecified { displayGamut = other.displayGamut }
        if other.userInterfaceIdiom != .unspecified { userInterfaceIdiom = other.userInterfaceIdiom }
        if other.forceTouchCapability != .unknown { forceTouchCapability = other.forceTouchCapability }
        if other.layoutDirection != .unspecified { layoutDirection = other.layoutDirection }
        if other.userInterfaceStyle != .unspecified { userInterfaceStyle = other.userInterfaceStyle }
        if other.preferredContentSizeCategory != .unspecified { preferredContentSizeCategory = other.preferredContentSizeCategory }
        if other.containerSize != .zero { containerSize = other.containerSize }
        if other.userInterfaceLevel != .unspecified { userInterfaceLevel = other.userInterfaceLevel }
        if other.accessibilityContrast != .unspecified { accessibilityContrast = other.accessibilityContrast }
        if other.legibilityWeight != .unspecified { legibilityWeight = other.legibilityWeight }
    }
}

/// Texture's `ASPrimitiveTraitCollectionMakeDefault()`: every field unspecified (scale 0,
/// container size zero, force touch unknown).
public func ASPrimitiveTraitCollectionMakeDefault() -> ASPrimitiveTraitCollection { ASPrimitiveTraitCollection() }

/// Texture's `ASPrimitiveTraitCollectionFromUITraitCollection(_:)`; the container size is zero.
public func ASPrimitiveTraitCollectionFromUITraitCollection(_ traitCollection: UITraitCollection) -> ASPrimitiveTraitCollection {
    traitCollection.values
}

/// Texture's `ASPrimitiveTraitCollectionToUITraitCollection(_:)`; the container size is dropped,
/// UIKit has no such trait. An unknown content size category or unusable scale is repaired and
/// reported (see `TraitRepair`).
public func ASPrimitiveTraitCollectionToUITraitCollection(_ traits: ASPrimitiveTraitCollection) -> UITraitCollection {
    guard TraitRepair.needsRepair(traits) else { return UITraitCollection(values: traits) }
    return UITraitCollection(values: TraitRepair.traits(traits, api: "ASPrimitiveTraitCollectionToUITraitCollection(_:)"))
}

/// Texture's `ASPrimitiveTraitCollectionIsEqualToASPrimitiveTraitCollection(_:_:)`.
public func ASPrimitiveTraitCollectionIsEqualToASPrimitiveTraitCollection(_ lhs: ASPrimitiveTraitCollection, _ rhs: ASPrimitiveTraitCollection) -> Bool {
    lhs == rhs
}

/// Texture's `NSStringFromASPrimitiveTraitCollection(_:)`: every field by name, for logs.
public func NSStringFromASPrimitiveTraitCollection(_ traits: ASPrimitiveTraitCollection) -> String {
    let fields: [(String, String)] = [
        ("horizontalSizeClass", "\(traits.horizontalSizeClass)"),
        ("verticalSizeClass", "\(traits.verticalSizeClass)"),
        ("displayScale", "\(traits.displayScale)"),
        ("displayGamut", "\(traits.displayGamut)"),
        ("userInterfaceIdiom", "\(traits.userInterfaceIdiom)"),
        ("forceTouchCapability", "\(traits.forceTouchCapability)"),
        ("layoutDirection", "\(traits.layoutDirection)"),
        ("userInterfaceStyle", "\(traits.userInterfaceStyle)"),
        ("preferredContentSizeCategory", traits.preferredContentSizeCategory.rawValue),
        ("containerSize", "\(traits.containerSize.width)x\(traits.containerSize.height)"),
        ("userInterfaceLevel", "\(traits.userInterfaceLevel)"),
        ("accessibilityContrast", "\(traits.accessibilityContrast)"),
        ("legibilityWeight", "\(traits.legibilityWeight)"),
    ]
    return "<" + fields.map { "\($0.0) = \($0.1)" }.joined(separator: "; ") + ">"
}
