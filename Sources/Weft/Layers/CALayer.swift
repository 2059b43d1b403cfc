import Foundation
import Synchronization

/// A rectangle that Core Animation composites; QuartzCore's `CALayer`, drawn by Weft's compositor.
///
/// Every node and every view has one. A node's layer (`node.layer`, `node.view.layer`) keeps no
/// state of its own: its properties read and write the node's (the node is the source of truth, as
/// Texture's pending state is before its layer exists), so code that sets `layer.transform` or
/// `layer.shadowOpacity` changes what the node renders, and its `sublayers` list its subnodes'
/// layers, in order, interleaved with the layers added to it (CALayer+Hierarchy.swift). A layer
/// of its own (`CALayer()`, a plain view's) keeps its properties itself.
/// Geometry is Core Animation's: `frame` is derived from `bounds`, `position` and `anchorPoint`.
///
/// Not main-actor isolated, as QuartzCore's `CALayer` is not; thread-safe: a node's layer goes
/// through the node's lock, a layer of its own through its own mutex (`storage`). Structural edits
/// of plain layers hold the process-wide tree-edit lock, as node edits do.
open class CALayer {
    /// What a layer of its own keeps, and the node a node's layer stands for.
    struct Storage: @unchecked Sendable {
        // SAFETY: only touched under `storage`'s mutex. The layers and the node it refers to are
        // not Sendable (as QuartzCore's are not), but each guards its own state with its own lock.
        /// The node whose state this layer shows; nil for a layer of its own.
        weak var node: ASDisplayNode?
        /// True when the properties are the node's (`node`'s layer); false for a view-backed
        /// node's own view's layer, which only names its node (`ASViewToDisplayNode`).
        var forwards = false
        var bounds = CGRect.zero
        var position = CGPoint.zero
        var anchorPoint = CGPoint(x: 0.5, y: 0.5)
        var opacity: Float = 1
        var isHidden = false
        var isOpaque = false
        var backgroundColor: CGColor?
        var cornerRadius: CGFloat = 0
        var borderWidth: CGFloat = 0
        var borderColor: CGColor? = UIColor.black.cgColor
        var masksToBounds = false
        var contentsScale: CGFloat = 1
        /// See `contents`.
        var contents: Any?
        /// Core Animation's `needsLayout` for a layer of its own; see CALayer+Layout.swift.
        var needsLayout = true
        var name: String?
        var properties = LayerProperties()
        /// The sublayers of a layer that is no node's, back to front (all in slot 0). A node's
        /// layer keeps the layers added to it in its node's state instead
        /// (`LayerModel.ownSublayers`), with the subnodes they interleave with.
        var sublayers = SublayerSlots()
        /// The superlayer of a layer that is not a subnode's.
        weak var superlayer: CALayer?
        /// The plain view whose layer this is, for converting coordinates up the view tree.
        weak var hostView: UIView?
        /// The view whose layer this is, a node's view's included (UIKit's layer delegate): a
        /// sublayer that is a view's layer is that view, when the view was added to the layer's view.
        weak var ownerView: UIView?
        /// True while this layer is in its superlayer's list as a view added with `addSubview`
        /// and its kin: the view tree draws it, not the render of a layer it is in.
        var linkedByView = false
        /// The delegate set on a layer that is not a node's (see `CALayer.delegate`).
        var delegate: WeakLayerDelegate?
    }

    // SAFETY of the class's use across threads: `storage` is a mutex; nodes guard their own state.
    let storage = Mutex(Storage())

    /// A layer of its own, with Core Animation's defaults; QuartzCore's `init()`.
    public init() {}

    /// A copy of `layer`'s own properties (not its sublayers); QuartzCore's `init(layer:)`, which
    /// Core Animation uses for presentation copies.
    public init(layer: Any) {
        if let other = layer as? CALayer {
            let copied = other.snapshot
            storage.withLock { s in
                s.bounds = copied.bounds; s.position = copied.position; s.anchorPoint = copied.anchorPoint
                s.opacity = copied.opacity; s.isHidden = copied.isHidden; s.isOpaque = copied.isOpaque
                s.backgroundColor = copied.backgroundColor; s.cornerRadius = copied.cornerRadius
                s.borderWidth = copied.borderWidth; s.borderColor = copied.borderColor
                s.masksToBounds = copied.masksToBounds; s.contentsScale = copied.contentsScale
                s.name = copied.name; s.properties = copied.properties; s.contents = copied.contents
            }
        }
    }

