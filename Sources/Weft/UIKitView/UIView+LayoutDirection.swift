import Foundation

extension UIView {
    /// UIKit's `userInterfaceLayoutDirection(for:)`: the direction content with `attribute` lays
    /// out in, relative to the application's direction. Offscreen there is no application locale,
    /// so the application's direction is left to right: only `.forceRightToLeft` answers right to left.
    public class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        attribute.layoutDirection(relativeTo: .leftToRight)
    }

    /// UIKit's `userInterfaceLayoutDirection(for:relativeTo:)`: `layoutDirection` for
    /// `.unspecified`, left to right for playback and spatial content, the forced direction otherwise.
    public class func userInterfaceLayoutDirection(for semanticContentAttribute: UISemanticContentAttribute,
                                                   relativeTo layoutDirection: UIUserInterfaceLayoutDirection) -> UIUserInterfaceLayoutDirection {
        semanticContentAttribute.layoutDirection(relativeTo: layoutDirection)
    }

    /// UIKit's `effectiveUserInterfaceLayoutDirection`: the direction for arranging this view's
    /// immediate content. A node's view answers its node's; another view applies its
    /// `semanticContentAttribute` to the layout direction of the nearest node view above it (views
    /// have no trait collection of their own here), left to right when there is none. As in UIKit,
    /// a superview's semantic content attribute does not reach it.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        if let node = (self as? ASDisplayNodeView)?.node { return node.effectiveUserInterfaceLayoutDirection }
        return semanticContentAttribute.layoutDirection(relativeTo: inheritedLayoutDirection)
    }

    /// The traits' direction of the nearest node view at or above this view.
    private var inheritedLayoutDirection: UIUserInterfaceLayoutDirection {
        var view: UIView? = self
        while let current = view {
            if let node = (current as? ASDisplayNodeView)?.node {
                return node.primitiveTraitCollection().layoutDirection.userInterfaceLayoutDirection
            }
            view = current.superview
        }
        return .leftToRight
    }
}
