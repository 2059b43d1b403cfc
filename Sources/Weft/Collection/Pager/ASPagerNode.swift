import Foundation

/// A horizontally paging collection of full-size pages; Texture's `ASPagerNode`, an
/// `ASCollectionNode` with a horizontal flow layout of spacing 0 in which every page is exactly
/// the bounds less `contentInset`.
///
/// Set the pages with `setDataSource(_:)` (and optionally `setDelegate(_:)`), as Texture's Swift
/// code does: both are held weakly. `currentPageIndex`, `scrollToPage(at:animated:)` and
/// `pageSequence(to:frames:curve:)` page through it; snapshots and frame sequences work as for any
/// collection. Drive it from one thread, as a collection node.
open class ASPagerNode: ASCollectionNode {
    // SAFETY: the adapter is set once in init and is itself a weak forwarder used on the driving thread.
    private let adapter = PagerAdapter()

    /// Texture's `init()`: a horizontal flow layout with no spacing.
    public convenience init() {
        self.init(collectionViewLayout: ASPagerNode.makeFlowLayout())
    }

    /// Texture's `init(collectionViewLayout:)`; pass a horizontal flow layout with no spacing
    /// (`ASPagerNode.makeFlowLayout()`) or your own.
    public override init(collectionViewLayout layout: UICollectionViewLayout) {
        super.init(collectionViewLayout: layout)
        // Texture's pager ranges: minimum display 0/0, preload 1/1; full display 1/1, preload 2/2.
        setTuningParameters(.zero, for: .minimum, rangeType: .display)
        setTuningParameters(ASRangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 1), for: .minimum, rangeType: .preload)
        setTuningParameters(ASRangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 1), for: .full, rangeType: .display)
        setTuningParameters(ASRangeTuningParameters(leadingBufferScreenfuls: 2, trailingBufferScreenfuls: 2), for: .full, rangeType: .preload)
        adapter.pager = self
        super.dataSource = adapter
        super.delegate = adapter
    }

    /// The layout Texture's pager uses: horizontal, no line or item spacing, no insets.
    public static func makeFlowLayout() -> UICollectionViewFlowLayout {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        layout.sectionInset = .zero
        return layout
    }

    /// The pager's data source; held weakly. Texture's `dataSource`.
    public var pagerDataSource: (any ASPagerDataSource)? { adapter.dataSource }

    /// The pager's delegate; held weakly.
    public var pagerDelegate: (any ASPagerDelegate)? { adapter.delegate }

    /// Texture's `setDataSource(_:)`.
    public func setDataSource(_ dataSource: (any ASPagerDataSource)?) {
        adapter.dataSource = dataSource
        super.dataSource = adapter
    }

    /// Texture's `setDelegate(_:)`.
    public func setDelegate(_ delegate: (any ASPagerDelegate)?) {
        adapter.delegate = delegate
        super.delegate = adapter
    }

    /// The page a page-wide viewport shows most of at the current offset.
    public var currentPageIndex: Int {
        let width = pageSize.width
        guard width > 0 else { return 0 }
        let pages = numberOfItems(inSection: 0)
        let index = Int(((contentOffset.x + contentInset.left) / width).rounded())
        return min(max(index, 0), max(0, pages - 1))
    }

    /// Scrolls so page `index` fills the viewport; an index out of range is clamped and reported.
    /// Texture's `scrollToPage(at:animated:)` (offscreen, animation is a frame sequence's job).
    public func scrollToPage(at index: Int, animated: Bool) {
        setContentOffset(offset(forPage: index), animated: animated)
    }

    /// The node of page `index`, made now if needed; Texture's `nodeForPage(at:)`.
    public func nodeForPage(at index: Int) -> ASCellNode? {
        nodeForItem(at: IndexPath(item: index, section: 0))
    }

    /// The page index of `node`; nil for a node not in the pager. `indexOfPage(with:)` is
    /// Texture's spelling, with `NSNotFound` for such a node.
    public func index(ofPageWith node: ASCellNode) -> Int? {
        indexPath(for: node)?.item
    }

    /// The page index of `node`, `NSNotFound` for a node not in the pager; Texture's
    /// `indexOfPage(with:)` (`indexOfPageWithNode:`).
    public func indexOfPage(with node: ASCellNode) -> Int {
        index(ofPageWith: node) ?? NSNotFound
    }

    /// The frames of paging from the current offset to page `index`, eased as a paging scroll is.
    public func pageSequence(to index: Int, frames: Int, curve: FrameSequence.Curve = .eased) throws(CollectionError) -> FrameSequence {
        try loadDataIfNeeded()
        return try FrameSequence.scroll(from: contentOffset, to: offset(forPage: index), frames: frames, curve: curve)
    }

    /// The size of every page: the bounds less the content inset.
    var pageSize: CGSize {
        let inset = contentInset
        return CGSize(width: max(0, bounds.width - inset.left - inset.right), height: max(0, bounds.height - inset.top - inset.bottom))
    }

    func offset(forPage index: Int) -> CGPoint {
        try? loadDataIfNeeded()
        let pages = numberOfItems(inSection: 0)
        let clamped = min(max(index, 0), max(0, pages - 1))
        if clamped != index {
            WeftDiagnostics.report(.collection, "ASPagerNode", "page \(index) is out of range (the pager has \(pages) pages); page \(clamped) was used")
        }
        return CGPoint(x: CGFloat(clamped) * pageSize.width - contentInset.left, y: -contentInset.top)
    }
}