    /// The layer that shows `node`'s state.
    init(node: ASDisplayNode) {
        storage.withLock { s in
            s.node = node
            s.forwards = true
        }
    }

    /// The node whose state this layer shows; nil for a layer of its own.
    var node: ASDisplayNode? {
        storage.withLock { $0.forwards ? $0.node : nil }
    }

    /// The node this layer belongs to: the node it shows, or the view-backed node whose view it is.
    var owningNode: ASDisplayNode? { storage.withLock { $0.node } }

    /// Makes this layer show `node`'s state from now on (a layer a layer block made). The node's
    /// values win, as Texture applies a node's pending state to the layer it loads.
    func bind(to node: ASDisplayNode, forwarding: Bool) {
        storage.withLock { s in
            s.node = node
            s.forwards = forwarding
        }
    }

    /// This layer's own properties, for a layer that is not a node's.
    var snapshot: Storage { storage.withLock { $0 } }

    /// Reads a property: the node's when this is a node's layer, else the layer's own.
    func read<T>(node fromNode: (ASDisplayNode) -> T, own: (Storage) -> T) -> T {
        if let node { return fromNode(node) }
        return storage.withLock { own($0) }
    }

    /// Writes a property: to the node when this is a node's layer, else to the layer's own storage.
    func write(node toNode: (ASDisplayNode) -> Void, own: (inout Storage) -> Void) {
        if let node { toNode(node); return }
        storage.withLock { own(&$0) }
    }

    /// Reads one of the Core Animation properties (`LayerProperties`).
    func read<T: Sendable>(_ keyPath: KeyPath<LayerProperties, T>) -> T {
        read(node: { $0.state.withLock { $0.layerModel.properties[keyPath: keyPath] } }, own: { $0.properties[keyPath: keyPath] })
    }

    /// Writes one of the Core Animation properties (`LayerProperties`).
    func write<T: Sendable>(_ keyPath: WritableKeyPath<LayerProperties, T>, _ value: T) {
        write(node: { node in node.state.withLock { $0.layerModel.properties[keyPath: keyPath] = value } },
              own: { $0.properties[keyPath: keyPath] = value })
    }

    /// The subject of this layer's diagnostics.
    var diagnosticSubject: String { node?.description ?? "\(type(of: self))" }

    // MARK: Geometry

    /// The layer's own coordinate space. Non-finite values and negative sizes are repaired (0), reported.
    public var bounds: CGRect {
        get { read(node: { $0.bounds }, own: { $0.bounds }) }
        set {
            write(node: { $0.bounds = newValue }, own: { $0.bounds = CALayer.checked(newValue, "bounds") })
        }
    }

    /// Where `anchorPoint` sits in the superlayer's coordinates. A non-finite point is not kept, reported.
    public var position: CGPoint {
        get { read(node: { $0.position }, own: { $0.position }) }
        set {
            write(node: { $0.position = newValue }, own: { s in
                guard newValue.x.isFinite, newValue.y.isFinite else {
                    WeftDiagnostics.report(.geometry, "CALayer", "position set to (\(newValue.x), \(newValue.y)), which is not finite; kept (\(s.position.x), \(s.position.y))")
                    return
                }
                s.position = newValue
            })
        }
    }

    /// The point of the bounds, in unit coordinates, that sits at `position` and that `transform`
    /// turns about; (0.5, 0.5) by default. A non-finite point is not kept, reported.
    public var anchorPoint: CGPoint {
        get { read(node: { $0.anchorPoint }, own: { $0.anchorPoint }) }
        set {
            write(node: { $0.anchorPoint = newValue }, own: { s in
                guard newValue.x.isFinite, newValue.y.isFinite else {
                    WeftDiagnostics.report(.geometry, "CALayer", "anchorPoint set to (\(newValue.x), \(newValue.y)), which is not finite; kept (\(s.anchorPoint.x), \(s.anchorPoint.y))")
                    return
                }
                s.anchorPoint = newValue
            })
        }
    }

