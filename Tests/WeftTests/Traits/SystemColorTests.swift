import Foundation
import Testing
import Weft

/// Every system colour against Apple's values (0-255 sRGB and alpha), in each appearance it has
/// values for. The expectations are written out here, apart from the table in
/// UIColor+SystemColors.swift, so a wrong entry there fails.
@Suite struct SystemColorTests {
    /// A colour as 0-255 components and alpha.
    struct RGBA: Equatable, CustomStringConvertible {
        let r: Int, g: Int, b: Int, a: CGFloat
        init(_ hex: UInt32, _ a: CGFloat = 1) { (r, g, b, self.a) = (Int(hex >> 16), Int(hex >> 8 & 0xFF), Int(hex & 0xFF), a) }
        init(_ color: UIColor) {
            var (red, green, blue, alpha) = (CGFloat(0), CGFloat(0), CGFloat(0), CGFloat(0))
            color.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
            (r, g, b, a) = (Int((red * 255).rounded()), Int((green * 255).rounded()), Int((blue * 255).rounded()), alpha)
        }
        static func == (x: RGBA, y: RGBA) -> Bool { x.r == y.r && x.g == y.g && x.b == y.b && abs(x.a - y.a) < 0.0005 }
        var description: String { String(format: "#%02X%02X%02X a %.2f", r, g, b, a) }
    }

    struct Expected: Sendable, CustomTestStringConvertible {
        let name: String
        let color: UIColor
        let light: UInt32, lightAlpha: CGFloat
        let dark: UInt32, darkAlpha: CGFloat
        var lightHigh: UInt32?, darkHigh: UInt32?, darkElevated: UInt32?
        var testDescription: String { name }
    }

    static func tint(_ name: String, _ color: UIColor, _ light: UInt32, _ dark: UInt32, _ lightHigh: UInt32, _ darkHigh: UInt32) -> Expected {
        Expected(name: name, color: color, light: light, lightAlpha: 1, dark: dark, darkAlpha: 1, lightHigh: lightHigh, darkHigh: darkHigh)
    }

    static func plain(_ name: String, _ color: UIColor, _ light: UInt32, _ lightAlpha: CGFloat, _ dark: UInt32, _ darkAlpha: CGFloat,
                      elevated: UInt32? = nil) -> Expected {
        Expected(name: name, color: color, light: light, lightAlpha: lightAlpha, dark: dark, darkAlpha: darkAlpha, darkElevated: elevated)
    }

    static let all: [Expected] = [
        tint("systemRed", .systemRed, 0xFF3B30, 0xFF453A, 0xD70015, 0xFF6961),
        tint("systemOrange", .systemOrange, 0xFF9500, 0xFF9F0A, 0xC93400, 0xFFB340),
        tint("systemYellow", .systemYellow, 0xFFCC00, 0xFFD60A, 0xB25000, 0xFFD426),
        tint("systemGreen", .systemGreen, 0x34C759, 0x30D158, 0x248A3D, 0x30DB5B),
        tint("systemMint", .systemMint, 0x00C7BE, 0x63E6E2, 0x0C817B, 0x66D4CF),
        // iOS 15's teal (iOS 13-14's 0x5AC8FA / 0x64D2FF became systemCyan's).
        tint("systemTeal", .systemTeal, 0x30B0C7, 0x40C8E0, 0x008299, 0x5DE6FF),
        tint("systemCyan", .systemCyan, 0x32ADE6, 0x64D2FF, 0x0071A4, 0x70D7FF),
        tint("systemBlue", .systemBlue, 0x007AFF, 0x0A84FF, 0x0040DD, 0x409CFF),
        tint("systemIndigo", .systemIndigo, 0x5856D6, 0x5E5CE6, 0x3634A3, 0x7D7AFF),
        tint("systemPurple", .systemPurple, 0xAF52DE, 0xBF5AF2, 0x8944AB, 0xDA8FFF),
        tint("systemPink", .systemPink, 0xFF2D55, 0xFF375F, 0xD30F45, 0xFF6482),
        tint("systemBrown", .systemBrown, 0xA2845E, 0xAC8E68, 0x7F6545, 0xB59469),
        tint("tintColor", .tintColor, 0x007AFF, 0x0A84FF, 0x0040DD, 0x409CFF),
        tint("systemGray", .systemGray, 0x8E8E93, 0x8E8E93, 0x6C6C70, 0xAEAEB2),
        tint("systemGray2", .systemGray2, 0xAEAEB2, 0x636366, 0x8E8E93, 0x7C7C80),
        tint("systemGray3", .systemGray3, 0xC7C7CC, 0x48484A, 0xAEAEB2, 0x545456),
        tint("systemGray4", .systemGray4, 0xD1D1D6, 0x3A3A3C, 0xBCBCC0, 0x444446),
        tint("systemGray5", .systemGray5, 0xE5E5EA, 0x2C2C2E, 0xD8D8DC, 0x363638),
        tint("systemGray6", .systemGray6, 0xF2F2F7, 0x1C1C1E, 0xEBEBF0, 0x242426),
        plain("label", .label, 0x000000, 1, 0xFFFFFF, 1),
        plain("secondaryLabel", .secondaryLabel, 0x3C3C43, 0.6, 0xEBEBF5, 0.6),
        plain("tertiaryLabel", .tertiaryLabel, 0x3C3C43, 0.3, 0xEBEBF5, 0.3),
        plain("quaternaryLabel", .quaternaryLabel, 0x3C3C43, 0.18, 0xEBEBF5, 0.18),
        plain("placeholderText", .placeholderText, 0x3C3C43, 0.3, 0xEBEBF5, 0.3),
        plain("link", .link, 0x007AFF, 1, 0x0984FF, 1),
        plain("lightText", .lightText, 0xFFFFFF, 0.6, 0xFFFFFF, 0.6),
        plain("darkText", .darkText, 0x000000, 1, 0x000000, 1),
        plain("systemFill", .systemFill, 0x787880, 0.2, 0x787880, 0.36),
        plain("secondarySystemFill", .secondarySystemFill, 0x787880, 0.16, 0x787880, 0.32),
        plain("tertiarySystemFill", .tertiarySystemFill, 0x767680, 0.12, 0x767680, 0.24),
        plain("quaternarySystemFill", .quaternarySystemFill, 0x747480, 0.08, 0x767680, 0.18),
        plain("systemBackground", .systemBackground, 0xFFFFFF, 1, 0x000000, 1, elevated: 0x1C1C1E),
        plain("secondarySystemBackground", .secondarySystemBackground, 0xF2F2F7, 1, 0x1C1C1E, 1, elevated: 0x2C2C2E),
        plain("tertiarySystemBackground", .tertiarySystemBackground, 0xFFFFFF, 1, 0x2C2C2E, 1, elevated: 0x3A3A3C),
        plain("systemGroupedBackground", .systemGroupedBackground, 0xF2F2F7, 1, 0x000000, 1, elevated: 0x1C1C1E),
        plain("secondarySystemGroupedBackground", .secondarySystemGroupedBackground, 0xFFFFFF, 1, 0x1C1C1E, 1, elevated: 0x2C2C2E),
        plain("tertiarySystemGroupedBackground", .tertiarySystemGroupedBackground, 0xF2F2F7, 1, 0x2C2C2E, 1, elevated: 0x3A3A3C),
        plain("separator", .separator, 0x3C3C43, 0.29, 0x545458, 0.6),
        plain("opaqueSeparator", .opaqueSeparator, 0xC6C6C8, 1, 0x38383A, 1),
    ]

