import Foundation

/// A node's placeholder, as Texture's: with `placeholderEnabled`, a node that draws contents and
/// enters the hierarchy (a window) before they are drawn gets a layer over them, at `zPosition`
/// 9999, showing `placeholderImage()`. The layer goes once the contents are committed, unless
/// `placeholderShouldPersist()`. Texture removes it on the main thread once display finished;
/// so does Weft, so that code inspecting the layer tree right after a window showed sees it.
/// Texture's `placeholderFadeDuration` is not offered: Weft runs no animations.
///
/// Owned by the node's `state` mutex; the layer is added and removed on the main thread.
struct NodePlaceholder {
    var isEnabled = false
    /// The placeholder layer, made the first time it is shown and kept, as Texture keeps it.
    var layer: CALayer?
}

extension ASDisplayNode {
    /// Texture's `placeholderEnabled`: shows a placeholder over the node until its contents are
    /// drawn; false by default. A text node's `placeholderColor` sets it too.
    public var placeholderEnabled: Bool {
        get { self[locked: \.placeholder.isEnabled] }
        set { self[locked: \.placeholder.isEnabled] = newValue }
    }

    /// The placeholder layer while it is among the node's layer's sublayers.
    var shownPlaceholderLayer: CALayer? {
        guard let layer = state.withLock({ $0.placeholder.layer }), layer.superlayer === layerObject else { return nil }
        return layer
    }

    /// Texture's `_implementsDisplay`: whether the node draws contents of its own (a display block,
    /// draw parameters, or one of Texture's class drawing methods overridden).
    var implementsDisplay: Bool {
        if self[locked: \.displayBlock] != nil { return true }
        let type = type(of: self)
        return TextureDrawOverrides.makesImages(type) || TextureDrawOverrides.overrides(type) || drawParameters() != nil
    }

    /// Part of entering the hierarchy (Texture's `__enterHierarchy`): shows the placeholder layer
    /// when the node has no contents yet and should have one.
    @MainActor func showPlaceholderIfNotDisplayed() {
        guard placeholderEnabled, contents == nil, implementsDisplay else { return }
        let (layer, made) = state.withLock { s -> (CALayer, Bool) in
            if let layer = s.placeholder.layer { return (layer, false) }
            let layer = CALayer()
            s.placeholder.layer = layer
            return (layer, true)
        }
        if made { layer.zPosition = 9999 }
        if layer.contents == nil { layer.contents = placeholderImage() }
        layer.opacity = 1
        layer.frame = bounds
        layerObject.addSublayer(layer)
    }

    /// After the contents were committed, for a node that has a placeholder layer: takes it away,
    /// on the main thread, unless `placeholderShouldPersist()`.
    func removePlaceholderOnceDisplayed() {
        let node = UncheckedSendable(self)
        let remove: @MainActor @Sendable () -> Void = {
            // SAFETY: the node's state is behind its mutex; the layer tree has its own locks.
            guard !node.value.placeholderShouldPersist(), let layer = node.value.shownPlaceholderLayer else { return }
            layer.removeFromSuperlayer()
        }
        if MainActorBridge.ifOnMainActor(remove) == nil {
            DispatchQueue.main.async { MainActor.assumeIsolated(remove) }
        }
    }
}
