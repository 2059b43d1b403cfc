import Foundation

/// The rule for trait values that cannot be used, applied where traits enter Weft (UIKit's trait
/// initialisers, `setPrimitiveTraitCollection`, `ASTraitCollectionPropagateDown`,
/// `ASPrimitiveTraitCollectionToUITraitCollection`, a view controller's override) and reported
/// as a `WeftDiagnostic` naming that API and the value given:
///
/// - a `preferredContentSizeCategory` whose raw value UIKit does not define (`"huge"`) becomes
///   `.unspecified`, which Dynamic Type reads as `.large` (UIKit's default) and which sorts below
///   every category, as UIKit sorts `.unspecified`;
/// - a `displayScale` that is NaN, infinite or negative becomes 0 (unspecified: the render scale
///   then comes from `ASScreenScale()`). 0 is UIKit's "unspecified" and is kept. A positive finite
///   scale is kept as given, as UIKit keeps it, even outside `Bitmap.scaleRange`: a trait is not yet
///   a render scale, and a render asked for at one outside that range throws
///   `GraphicsError.invalidScale` naming it.
///
/// Sendable functions; use from any context.
enum TraitRepair {
    /// `category`, or `.unspecified` (reported, naming `api`) when UIKit does not define it.
    static func contentSizeCategory(_ category: UIContentSizeCategory, api: @autoclosure () -> String) -> UIContentSizeCategory {
        guard category != .unspecified, category.index == nil else { return category }
        WeftDiagnostics.report(.layout, api(), "preferredContentSizeCategory \"\(category.rawValue)\" is not a UIContentSizeCategory "
                               + "UIKit defines; used .unspecified (Dynamic Type sizes text as .large)")
        return .unspecified
    }

    /// `scale` as a trait's `displayScale`: see the type's rule; reported, naming `api`, when repaired.
    static func displayScale(_ scale: CGFloat, api: @autoclosure () -> String) -> CGFloat {
        guard !scale.isFinite || scale < 0 else { return scale }
        WeftDiagnostics.report(.layout, api(), "displayScale \(scale) cannot be a scale; used 0 (unspecified: renders at ASScreenScale())")
        return 0
    }

    /// `traits` with both rules applied, each repair reported naming `api`.
    static func traits(_ traits: ASPrimitiveTraitCollection, api: @autoclosure () -> String) -> ASPrimitiveTraitCollection {
        var repaired = traits
        repaired.preferredContentSizeCategory = contentSizeCategory(traits.preferredContentSizeCategory, api: api())
        repaired.displayScale = displayScale(traits.displayScale, api: api())
        return repaired
    }

    /// Whether `traits` need a repair: a cheap check for the paths every node's traits take.
    static func needsRepair(_ traits: ASPrimitiveTraitCollection) -> Bool {
        let scale = traits.displayScale
        let category = traits.preferredContentSizeCategory
        return (category != .unspecified && category.index == nil)
            || !scale.isFinite || scale < 0
    }
}
