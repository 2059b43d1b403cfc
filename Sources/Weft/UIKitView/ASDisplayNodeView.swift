import Foundation
import Synchronization

/// The view of a plain node (`node.view`), as Texture's `_ASDisplayView`: its layer is the node's
/// (so its frame, bounds and layer properties are the node's), and so are its background, alpha,
/// hiding and clipping, so code that sets them on the view (a controller's `viewDidLoad()`, a node's `didLoad()`) changes what the node renders. Holds the
/// node weakly, as Texture's view does: the node owns its view; but while the view has a superview
/// it also keeps its node alive (see `keepalive`). Main-actor isolated.
@preconcurrency @MainActor
public final class ASDisplayNodeView: UIView {
    /// The node this view shows; nil once the node is gone.
    public private(set) weak var node: ASDisplayNode?

    /// Texture's `keepalive_node`: the node, held strongly from the moment the view is added to a
    /// superview until it is removed (or the superview goes), so that the view hierarchy owns the
    /// node as it owns the view. The node holds its view, so this is a cycle only while the view is
    /// in a hierarchy. A mutex, not main-actor state, because a superview's deinit lets go of it,
    /// on the thread of the last release.
    private nonisolated let keepalive = Mutex<UncheckedSendable<ASDisplayNode>?>(nil)

    init(node: ASDisplayNode) {
        self.node = node
        super.init(frame: .zero)
        layer = node.layerObject
        layer.storage.withLock { $0.ownerView = self }
    }

    public required init?(coder: NSCoder) {
        WeftDiagnostics.report(.view, "ASDisplayNodeView", "a node's view cannot be decoded from an archive")
        return nil
    }

    // MARK: The view tree, in step with the node tree
    // As in Texture, where a loaded node's subnodes' views are its view's subviews: the layer's one
    // list of sublayers interleaves the subnodes' layers with the layers and views added to the
    // node's layer or view, and the subviews are the views among them. A layer-backed subnode has
    // no view; its layer is among `layer.sublayers`.

    /// The view-backed subnodes' views and the views added to this one, in the order of their
    /// layers among `layer.sublayers`. Asking loads those subnodes, as a Texture node's view loads
    /// its subnodes' as it loads.
    public override var subviews: [UIView] {
        guard node != nil else { return super.subviews }
        return layer.sublayerList().compactMap { sublayer in
            switch sublayer {
            case .subnode(let subnode): subnode.isLayerBacked ? nil : subnode.view
            case .own(let layer): layer.addedView(under: self)
            }
        }
    }

    /// The supernode's view while the node has a loaded, view-backed supernode; otherwise the view
    /// this one was added to.
    public override var superview: UIView? {
        if let supernode = node?.supernode {
            return supernode.isNodeLoaded && !supernode.isLayerBacked ? supernode.view : nil
        }
        return super.superview
    }

    /// Keeps the node alive from now on when the view enters a hierarchy, as Texture's view does.
    public override func willMove(toSuperview newSuperview: UIView?) {
        super.willMove(toSuperview: newSuperview)
        guard super.superview == nil, newSuperview != nil, let node else { return }
        keepalive.withLock { $0 = UncheckedSendable(node) }
    }

    /// Lets go of the node once the view has left its hierarchy, as Texture's view does.
    public override func didMoveToSuperview() {
        super.didMoveToSuperview()
        if super.superview == nil { releaseKeepalive() }
    }

    nonisolated override func superviewWillDeinit() {
        releaseKeepalive()
    }

    /// Drops the kept node outside the mutex: the node may go with it, and its deinit releases
    /// this view's state.
    private nonisolated func releaseKeepalive() {
        let kept = keepalive.withLock { kept in
            defer { kept = nil }
            return kept
        }
        withExtendedLifetime(kept) {}
    }

    /// Removes the node from its supernode when it has one, as Texture's view does when taken out
    /// of its supernode's view; otherwise leaves the view it was added to.
    public override func removeFromSuperview() {
        if let node, node.supernode != nil {
            node.removeFromSupernode()
            return
        }
        super.removeFromSuperview()
    }

    public override var backgroundColor: UIColor? {
        get { node?.backgroundColor }
        set { node?.backgroundColor = newValue }
    }

    public override var alpha: CGFloat {
        get { node?.alpha ?? super.alpha }
        set { node?.alpha = newValue }
    }

