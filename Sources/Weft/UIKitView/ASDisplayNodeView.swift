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

    public override var isHidden: Bool {
        get { node?.isHidden ?? super.isHidden }
        set { node?.isHidden = newValue }
    }
}
