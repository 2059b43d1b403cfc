import Foundation

/// Makes a layer-backed node's layer; Texture's `ASDisplayNodeLayerBlock`. It runs once, on the
/// first thread that needs the layer (loading the node, or compositing it), so like Texture's it
/// may capture the layer it returns without being `@Sendable`.
public typealias ASDisplayNodeLayerBlock = () -> CALayer

extension ASDisplayNode {
    /// The node's layer and the Core Animation and UIView properties Texture bridges to it, behind
    /// the node's lock (a field of `State`). They are the node's from the start, so they read the
    /// same before and after the node loads, as Texture's pending state makes them.
    struct LayerModel {
        /// The Core Animation properties (see `LayerProperties`), with their defaults.
        var properties = LayerProperties()
        /// The layer that shows this node (see `layerObject`), once made.
        var layer: CALayer?
        /// The layers (and views' layers) added to the node's layer, interleaved with the subnodes'
        /// layers by slot (see `SublayerSlots`). Beside `subnodes`, under the same lock, so that a
        /// subnode edit moves both in one step.
        var ownSublayers = SublayerSlots()
        /// What makes a layer-backed node's layer (`init(layerBlock:)`).
        var layerBlock: ASDisplayNodeLayerBlock?
        /// Texture's `isLayerBacked`.
        var isLayerBacked = false
        var isUserInteractionEnabled = true
        var isExclusiveTouch = false
        var autoresizingMask: UIView.AutoresizingMask = []
        var autoresizesSubviews = true
        var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        var preservesSuperviewLayoutMargins = false
    }

    /// The layer that shows this node's state: made once, on first use, from any thread (a
    /// layer-backed node's from its layer block). `layer` is the public, loading accessor.
    var layerObject: CALayer {
        let (existing, block) = state.withLock { ($0.layerModel.layer, $0.layerModel.layerBlock) }
        if let existing { return existing }
        let made = block?() ?? CALayer(node: self)
        // A layer a block made keeps its own kind (a `CAShapeLayer` keeps its path) but shows the node.
        made.bind(to: self, forwarding: true)
        // Sublayers the block gave its layer join the node's list, below the subnodes' layers, as
        // Texture adds a loading node's subnodes' layers on top of what its layer has.
        let early = UncheckedSendable(made.storage.withLock { s in
            defer { s.sublayers = SublayerSlots() }
            return s.sublayers.layers
        })
        // A layer guards its own state (see `CALayer`), so it crosses into the node's lock.
        let offered = UncheckedSendable(made)
        return state.withLock { s -> UncheckedSendable<CALayer> in
            if let layer = s.layerModel.layer { return UncheckedSendable(layer) }
            s.layerModel.layer = offered.value
            for layer in early.value { s.layerModel.ownSublayers.insert(layer, at: s.layerModel.ownSublayers.count, subnodeCount: 0) }
            return offered
        }.value
    }

    /// Reads or writes one of the node's Core Animation properties under its lock.
    subscript<T: Sendable>(layerProperty keyPath: WritableKeyPath<LayerProperties, T>) -> T {
        get { state.withLock { $0.layerModel.properties[keyPath: keyPath] } }
        set { state.withLock { $0.layerModel.properties[keyPath: keyPath] = newValue } }
    }

    // MARK: Core Animation properties (Texture's ASDisplayNode+UIViewBridge)

    /// The transform applied about `anchorPoint` when the node is composited; Texture's
    /// `transform`, identity by default. Drawn by its affine part; a transform with a non-finite
    /// entry is replaced by the identity, and one with perspective is reported where it is drawn.
    public var transform: CATransform3D {
        get { self[layerProperty: \.transform] }
        set { self[layerProperty: \.transform] = LayerProperties.transform(newValue, "transform", description) }
    }

    /// The transform applied to the subnodes, about `anchorPoint`; Texture's `subnodeTransform`
    /// (Core Animation's `sublayerTransform`), identity by default.
    public var subnodeTransform: CATransform3D {
        get { self[layerProperty: \.sublayerTransform] }
        set { self[layerProperty: \.sublayerTransform] = LayerProperties.transform(newValue, "subnodeTransform", description) }
    }

    /// The node's place among its siblings when composited: higher draws above, equal values keep
    /// the subnode order; Texture's `zPosition`, 0 by default. Non-finite values count as 0, reported.
    public var zPosition: CGFloat {
        get { self[layerProperty: \.zPosition] }
        set { self[layerProperty: \.zPosition] = LayerProperties.finite(newValue, "zPosition", description, fallback: 0) }
    }

    /// The shadow's opacity, 0...1 (clamped; NaN counts as 0, reported); Texture's `shadowOpacity`, 0 by default.
    public var shadowOpacity: CGFloat {
        get { CGFloat(self[layerProperty: \.shadowOpacity]) }
        set { self[layerProperty: \.shadowOpacity] = LayerProperties.opacity(Float(newValue), "shadowOpacity", description, nanValue: 0) }
    }

