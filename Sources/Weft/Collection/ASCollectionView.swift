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

    /// The node of a view made on its own (`init(frame:collectionViewLayout:)`), which the view
    /// owns; nil for a node's view, which its node owns.
    private var standaloneNode: ASCollectionNode?
    /// The inspector `layoutInspector` answers for a custom layout when none is set.
    private var defaultLayoutInspector: ASCollectionViewLayoutInspector?
    /// The nodes given layout attributes by the last layout pass in a window (see
    /// ASCollectionView+WindowLayout.swift), and whether another pass is queued.
    var attributedNodes: [ObjectIdentifier: WeakCellNode] = [:]
    var windowLayoutScheduled = false
    /// Whether `layoutIfNeeded()` ran on the view: a batch then schedules another pass.
    var laidOutByApp = false
    /// The view that shows this collection in its place, when it is not this one: a table's
    /// `ASTableView`, whose window and layout passes are the collection's.
    weak var hostingView: UIView?

    init(collectionNode: ASCollectionNode) {
        super.init(frame: collectionNode.frame, collectionViewLayout: collectionNode.collectionViewLayout, owner: collectionNode)
        scrollingNode = collectionNode
    }

    /// Texture's `init(frame:collectionViewLayout:)` (deprecated there in favour of
    /// `ASCollectionNode`): a collection view made on its own. It makes its own collection node,
    /// which it owns and forwards to, so `asyncDataSource`, the edits and the lookups work as on a
    /// node's view.
    public convenience init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        let node = ASCollectionNode(frame: frame, collectionViewLayout: layout)
        self.init(collectionNode: node)
        standaloneNode = node
        node.settings[\.standaloneView] = self
    }

    /// Texture's `init(collectionViewLayout:)`: `init(frame: .zero, collectionViewLayout:)`.
    public convenience init(collectionViewLayout layout: UICollectionViewLayout) {
        self.init(frame: .zero, collectionViewLayout: layout)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The node's `layoutInspector`, as Texture's interop documentation sets it on the view. When
    /// none is set, a custom layout's view answers a default `ASCollectionViewLayoutInspector`, as
    /// Texture's getter does (kept by the view); a flow layout's answers nil, where Texture's
    /// answers its private flow layout inspector.
    public var layoutInspector: (any ASCollectionViewLayoutInspecting)? {
        get {
            if let inspector = owner?.layoutInspector { return inspector }
            guard !(collectionViewLayout is UICollectionViewFlowLayout) else { return nil }
            if let defaultLayoutInspector { return defaultLayoutInspector }
            let inspector = ASCollectionViewLayoutInspector()
            defaultLayoutInspector = inspector
            return inspector
        }
        set { owner?.layoutInspector = newValue }
    }

    /// The node of the item at `indexPath`, nil out of range; Texture's `nodeForItem(at:)`.
    public func nodeForItem(at indexPath: IndexPath) -> ASCellNode? { owner?.nodeForItem(at: indexPath) }

    /// The index path of `cellNode`'s item, nil when it is not in the collection; Texture's
    /// `indexPath(for:)`.
    public func indexPath(for cellNode: ASCellNode) -> IndexPath? { owner?.indexPath(for: cellNode) }

    /// The supplementary node of `elementKind` at `indexPath`; Texture's
    /// `supplementaryNode(forElementKind:at:)`.
    public func supplementaryNode(forElementKind elementKind: String, at indexPath: IndexPath) -> ASCellNode? {
        owner?.nodeForSupplementaryElement(ofKind: elementKind, at: indexPath)
    }

    /// The data source's context for `section`; Texture's `context(forSection:)`.
    public func context(forSection section: Int) -> (any ASSectionContext)? { owner?.context(forSection: section) }

    /// UIKit's layout pass; in a window it shows the cells for the visible rect (see
    /// ASCollectionView+WindowLayout.swift).
    public override func layoutIfNeeded() {
        super.layoutIfNeeded()
        layoutForWindow()
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
        if let view = settings.withLockedValue({ $0.madeView ?? $0.standaloneView }) { return view }
        let view = ASCollectionView(collectionNode: self)
        settings[\.madeView] = view
        return view
    }
}
