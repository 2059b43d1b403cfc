import Foundation

/// A node's traits as an object; Texture's `ASTraitCollection`, what `asyncTraitCollection()`
/// returns. Immutable, so Sendable; use from any context.
public final class ASTraitCollection: NSObject, Sendable {
    private let traits: ASPrimitiveTraitCollection

    /// Texture's `+traitCollectionWithASPrimitiveTraitCollection:`, as Swift imports it.
    public init(asPrimitiveTraitCollection traits: ASPrimitiveTraitCollection) {
        self.traits = traits
        super.init()
    }

    /// Texture's `+traitCollectionWithASPrimitiveTraitCollection:` under its Objective-C name.
    public static func traitCollection(with traits: ASPrimitiveTraitCollection) -> ASTraitCollection {
        ASTraitCollection(asPrimitiveTraitCollection: traits)
    }

    public var horizontalSizeClass: UIUserInterfaceSizeClass { traits.horizontalSizeClass }
    public var verticalSizeClass: UIUserInterfaceSizeClass { traits.verticalSizeClass }
    public var displayScale: CGFloat { traits.displayScale }
    public var displayGamut: UIDisplayGamut { traits.displayGamut }
    public var userInterfaceIdiom: UIUserInterfaceIdiom { traits.userInterfaceIdiom }
    public var forceTouchCapability: UIForceTouchCapability { traits.forceTouchCapability }
    public var layoutDirection: UITraitEnvironmentLayoutDirection { traits.layoutDirection }
    public var userInterfaceStyle: UIUserInterfaceStyle { traits.userInterfaceStyle }
    public var preferredContentSizeCategory: UIContentSizeCategory { traits.preferredContentSizeCategory }
    public var containerSize: CGSize { traits.containerSize }
    public var userInterfaceLevel: UIUserInterfaceLevel { traits.userInterfaceLevel }
    public var accessibilityContrast: UIAccessibilityContrast { traits.accessibilityContrast }
    public var legibilityWeight: UILegibilityWeight { traits.legibilityWeight }

    /// Texture's `primitiveTraitCollection`.
    public func primitiveTraitCollection() -> ASPrimitiveTraitCollection { traits }

    /// The UIKit collection with the same traits (the container size dropped).
    public func uiTraitCollection() -> UITraitCollection { ASPrimitiveTraitCollectionToUITraitCollection(traits) }

    /// Texture's `isEqualToTraitCollection:`.
    public func isEqual(to traitCollection: ASTraitCollection) -> Bool { traits == traitCollection.traits }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ASTraitCollection else { return false }
        return isEqual(to: other)
    }

    public override var hash: Int { traits.hashValue }

    public override var description: String { "<ASTraitCollection; \(NSStringFromASPrimitiveTraitCollection(traits).dropFirst().dropLast())>" }
}
