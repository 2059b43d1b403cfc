import Foundation

/// A node's tint colour, as Texture bridges it: a layer-backed node keeps its own and inherits
/// its supernode's; a view-backed node's is its view's once loaded, which UIKit inherits from the
/// superview (here: the supernode, else the view the node's view was added to), UIKit's system
/// blue at the root. Template images (`UIImage.RenderingMode.alwaysTemplate`) are drawn in it.
extension ASDisplayNode {
    /// UIKit's default tint, a root view's when nothing above it sets one.
    static let defaultTintColor = UIColor.systemBlue

    /// Texture's `tintColor` (null_resettable): the colour set on this node, else
    /// - a layer-backed node: its supernode's (nil when none up the tree has one);
    /// - a loaded view-backed node: its supernode's, else its view's superview's, else UIKit's
    ///   default (system blue);
    /// - a view-backed node not loaded yet: nil, as Texture's pending state holds none.
    ///
    /// Setting it on a loaded node calls `tintColorDidChange()` on the node, and on a view-backed
    /// node also on its loaded view-backed subnodes that inherit it, as UIKit tells subviews.
    public var tintColor: UIColor! {
        get {
            let (own, layerBacked, loaded, supernode, view) = state.withLock {
                ($0.tintColor, $0.layerModel.isLayerBacked, $0.loading.isLoaded, $0.supernode, $0.loading.view)
            }
            if let own { return own }
            if layerBacked { return supernode?.tintColor }
            guard loaded else { return nil }
            if let inherited = supernode?.tintColor { return inherited }
            if let view, let hosting = MainActorBridge.ifOnMainActor({ view.superview?.tintColor }) ?? nil {
                return hosting
            }
            return Self.defaultTintColor
        }
        set {
            let (changed, loaded, layerBacked) = state.withLock { s -> (Bool, Bool, Bool) in
                let changed = !Self.same(s.tintColor, newValue)
                s.tintColor = newValue
                return (changed, s.loading.isLoaded, s.layerModel.isLayerBacked)
            }
            bridgeToBlockView { $0.tintColor = newValue }
            guard changed, loaded else { return }
            if layerBacked { tintColorDidChange() } else { inheritedTintDidChange() }
        }
    }

    /// The tint set on this node itself, nil when it inherits.
    var ownTintColor: UIColor? { self[locked: \.tintColor] }

    /// Tells this view-backed node, and the loaded view-backed subnodes below it that inherit its
    /// tint, that the tint changed.
    func inheritedTintDidChange() {
        tintColorDidChange()
        for subnode in subnodes {
            let (inherits, loaded, layerBacked) = subnode.state.withLock {
                ($0.tintColor == nil, $0.loading.isLoaded, $0.layerModel.isLayerBacked)
            }
            if inherits, loaded, !layerBacked { subnode.inheritedTintDidChange() }
        }
    }

    private static func same(_ a: UIColor?, _ b: UIColor?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): a === b || a == b
        default: false
        }
    }
}
