import Foundation

/// Makes a view-backed node's view, on the main actor; Texture's `ASDisplayNodeViewBlock`.
public typealias ASDisplayNodeViewBlock = @MainActor @Sendable () -> UIView

extension ASDisplayNode {
    /// A node backed by the view `viewBlock` makes; Texture's `init(viewBlock:)`. See `setViewBlock(_:)`.
    public convenience init(viewBlock: @escaping ASDisplayNodeViewBlock) {
        self.init()
        setViewBlock(viewBlock)
    }

    /// Backs the node with a view of your own; Texture's `setViewBlock(_:)` (call it in `init`,
    /// before the node loads). The block runs once, on the main actor, when the view is first asked
    /// for: `node.view` returns its view (so `view as! UIActivityIndicatorView` works, as in
    /// Texture). Offscreen there is no view hierarchy to put the view in, so the node draws it:
    /// each display gives the view the node's frame and composites it, as it is then, into the
    /// node's backing store (on the main actor, where views live), loading the node first if it
    /// has not loaded, as a view on screen has. A block set after the view was made is reported
    /// and not used (Texture asserts).
    public func setViewBlock(_ viewBlock: @escaping ASDisplayNodeViewBlock) {
        let tooLate = state.withLock { s -> Bool in
            guard s.loading.view == nil else { return true }
            s.loading.viewBlock = viewBlock
            return false
        }
        guard !tooLate else {
            WeftDiagnostics.report(.view, description, "setViewBlock(_:) was called after the node's view was made; the block was not used. Set it in init, before the node loads")
            return
        }
        displaysAsynchronously = false
        displayBlock = { [owner = UncheckedWeak(self)] bounds, context, _ in
            guard let node = owner.value else { return }
            // The display thread waits in `run` while the main actor draws, so the context has one
            // user at a time.
            nonisolated(unsafe) let context = context
            MainActorBridge.run {
                let view = node.view
                view.frame = CGRect(origin: node.frame.origin, size: bounds.size)
                view.layoutIfNeeded()
                // The node draws its background under the view itself: the view draws the one it
                // was given by the node (see `bridgeToBlockView`) no second time.
                let given = view.backgroundColor
                let drawnByNode = given != nil && given === node.backgroundColor
                if drawnByNode { view.backgroundColor = nil }
                view.composite(into: context, asRoot: true)
                if drawnByNode { view.backgroundColor = given }
            }
        }
    }

    /// Whether the node's view or layer is one of your own, made by a view or layer block, which
    /// draws when composited rather than into a backing store on the display queue; Texture's
    /// `isSynchronous`. False for a plain node.
    public var isSynchronous: Bool {
        state.withLock { $0.loading.viewBlock != nil || $0.layerModel.layerBlock != nil }
    }

    /// The view a view block makes, once; nil for a node without one. Called by `view`.
    @MainActor func makeViewFromBlock() -> UIView? {
        guard let block = self[locked: \.loading.viewBlock] else { return nil }
        let made = block()
        made.frame = frame
        // Texture's pending state: what was set on the node before its view existed goes to the view.
        let (background, tint, autoresizingMask, userInteraction) = state.withLock {
            ($0.backgroundColor, $0.tintColor, $0.layerModel.autoresizingMask, $0.layerModel.isUserInteractionEnabled)
        }
        if let background { made.backgroundColor = background }
        if let tint { made.tintColor = tint }
        made.autoresizingMask = autoresizingMask
        made.isUserInteractionEnabled = userInteraction
        // The view keeps its own layer, which names this node (`ASViewToDisplayNode`, `ASLayerToDisplayNode`).
        made.layer.bind(to: self, forwarding: false)
        return made
    }

    /// Gives the view a view block made a property just set on the node, as Texture's node sets
    /// its loaded view's: at once on the main actor, else posted to it. Nothing for a node whose
    /// view is not made yet (it takes the node's values as it is made) or is the node's own
    /// (`ASDisplayNodeView`, which reads the node).
    func bridgeToBlockView(_ apply: @escaping @MainActor @Sendable (UIView) -> Void) {
        bridge(to: blockMadeView, apply)
    }

    /// `bridgeToBlockView` for a setter that read `State.blockMadeView` under the lock it already took.
    func bridge(to view: UIView?, _ apply: @escaping @MainActor @Sendable (UIView) -> Void) {
        guard let view else { return }
        let made = UncheckedSendable(view)
        // The view is only touched on the main actor, whichever thread set the node's property.
        if MainActorBridge.ifOnMainActor({ apply(made.value) }) == nil {
            MainActorBridge.post { apply(made.value) }
        }
    }
}

extension ASDisplayNode {
    /// The view this node's view block made, once made; nil for other nodes.
    var blockMadeView: UIView? { state.withLock { $0.blockMadeView } }
}

extension ASDisplayNode.State {
    /// The view a view block made, once made; nil for other nodes.
    var blockMadeView: UIView? { loading.viewBlock != nil ? loading.view : nil }
}
