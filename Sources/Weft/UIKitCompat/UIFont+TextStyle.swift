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

        /// The style's point sizes for each of `UIContentSizeCategory.allCategories` (extra small
        /// to accessibility extra-extra-extra large), from Apple's Human Interface Guidelines
        /// Dynamic Type table for iOS; nil for a raw value UIKit does not define.
        var sizes: [CGFloat]? {
            switch self {
            case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
            case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
            case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
            case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
            case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
            case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
            case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
            case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
            case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
            default: nil
            }
        }

        /// The style's weight: semibold for the headline, regular for the others, as UIKit's.
        var weight: Weight { self == .headline ? .semibold : .regular }

        /// The style's size for `category` (`.large` for an unspecified or unknown one).
        func size(for category: UIContentSizeCategory) -> CGFloat? {
            sizes.map { $0[category.index ?? UIContentSizeCategory.large.index!] }
        }
    }

    /// UIKit's `preferredFont(forTextStyle:)`: the system font at the style's size and weight for
    /// the content size category of `UITraitCollection.current` (the node's own while it lays out
    /// or draws; Large, where body is 17 pt and headline 17 pt semibold, when none is set). Weft
    /// has no app-wide setting, so the current traits stand in for it, as they do for iOS 17's
    /// trait-aware code. A style UIKit does not define gives the body font, and that is reported
    /// (area `.text`) with the raw value given.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: UITraitCollection.current)
    }

    /// UIKit's `preferredFont(forTextStyle:compatibleWith:)`: the style's font at the traits'
    /// content size category (Apple's Dynamic Type table, accessibility sizes included; Large
    /// when the traits give none, or `UITraitCollection.current`'s when nil is given).
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = (traitCollection ?? UITraitCollection.current).effectiveContentSizeCategory
        guard let size = style.size(for: category) else {
            WeftDiagnostics.report(.text, "UIFont.preferredFont(forTextStyle:)", "\"\(style.rawValue)\" is not one of UIKit's text styles; the body style was used")
            return systemFont(ofSize: TextStyle.body.size(for: category)!)
        }
        return systemFont(ofSize: size, weight: style.weight)
    }
}
