import Foundation

/// Scales custom fonts and values with Dynamic Type as a text style scales; UIKit's
/// `UIFontMetrics`. A value is multiplied by the style's size at the traits' content size
/// category over its size at Large (body: 23/17 at extra-extra-extra large).
/// Sendable value-like class; use from any context.
public final class UIFontMetrics: NSObject, Sendable {
    /// The metrics of the body style; UIKit's `default`.
    public static let `default` = UIFontMetrics(forTextStyle: .body)

    private let textStyle: UIFont.TextStyle

    /// UIKit's `init(forTextStyle:)`. A style UIKit does not define scales as body, reported.
    public init(forTextStyle textStyle: UIFont.TextStyle) {
        if textStyle.sizes == nil {
            WeftDiagnostics.report(.text, "UIFontMetrics(forTextStyle:)", "\"\(textStyle.rawValue)\" is not one of UIKit's text styles; the body style is used")
            self.textStyle = .body
        } else {
            self.textStyle = textStyle
        }
        super.init()
    }

    /// The factor a value is scaled by for `traits` (`UITraitCollection.current` when nil, as
    /// UIKit's scaling without traits follows the environment; Large when neither gives one).
    private func factor(for traits: UITraitCollection?) -> CGFloat {
        let category = (traits ?? UITraitCollection.current).effectiveContentSizeCategory
        return textStyle.size(for: category)! / textStyle.size(for: .large)!
    }

    /// UIKit's `scaledFont(for:)`, for the current traits' category.
    public func scaledFont(for font: UIFont) -> UIFont { scaledFont(for: font, compatibleWith: nil) }

    /// UIKit's `scaledFont(for:compatibleWith:)`: `font` at its size times the style's factor.
    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        font.withSize(font.pointSize * factor(for: traitCollection))
    }

    /// UIKit's `scaledFont(for:maximumPointSize:compatibleWith:)`: as `scaledFont`, at most
    /// `maximumPointSize` (0 means no maximum, as in UIKit).
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection? = nil) -> UIFont {
        let scaled = font.pointSize * factor(for: traitCollection)
        return font.withSize(maximumPointSize > 0 ? min(scaled, maximumPointSize) : scaled)
    }

    /// UIKit's `scaledValue(for:)` at the default category: the value itself.
    public func scaledValue(for value: CGFloat) -> CGFloat { scaledValue(for: value, compatibleWith: nil) }

    /// UIKit's `scaledValue(for:compatibleWith:)`: `value` times the style's factor, for spacing
    /// and sizes that should grow with the text.
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        value * factor(for: traitCollection)
    }
}