    /// The rectangle in the superlayer's coordinates, derived from `bounds`, `position` and
    /// `anchorPoint` (untransformed: Weft's frame ignores `transform`, as a node's does); setting it
    /// sets the bounds' size and the position.
    public var frame: CGRect {
        get {
            let (bounds, position, anchor) = (self.bounds, self.position, self.anchorPoint)
            return CGRect(x: position.x - bounds.width * anchor.x, y: position.y - bounds.height * anchor.y,
                          width: bounds.width, height: bounds.height)
        }
        set {
            write(node: { $0.frame = newValue }, own: { s in
                let frame = CALayer.checked(newValue, "frame")
                s.bounds.size = frame.size
                s.position = CGPoint(x: frame.minX + frame.width * s.anchorPoint.x, y: frame.minY + frame.height * s.anchorPoint.y)
            })
        }
    }

    /// The layer's place among its siblings: higher draws later (above); equal values keep their
    /// order. 0 by default. Non-finite values count as 0, reported.
    public var zPosition: CGFloat {
        get { read(\.zPosition) }
        set { write(\.zPosition, LayerProperties.finite(newValue, "zPosition", diagnosticSubject, fallback: 0)) }
    }

    /// The transform applied about `anchorPoint`; identity by default. A transform with a
    /// non-finite entry is replaced by the identity, reported.
    public var transform: CATransform3D {
        get { read(\.transform) }
        set { write(\.transform, LayerProperties.transform(newValue, "transform", diagnosticSubject)) }
    }

    /// The transform applied to the sublayers, about `anchorPoint`; identity by default.
    public var sublayerTransform: CATransform3D {
        get { read(\.sublayerTransform) }
        set { write(\.sublayerTransform, LayerProperties.transform(newValue, "sublayerTransform", diagnosticSubject)) }
    }

    /// The affine form of `transform`; QuartzCore's `affineTransform()`.
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    /// Sets `transform` from an affine transform; QuartzCore's `setAffineTransform(_:)`.
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    // MARK: Appearance

    /// The opacity of the layer and its sublayers, 0...1 (clamped; NaN counts as 1, reported); 1 by default.
    public var opacity: Float {
        get { read(node: { Float($0.alpha) }, own: { $0.opacity }) }
        set {
            write(node: { $0.alpha = CGFloat(newValue) }, own: { $0.opacity = LayerProperties.opacity(newValue, "opacity", "CALayer", nanValue: 1) })
        }
    }

    /// Hidden layers and their sublayers are not drawn.
    public var isHidden: Bool {
        get { read(node: { $0.isHidden }, own: { $0.isHidden }) }
        set { write(node: { $0.isHidden = newValue }, own: { $0.isHidden = newValue }) }
    }

    /// A hint that the layer paints every pixel of its bounds; false by default (a node's: its `isOpaque`).
    public var isOpaque: Bool {
        get { read(node: { $0.isOpaque }, own: { $0.isOpaque }) }
        set { write(node: { $0.isOpaque = newValue }, own: { $0.isOpaque = newValue }) }
    }

    /// Painted behind the contents, rounded by `cornerRadius`; nil by default.
    public var backgroundColor: CGColor? {
        get { read(node: { $0.backgroundColor?.cgColor }, own: { $0.backgroundColor }) }
        set { write(node: { $0.backgroundColor = newValue?.uiColor }, own: { $0.backgroundColor = newValue }) }
    }

    /// The corner radius in points; 0 by default. NaN, infinite and negative radii count as 0, reported.
    public var cornerRadius: CGFloat {
        get { read(node: { $0.cornerRadius }, own: { $0.cornerRadius }) }
        set { write(node: { $0.cornerRadius = newValue }, own: { $0.cornerRadius = CALayer.checked(newValue, "cornerRadius") }) }
    }

    /// The border's width in points, drawn inside the bounds above the sublayers; 0 by default.
    public var borderWidth: CGFloat {
        get { read(node: { $0.borderWidth }, own: { $0.borderWidth }) }
        set { write(node: { $0.borderWidth = newValue }, own: { $0.borderWidth = CALayer.checked(newValue, "borderWidth") }) }
    }

