import Foundation
import Weft

/// WCAG 2.x contrast between two colours: relative luminance of sRGB, and the ratio
/// (L1 + 0.05) / (L2 + 0.05), from 1:1 to 21:1 (WCAG 2.2, definitions of "relative luminance"
/// and "contrast ratio"). #777777 on white is 4.48:1, #767676 on white 4.54:1.
///
/// Sendable value; use from any context.
public struct ContrastRatio: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The ratio, unrounded: WCAG compares it unrounded (4.499 fails 4.5).
    public let value: Double

    public init(_ value: Double) { self.value = value }

    /// The contrast of two opaque colours (alpha is ignored: composite first, see `composite`).
    public init(between a: RGB, and b: RGB) {
        let (la, lb) = (a.relativeLuminance, b.relativeLuminance)
        value = (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// "4.48:1": two decimals, as contrast checkers print it.
    public var description: String { String(format: "%.2f:1", value) }

    public static func < (lhs: ContrastRatio, rhs: ContrastRatio) -> Bool { lhs.value < rhs.value }

    /// A resolved sRGB colour, components 0…1, alpha not premultiplied.
    public struct RGB: Hashable, Sendable, CustomStringConvertible {
        public var red: Double, green: Double, blue: Double, alpha: Double

        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        }

        public static let white = RGB(red: 1, green: 1, blue: 1)

        /// WCAG's relative luminance: each channel linearised with WCAG 2.x's 0.03928 threshold.
        public var relativeLuminance: Double {
            func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }

        /// This colour painted over `background` (source-over), opaque when `background` is.
        public func composite(over background: RGB) -> RGB {
            let a = alpha + background.alpha * (1 - alpha)
            guard a > 0 else { return RGB(red: 0, green: 0, blue: 0, alpha: 0) }
            func mix(_ f: Double, _ b: Double) -> Double { (f * alpha + b * background.alpha * (1 - alpha)) / a }
            return RGB(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue), alpha: a)
        }

        /// "#777777", or "#77777780" when translucent.
        public var description: String {
            // A NaN component (min and max pass NaN through) prints as 00 instead of trapping in Int().
            func byte(_ c: Double) -> String { String(format: "%02X", c.isNaN ? 0 : Int((min(max(c, 0), 1) * 255).rounded())) }
            return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
        }
    }
}

extension ContrastRatio.RGB {
    /// `color` resolved against `traits` (a dynamic colour's light or dark value), through its
    /// public components, which resolve against `UITraitCollection.current`.
    init(_ color: UIColor, traits: UITraitCollection) {
        var rgb = ContrastRatio.RGB.white
        traits.performAsCurrent {
            rgb = ContrastRatio.RGB(red: Double(color.red), green: Double(color.green), blue: Double(color.blue), alpha: Double(color.alpha))
        }
        self = rgb
    }
}
