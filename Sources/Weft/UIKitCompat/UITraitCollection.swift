import Foundation

/// The traits fonts are chosen for; UIKit's `UITraitCollection`, as far as Weft reads it so far:
/// the preferred content size category (Dynamic Type) of `UIFont.preferredFont(forTextStyle:
/// compatibleWith:)` and `UIFontMetrics`. Sendable value-like class; use from any context.
public final class UITraitCollection: NSObject, Sendable {
    /// The reader's text size; `.unspecified` unless given.
    public let preferredContentSizeCategory: UIContentSizeCategory

    /// UIKit's `init(preferredContentSizeCategory:)`.
    public init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.preferredContentSizeCategory = preferredContentSizeCategory
        super.init()
    }

    /// An empty collection: every trait unspecified.
    public override convenience init() { self.init(preferredContentSizeCategory: .unspecified) }

    /// UIKit's `init(traitsFrom:)`: each trait from the last collection that specifies it.
    public convenience init(traitsFrom collections: [UITraitCollection]) {
        let category = collections.last { $0.preferredContentSizeCategory != .unspecified }?.preferredContentSizeCategory
        self.init(preferredContentSizeCategory: category ?? .unspecified)
    }

    /// The content size category fonts use for these traits: the collection's, or `.large`
    /// (UIKit's default) when it specifies none.
    var effectiveContentSizeCategory: UIContentSizeCategory {
        preferredContentSizeCategory.index == nil ? .large : preferredContentSizeCategory
    }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UITraitCollection)?.preferredContentSizeCategory == preferredContentSizeCategory
    }

    public override var hash: Int { preferredContentSizeCategory.hashValue }

    public override var description: String { "UITraitCollection(preferredContentSizeCategory: \(preferredContentSizeCategory.rawValue))" }
}
