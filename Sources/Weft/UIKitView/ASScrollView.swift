import Foundation

/// The view of an `ASScrollNode`; Texture's `ASScrollView`. Its offset, inset, frame and
/// background are the node's (see `UIScrollView.scrollingNode`), and so is its content size.
/// Main-actor isolated.
@MainActor
final class ASScrollView: UIScrollView {
    init(scrollNode: ASScrollNode) {
        super.init(frame: scrollNode.frame)
        scrollingNode = scrollNode
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Lays the scroll node out first, as a node's view does (see `ASDisplayNodeView.layoutIfNeeded()`).
    override func layoutIfNeeded() {
        scrollingNode?.layoutIfNeeded()
        super.layoutIfNeeded()
    }

    override var contentSize: CGSize {
        get { (scrollingNode as? ASScrollNode)?.contentSize ?? super.contentSize }
        set {
            if let node = scrollingNode as? ASScrollNode { node.contentSize = newValue } else { super.contentSize = newValue }
        }
    }
}
