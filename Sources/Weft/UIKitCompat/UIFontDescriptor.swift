import Foundation

/// A description of a font by its attributes; UIKit's `UIFontDescriptor`.
///
/// Understood: `.family`, `.name` (PostScript-style, as `UIFont(name:size:)` reads it), `.face`
/// ("Bold", "Italic", "Bold Italic"…), `.size`, `.traits` (`.symbolic` bold and italic, and
/// `.weight`), `.textStyle` and `.featureSettings` (AAT feature type and selector pairs, as UIKit
/// takes them, mapped to OpenType features that pango applies; see `FontFeature`). Other
/// attributes are kept in `fontAttributes` and change nothing.
/// Sendable value-like class; use from any context.
public final class UIFontDescriptor: NSObject, Sendable {
    /// UIKit's `UIFontDescriptor.AttributeName`, with UIKit's raw values.
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let family = AttributeName("NSFontFamilyAttribute")
        public static let name = AttributeName("NSFontNameAttribute")
        public static let face = AttributeName("NSFontFaceAttribute")
        public static let size = AttributeName("NSFontSizeAttribute")
        public static let visibleName = AttributeName("NSFontVisibleNameAttribute")
        public static let traits = AttributeName("NSCTFontTraitsAttribute")
        public static let fixedAdvance = AttributeName("NSFontFixedAdvanceAttribute")
        public static let featureSettings = AttributeName("NSCTFontFeatureSettingsAttribute")
        public static let textStyle = AttributeName("NSCTFontUIUsageAttribute")
    }

    /// UIKit's `UIFontDescriptor.TraitKey`.
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let symbolic = TraitKey("NSCTFontSymbolicTrait")
        public static let weight = TraitKey("NSCTFontWeightTrait")
        public static let width = TraitKey("NSCTFontProportionTrait")
        public static let slant = TraitKey("NSCTFontSlantTrait")
    }

    /// UIKit's `UIFontDescriptor.FeatureKey`: the keys of one `featureSettings` entry.
    public struct FeatureKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The feature type (`kNumberSpacingType`…); UIKit's `UIFontFeatureTypeIdentifierKey`.
        public static let type = FeatureKey("CTFeatureTypeIdentifier")
        /// The selector within the type (`kMonospacedNumbersSelector`…); UIKit's
        /// `UIFontFeatureSelectorIdentifierKey`.
        public static let selector = FeatureKey("CTFeatureSelectorIdentifier")
        /// The name before iOS 15 of `type`.
        public static let featureIdentifier = type
        /// The name before iOS 15 of `selector`.
        public static let typeIdentifier = selector
    }

    /// UIKit's `UIFontDescriptor.SymbolicTraits`, with UIKit's bits. Weft's fonts have weight and
    /// slant: `traitBold` and `traitItalic` change a font; `traitMonoSpace` picks the monospaced
    /// family when no family is named; the others are kept and change nothing.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// What the descriptor says, read out of the attributes once.
    private struct Resolved: Sendable, Hashable {
        var family: String?
        var name: String?
        var face: String?
        var pointSize: CGFloat = 0
        var symbolicTraits: SymbolicTraits = []
        var weight: UIFont.Weight?
        var textStyle: String?
        var featureSettings: [[FeatureKey: Int]] = []
    }

    private let resolved: Resolved

    /// UIKit's `init(fontAttributes:)`. Values of the wrong type are ignored and reported.
    public init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        resolved = Self.resolve(attributes)
        super.init()
    }

    private init(resolved: Resolved) {
        self.resolved = resolved
        super.init()
    }

    /// UIKit's `init(name:size:)`.
    public convenience init(name fontName: String, size: CGFloat) {
        self.init(fontAttributes: [.name: fontName, .size: size])
    }

    /// UIKit's `preferredFontDescriptor(withTextStyle:)`: the system font at the style's size for
    /// the default content size category.
    public static func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style).fontDescriptor
    }

    /// UIKit's `fontAttributes`: the attributes as given, and those a font fills in.
    public var fontAttributes: [AttributeName: Any] {
        var attributes: [AttributeName: Any] = [:]
        if let family = resolved.family { attributes[.family] = family }
        if let name = resolved.name { attributes[.name] = name }
        if let face = resolved.face { attributes[.face] = face }
        if resolved.pointSize > 0 { attributes[.size] = resolved.pointSize }
        var traits: [TraitKey: Any] = [:]
        if !resolved.symbolicTraits.isEmpty { traits[.symbolic] = resolved.symbolicTraits.rawValue }
        if let weight = resolved.weight { traits[.weight] = weight.rawValue }
        if !traits.isEmpty { attributes[.traits] = traits }
        if let style = resolved.textStyle { attributes[.textStyle] = UIFont.TextStyle(rawValue: style) }
        if !resolved.featureSettings.isEmpty { attributes[.featureSettings] = resolved.featureSettings }
        return attributes
    }

    /// UIKit's `pointSize`; 0 when the descriptor names no size.
    public var pointSize: CGFloat { resolved.pointSize }

    /// UIKit's `postscriptName`: the `.name` attribute, or the family.
    public var postscriptName: String { resolved.name ?? resolved.family ?? UIFont.systemFamilyName }

    /// UIKit's `symbolicTraits`: the traits given, with bold for a weight of semibold or more.
    public var symbolicTraits: SymbolicTraits {
        var traits = resolved.symbolicTraits
        if let weight = resolved.weight, weight >= .semibold { traits.insert(.traitBold) }
        return traits
    }

    /// UIKit's `object(forKey:)`.
    public func object(forKey anAttribute: AttributeName) -> Any? { fontAttributes[anAttribute] }

    /// UIKit's `addingAttributes(_:)`: these attributes over the descriptor's.
    public func addingAttributes(_ attributes: [AttributeName: Any]) -> UIFontDescriptor {
        UIFontDescriptor(fontAttributes: fontAttributes.merging(attributes) { $1 })
    }

    /// UIKit's `withSize(_:)`. A size that is not finite or is negative is repaired to 0 (the
    /// font's own size) and reported.
    public func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        var copy = resolved
        copy.pointSize = Self.repairedSize(newPointSize, api: "UIFontDescriptor.withSize(_:)")
        return UIFontDescriptor(resolved: copy)
    }

    /// UIKit's `withFamily(_:)`: the family, without the descriptor's name.
    public func withFamily(_ newFamily: String) -> UIFontDescriptor {
        var copy = resolved
        copy.family = newFamily
        copy.name = nil
        return UIFontDescriptor(resolved: copy)
    }

    /// UIKit's `withFace(_:)`.
    public func withFace(_ newFace: String) -> UIFontDescriptor {
        var copy = resolved
        copy.face = newFace
        return UIFontDescriptor(resolved: copy)
    }

    /// UIKit's `withSymbolicTraits(_:)`: these traits in place of the descriptor's. Nil, as in
    /// UIKit when no face has them, for traits Weft's fonts cannot show (`traitVertical`).
    /// An explicit weight gives way to the bold trait's presence or absence.
    public func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
        guard !symbolicTraits.contains(.traitVertical) else { return nil }
        var copy = resolved
        copy.symbolicTraits = symbolicTraits
        if let weight = copy.weight, (weight >= .semibold) != symbolicTraits.contains(.traitBold) { copy.weight = nil }
        // A name carries its own weight and slant ("Helvetica-Bold"): the family stays, the name goes.
        if let name = copy.name {
            copy.family = copy.family ?? UIFont(name: name, size: 12)?.familyName
            copy.name = nil
        }
        return UIFontDescriptor(resolved: copy)
    }

    /// The font this describes at `size` (0: the descriptor's size, or 12 pt when it has none, as
    /// in UIKit); see `UIFont(descriptor:size:)`.
    func makeFont(size: CGFloat) -> UIFont {
        let size = Self.repairedSize(size, api: "UIFont(descriptor:size:)")
        // A text style with no font named gives that style's size and weight, as UIKit's
        // preferred fonts do (at the default content size category).
        let styled = resolved.name == nil && resolved.family == nil
            ? resolved.textStyle.map { UIFont.preferredFont(forTextStyle: UIFont.TextStyle(rawValue: $0)) } : nil
        let pointSize = size > 0 ? size : (resolved.pointSize > 0 ? resolved.pointSize : styled?.pointSize ?? 12)
        var family = resolved.family ?? UIFont.systemFamilyName
        var weight = styled?.weight ?? UIFont.Weight.regular
        var italic = false
        if let name = resolved.name, let named = UIFont(name: name, size: pointSize) {
            (family, weight, italic) = (named.familyName, named.weight, named.isItalic)
        } else if resolved.family == nil, resolved.symbolicTraits.contains(.traitMonoSpace) {
            family = "monospace"
        }
        if let face = resolved.face?.lowercased() {
            if face.contains("bold") { weight = .bold }
            if face.contains("italic") || face.contains("oblique") { italic = true }
        }
        if resolved.symbolicTraits.contains(.traitBold) { weight = max(weight, .bold) }
        if resolved.symbolicTraits.contains(.traitItalic) { italic = true }
        if let explicit = resolved.weight { weight = explicit }
        let features = FontFeature.features(from: resolved.featureSettings, subject: "UIFontDescriptor \(postscriptName)")
        return UIFont(familyName: family, pointSize: pointSize, weight: weight, italic: italic, features: features)
    }

    /// A descriptor of `font`; see `UIFont.fontDescriptor`.
    convenience init(font: UIFont) {
        var traits: SymbolicTraits = []
        if font.weight >= .semibold { traits.insert(.traitBold) }
        if font.isItalic { traits.insert(.traitItalic) }
        if font.familyName == "monospace" { traits.insert(.traitMonoSpace) }
        self.init(resolved: Resolved(family: font.familyName, pointSize: font.pointSize, symbolicTraits: traits,
                                     weight: font.weight, featureSettings: font.features.map(\.setting)))
    }

    private static func repairedSize(_ size: CGFloat, api: String) -> CGFloat {
        guard !(size.isFinite && size >= 0) else { return size }
        WeftDiagnostics.report(.text, api, "point size \(size) is not finite and non-negative; 0 (the descriptor's size) used")
        return 0
    }

    private static func resolve(_ attributes: [AttributeName: Any]) -> Resolved {
        var resolved = Resolved()
        var repairs = TextRepairs()
        resolved.family = repairs.value(attributes[.family], as: String.self, "UIFontDescriptor family", fallback: "the system family")
        resolved.name = repairs.value(attributes[.name], as: String.self, "UIFontDescriptor name", fallback: "no name")
        resolved.face = repairs.value(attributes[.face], as: String.self, "UIFontDescriptor face", fallback: "the regular face")
        // UIKit code passes a `UIFont.TextStyle`; its raw string is taken too.
        if let style = attributes[.textStyle] as? UIFont.TextStyle {
            resolved.textStyle = style.rawValue
        } else {
            resolved.textStyle = repairs.value(attributes[.textStyle], as: String.self, "UIFontDescriptor textStyle", fallback: "none")
        }
        if let size = repairs.number(attributes[.size], "UIFontDescriptor size") {
            resolved.pointSize = size.isFinite && size >= 0 ? size : 0
            if resolved.pointSize != size { repairs.note("UIFontDescriptor size \(size) is not finite and non-negative; 0 used") }
        }
        if let traits = repairs.value(attributes[.traits], as: [TraitKey: Any].self, "UIFontDescriptor traits", fallback: "none") {
            if let symbolic = traits[.symbolic] {
                if let value = symbolic as? SymbolicTraits {
                    resolved.symbolicTraits = value
                } else if let number = repairs.number(symbolic, "UIFontDescriptor symbolic traits"), let bits = UInt32(exactly: number) {
                    resolved.symbolicTraits = SymbolicTraits(rawValue: bits)
                }
            }
            if let weight = traits[.weight] {
                if let value = weight as? UIFont.Weight {
                    resolved.weight = value
                } else if let number = repairs.number(weight, "UIFontDescriptor weight"), number.isFinite {
                    resolved.weight = UIFont.Weight(min(max(number, -1), 1))
                }
            }
        }
        if let settings = attributes[.featureSettings] {
            if let list = settings as? [[FeatureKey: Int]] {
                resolved.featureSettings = list
            } else if let list = settings as? [[FeatureKey: Any]] {
                resolved.featureSettings = list.map { entry in entry.compactMapValues { ($0 as? NSNumber)?.intValue ?? ($0 as? Int) } }
            } else {
                repairs.note("UIFontDescriptor featureSettings \(TextRepairs.shown(settings)) is not a list of [FeatureKey: Int]; ignored")
            }
        }
        repairs.report(subject: "UIFontDescriptor")
        return resolved
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFontDescriptor else { return false }
        return resolved == other.resolved
    }

    public override var hash: Int { resolved.hashValue }
}

extension UIFont {
    /// UIKit's `init(descriptor:size:)`: the font `descriptor` describes, at `pointSize` (0: the
    /// descriptor's size, or 12 pt when it has none). A family that is not installed falls back
    /// to the system font, as every Weft font does.
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let font = descriptor.makeFont(size: pointSize)
        self.init(familyName: font.familyName, pointSize: font.pointSize, weight: font.weight, italic: font.isItalic,
                  features: font.features)
    }

    /// UIKit's `fontDescriptor`: family, size, weight, slant (as symbolic traits) and features.
    public var fontDescriptor: UIFontDescriptor { UIFontDescriptor(font: self) }
}
