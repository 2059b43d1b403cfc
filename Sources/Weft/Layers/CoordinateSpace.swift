import Foundation

/// A place whose coordinates `convert(_:to:)` maps between: a node, a layer of its own, or a plain
/// view. A node's layer and a node's view stand for their node, so all three trees meet. Each step
/// up maps a space's bounds coordinates into its parent's as Core Animation places a layer: its
/// anchor point to `position`, through `transform`, then the parent's sublayer (subnode) transform
/// about the parent's anchor point.
///
/// Read on the caller's thread: nodes and layers through their own locks; views (main-actor
/// isolated) only when the caller is on the main actor, as UIKit requires, else a view ends the
/// chain.
enum CoordinateSpace {
    case node(ASDisplayNode)
    case layer(CALayer)
    case view(UIView)

    /// The space `layer` stands for: its node's when it shows one.
    static func of(_ layer: CALayer) -> CoordinateSpace {
        layer.node.map(CoordinateSpace.node) ?? .layer(layer)
    }

    /// The geometry Core Animation places a space with.
    private struct Placement {
        let bounds: CGRect
        let position: CGPoint
        let anchorPoint: CGPoint
        let transform: CATransform3D
        let sublayerTransform: CATransform3D

        var anchorInBounds: CGPoint {
            CGPoint(x: bounds.minX + bounds.width * anchorPoint.x, y: bounds.minY + bounds.height * anchorPoint.y)
        }

        /// From bounds coordinates to the parent's, before the parent's sublayer transform.
        var toParent: CGAffineTransform {
            let anchor = anchorInBounds
            return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
                .concatenating(CATransform3DGetAffineTransform(transform))
                .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
        }

        /// The sublayer transform about the anchor point, in bounds coordinates.
        var forSublayers: CGAffineTransform {
            guard !CATransform3DIsIdentity(sublayerTransform) else { return .identity }
            let anchor = anchorInBounds
            return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
                .concatenating(CATransform3DGetAffineTransform(sublayerTransform))
                .concatenating(CGAffineTransform(translationX: anchor.x, y: anchor.y))
        }
    }

    private var placement: Placement {
        switch self {
        case .node(let node):
            return node.state.withLock { s in
                Placement(bounds: s.bounds, position: s.position, anchorPoint: s.anchorPoint,
                          transform: s.layerModel.properties.transform, sublayerTransform: s.layerModel.properties.sublayerTransform)
            }
        case .layer(let layer):
            let s = layer.snapshot
            return Placement(bounds: s.bounds, position: s.position, anchorPoint: s.anchorPoint,
                             transform: s.properties.transform, sublayerTransform: s.properties.sublayerTransform)
        case .view(let view):
            return Self.onMain { Self.of(view.layer).placement } ?? Placement(bounds: .zero, position: .zero, anchorPoint: .zero,
                                                                              transform: CATransform3DIdentity, sublayerTransform: CATransform3DIdentity)
        }
    }

    /// The parent space: a node's supernode, else the superview of its loaded view, else the
    /// superlayer of its layer; a layer's superlayer, else its view's superview; a view's superview.
    private var parent: CoordinateSpace? {
        switch self {
        case .node(let node):
            let (supernode, view, layer) = node.state.withLock { ($0.supernode, $0.loading.view, $0.layerModel.layer) }
            if let supernode { return .node(supernode) }
            if let view, let superview = Self.onMain({ UncheckedSendable(view.superview) })?.value { return .view(superview) }
            return layer?.superlayer.map(Self.of)
        case .layer(let layer):
            if let superlayer = layer.superlayer { return Self.of(superlayer) }
            let view = layer.storage.withLock { $0.hostView }
            guard let view else { return nil }
            return Self.onMain { UncheckedSendable(view.superview.map(Self.normalized)) }?.value
        case .view(let view):
            return Self.onMain { UncheckedSendable(view.superview.map(Self.normalized)) }?.value
        }
    }

    /// The space `view` stands for: its node's when it is a node's view.
    @MainActor static func normalized(_ view: UIView) -> CoordinateSpace {
        view.layer.node.map(CoordinateSpace.node) ?? .view(view)
    }

    /// Runs `body` when on the main actor (views are main-actor isolated); nil elsewhere.
    private static func onMain<T>(_ body: @MainActor () -> T) -> T? {
        MainActorBridge.ifOnMainActor(body)
    }

    /// The object that identifies this space: a plain view's layer is its view's space.
    var identity: ObjectIdentifier {
        switch self {
        case .node(let node): ObjectIdentifier(node)
        case .layer(let layer): layer.storage.withLock { $0.hostView }.map(ObjectIdentifier.init) ?? ObjectIdentifier(layer)
        case .view(let view): ObjectIdentifier(view)
        }
    }

    /// Whether this space is a window's (the view or its layer).
    var isWindow: Bool {
        switch self {
        case .node: false
        case .layer(let layer): layer.storage.withLock { $0.hostView } is UIWindow
        case .view(let view): view is UIWindow
        }
    }

    /// The transform from this space's coordinates to its root's, and that root. Chains longer
    /// than `WeftLimits`' tree depth cannot exist (trees refuse them), so the walk ends.
    func toRoot() -> (transform: CGAffineTransform, root: CoordinateSpace) {
        var transform = CGAffineTransform.identity
        var current = self
        while let parent = current.parent {
            transform = transform.concatenating(current.placement.toParent).concatenating(parent.placement.forSublayers)
            current = parent
        }
        return (transform, current)
    }

    /// The transform from `source`'s coordinates to `target`'s. Spaces in different trees have no
    /// common ancestor (Texture asserts): their roots are taken as one space, and that is
    /// reported with `api` on `subject`.
    static func transform(from source: CoordinateSpace, to target: CoordinateSpace, api: String, subject: String) -> CGAffineTransform {
        let (up, sourceRoot) = source.toRoot()
        let (targetUp, targetRoot) = target.toRoot()
        if sourceRoot.identity != targetRoot.identity {
            WeftDiagnostics.report(.geometry, subject, "\(api): the two are not in one hierarchy (no common ancestor); their roots' coordinates were taken as the same")
        }
        let determinant = targetUp.a * targetUp.d - targetUp.b * targetUp.c
        guard determinant != 0 else {
            WeftDiagnostics.report(.geometry, subject, "\(api): the target is scaled to nothing, so no point maps into it; the point was left unchanged")
            return .identity
        }
        return up.concatenating(targetUp.inverted())
    }
}
