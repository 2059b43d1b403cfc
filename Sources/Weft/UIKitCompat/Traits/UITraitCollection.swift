import Foundation

/// The environment a node or view is drawn for: appearance, text size, scale, size classes,
/// layout direction, device; UIKit's `UITraitCollection`.
///
/// Made with UIKit's single-trait initialisers and merged with `init(traitsFrom:)` (each trait
/// from the last collection that specifies it), as swift-snapshot-testing's `traits:` parameters
/// are. Nodes carry theirs as Texture's `ASPrimitiveTraitCollection` (see
/// `ASPrimitiveTraitCollectionFromUITraitCollection`); `UITraitCollection.current` is the one
/// dynamic colours and fonts resolve against on the drawing thread. Immutable, so Sendable; use
/// from any context.
public final class UITraitCollection: NSObject, Sendable {
    /// The values, as Texture's struct holds them (`containerSize` always zero here).
    let values: ASPrimitiveTraitCollection

    init(values: ASPrimitiveTraitCollection) {
        var values = values
        values.containerSize = .zero
        self.values = values
        super.init()
    }

    /// One empty collection shared by every node that has no traits yet.
    static let unspecified = UITraitCollection()

    /// An empty collection: every trait unspecified.
    public override convenience init() { self.init(values: ASPrimitiveTraitCollectionMakeDefault()) }

    private convenience init(_ set: (inout ASPrimitiveTraitCollection) -> Void) {
        var values = ASPrimitiveTraitCollectionMakeDefault()
        set(&values)
        self.init(values: values)
    }

    /// UIKit's `init(preferredContentSizeCategory:)`. A category UIKit does not define is taken as
    /// `.unspecified` and reported (see `TraitRepair`).
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        let category = TraitRepair.contentSizeCategory(preferredContentSizeCategory, api: "UITraitCollection(preferredContentSizeCategory:)")
        self.init { $0.preferredContentSizeCategory = category }
    }
    /// UIKit's `init(userInterfaceStyle:)`.
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) { self.init { $0.userInterfaceStyle = userInterfaceStyle } }
    /// UIKit's `init(displayScale:)`. A NaN, infinite or negative scale is taken as 0
    /// (unspecified) and reported (see `TraitRepair`); any other is kept, and a render at one
    /// outside `Bitmap.scaleRange` throws.
    public convenience init(displayScale: CGFloat) {
        let scale = TraitRepair.displayScale(displayScale, api: "UITraitCollection(displayScale:)")
        self.init { $0.displayScale = scale }
    }
    /// UIKit's `init(horizontalSizeClass:)`.
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init { $0.horizontalSizeClass = horizontalSizeClass } }
    /// UIKit's `init(verticalSizeClass:)`.
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init { $0.verticalSizeClass = verticalSizeClass } }
    /// UIKit's `init(layoutDirection:)`.
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) { self.init { $0.layoutDirection = layoutDirection } }
    /// UIKit's `init(userInterfaceIdiom:)`.
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) { self.init { $0.userInterfaceIdiom = userInterfaceIdiom } }
    /// UIKit's `init(displayGamut:)`.
    public convenience init(displayGamut: UIDisplayGamut) { self.init { $0.displayGamut = displayGamut } }
    /// UIKit's `init(forceTouchCapability:)`.
    public convenience init(forceTouchCapability: UIForceTouchCapability) { self.init { $0.forceTouchCapability = forceTouchCapability } }
    /// UIKit's `init(userInterfaceLevel:)`.
    public convenience init(userInterfaceLevel: UIUserInterfaceLevel) { self.init { $0.userInterfaceLevel = userInterfaceLevel } }
    /// UIKit's `init(accessibilityContrast:)`.
    public convenience init(accessibilityContrast: UIAccessibilityContrast) { self.init { $0.accessibilityContrast = accessibilityContrast } }
    /// UIKit's `init(legibilityWeight:)`.
    public convenience init(legibilityWeight: UILegibilityWeight) { self.init { $0.legibilityWeight = legibilityWeight } }

    /// UIKit's `init(traitsFrom:)`: each trait from the last collection that specifies it.
    public convenience init(traitsFrom collections: [UITraitCollection]) {
        var merged = ASPrimitiveTraitCollectionMakeDefault()
        for collection in collections { merged.overlay(collection.values) }
        self.init(values: merged)
    }

    public var preferredContentSizeCategory: UIContentSizeCategory { values.preferredContentSizeCategory }
    public var userInterfaceStyle: UIUserInterfaceStyle { values.userInterfaceStyle }
    public var displayScale: CGFloat { values.displayScale }
    public var horizontalSizeClass: UIUserInterfaceSizeClass { values.horizontalSizeClass }
    public var verticalSizeClass: UIUserInterfaceSizeClass { values.verticalSizeClass }
    public var layoutDirection: UITraitEnvironmentLayoutDirection { values.layoutDirection }
    public var userInterfaceIdiom: UIUserInterfaceIdiom { values.userInterfaceIdiom }
    public var displayGamut: UIDisplayGamut { values.displayGamut }
    public var forceTouchCapability: UIForceTouchCapability { values.forceTouchCapability }
    public var userInterfaceLevel: UIUserInterfaceLevel { values.userInterfaceLevel }
    public var accessibilityContrast: UIAccessibilityContrast { values.accessibilityContrast }
    public var legibilityWeight: UILegibilityWeight { values.legibilityWeight }

    /// UIKit's `containsTraits(in:)`: whether every trait `other` specifies has the same value here.
    public func containsTraits(in other: UITraitCollection?) -> Bool {
        guard let other else { return true }
        var overlaid = values
        overlaid.overlay(other.values)
        return overlaid == values
    }

    /// UIKit's `hasDifferentColorAppearance(comparedTo:)`: whether dynamic colours could resolve
    /// differently (style, level, contrast or gamut differ).
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        let other = other?.values ?? ASPrimitiveTraitCollectionMakeDefault()
        return values.userInterfaceStyle != other.userInterfaceStyle || values.userInterfaceLevel != other.userInterfaceLevel
            || values.accessibilityContrast != other.accessibilityContrast || values.displayGamut != other.displayGamut
    }

    /// The content size category fonts use for these traits: the collection's, or `.large`
    /// (UIKit's default) when it specifies none.
    var effectiveContentSizeCategory: UIContentSizeCategory {
        preferredContentSizeCategory.index == nil ? .large : preferredContentSizeCategory
    }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UITraitCollection)?.values == values
    }

    public override var hash: Int { values.hashValue }

    public override var description: String { "<UITraitCollection; \(NSStringFromASPrimitiveTraitCollection(values).dropFirst().dropLast())>" }
}
