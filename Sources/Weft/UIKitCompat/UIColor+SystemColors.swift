import Foundation

// UIKit's system colours, dynamic: each resolves by the traits it is drawn for (see
// `SystemColorVariants` for the rule). The values are Apple's, in sRGB 0-255, as UIKit on iOS
// 13-18 resolves them and Apple's Human Interface Guidelines tabled them before the 2025 (iOS 26)
// revision. Where each was checked against a public source:
// - Light label, fill, placeholder, background, separator and link colours and systemGray2-6:
//   UIKit's resolved components as printed in github.com/noahsark769/ColorCompatibility
//   (Sources/ColorCompatibility.swift).
// - Dark secondaryLabel (235,235,245,0.6) and dark secondarySystemGroupedBackground (28,28,30):
//   UIKit's `resolvedColor(with:)` output quoted in Stack Overflow question 57186481.
// - Dark systemGray2-6 and dark opaqueSeparator: a public table of Apple's values
//   (github.com/omnixys/omnixys-portal, src/themes/colors/appleColors.ts).
// - Light red, green, blue, orange, yellow, pink, purple, indigo and gray: Weft's earlier
//   table, which its goldens match; the Increase Contrast light red #D70015 is also in
//   apps.apple.com's stylesheet (`--systemRed-default_IC`).
// Not confirmed from a public source while this was written (Apple's HIG tables as remembered):
// the dark label, fill, placeholder, separator and link values, the elevated backgrounds, the
// dark tint colours other than systemBlue and systemRed, systemMint, systemCyan and systemBrown,
// and every Increase Contrast variant but red's light one. Apple publishes no Increase Contrast
// values for the label, fill, background and separator colours, so those keep their normal ones.
// systemTeal has its iOS 15+ values (light #30B0C7, dark #40C8E0, Increase Contrast #008299
// and #5DE6FF); iOS 13-14's (#5AC8FA / #64D2FF) went to the new systemCyan. The 2025 revision
// changed several tint colours again (iOS 26); those are not used here.

private func rgb(_ red: Int, _ green: Int, _ blue: Int, _ alpha: CGFloat = 1) -> UIColor {
    UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
}

/// A tint colour: light, dark, and their Increase Contrast variants.
private func tint(_ name: String, _ light: UIColor, _ dark: UIColor, highContrast lightHigh: UIColor, _ darkHigh: UIColor) -> UIColor {
    SystemColorVariants(light: light, dark: dark, lightHighContrast: lightHigh, darkHighContrast: darkHigh).makeColor(named: name)
}

/// A colour with light and dark values only, and for the backgrounds the elevated dark one.
private func adaptive(_ name: String, _ light: UIColor, _ dark: UIColor, elevated: UIColor? = nil) -> UIColor {
    SystemColorVariants(light: light, dark: dark, darkElevated: elevated).makeColor(named: name)
}

extension UIColor {
    // MARK: Tint colours

    public static let systemRed = tint("systemRed", rgb(255, 59, 48), rgb(255, 69, 58), highContrast: rgb(215, 0, 21), rgb(255, 105, 97))
    public static let systemOrange = tint("systemOrange", rgb(255, 149, 0), rgb(255, 159, 10), highContrast: rgb(201, 52, 0), rgb(255, 179, 64))
    public static let systemYellow = tint("systemYellow", rgb(255, 204, 0), rgb(255, 214, 10), highContrast: rgb(178, 80, 0), rgb(255, 212, 38))
    public static let systemGreen = tint("systemGreen", rgb(52, 199, 89), rgb(48, 209, 88), highContrast: rgb(36, 138, 61), rgb(48, 219, 91))
    public static let systemMint = tint("systemMint", rgb(0, 199, 190), rgb(99, 230, 226), highContrast: rgb(12, 129, 123), rgb(102, 212, 207))
    public static let systemTeal = tint("systemTeal", rgb(48, 176, 199), rgb(64, 200, 224), highContrast: rgb(0, 130, 153), rgb(93, 230, 255))
    public static let systemCyan = tint("systemCyan", rgb(50, 173, 230), rgb(100, 210, 255), highContrast: rgb(0, 113, 164), rgb(112, 215, 255))
    public static let systemBlue = tint("systemBlue", rgb(0, 122, 255), rgb(10, 132, 255), highContrast: rgb(0, 64, 221), rgb(64, 156, 255))
    public static let systemIndigo = tint("systemIndigo", rgb(88, 86, 214), rgb(94, 92, 230), highContrast: rgb(54, 52, 163), rgb(125, 122, 255))
    public static let systemPurple = tint("systemPurple", rgb(175, 82, 222), rgb(191, 90, 242), highContrast: rgb(137, 68, 171), rgb(218, 143, 255))
    public static let systemPink = tint("systemPink", rgb(255, 45, 85), rgb(255, 55, 95), highContrast: rgb(211, 15, 69), rgb(255, 100, 130))
    public static let systemBrown = tint("systemBrown", rgb(162, 132, 94), rgb(172, 142, 104), highContrast: rgb(127, 101, 69), rgb(181, 148, 105))

