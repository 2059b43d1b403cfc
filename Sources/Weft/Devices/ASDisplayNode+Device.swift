import Foundation

extension ASDisplayNode {
    /// Renders the node as the screen of `config` would show it at the root of a window: sized to
    /// `size` (else the device's size, else the node's own bounds, else the size it measures
    /// unconstrained), with the device's traits overlaid by `traits` handed down the tree
    /// (`ASTraitCollectionPropagateDown`, the container size being the rendered size), the
    /// device's safe area as its `safeAreaInsets`, at the merged traits' `displayScale`.
    /// A collection or table is composited with its visible cells at its content offset.
    ///
    /// `node.renderBitmap(on: .iPhone13, traits: .init(userInterfaceStyle: .dark))`; for a node
    /// without a device, pass `ViewImageConfig(size: …, traits: …)`. The node keeps the frame,
    /// traits and insets it was rendered with.
    public func renderBitmap(on config: ViewImageConfig, size: CGSize? = nil, traits: UITraitCollection = .init()) throws -> Bitmap {
        let merged = config.traits(overriddenBy: traits)
        let size = size ?? config.size ?? (bounds.width > 0 && bounds.height > 0 ? bounds.size : layoutThatFits(.unconstrained).size)
        if frame.size != size { frame = CGRect(origin: frame.origin, size: size) }
        var primitive = primitiveTraitCollection()
        primitive.overlay(ASPrimitiveTraitCollectionFromUITraitCollection(merged))
        primitive.containerSize = size
        ASTraitCollectionPropagateDown(self, primitive)
        setSafeAreaInsetsFromView(config.safeArea)
        return try renderComposited(scale: ViewImageConfig.scale(for: merged))
    }

    /// What a screen shows of this node: a collection or table composites its visible cells at
    /// its content offset (its own `renderBitmap` draws only its background); any other node
    /// renders its subtree.
    func renderComposited(scale: CGFloat) throws -> Bitmap {
        if let collection = self as? ASCollectionNode { return try collection.snapshot(scale: scale) }
        if let table = self as? ASTableNode { return try table.snapshot(scale: scale) }
        return try renderBitmap(scale: scale)
    }
}
