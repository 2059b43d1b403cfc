import Foundation

/// The reader's preferred text size (Dynamic Type); UIKit's `UIContentSizeCategory`, with UIKit's
/// raw values, ordered from smallest to largest. `.large` is the default.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable, Comparable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// Every category UIKit defines, smallest first (`.unspecified` left out).
    public static let allCategories: [UIContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// The category's place in `allCategories`; nil for `.unspecified` and raw values UIKit does not define.
    var index: Int? { Self.allCategories.firstIndex(of: self) }

    /// Whether this is one of the five accessibility sizes; UIKit's `isAccessibilityCategory`.
    public var isAccessibilityCategory: Bool { (index ?? 0) >= 7 }

    /// UIKit's order; `.unspecified` (and an unknown raw value) sorts before every category.
    public static func < (a: UIContentSizeCategory, b: UIContentSizeCategory) -> Bool {
        (a.index ?? -1) < (b.index ?? -1)
    }
}