    /// UIKit's `UIColor.tintColor` (iOS 15): the tint of the view being drawn. Weft has no view
    /// tint hierarchy, so it is always the default tint, `systemBlue`.
    public static let tintColor = UIColor(systemName: "tintColor") { systemBlue.resolvedColor(with: $0) }

    // MARK: Grays

    public static let systemGray = tint("systemGray", rgb(142, 142, 147), rgb(142, 142, 147), highContrast: rgb(108, 108, 112), rgb(174, 174, 178))
    public static let systemGray2 = tint("systemGray2", rgb(174, 174, 178), rgb(99, 99, 102), highContrast: rgb(142, 142, 147), rgb(124, 124, 128))
    public static let systemGray3 = tint("systemGray3", rgb(199, 199, 204), rgb(72, 72, 74), highContrast: rgb(174, 174, 178), rgb(84, 84, 86))
    public static let systemGray4 = tint("systemGray4", rgb(209, 209, 214), rgb(58, 58, 60), highContrast: rgb(188, 188, 192), rgb(68, 68, 70))
    public static let systemGray5 = tint("systemGray5", rgb(229, 229, 234), rgb(44, 44, 46), highContrast: rgb(216, 216, 220), rgb(54, 54, 56))
    public static let systemGray6 = tint("systemGray6", rgb(242, 242, 247), rgb(28, 28, 30), highContrast: rgb(235, 235, 240), rgb(36, 36, 38))

    // MARK: Labels

    public static let label = adaptive("label", rgb(0, 0, 0), rgb(255, 255, 255))
    public static let secondaryLabel = adaptive("secondaryLabel", rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6))
    public static let tertiaryLabel = adaptive("tertiaryLabel", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
    public static let quaternaryLabel = adaptive("quaternaryLabel", rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.18))
    public static let placeholderText = adaptive("placeholderText", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
    public static let link = adaptive("link", rgb(0, 122, 255), rgb(9, 132, 255))

    /// UIKit's `lightText`: white at 60 %, for text on dark backgrounds, in either appearance.
    public static let lightText = UIColor(white: 1, alpha: 0.6)
    /// UIKit's `darkText`: black, for text on light backgrounds, in either appearance.
    public static let darkText = UIColor(white: 0, alpha: 1)

    // MARK: Fills

    public static let systemFill = adaptive("systemFill", rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36))
    public static let secondarySystemFill = adaptive("secondarySystemFill", rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32))
    public static let tertiarySystemFill = adaptive("tertiarySystemFill", rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24))
    public static let quaternarySystemFill = adaptive("quaternarySystemFill", rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18))

    // MARK: Backgrounds

    public static let systemBackground = adaptive("systemBackground", rgb(255, 255, 255), rgb(0, 0, 0), elevated: rgb(28, 28, 30))
    public static let secondarySystemBackground = adaptive("secondarySystemBackground", rgb(242, 242, 247), rgb(28, 28, 30), elevated: rgb(44, 44, 46))
    public static let tertiarySystemBackground = adaptive("tertiarySystemBackground", rgb(255, 255, 255), rgb(44, 44, 46), elevated: rgb(58, 58, 60))
    public static let systemGroupedBackground = adaptive("systemGroupedBackground", rgb(242, 242, 247), rgb(0, 0, 0), elevated: rgb(28, 28, 30))
    public static let secondarySystemGroupedBackground = adaptive("secondarySystemGroupedBackground", rgb(255, 255, 255), rgb(28, 28, 30), elevated: rgb(44, 44, 46))
    public static let tertiarySystemGroupedBackground = adaptive("tertiarySystemGroupedBackground", rgb(242, 242, 247), rgb(44, 44, 46), elevated: rgb(58, 58, 60))

    // MARK: Separators

    /// Translucent, drawn over content; UIKit's table separators.
    public static let separator = adaptive("separator", rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6))
    /// Opaque, for borders that must hide what is under them.
    public static let opaqueSeparator = adaptive("opaqueSeparator", rgb(198, 198, 200), rgb(56, 56, 58))
}
