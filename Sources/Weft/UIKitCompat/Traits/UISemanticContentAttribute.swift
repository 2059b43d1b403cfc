import Foundation

/// What a view's content means for right-to-left layouts; UIKit's `UISemanticContentAttribute`,
/// with UIKit's cases and raw values. Set it as `semanticContentAttribute` on a node or a view.
///
/// It decides the direction of the view's (node's) *immediate* content only: how its layout spec
/// arranges its elements and how its own text aligns. As UIKit documents for
/// `effectiveUserInterfaceLayoutDirection`, it does not propagate to subnodes: a subnode with its
/// own spec lays out in its traits' direction unless it sets the attribute too.
/// Sendable value; use from any context.
public enum UISemanticContentAttribute: Int, Sendable, Hashable {
    /// Flips with the layout direction (the default).
    case unspecified = 0
    /// Playback controls (play, rewind, a scrubber): always left to right.
    case playback = 1
    /// Directional controls (a D-pad, text alignment segments): always left to right.
    case spatial = 2
    /// Always left to right.
    case forceLeftToRight = 3
    /// Always right to left.
    case forceRightToLeft = 4

    /// UIKit's rule: the given direction for `.unspecified`, left to right for playback and spatial
    /// content, and the forced direction for the two forcing cases.
    func layoutDirection(relativeTo direction: UIUserInterfaceLayoutDirection) -> UIUserInterfaceLayoutDirection {
        switch self {
        case .unspecified: return direction
        case .playback, .spatial, .forceLeftToRight: return .leftToRight
        case .forceRightToLeft: return .rightToLeft
        }
    }
}

extension UITraitEnvironmentLayoutDirection {
    /// The user interface direction this trait stands for: `.unspecified` is left to right, as in
    /// UIKit before a window gives its views a direction.
    var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        self == .rightToLeft ? .rightToLeft : .leftToRight
    }
}