    /// The node's, as Texture bridges it.
    public override var semanticContentAttribute: UISemanticContentAttribute {
        get { node?.semanticContentAttribute ?? super.semanticContentAttribute }
        set {
            super.semanticContentAttribute = newValue
            node?.semanticContentAttribute = newValue
        }
    }

    /// Lays the node out first, as Texture's view does in its layout pass: a node never measured,
    /// or measured for another size, is measured for its bounds, then its layout is applied to its
    /// subnodes (see `ASDisplayNode.layoutIfNeeded()`); a node already measured for its bounds is
    /// not measured again. Then the UIKit subviews added to the view are laid out.
    public override func layoutIfNeeded() {
        node?.layoutIfNeeded()
        super.layoutIfNeeded()
    }

    /// The node's, as Texture's view answers: the node's `accessibilityElements` when set, else
    /// what VoiceOver reads in the node's tree, as `AccessibilityElement`s in reading order
    /// (`AccessibilityHierarchy.elements(of:)`, which lays the node out first). Setting it sets the node's.
    public override var accessibilityElements: [Any]? {
        get {
            guard let node else { return super.accessibilityElements }
            return node.accessibilityElements ?? AccessibilityHierarchy.elements(of: node)
        }
        set {
            if let node { node.accessibilityElements = newValue } else { super.accessibilityElements = newValue }
        }
    }

    /// The node's, as Texture bridges it (see `ASDisplayNode.tintColor`).
    public override var tintColor: UIColor! {
        get { node?.tintColor ?? super.tintColor }
        set { if let node { node.tintColor = newValue } else { super.tintColor = newValue } }
    }

    /// Tells the node, as Texture's `_ASDisplayView` does, and the subnodes that inherit its tint.
    public override func tintColorDidChange() {
        super.tintColorDidChange()
        node?.inheritedTintDidChange()
    }

    // MARK: Responder
    // As Texture's `_ASDisplayView`: each call goes to the node, whose default comes back here
    // and, while that call is in progress, reaches UIView's behaviour.

    private struct ResponderCalls: OptionSet {
        let rawValue: Int
        static let canBecome = ResponderCalls(rawValue: 1 << 0)
        static let become = ResponderCalls(rawValue: 1 << 1)
        static let canResign = ResponderCalls(rawValue: 1 << 2)
        static let resign = ResponderCalls(rawValue: 1 << 3)
        static let isFirst = ResponderCalls(rawValue: 1 << 4)
    }

    private var responderCalls: ResponderCalls = []

    private func forward<T>(_ call: ResponderCalls, toNode: (ASDisplayNode) -> T, else fallback: () -> T) -> T {
        guard let node, !responderCalls.contains(call) else { return fallback() }
        responderCalls.insert(call)
        defer { responderCalls.remove(call) }
        return toNode(node)
    }

    public override var canBecomeFirstResponder: Bool {
        forward(.canBecome, toNode: { $0.canBecomeFirstResponder() }, else: { super.canBecomeFirstResponder })
    }

    @discardableResult
    public override func becomeFirstResponder() -> Bool {
        forward(.become, toNode: { $0.becomeFirstResponder() }, else: { super.becomeFirstResponder() })
    }

    public override var canResignFirstResponder: Bool {
        forward(.canResign, toNode: { $0.canResignFirstResponder() }, else: { super.canResignFirstResponder })
    }

    @discardableResult
    public override func resignFirstResponder() -> Bool {
        forward(.resign, toNode: { $0.resignFirstResponder() }, else: { super.resignFirstResponder() })
    }

    public override var isFirstResponder: Bool {
        forward(.isFirst, toNode: { $0.isFirstResponder() }, else: { super.isFirstResponder })
    }

    /// The node's, as Texture bridges it.
    public override var isOpaque: Bool {
        get { node?.isOpaque ?? super.isOpaque }
        set { node?.isOpaque = newValue }
    }

    /// The node's, as Texture bridges it (a text node's is false by default).
    public override var isUserInteractionEnabled: Bool {
        get { node?.isUserInteractionEnabled ?? super.isUserInteractionEnabled }
        set {
            super.isUserInteractionEnabled = newValue
            node?.isUserInteractionEnabled = newValue
        }
    }

    public override var isHidden: Bool {
        get { node?.isHidden ?? super.isHidden }
        set { node?.isHidden = newValue }
    }
}
