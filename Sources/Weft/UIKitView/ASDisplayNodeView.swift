import Foundation

/// The view of a plain node (`node.view`), as Texture's `_ASDisplayView`: its layer is the node's
/// (so its frame, bounds and layer properties are the node's), and so are its background, alpha,
/// hiding and clipping, so code that sets them on the view (a controller's `viewDidLoad()`, a node's `didLoad()`) changes what the node renders. Holds the
/// node weakly, as Texture's view does: the node owns its view. Main-actor isolated.
@preconcurrency @MainActor
public final class ASDisplayNodeView: UIView {
    /// The node this view shows; nil once the node is gone.
    public private(set) weak var node: ASDisplayNode?

    init(node: ASDisplayNode) {
        self.node = node
        super.init(frame: .zero)
        layer = node.layerObject
    }

    public required init?(coder: NSCoder) {
        WeftDiagnostics.report(.view, "ASDisplayNodeView", "a node's view cannot be decoded from an archive")
        return nil
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

    public override var isHidden: Bool {
        get { node?.isHidden ?? super.isHidden }
        set { node?.isHidden = newValue }
    }
}
