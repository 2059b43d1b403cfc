import Foundation

/// An sRGB colour with straight (non-premultiplied) alpha; UIKit's `UIColor`.
///
/// A colour is fixed (made from components) or dynamic (`init(dynamicProvider:)` and the system
/// colours such as `label` and `systemBackground`): a dynamic colour's components are those it
/// resolves to for `UITraitCollection.current`, as UIKit's are when a colour is turned into a
/// `CGColor` or drawn. Weft sets `current` to a node's traits while the node lays out and draws, and
/// resolves the colours painted outside a node's drawing (backgrounds, borders, a collection's
/// background, table separators) against the owning node's traits, so a dark node tree draws dark.
/// Fixed components are clamped to 0...1 when the colour is made, so every colour that exists is
/// valid.
///
/// Sendable value-like class; use from any context (a dynamic colour's provider is `@Sendable`
/// and runs on whichever thread resolves it). An `NSObject`, as UIKit's is, so a dictionary
/// literal mixing colours and fonts (`[.foregroundColor: UIColor.red, .font: font]`) has a type.
public final class UIColor: NSObject, Sendable {
    /// What the colour is made of.
    enum Kind: Sendable {
        case fixed(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
        /// `name` describes the colour (the system colours' UIKit names); nil for an app's provider.
        case dynamic(name: String?, provider: @Sendable (UITraitCollection) -> UIColor)
    }

    let kind: Kind

    /// The red component; a dynamic colour's for `UITraitCollection.current`.
    public var red: CGFloat { components.red }
    /// The green component; a dynamic colour's for `UITraitCollection.current`.
    public var green: CGFloat { components.green }
    /// The blue component; a dynamic colour's for `UITraitCollection.current`.
    public var blue: CGFloat { components.blue }
    /// The alpha component; a dynamic colour's for `UITraitCollection.current`.
    public var alpha: CGFloat { components.alpha }

    init(kind: Kind) {
        self.kind = kind
        super.init()
    }

    /// UIKit's `init(red:green:blue:alpha:)`. Components are clamped to 0...1; a NaN component,
    /// which no colour has, becomes 0 and is reported (area `.appearance`).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        Self.reportNaN([("red", red), ("green", green), ("blue", blue), ("alpha", alpha)], api: "UIColor(red:green:blue:alpha:)")
        self.init(kind: .fixed(red: Self.clamp(red), green: Self.clamp(green), blue: Self.clamp(blue), alpha: Self.clamp(alpha)))
    }

    /// UIKit's `init(white:alpha:)`; a NaN component becomes 0 and is reported.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        Self.reportNaN([("white", white), ("alpha", alpha)], api: "UIColor(white:alpha:)")
        self.init(kind: .fixed(red: Self.clamp(white), green: Self.clamp(white), blue: Self.clamp(white), alpha: Self.clamp(alpha)))
    }

    /// A colour from a 24-bit `0xRRGGBB` value, as most Texture apps define in a `UIColor` extension.
    public convenience init(hex: UInt32, alpha: CGFloat = 1) {
        self.init(red: CGFloat((hex >> 16) & 0xFF) / 255,
                  green: CGFloat((hex >> 8) & 0xFF) / 255,
                  blue: CGFloat(hex & 0xFF) / 255,
                  alpha: alpha)
    }

    /// A colour from `"#RGB"`, `"#RRGGBB"` or `"#RRGGBBAA"` (the `#` is optional); nil when the string is not one of those.
    public convenience init?(hexString: String) {
        var digits = Substring(hexString)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 3:
            let r = (value >> 8) & 0xF, g = (value >> 4) & 0xF, b = value & 0xF
            self.init(hex: (r * 17) << 16 | (g * 17) << 8 | (b * 17))
        case 6:
            self.init(hex: value)
        case 8:
            self.init(hex: value >> 8, alpha: CGFloat(value & 0xFF) / 255)
        default:
            return nil
        }
    }

    /// UIKit's `withAlphaComponent(_:)`. A dynamic colour stays dynamic: each resolution takes
    /// `alpha` in place of the resolved colour's.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        switch kind {
        case let .fixed(red, green, blue, _):
            return UIColor(red: red, green: green, blue: blue, alpha: alpha)
        case let .dynamic(name, _):
            return UIColor(kind: .dynamic(name: name.map { "\($0) at alpha \(alpha)" }) { traits in
                self.resolvedColor(with: traits).withAlphaComponent(alpha)
            })
        }
    }

    /// UIKit's `getRed(_:green:blue:alpha:)`, always succeeding since every colour here is sRGB
    /// (a dynamic colour's components for `UITraitCollection.current`).
    @discardableResult
    public func getRed(_ r: inout CGFloat, green g: inout CGFloat, blue b: inout CGFloat, alpha a: inout CGFloat) -> Bool {
        (r, g, b, a) = components
        return true
    }

    public override var description: String {
        switch kind {
        case let .fixed(red, green, blue, alpha):
            return String(format: "UIColor(r: %.3f, g: %.3f, b: %.3f, a: %.3f)", red, green, blue, alpha)
        case let .dynamic(name, _):
            return "UIColor(dynamic: \(name ?? "provider"))"
        }
    }

    /// Equal components: equal colours (`==` calls this, as for every `NSObject`). A dynamic colour
    /// equals only itself, as in UIKit: two providers cannot be compared.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        switch (kind, other.kind) {
        case let (.fixed(r1, g1, b1, a1), .fixed(r2, g2, b2, a2)):
            return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
        default:
            return self === other
        }
    }

    public override var hash: Int {
        var hasher = Hasher()
        switch kind {
        case let .fixed(red, green, blue, alpha):
            hasher.combine(red); hasher.combine(green); hasher.combine(blue); hasher.combine(alpha)
        case .dynamic:
            hasher.combine(ObjectIdentifier(self))
        }
        return hasher.finalize()
    }

    private static func clamp(_ value: CGFloat) -> CGFloat {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    private static func reportNaN(_ components: [(name: String, value: CGFloat)], api: String) {
        let bad = components.filter(\.value.isNaN)
        guard !bad.isEmpty else { return }
        WeftDiagnostics.report(.appearance, api, bad.map { "\($0.name) nan" }.joined(separator: ", ")
                               + " is not a colour component; 0 used")
    }
}

extension UIColor {
    public static let black = UIColor(white: 0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
}
