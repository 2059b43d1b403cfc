import Dispatch
import Foundation

/// Drives an `ASCollectionLayoutDelegate` as the collection's layout: gathers the context on the
/// collection's thread, calculates on a background queue (Texture's asynchronous layout), and
/// answers the layout queries from the resulting state. Used on the collection node's thread.
final class CollectionLayoutDelegateLayout: UICollectionViewLayout, @unchecked Sendable {
    // SAFETY: prepared and queried on the collection's thread; the state is immutable.
    let delegate: any ASCollectionLayoutDelegate
    private var state: ASCollectionLayoutState? {
        didSet { lookups = state.map { Lookups($0.attributes, vertical: scrollDirection == .vertical) } }
    }
    /// The state's attributes indexed for the queries; built with each state.
    private var lookups: Lookups?

    /// The queries' answers without scanning every attribute: stripes along the scrolling axis for
    /// rects, and the first attributes of each item and of each (kind, section), which are what the
    /// linear scans returned (a supplementary query matches on its section, as before).
    /// Items are found through per-section tables of attribute indices (4 bytes an item; a
    /// dictionary keyed by IndexPath costs about 150 and dominated a million-item gallery's index),
    /// or a dictionary when the index paths are too sparse for tables.
    private struct Lookups {
        let elements: LayoutAttributesIndex
        private var itemTables: [[Int32]] = []
        private var sparseItems: [IndexPath: UICollectionViewLayoutAttributes]?
        var supplementaries: [String: [Int: UICollectionViewLayoutAttributes]] = [:]

        init(_ attributes: [UICollectionViewLayoutAttributes], vertical: Bool) {
            elements = LayoutAttributesIndex(attributes, vertical: vertical)
            var extents: [Int: Int] = [:]
            var tabulable = attributes.count < Int(Int32.max)
            for a in attributes where a.representedElementKind == nil {
                guard a.indexPath.count == 2, a.indexPath.section >= 0, a.indexPath.item >= 0 else { tabulable = false; break }
                extents[a.indexPath.section] = max(extents[a.indexPath.section] ?? 0, a.indexPath.item + 1)
            }
            let sections = (extents.keys.max() ?? -1) + 1
            let dense = tabulable && sections + extents.values.reduce(0, +) <= 2 * attributes.count + 1_024
            if dense {
                itemTables = (0..<sections).map { [Int32](repeating: -1, count: extents[$0] ?? 0) }
            } else {
                sparseItems = [:]
            }
            for (index, a) in attributes.enumerated() {
                if let kind = a.representedElementKind {
                    if supplementaries[kind]?[a.indexPath.section] == nil { supplementaries[kind, default: [:]][a.indexPath.section] = a }
                } else if dense {
                    if itemTables[a.indexPath.section][a.indexPath.item] < 0 { itemTables[a.indexPath.section][a.indexPath.item] = Int32(index) }
                } else if sparseItems?[a.indexPath] == nil {
                    sparseItems?[a.indexPath] = a
                }
            }
        }

        func item(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            if let sparseItems { return sparseItems[indexPath] }
            guard indexPath.count == 2, itemTables.indices.contains(indexPath.section),
                  itemTables[indexPath.section].indices.contains(indexPath.item) else { return nil }
            let index = itemTables[indexPath.section][indexPath.item]
            return index < 0 ? nil : elements.attributes[Int(index)]
        }
    }

    init(delegate: any ASCollectionLayoutDelegate) {
        self.delegate = delegate
        super.init()
    }

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
        lookups?.elements.attributes(in: rect)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        lookups?.item(at: indexPath)
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        lookups?.supplementaries[elementKind]?[indexPath.section]
    }
}
