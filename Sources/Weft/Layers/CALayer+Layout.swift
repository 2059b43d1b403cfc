import Foundation

/// Core Animation's layout cycle for a layer: `needsLayout()`, `setNeedsLayout()`,
/// `layoutIfNeeded()` and `layoutSublayers()`. A node's layer lays out through its node
/// (Texture's layer asks its node in `layoutSublayers`): the flag is the node's, set for a new
/// node, by `setNeedsLayout()` and by a change of its bounds' size, cleared by a layout pass. A
/// layer of its own keeps the flag itself, and asks its delegate.
extension CALayer {
    /// QuartzCore's `needsLayout()`: whether the layer waits for a layout pass. A new layer does.
    public func needsLayout() -> Bool {
        if let node { return node.state.withLock { $0.layout.layerNeedsLayout } }
        return storage.withLock { $0.needsLayout }
    }

    /// QuartzCore's `setNeedsLayout()`: marks the layer for the next layout pass; a node's layer
    /// calls its node's `setNeedsLayout()`.
    public func setNeedsLayout() {
        if let node { return node.setNeedsLayout() }
        storage.withLock { $0.needsLayout = true }
    }

    /// QuartzCore's `layoutIfNeeded()`: lays out the layer when it is marked (`layoutSublayers()`),
    /// then its sublayers that are. A node's layer lays out its node's subtree.
    public func layoutIfNeeded() {
        // Without recursion: layer trees can be deeper than the stack. A node's layer lays out its
        // node's whole subtree; the layers of their own added to each layer remain.
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if layer.needsLayout() { layer.layoutSublayers() }
            pending += layer.ownSublayers.reversed()
        }
    }
}