/// Turns the pager's data source and delegate into the collection's; holds both weakly, as
/// Texture's pager does. Asked on the main actor, as the collection asks its own data source.
final class PagerAdapter: ASCollectionDataSource, ASCollectionDelegate, ForwardingDataSource {
    // SAFETY: the three references are set by the pager on its driving thread and read on the main
    // actor while the collection asks its data source, which the driving thread waits for.
    nonisolated(unsafe) weak var pager: ASPagerNode?
    nonisolated(unsafe) weak var dataSource: (any ASPagerDataSource)? {
        didSet { dataSourceSet = dataSource != nil }
    }
    /// A data source was set and not since set to nil (see `ForwardingDataSource`).
    nonisolated(unsafe) private var dataSourceSet = false
    nonisolated var forwardedSourceWasReleased: Bool { dataSourceSet && dataSource == nil }
    nonisolated(unsafe) weak var delegate: (any ASPagerDelegate)?

    nonisolated init() {}

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int { 1 }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int {
        guard let pager, let dataSource else { return 0 }
        return dataSource.numberOfPages(in: pager)
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock? {
        guard let pager, let dataSource else {
            DefaultAnswer.mark()
            return nil
        }
        if let block = DefaultAnswer.implemented({ () -> ASCellNodeBlock in dataSource.pagerNode(pager, nodeBlockAt: indexPath.item) }) {
            return block
        }
        if let block = DefaultAnswer.implemented({ () -> ASCellNodeBlock? in dataSource.pagerNode(pager, nodeBlockAt: indexPath.item) }) {
            return block
        }
        DefaultAnswer.mark()
        return nil
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode? {
        guard let pager, let dataSource else {
            DefaultAnswer.mark()
            return nil
        }
        if let node = DefaultAnswer.implemented({ () -> ASCellNode in dataSource.pagerNode(pager, nodeAt: indexPath.item) }) { return node }
        if let node = DefaultAnswer.implemented({ () -> ASCellNode? in dataSource.pagerNode(pager, nodeAt: indexPath.item) }) { return node }
        DefaultAnswer.mark()
        return nil
    }

    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        guard let pager else { return .zero }
        if let delegate, let range = DefaultAnswer.implemented({ delegate.pagerNode(pager, constrainedSizeForNodeAt: indexPath.item) }) {
            return range
        }
        return ASSizeRange(exactly: pager.pageSize)
    }
}
