import Foundation

/// The values one system colour takes: light and dark, and where Apple publishes them, the
/// Increase Contrast variants and the elevated dark variant of the backgrounds. UIKit keeps these
/// privately in its `UIDynamicSystemColor`; here they are a table (`UIColor+SystemColors.swift`)
/// that tests read back. Sendable value; use from any context.
struct SystemColorVariants: Sendable {
    let light: UIColor
    let dark: UIColor
    /// Increase Contrast, light appearance; nil where Apple publishes no variant (`light` is used).
    var lightHighContrast: UIColor?
    /// Increase Contrast, dark appearance; nil where Apple publishes no variant (`dark` is used).
    var darkHighContrast: UIColor?
    /// Elevated level (sheets, popovers), dark appearance: the background colours only, which
    /// UIKit lightens so stacked dark surfaces stay apart. Light backgrounds do not change.
    var darkElevated: UIColor?

    /// The variant for `traits`, by UIKit's rule: `.unspecified` style is light, `.unspecified`
    /// level is base and `.unspecified` contrast is normal.
    func color(for traits: UITraitCollection) -> UIColor {
        let highContrast = traits.accessibilityContrast == .high
        guard traits.userInterfaceStyle == .dark else { return highContrast ? lightHighContrast ?? light : light }
        // Apple publishes no elevated high-contrast values; the elevated one is kept then.
        if traits.userInterfaceLevel == .elevated, let darkElevated { return darkElevated }
        return highContrast ? darkHighContrast ?? dark : dark
    }

    /// A system colour: dynamic, named `name` in descriptions.
    func makeColor(named name: String) -> UIColor {
        UIColor(systemName: name) { self.color(for: $0) }
    }
}