    /// The shadow's blur radius in points; Texture's `shadowRadius`, 3 by default. A negative or
    /// non-finite radius, or one past `WeftLimits.maximumShadowRadius`, is repaired, reported.
    public var shadowRadius: CGFloat {
        get { self[layerProperty: \.shadowRadius] }
        set { self[layerProperty: \.shadowRadius] = LayerProperties.shadowRadius(newValue, description) }
    }

    /// Where the shadow sits relative to the node; Texture's `shadowOffset`, (0, -3) by default.
    public var shadowOffset: CGSize {
        get { self[layerProperty: \.shadowOffset] }
        set { self[layerProperty: \.shadowOffset] = LayerProperties.finite(newValue, "shadowOffset", description) }
    }

    /// The shadow's colour; Texture's `shadowColor`, opaque black by default. Nil draws no shadow.
    public var shadowColor: CGColor? {
        get { self[layerProperty: \.shadowColor] }
        set { self[layerProperty: \.shadowColor] = newValue }
    }

    /// Whether the node's subtree takes `alpha` as one group; Texture's `allowsGroupOpacity`, true
    /// by default. When false, each part is drawn with the alpha multiplied in (overlaps show through).
    public var allowsGroupOpacity: Bool {
        get { self[layerProperty: \.allowsGroupOpacity] }
        set { self[layerProperty: \.allowsGroupOpacity] = newValue }
    }

    /// Texture's `allowsEdgeAntialiasing`, false by default: a node turned by its `transform` draws
    /// its own edges stepped unless this is true (see `CALayer.allowsEdgeAntialiasing`).
    public var allowsEdgeAntialiasing: Bool {
        get { self[layerProperty: \.allowsEdgeAntialiasing] }
        set { self[layerProperty: \.allowsEdgeAntialiasing] = newValue }
    }

    /// Texture's `edgeAntialiasingMask`, all four edges by default: the edges `allowsEdgeAntialiasing`
    /// antialiases.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { self[layerProperty: \.edgeAntialiasingMask] }
        set { self[layerProperty: \.edgeAntialiasingMask] = newValue }
    }

    /// Texture's `needsDisplayOnBoundsChange`, false by default (true for text nodes, as Texture's).
    /// When false, a resize keeps the node's finished contents, stretched to the new bounds, until
    /// the node is next marked for display; when true, a resize marks it for display. A node
    /// without finished contents draws at its new size either way.
    public var needsDisplayOnBoundsChange: Bool {
        get { self[layerProperty: \.needsDisplayOnBoundsChange] }
        set { self[layerProperty: \.needsDisplayOnBoundsChange] = newValue }
    }

    // MARK: UIView properties (view-backed nodes)

    /// Texture's `isUserInteractionEnabled`: true by default; always false for a layer-backed node,
    /// which has no view to touch.
    public var isUserInteractionEnabled: Bool {
        get { state.withLock { !$0.layerModel.isLayerBacked && $0.layerModel.isUserInteractionEnabled } }
        set {
            self[locked: \.layerModel.isUserInteractionEnabled] = newValue
            bridgeToBlockView { $0.isUserInteractionEnabled = newValue }
        }
    }

    /// Texture's `isExclusiveTouch`: false by default; always false for a layer-backed node.
    public var isExclusiveTouch: Bool {
        get { state.withLock { !$0.layerModel.isLayerBacked && $0.layerModel.isExclusiveTouch } }
        set { self[locked: \.layerModel.isExclusiveTouch] = newValue }
    }

    /// Texture's `autoresizingMask`, none by default. Weft sizes nodes by layout, so it reads back as set.
    public var autoresizingMask: UIView.AutoresizingMask {
        get { self[locked: \.layerModel.autoresizingMask] }
        set {
            self[locked: \.layerModel.autoresizingMask] = newValue
            bridgeToBlockView { $0.autoresizingMask = newValue }
        }
    }

    /// Texture's `autoresizesSubviews`, true by default; read back as set.
    public var autoresizesSubviews: Bool {
        get { self[locked: \.layerModel.autoresizesSubviews] }
        set { self[locked: \.layerModel.autoresizesSubviews] = newValue }
    }

    /// Texture's `layoutMargins`, 8 points on each side by default, as UIKit's. Non-finite insets
    /// are repaired (0), reported.
    public var layoutMargins: UIEdgeInsets {
        get { self[locked: \.layerModel.layoutMargins] }
        set {
            func finite(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
            let used = UIEdgeInsets(top: finite(newValue.top), left: finite(newValue.left), bottom: finite(newValue.bottom), right: finite(newValue.right))
            reportRepair(.geometry, "layoutMargins", given: newValue, used: used)
            self[locked: \.layerModel.layoutMargins] = used
        }
    }

    /// Texture's `preservesSuperviewLayoutMargins`, false by default; read back as set.
    public var preservesSuperviewLayoutMargins: Bool {
        get { self[locked: \.layerModel.preservesSuperviewLayoutMargins] }
        set { self[locked: \.layerModel.preservesSuperviewLayoutMargins] = newValue }
    }
}