    /// Black by default, as Core Animation's; nil draws no border (a node's border becomes clear).
    public var borderColor: CGColor? {
        get { read(node: { $0.borderColor.cgColor }, own: { $0.borderColor }) }
        set { write(node: { $0.borderColor = newValue?.uiColor ?? .clear }, own: { $0.borderColor = newValue }) }
    }

    /// Clips the sublayers (and a node's contents) to the rounded bounds; false by default.
    public var masksToBounds: Bool {
        get { read(node: { $0.clipsToBounds }, own: { $0.masksToBounds }) }
        set { write(node: { $0.clipsToBounds = newValue }, own: { $0.masksToBounds = newValue }) }
    }

    /// Device pixels per point of the layer's contents; 1 by default (a node's: its `contentsScale`).
    /// A scale outside `Bitmap.scaleRange` is not kept, reported.
    public var contentsScale: CGFloat {
        get { read(node: { $0.contentsScale }, own: { $0.contentsScale }) }
        set {
            write(node: { $0.contentsScale = newValue }, own: { s in
                guard Bitmap.scaleRange.contains(newValue) else {
                    WeftDiagnostics.report(.appearance, "CALayer", "contentsScale set to \(newValue), which is not a drawable scale (\(Bitmap.scaleRange)); kept \(s.contentsScale)")
                    return
                }
                s.contentsScale = newValue
            })
        }
    }

    /// A name for debugging; QuartzCore's `name` (a node's layer's is the node's `debugName`).
    public var name: String? {
        get { read(node: { $0.debugName }, own: { $0.name }) }
        set { write(node: { $0.debugName = newValue }, own: { $0.name = newValue }) }
    }

    // MARK: Shadow

    /// The shadow's opacity, 0...1 (clamped; NaN counts as 0, reported); 0 (no shadow) by default.
    public var shadowOpacity: Float {
        get { read(\.shadowOpacity) }
        set { write(\.shadowOpacity, LayerProperties.opacity(newValue, "shadowOpacity", diagnosticSubject, nanValue: 0)) }
    }

    /// The shadow's blur radius in points; 3 by default. Repaired as `WeftLimits.maximumShadowRadius` says.
    public var shadowRadius: CGFloat {
        get { read(\.shadowRadius) }
        set { write(\.shadowRadius, LayerProperties.shadowRadius(newValue, diagnosticSubject)) }
    }

    /// Where the shadow sits relative to the layer; (0, -3) by default, as Core Animation's.
    public var shadowOffset: CGSize {
        get { read(\.shadowOffset) }
        set { write(\.shadowOffset, LayerProperties.finite(newValue, "shadowOffset", diagnosticSubject)) }
    }

    /// The shadow's colour; opaque black by default. Nil draws no shadow.
    public var shadowColor: CGColor? {
        get { read(\.shadowColor) }
        set { write(\.shadowColor, newValue) }
    }

    /// The shadow's shape in the layer's coordinates; nil (the default) takes the layer's rounded
    /// bounds when it has a background, else its opaque contents.
    public var shadowPath: Path? {
        get { read(\.shadowPath) }
        set { write(\.shadowPath, newValue) }
    }

    // MARK: Compositing flags

    /// Whether the layer and its sublayers take `opacity` as one group; true by default. When
    /// false, each part is drawn with the opacity multiplied in instead (overlaps show through).
    public var allowsGroupOpacity: Bool {
        get { read(\.allowsGroupOpacity) }
        set { write(\.allowsGroupOpacity, newValue) }
    }

    /// Whether the edges named by `edgeAntialiasingMask` are antialiased when `transform` rotates
    /// or skews the layer; false by default, so such a layer's background, contents and border
    /// have hard, pixel-stepped edges, as Core Animation draws them. Edges of a layer that is not
    /// turned by its own transform are always antialiased.
    public var allowsEdgeAntialiasing: Bool {
        get { read(\.allowsEdgeAntialiasing) }
        set { write(\.allowsEdgeAntialiasing, newValue) }
    }

