import Foundation

extension UIFont {
    /// UIKit's `UIFont.TextStyle`, with UIKit's raw values.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Size and weight at UIKit's default content size (Large), from Apple's Human Interface
        /// Guidelines type table; nil for a raw value UIKit does not define.
        var largeMetrics: (size: CGFloat, weight: Weight)? {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .body: (17, .regular)
            case .callout: (16, .regular)
            case .subheadline: (15, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: nil
            }
        }
    }

    /// UIKit's `preferredFont(forTextStyle:)`: the system font at the style's size and weight for
    /// the default content size category (Large; body is 17 pt, headline 17 pt semibold). A style
    /// UIKit does not define gives the body font, and that is reported (area `.text`) with the
    /// raw value given.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        guard let metrics = style.largeMetrics else {
            WeftDiagnostics.report(.text, "UIFont.preferredFont(forTextStyle:)", "\"\(style.rawValue)\" is not one of UIKit's text styles; the body style (17 pt) was used")
            return systemFont(ofSize: 17)
        }
        return systemFont(ofSize: metrics.size, weight: metrics.weight)
    }
}
