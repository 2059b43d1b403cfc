import Foundation

/// The view of an `ASCollectionNode`; Texture's `ASCollectionView`, a `UICollectionView`.
///
/// Reach it as `collectionNode.view` once the node has loaded: in the hosting controller's
/// `viewDidLoad()`, or in the node's `didLoad()` / `onDidLoad(_:)`. Its settings are the node's,
/// so they show in the frames: `backgroundColor`, `contentInset`, `contentOffset`, `frame` and
/// `bounds` (whose origin is the content offset, as a scroll view's) set the node's, and
/// `layoutInspector` is the node's. Register UIKit cell classes here for interop
/// (`ASCollectionDataSourceInterop`). Main-actor isolated, as UIKit views are.
@preconcurrency @MainActor
public final class ASCollectionView: UICollectionView {
    /// The node this view belongs to; weak, as in Texture (the node owns its view).
    public var collectionNode: ASCollectionNode? { owner }

    public override var allowsSelection: Bool {
        get { collectionNode?.allowsSelection ?? super.allowsSelection }
        set { if let collectionNode { collectionNode.allowsSelection = newValue } else { super.allowsSelection = newValue } }
    }

    public override var allowsMultipleSelection: Bool {
        get { collectionNode?.allowsMultipleSelection ?? super.allowsMultipleSelection }
        set { if let collectionNode { collectionNode.allowsMultipleSelection = newValue } else { super.allowsMultipleSelection = newValue } }
    }

    init(collectionNode: ASCollectionNode) {
        super.init(frame: collectionNode.frame, collectionViewLayout: collectionNode.collectionViewLayout, owner: collectionNode)
        scrollingNode = collectionNode
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The node's `layoutInspector`, as Texture's interop documentation sets it on the view.
    public var layoutInspector: (any ASCollectionViewLayoutInspecting)? {
        get { owner?.layoutInspector }
        set { owner?.layoutInspector = newValue }
    }

    public override var contentSize: CGSize {
        get { owner?.contentSize ?? .zero }
        set { WeftDiagnostics.report(.view, "ASCollectionView.contentSize", "the layout gives a collection's content size; \(newValue) was ignored") }
    }
}

extension ASCollectionNode {
    /// The view, made now if it was not: for the collection's own use (the layout inspector and
    /// UIKit cells are given it), which never counts as touching it too early.
    @MainActor var viewMadeIfNeeded: ASCollectionView {
        if let view = settings[\.madeView] { return view }
        let view = ASCollectionView(collectionNode: self)
        settings[\.madeView] = view
        return view
    }
}