    static func traits(_ style: UIUserInterfaceStyle, contrast: UIAccessibilityContrast = .unspecified,
                       level: UIUserInterfaceLevel = .unspecified) -> UITraitCollection {
        UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: style), UITraitCollection(accessibilityContrast: contrast),
                                       UITraitCollection(userInterfaceLevel: level)])
    }

    @Test(arguments: all) func resolvesToApplesValues(_ expected: Expected) {
        let c = expected.color
        let light = RGBA(expected.light, expected.lightAlpha), dark = RGBA(expected.dark, expected.darkAlpha)
        #expect(RGBA(c.resolvedColor(with: Self.traits(.light))) == light)
        #expect(RGBA(c.resolvedColor(with: Self.traits(.unspecified))) == light, "unspecified draws as light")
        #expect(RGBA(c.resolvedColor(with: Self.traits(.dark))) == dark)
        #expect(RGBA(c.resolvedColor(with: Self.traits(.dark, level: .base))) == dark)
        #expect(RGBA(c.resolvedColor(with: Self.traits(.light, contrast: .high))) == expected.lightHigh.map { RGBA($0) } ?? light)
        #expect(RGBA(c.resolvedColor(with: Self.traits(.dark, contrast: .high))) == expected.darkHigh.map { RGBA($0) } ?? dark)
        #expect(RGBA(c.resolvedColor(with: Self.traits(.dark, level: .elevated))) == expected.darkElevated.map { RGBA($0) } ?? dark)
        // Elevation darkens nothing in light appearance.
        #expect(RGBA(c.resolvedColor(with: Self.traits(.light, level: .elevated))) == light)
    }

    /// Outside any drawing, the current traits are empty: the components are the light ones, so
    /// code that reads `UIColor.label.red` keeps its pre-dark-mode value.
    @Test(arguments: all) func componentsOutsideDrawingAreLight(_ expected: Expected) {
        #expect(RGBA(expected.color) == RGBA(expected.light, expected.lightAlpha))
        UITraitCollection(userInterfaceStyle: .dark).performAsCurrent {
            #expect(RGBA(expected.color) == RGBA(expected.dark, expected.darkAlpha))
        }
    }

    @Test func theFixedOnesStayFixed() {
        for color in [UIColor.lightText, .darkText, .black, .white, .red] {
            #expect(color.resolvedColor(with: Self.traits(.dark)) === color)
        }
        #expect(UIColor.label.resolvedColor(with: Self.traits(.dark)) !== UIColor.label)
    }
}
