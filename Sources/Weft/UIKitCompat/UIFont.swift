import Foundation

/// A font: family, point size, weight and slant; UIKit's `UIFont`.
///
/// Fonts resolve through Weft's private fontconfig configuration (see `FontConfiguration`): the
/// system font is DejaVu Sans with NanumGothic as the Hangul fallback, and a family that is not
/// installed falls back to the system font, as fontconfig does.
/// Sendable value-like class; use from any context.
public final class UIFont: NSObject, Sendable {
    /// UIKit's `UIFont.Weight`, with UIKit's raw values.
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The CSS/OpenType weight (100...900) that pango and fontconfig use.
        var cssWeight: Int {
            let table: [(Weight, Int)] = [(.ultraLight, 100), (.thin, 200), (.light, 300), (.regular, 400),
                                          (.medium, 500), (.semibold, 600), (.bold, 700), (.heavy, 800), (.black, 900)]
            return table.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }!.1
        }
    }

    /// The fontconfig family name the system font resolves through.
    public static let systemFamilyName = "system-ui"

    public let familyName: String
    public let pointSize: CGFloat
    public let weight: Weight
    public let isItalic: Bool
    /// OpenType features switched on or off (from a descriptor's `featureSettings`), handed to
    /// pango with the text; empty for the font's defaults.
    let features: [FontFeature]

    /// A font of `familyName`. The size is repaired and reported (area `.text`) when pango could
    /// not lay it out: not finite or not positive → `systemFontSize`; below `minimumPointSize` →
    /// `minimumPointSize`; above `WeftLimits.maximumFontSize` → that limit.
    public convenience init(familyName: String, pointSize: CGFloat, weight: Weight = .regular, italic: Bool = false) {
        self.init(familyName: familyName, pointSize: pointSize, weight: weight, italic: italic, features: [])
    }

    init(familyName: String, pointSize: CGFloat, weight: Weight, italic: Bool, features: [FontFeature]) {
        self.familyName = familyName
        self.pointSize = UIFont.repairedPointSize(pointSize, familyName: familyName)
        self.weight = weight
        self.isItalic = italic
        self.features = features
        super.init()
    }

    /// The smallest size laid out: pango measures in 1/1024 pt, so a smaller font has size 0.
    public static let minimumPointSize: CGFloat = 1.0 / 1024

    private static func repairedPointSize(_ size: CGFloat, familyName: String) -> CGFloat {
        let repaired: CGFloat, rule: String
        if !size.isFinite || size <= 0 {
            (repaired, rule) = (systemFontSize, "is not finite and positive; UIFont.systemFontSize (\(systemFontSize) pt) used")
        } else if size < minimumPointSize {
            (repaired, rule) = (minimumPointSize, "is below UIFont.minimumPointSize; \(minimumPointSize) pt used")
        } else if size > WeftLimits.maximumFontSize {
            (repaired, rule) = (WeftLimits.maximumFontSize, "is above WeftLimits.maximumFontSize; \(WeftLimits.maximumFontSize) pt used")
        } else {
            return size
        }
        WeftDiagnostics.report(.text, "UIFont \"\(familyName)\"", "point size \(size) \(rule)")
        return repaired
    }

    /// UIKit's `init(name:size:)`. PostScript-style names are understood: `"Helvetica-Bold"` is
    /// Helvetica at bold weight, `"DejaVuSans-Oblique"` DejaVu Sans in italic. Nil for an empty name.
    public convenience init?(name: String, size: CGFloat) {
        let parts = name.split(separator: "-", maxSplits: 1)
        guard let family = parts.first, !family.isEmpty else { return nil }
        let style = parts.count > 1 ? parts[1].lowercased() : ""
        var weight = Weight.regular
        if style.contains("black") { weight = .black }
        else if style.contains("heavy") || style.contains("extrabold") { weight = .heavy }
        else if style.contains("semibold") || style.contains("demibold") { weight = .semibold }
        else if style.contains("bold") { weight = .bold }
        else if style.contains("medium") { weight = .medium }
        else if style.contains("light") { weight = .light }
        else if style.contains("thin") { weight = .thin }
        let italic = style.contains("italic") || style.contains("oblique")
        self.init(familyName: String(family), pointSize: size, weight: weight, italic: italic)
    }

    /// UIKit's `systemFont(ofSize:weight:)`.
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(familyName: systemFamilyName, pointSize: size, weight: weight)
    }

    /// UIKit's `boldSystemFont(ofSize:)`.
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(familyName: systemFamilyName, pointSize: size, weight: .bold)
    }

    /// UIKit's `italicSystemFont(ofSize:)`.
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(familyName: systemFamilyName, pointSize: size, italic: true)
    }

    /// UIKit's `monospacedSystemFont(ofSize:weight:)`, resolved to DejaVu Sans Mono.
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(familyName: "monospace", pointSize: size, weight: weight)
    }

    /// UIKit's `systemFontSize`, 14 pt; the size a zero or invalid size falls back to (reported).
    public static let systemFontSize: CGFloat = 14

    /// UIKit's `buttonFontSize`, 18 pt: the size `ASButtonNode.setTitle(_:with:with:for:)` uses
    /// when it is given no font.
    public static let buttonFontSize: CGFloat = 18

    /// UIKit's `lineHeight`: the height of one line of text in this font, from the resolved face's
    /// ascent and descent as pango reports them (unrounded). A one-line `ASTextNode` in this font
    /// is this tall, rounded up to the pixel grid (`ASCeilPixelValue`).
    public var lineHeight: CGFloat { FontMetrics.lineHeight(of: self) }

    /// UIKit's `ascender`: the baseline's distance below the top of a line in this font.
    public var ascender: CGFloat { FontMetrics.vertical(of: self).ascender }
    /// UIKit's `descender`: the distance below the baseline a line reaches, negative as UIKit's is.
    public var descender: CGFloat { FontMetrics.vertical(of: self).descender }
    /// UIKit's `capHeight`: how far a capital "H" rises above the baseline (from its drawn ink).
    public var capHeight: CGFloat { FontMetrics.vertical(of: self).capHeight }
    /// UIKit's `xHeight`: how far a lowercase "x" rises above the baseline (from its drawn ink).
    public var xHeight: CGFloat { FontMetrics.vertical(of: self).xHeight }
    /// UIKit's `leading`: 0, the extra line spacing none of the faces Weft resolves asks for
    /// (`lineHeight` is ascent plus descent).
    public var leading: CGFloat { 0 }

    /// UIKit's `withSize(_:)`.
    public func withSize(_ size: CGFloat) -> UIFont {
        UIFont(familyName: familyName, pointSize: size, weight: weight, italic: isItalic, features: features)
    }

    public override var description: String {
        let features = self.features.isEmpty ? "" : ", features \(FontFeature.pangoString(self.features))"
        return "UIFont(\(familyName), \(pointSize) pt, weight \(weight.cssWeight)\(isItalic ? ", italic" : "")\(features))"
    }

    /// Same family, size, weight and slant: equal fonts (`==` calls this, as for every `NSObject`).
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return familyName == other.familyName && pointSize == other.pointSize && weight == other.weight && isItalic == other.isItalic
            && features == other.features
    }

    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(familyName); hasher.combine(pointSize); hasher.combine(weight); hasher.combine(isItalic); hasher.combine(features)
        return hasher.finalize()
    }
}