    /// The edges `allowsEdgeAntialiasing` applies to; all four by default.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { read(\.edgeAntialiasingMask) }
        set { write(\.edgeAntialiasingMask, newValue) }
    }

    /// Whether a resize asks for new contents; false by default. When false, a node that has
    /// contents keeps them on a resize, stretched to the new bounds, until it is next marked for
    /// display (a layer of its own draws from its properties at every composite).
    public var needsDisplayOnBoundsChange: Bool {
        get { read(\.needsDisplayOnBoundsChange) }
        set { write(\.needsDisplayOnBoundsChange, newValue) }
    }

    /// QuartzCore's `layoutSublayers()`: places the sublayers. A node's layer lays out its node
    /// (`ASDisplayNode.layoutIfNeeded()`); a layer of its own asks its delegate
    /// (`layoutSublayers(of:)`). Either way the layer no longer needs layout.
    /// (Declared in the class so that subclasses can override it, as Core Animation's do.)
    open func layoutSublayers() {
        if let node { return node.layoutIfNeeded() }
        storage.withLock { $0.needsLayout = false }
        delegate?.layoutSublayers(of: self)
    }

    /// A node's layer asks its node to redraw; QuartzCore's `setNeedsDisplay()`. A layer of its own
    /// draws what its properties say every time it is composited, so there is nothing to mark.
    open func setNeedsDisplay() { node?.setNeedsDisplay() }

    /// What a layer of its own shows inside its bounds: its `contents` bitmap (a `UIImage`'s),
    /// which compositing stretches to the bounds (Core Animation's default gravity, `resize`); nil
    /// when it has none. A subclass that draws (`CAShapeLayer`) overrides it and draws at `scale`.
    /// (Declared in the class so it can be.)
    func drawnContents(scale: CGFloat?) -> Bitmap? {
        switch storage.withLock({ $0.contents }) {
        case let image as UIImage: image.bitmap
        case let bitmap as Bitmap: bitmap
        default: nil
        }
    }

    /// QuartzCore's `contents`: what the layer shows inside its bounds. A layer of its own takes a
    /// `UIImage` (Texture sets an image's `CGImage`; Weft's images are their own bitmaps) or a
    /// `Bitmap`, drawn stretched to the bounds; nil by default. Another value is kept and
    /// reported, and draws nothing. A node's layer answers the node's drawn backing store
    /// (`ASDisplayNode.contents`); setting it is reported and ignored, as the node draws its own.
    public var contents: Any? {
        get {
            if let node { return node.contents }
            return storage.withLock { $0.contents }
        }
        set {
            if let node {
                WeftDiagnostics.report(.appearance, node.description, "layer.contents was set to \(newValue.map { "\(type(of: $0))" } ?? "nil"); a node's layer shows what the node draws (use an ASImageNode or a display block); ignored")
                return
            }
            if let newValue, !(newValue is UIImage || newValue is Bitmap) {
                WeftDiagnostics.report(.appearance, "CALayer", "contents set to a \(type(of: newValue)), which is neither a UIImage nor a Bitmap; kept, but it draws nothing")
            }
            storage.withLock { $0.contents = newValue }
        }
    }

    static func checked(_ value: CGFloat, _ name: String) -> CGFloat {
        if value.isFinite && value >= 0 { return value }
        WeftDiagnostics.report(.appearance, "CALayer", "\(name) \(value) is not finite and non-negative; 0 was used")
        return 0
    }

    static func checked(_ rect: CGRect, _ what: String) -> CGRect {
        let repaired = ASDisplayNode.sanitized(rect)
        if repaired != rect {
            WeftDiagnostics.report(.geometry, "CALayer", "\(what) \(rect) is not finite and non-negative; \(repaired) was used")
        }
        return repaired
    }
}

/// Layers compare and hash by identity, as `NSObject`s do in QuartzCore.
extension CALayer: Equatable, Hashable {
    public static func == (a: CALayer, b: CALayer) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A layer's debug description carries its address and, for a node's layer, its node's, as a
/// Texture layer's does (`<_ASDisplayLayer: 0x…; node = <ASDisplayNode: 0x…>>`).
extension CALayer: CustomDebugStringConvertible {
    public var debugDescription: String {
        let node = owningNode.map { "; node = \($0.debugDescription)" } ?? ""
        return "<\(type(of: self)): \(ObjectAddress.string(of: self))\(node)>"
    }
}
