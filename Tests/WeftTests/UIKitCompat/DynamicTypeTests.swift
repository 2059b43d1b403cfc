import Foundation
import Testing
import Weft

/// Dynamic Type: UIKit's content size categories, the text styles' sizes per category (Apple's
/// published table), and `UIFontMetrics` scaling.
@Suite struct DynamicTypeTests {
    static func traits(_ category: UIContentSizeCategory) -> UITraitCollection {
        UITraitCollection(preferredContentSizeCategory: category)
    }

    @Test func categoriesAreOrderedAsUIKitsWithUIKitsRawValues() {
        #expect(UIContentSizeCategory.allCategories.count == 12)
        #expect(UIContentSizeCategory.extraSmall < .large && UIContentSizeCategory.extraExtraExtraLarge < .accessibilityMedium)
        #expect(UIContentSizeCategory.unspecified < .extraSmall)
        #expect(UIContentSizeCategory.large.rawValue == "UICTContentSizeCategoryL")
        #expect(UIContentSizeCategory.accessibilityExtraExtraExtraLarge.rawValue == "UICTContentSizeCategoryAccessibilityXXXL")
        #expect(!UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory && UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
    }

    /// Apple's Human Interface Guidelines, Dynamic Type sizes (iOS), at a few categories.
    @Test func textStylesFollowApplesTable() {
        let expected: [(UIContentSizeCategory, [CGFloat])] = [
            //              largeTitle title1 title2 title3 headline body callout subhead footnote caption1 caption2
            (.extraSmall, [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11]),
            (.large, [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11]),
            (.extraExtraExtraLarge, [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17]),
            (.accessibilityMedium, [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20]),
            (.accessibilityExtraExtraExtraLarge, [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40]),
        ]
        let styles: [UIFont.TextStyle] = [.largeTitle, .title1, .title2, .title3, .headline, .body, .callout, .subheadline, .footnote, .caption1, .caption2]
        for (category, sizes) in expected {
            let got = styles.map { UIFont.preferredFont(forTextStyle: $0, compatibleWith: Self.traits(category)).pointSize }
            #expect(got == sizes, "\(category.rawValue)")
        }
        #expect(UIFont.preferredFont(forTextStyle: .headline, compatibleWith: Self.traits(.accessibilityLarge)).weight == .semibold)
        // No category, or none given: Large, UIKit's default.
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: UITraitCollection()).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: nil).pointSize == 17)
    }

    @Test func fontMetricsScaleByTheStylesFactor() {
        let metrics = UIFontMetrics(forTextStyle: .body)
        let font = UIFont(familyName: "DejaVu Serif", pointSize: 34)
        #expect(metrics.scaledFont(for: font).pointSize == 34)
        let scaled = metrics.scaledFont(for: font, compatibleWith: Self.traits(.extraExtraExtraLarge))
        #expect(abs(scaled.pointSize - 46) < 1e-9 && scaled.familyName == "DejaVu Serif")
        #expect(metrics.scaledFont(for: font, maximumPointSize: 40, compatibleWith: Self.traits(.accessibilityExtraExtraExtraLarge)).pointSize == 40)
        #expect(abs(UIFontMetrics.default.scaledValue(for: 10, compatibleWith: Self.traits(.extraSmall)) - CGFloat(140) / 17) < 1e-9)
        #expect(abs(UIFontMetrics(forTextStyle: .caption2).scaledValue(for: 11, compatibleWith: Self.traits(.accessibilityMedium)) - 20) < 1e-9)
    }

    @Test func traitsMergeAsUIKitsDo() {
        let merged = UITraitCollection(traitsFrom: [Self.traits(.small), UITraitCollection(), Self.traits(.extraLarge)])
        #expect(merged.preferredContentSizeCategory == .extraLarge && merged == Self.traits(.extraLarge))
        #expect(UITraitCollection(traitsFrom: [Self.traits(.small), UITraitCollection()]).preferredContentSizeCategory == .small)
    }
}
