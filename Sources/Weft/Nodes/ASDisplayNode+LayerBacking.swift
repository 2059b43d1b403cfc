import Foundation

/// Layer-backed nodes: nodes with a layer and no view, as Texture makes them for content that
/// takes no touches (`isLayerBacked`, `init(layerBlock:)`). Offscreen, a layer-backed node renders
/// as a view-backed one does; what differs is what it has: no view, so no user interaction.
extension ASDisplayNode {
    /// A layer-backed node whose layer `layerBlock` makes; Texture's `init(layerBlock:)`. The block
    /// runs once, when the layer is first needed; the layer it returns (a `CAShapeLayer`, say)
    /// then shows the node's state: the node's geometry and appearance win over what the block set.
    public convenience init(layerBlock: @escaping ASDisplayNodeLayerBlock) {
        self.init()
        state.withLock { s in
            s.layerModel.layerBlock = layerBlock
            s.layerModel.isLayerBacked = true
        }
    }

    /// Texture's `init(layerBlock:didLoad:)`: `init(layerBlock:)` with a block run when the node loads.
    public convenience init(layerBlock: @escaping ASDisplayNodeLayerBlock, didLoad didLoadBlock: ASDisplayNodeDidLoadBlock?) {
        self.init(layerBlock: layerBlock)
        if let didLoadBlock { onDidLoad(didLoadBlock) }
    }

    /// Whether the node has a layer and no view; Texture's `isLayerBacked`, false by default. Set it
    /// before the node loads, on a node that `supportsLayerBacking`; otherwise the change is
    /// reported and not made (Texture asserts).
    public var isLayerBacked: Bool {
        get { self[locked: \.layerModel.isLayerBacked] }
        set {
            guard newValue != isLayerBacked else { return }
            if isNodeLoaded {
                WeftDiagnostics.report(.view, description, "isLayerBacked set to \(newValue) after the node loaded; ignored. Set it before the node's view or layer is made")
                return
            }
            if newValue && !supportsLayerBacking {
                WeftDiagnostics.report(.view, description, "isLayerBacked set to true on a node that needs a view (a view block, a scroll, collection or table node); ignored")
                return
            }
            self[locked: \.layerModel.isLayerBacked] = newValue
        }
    }

    /// The layer `layer` loads and returns: a layer-backed node's own layer, else its view's.
    @MainActor func loadedLayer() -> CALayer {
        guard isLayerBacked else { return view.layer }
        if !isNodeLoaded { loadNodeIfNeeded() }
        return layerObject
    }
}

/// The node whose layer `layer` is, or whose view's layer it is; Texture's `ASLayerToDisplayNode`.
public func ASLayerToDisplayNode(_ layer: CALayer?) -> ASDisplayNode? {
    layer?.owningNode
}

/// The node whose view `view` is; Texture's `ASViewToDisplayNode`. Main-actor isolated, with the view.
@MainActor
public func ASViewToDisplayNode(_ view: UIView?) -> ASDisplayNode? {
    guard let view else { return nil }
    return (view as? ASDisplayNodeView)?.node ?? view.layer.owningNode
}

extension UIView {
    /// Adds `subnode` under this view; Texture's `UIView.addSubnode(_:)`. Under a node's view the
    /// node becomes a subnode of that view's node (the trees stay one); under another view, a
    /// view-backed node's view becomes a subview, and a layer-backed node's layer a sublayer. In a
    /// window, the node enters the interface hierarchy (see `UIWindow`).
    public func addSubnode(_ subnode: ASDisplayNode) {
        if let node = ASViewToDisplayNode(self), !(node is any ScrollingNode) {
            node.addSubnode(subnode)
        } else if subnode.isLayerBacked {
            layer.addSublayer(subnode.layer)
        } else {
            // Loaded first, as adding its view is how a node loads here (a container's view asked
            // for before its node loaded is otherwise reported as a misuse).
            subnode.loadNodeIfNeeded()
            addSubview(subnode.view)
        }
    }
}

extension CALayer {
    /// Texture's `CALayer.addSubnode(_:)`: on a node's layer, that node's `addSubnode(_:)`;
    /// otherwise `subnode` leaves its supernode and its layer becomes a sublayer. Main-actor
    /// isolated, as it loads the node.
    @MainActor
    public func addSubnode(_ subnode: ASDisplayNode) {
        if let node = owningNode {
            node.addSubnode(subnode)
        } else {
            addSublayer(subnode.layer)
        }
    }
}
