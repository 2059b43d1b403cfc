import Foundation

extension ASDisplayNode {
    /// How the node's content behaves in right-to-left layouts; Texture's
    /// `semanticContentAttribute` (bridged to the view's, as Texture does), UIKit's semantics.
    /// `.unspecified` by default. Changing it lays the node out and draws it again.
    ///
    /// It sets the direction of this node's immediate content (its layout spec, its text), not of
    /// its subnodes': see `UISemanticContentAttribute`.
    public var semanticContentAttribute: UISemanticContentAttribute {
        get { state.withLock { $0.semanticContentAttribute } }
        set {
            let changed = state.withLock { s -> Bool in
                defer { s.semanticContentAttribute = newValue }
                return s.semanticContentAttribute != newValue
            }
            guard changed else { return }
            setNeedsLayout()
            setNeedsDisplay()
            // Content that follows the direction beyond the node's own layout (a collection's
            // layout of its cells) is redone as for a change of traits.
            let traits = primitiveTraitCollection()
            traitsDidChange(from: traits)
        }
    }

    /// The direction the node arranges and draws its immediate content in: its traits'
    /// `layoutDirection` (left to right when unspecified), overridden by
    /// `semanticContentAttribute`. UIView's `effectiveUserInterfaceLayoutDirection`; Texture's
    /// nodes read it from their view, Weft's compute it without one.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        state.withLock { $0.effectiveLayoutDirection }
    }
}

extension ASDisplayNode.State {
    /// See `effectiveUserInterfaceLayoutDirection`; read under the node's lock.
    var effectiveLayoutDirection: UIUserInterfaceLayoutDirection {
        semanticContentAttribute.layoutDirection(relativeTo: traits.primitive.layoutDirection.userInterfaceLayoutDirection)
    }

    /// The traits the node's layout spec (and only the spec: not the subnodes in it) lays out for:
    /// the node's, with the direction its semantic content attribute forces; nil when that is
    /// the node's own traits (no attribute), so the usual layout copies nothing more.
    var specTraits: ASPrimitiveTraitCollection? {
        guard semanticContentAttribute != .unspecified else { return nil }
        var forced = traits.primitive
        forced.layoutDirection = effectiveLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        return forced
    }
}
