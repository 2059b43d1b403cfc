import Dispatch
import Foundation

/// Drives an `ASCollectionLayoutDelegate` as the collection's layout: gathers the context on the
/// collection's thread, calculates on a background queue (Texture's asynchronous layout), and
/// answers the layout queries from the resulting state. Used on the collection node's thread.
final class CollectionLayoutDelegateLayout: UICollectionViewLayout, @unchecked Sendable {
    // SAFETY: prepared and queried on the collection's thread; the state is immutable.
    let delegate: any ASCollectionLayoutDelegate
    private var state: ASCollectionLayoutState?

    init(delegate: any ASCollectionLayoutDelegate) {
        self.delegate = delegate
        super.init()
    }

    required init?(coder: NSCoder) { nil }

    override var scrollDirection: UICollectionView.ScrollDirection {
        get { delegate.scrollableDirections().intersection(.verticalDirections).isEmpty ? .horizontal : .vertical }
        set {}
    }

    override var needsAllNodes: Bool { delegate.needsAllNodes }

    override func constrainedSizeForItem(at indexPath: IndexPath, in collectionNode: ASCollectionNode) -> ASSizeRange? {
        delegate.constrainedSizeForItem(at: indexPath, elements: collectionNode.layoutElements, viewportSize: collectionNode.bounds.size)
    }

    override func prepare() {
        guard let node = collectionView?.collectionNode else { state = nil; return }
        let elements = node.layoutElements
        let context = ASCollectionLayoutContext(viewportSize: node.bounds.size, initialContentOffset: node.contentOffset,
                                                scrollableDirections: delegate.scrollableDirections(), elements: elements,
                                                additionalInfo: delegate.additionalInfoForLayout(withElements: elements))
        let type = Swift.type(of: delegate)
        // Truly off this thread (a `sync` would run the calculation right here): this thread waits.
        state = ElementAllocation.onNodeCreationThread(serial: false) { type.calculateLayout(with: context) }
    }

    override var collectionViewContentSize: CGSize { state?.contentSize ?? .zero }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        state?.layoutAttributesForElements(in: rect)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        state?.layoutAttributesForItem(at: indexPath)
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        state?.layoutAttributesForSupplementaryElement(ofKind: elementKind, at: indexPath)
    }
}
