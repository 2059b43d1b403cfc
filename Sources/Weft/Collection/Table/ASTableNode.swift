import Foundation
import Synchronization

/// A vertically scrolling list of rows; Texture's `ASTableNode`, rendering offscreen.
///
/// Rows are `ASCellNode`s from `tableNode(_:nodeBlockForRowAt:)` (or `nodeForRowAt`), made and
/// measured like a collection's items, each as wide as the table. Sections may have header and
/// footer titles (UIKit's `tableView(_:titleForHeaderInSection:)`) or nodes. Separators are drawn
/// as UITableView draws them by default: a hairline under every row, inset 16 pt on the left, in
/// `UIColor.separator`; `view.separatorStyle`, `separatorColor` and `separatorInset` change them.
/// `snapshot(at:scale:)` and `writeFrames` render a scroll, as for a collection.
///
/// The rows live in an internal collection node (a vertical flow layout with no spacing), which
/// this node owns and keeps sized to its bounds. Drive it from one thread, as a collection node;
/// separator settings are guarded by their mutex.
open class ASTableNode: ASDisplayNode {
    // SAFETY: `collection` and `adapter` are set in init and never replaced; the collection guards
    // its own state; the separators, `automaticallyAdjustsContentOffset` and the views are behind
    // their mutexes.

    struct Separators {
        var style = UITableView.SeparatorStyle.singleLine
        var color: UIColor? = UITableView.defaultSeparatorColor
        var inset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    }

    /// Plain or grouped, as given to `init(style:)`; read it as `view.style`, as in UIKit.
    let tableStyle: UITableView.Style
    /// The collection that lays out and composites the rows.
    let collection: ASCollectionNode
    private let adapter = TableAdapter()
    private let separatorState = Mutex(Separators())
    private let loadedView = Mutex<AnyObject?>(nil)
    private let adjustsContentOffset = Mutex(false)
    /// The view made with `ASTableView(frame:style:)`, which owns this node: held weakly, so
    /// neither keeps the other alive (a node's own view is in `loadedView`, held strongly).
    private let owningView = Mutex(WeakTableView())

    /// A weak reference to a view, in `owningView`'s mutex.
    struct WeakTableView { weak var view: ASTableView? }

    /// Called once, by a view made on its own that owns this node, before it is shared.
    @MainActor func noteOwningView(_ view: ASTableView) {
        owningView.withLock { $0.view = view }
    }

    /// The rows live in `collection`, which is not a subnode: it takes the table's traits here.
    override func traitsDidChange(from previous: ASPrimitiveTraitCollection) {
        collection.setPrimitiveTraitCollection(primitiveTraitCollection())
    }

    /// Texture's `init(style:)`.
    public init(style: UITableView.Style) {
        tableStyle = style
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        collection = ASCollectionNode(collectionViewLayout: layout)
        super.init()
        adapter.table = self
        collection.dataSource = adapter
        collection.delegate = adapter
        collection.safeAreaHost = self
        noteBatchFetchingDelegate()
        backgroundColor = .white
    }

    /// A plain table; Texture's `init()`.
    public convenience override init() { self.init(style: .plain) }

    /// Supplies the rows; held weakly, as in Texture.
    public weak var dataSource: (any ASTableDataSource)? {
        didSet { adapter.dataSource = dataSource; collection.dataSource = adapter }
    }

    /// Sizes the rows; held weakly, as in Texture.
    public weak var delegate: (any ASTableDelegate)? {
        didSet { adapter.delegate = delegate; collection.delegate = adapter; noteBatchFetchingDelegate() }
    }

    /// Without a delegate the table never fetches: the collection does not even ask its adapter.
    /// A new delegate is asked afresh (the adapter notes one that does not fetch when it answers).
    private func noteBatchFetchingDelegate() {
        let withoutFetching = delegate == nil ? ObjectIdentifier(adapter) : nil
        collection.settings.withLockedValue { $0.delegateWithoutBatchFetching = withoutFetching }
    }

    /// The table's view; Texture's `view`, made when the node loads (the hosting controller's view
    /// loads). Asking for it before is the programmer error Texture asserts on: reported (naming
    /// the rule), the node is loaded then and the view returned. Main-actor isolated, as UIKit views are.
    @preconcurrency @MainActor public override var view: ASTableView {
        loadForEarlyViewAccess("table node")
        return viewMadeIfNeeded
    }

    @MainActor var viewMadeIfNeeded: ASTableView {
        if let view = loadedView.withLock({ $0 }) as? ASTableView { return view }
        if let view = owningView.withLock({ $0.view }) { return view }
        let view = ASTableView(tableNode: self)
        loadedView.withLock { $0 = view }
        return view
    }

    /// The view is made as the node loads; see `view`.
    @MainActor override func makeViewsForLoading() {
        super.makeViewsForLoading()
        _ = viewMadeIfNeeded
    }

    public override var frame: CGRect {
        get { super.frame }
        set {
            super.frame = newValue
            collection.frame = CGRect(origin: .zero, size: bounds.size)
        }
    }

    public override var bounds: CGRect {
        get { super.bounds }
        set {
            super.bounds = newValue
            collection.frame = CGRect(origin: .zero, size: newValue.size)
        }
    }

    /// The point of the content shown at the viewport's top left.
    public var contentOffset: CGPoint {
        get { collection.contentOffset }
        set { collection.contentOffset = newValue }
    }

    /// Texture's `automaticallyAdjustsContentOffset` (false by default): a batch made with
    /// `performBatch(animated: false, …)` that does not reload everything moves the content offset
    /// so the row at the top of the viewport before it stays where it was (unless it was deleted).
    /// The offset moves when the layout takes the batch's rows: after
    /// `waitUntilAllUpdatesAreProcessed()`, or at the next frame or query.
    public var automaticallyAdjustsContentOffset: Bool {
        get { adjustsContentOffset.withLock { $0 } }
        set { adjustsContentOffset.withLock { $0 = newValue } }
    }

    /// UIScrollView's `setContentOffset(_:animated:)`.
    public func setContentOffset(_ offset: CGPoint, animated: Bool) { collection.setContentOffset(offset, animated: animated) }

    /// The offsets the rows can scroll between, with the content inset; see
    /// `ASCollectionNode.contentOffsetRange`. Loads the rows if they are not loaded.
    public var contentOffsetRange: (min: CGPoint, max: CGPoint) {
        try? loadDataIfNeeded()
        return collection.contentOffsetRange
    }

    /// Extra scrollable space around the rows.
    public var contentInset: UIEdgeInsets {
        get { collection.contentInset }
        set { collection.contentInset = newValue }
    }

    /// UIScrollView's `contentInsetAdjustmentBehavior`; see `ASCollectionNode`'s.
    public var contentInsetAdjustmentBehavior: UIScrollView.ContentInsetAdjustmentBehavior {
        get { collection.contentInsetAdjustmentBehavior }
        set { collection.contentInsetAdjustmentBehavior = newValue }
    }

    /// UIScrollView's `adjustedContentInset`: `contentInset` plus the safe-area edges the rows
    /// scroll under.
    public var adjustedContentInset: UIEdgeInsets { collection.adjustedContentInset }

    var separators: Separators { separatorState.withLock { $0 } }

    /// Changes the separator settings; called from the view on the main actor.
    func updateSeparators(_ change: (inout Separators) -> Void) {
        var settings = separators
        change(&settings)
        separatorState.withLock { [settings] in $0 = settings }
    }

    // MARK: Data

    /// Drops every row node and asks the data source again; Texture's `reloadData()`.
    public func reloadData() { collection.reloadData() }

    /// Texture's `reloadData(completion:)`.
    public func reloadData(completion: (() -> Void)?) { collection.reloadData(completion: completion) }

    /// Loads the rows if they are not loaded; throws the data source's errors.
    public func loadDataIfNeeded() throws(CollectionError) {
        collection.frame = CGRect(origin: .zero, size: bounds.size)
        try collection.loadDataIfNeeded()
    }

    /// Re-measures every row with fresh constrained sizes; Texture's `relayoutItems()`.
    public func relayoutItems() { collection.relayoutItems() }

    public var numberOfSections: Int { collection.numberOfSections }
    public func numberOfRows(inSection section: Int) -> Int { collection.numberOfItems(inSection: section) }

    /// The node of a row, made now if needed; Texture's `nodeForRow(at:)`.
    public func nodeForRow(at indexPath: IndexPath) -> ASCellNode? { collection.nodeForItem(at: indexPath) }

    /// The node model the data source gave for a row; Texture's `nodeModelForRow(at:)`.
    public func nodeModelForRow(at indexPath: IndexPath) -> Any? { collection.nodeModelForItem(at: indexPath) }

    /// Where a row's node is; Texture's `indexPath(for:)`.
    public func indexPath(for cellNode: ASCellNode) -> IndexPath? { collection.indexPath(for: cellNode) }

    /// The row nodes in the viewport; Texture's `visibleNodes`.
    public var visibleNodes: [ASCellNode] { collection.visibleNodes }

    /// The index paths of the rows in the viewport; Texture's `indexPathsForVisibleRows()`.
    public func indexPathsForVisibleRows() -> [IndexPath] { collection.indexPathsForVisibleItems }

    /// The row under `point`, in content coordinates; Texture's `indexPathForRow(at:)`.
    public func indexPathForRow(at point: CGPoint) -> IndexPath? { collection.indexPathForItem(at: point) }

    /// The row's frame in content coordinates; `.null` for a row out of range. Texture's `rectForRow(at:)`.
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        try? loadDataIfNeeded()
        guard collection.elements.element(at: indexPath) != nil else { return .null }
        return collection.withLayout("rectForRow(at:)", fallback: CGRect.null) { layout in
            layout.prepareIfNeeded()
            return layout.layoutAttributesForItem(at: indexPath)?.frame ?? .null
        }
    }

    /// Scrolls so the row sits at `position`; Texture's `scrollToRow(at:at:animated:)`. A row out of
    /// range leaves the offset as it was and is reported; `scrollToRowChecked` throws instead.
    public func scrollToRow(at indexPath: IndexPath, at position: UITableView.ScrollPosition, animated: Bool) {
        collection.scrollToItem(at: indexPath, at: position.collectionPosition, animated: animated)
    }

    /// `scrollToRow(at:at:animated:)` that throws for a row out of range.
    public func scrollToRowChecked(at indexPath: IndexPath, at position: UITableView.ScrollPosition, animated: Bool) throws(CollectionError) {
        try collection.scrollToItemChecked(at: indexPath, at: position.collectionPosition, animated: animated)
    }

    // MARK: Frames

    /// Composites the rows visible at `offset` (or `contentOffset`), then the separators; see
    /// `ASCollectionNode.snapshot(at:scale:)`.
    public func snapshot(at offset: CGPoint? = nil, scale: CGFloat) throws(CollectionError) -> Bitmap {
        matchRowsToTable()
        return try ASCollectionNode.rendered(withSeparators(collection.captureSnapshot(at: offset, scale: scale)))
    }

    /// Renders the frames of `sequence` (of `shard` only, by default the whole sequence) into
    /// `folder` as `frame_00001.png`…, each under its number in the whole sequence; see
    /// `ASCollectionNode.writeFrames(_:scale:toFolder:shard:encoder:threads:progress:)`, whose
    /// frame path a table's frames take: the rows' composition with the separators over it.
    /// Scripted edits (`FrameSequence.editing(atFrame:_:)`) are given the collection that holds
    /// the rows; make them on the table (`insertRows(at:with:)`…), which the closure can capture.
    @discardableResult
    public func writeFrames(_ sequence: FrameSequence, scale: CGFloat, toFolder folder: String, shard: FrameShard = .whole,
                            encoder: PNGEncoder = .frames, threads: Int? = nil, progress: (@Sendable (Int) -> Void)? = nil) throws -> [String] {
        let driver = try FrameDriver(sequence, scale: scale, shard: shard, threads: threads)
        let sink = PNGFolderSink(folder: folder, encoder: encoder)
        try driver.run(from: TableFrames(table: self, sequence: sequence), to: sink, progress: progress)
        return sink.paths
    }

    /// Renders every frame of `sequence` into one file at `path` as `format`; see
    /// `ASCollectionNode.writeVideo(_:scale:toFile:format:ffmpeg:threads:progress:)`, which this
    /// is for a table (mp4 composites and converts a table's frames band by band as a collection's).
    @discardableResult
    public func writeVideo(_ sequence: FrameSequence, scale: CGFloat, toFile path: String, format: VideoFormat, ffmpeg: String? = nil,
                           threads: Int? = nil, progress: (@Sendable (Int) -> Void)? = nil) throws -> FrameVideo {
        matchRowsToTable()
        return try collection.writeVideo(sequence, scale: scale, toFile: path, format: format, ffmpeg: ffmpeg, threads: threads,
                                         progress: progress, source: TableFrames(table: self, sequence: sequence))
    }

    /// Gives the rows' collection the table's size and the layer settings its frame draws: the
    /// background, corners and clip, and the border, which goes over the separators.
    func matchRowsToTable() {
        collection.frame = CGRect(origin: .zero, size: bounds.size)
        collection.backgroundColor = backgroundColor
        collection.cornerRadius = cornerRadius
        collection.clipsToBounds = clipsToBounds
        collection.borderWidth = borderWidth
        collection.borderColor = borderColor
    }

    /// `rows`' frame with the separators drawn over the rows, as UITableView draws them: a
    /// hairline at the bottom of each row in the viewport, on the device pixel nearest the row's
    /// bottom, inset by `separatorInset`. Painted outside any node's drawing: their colour is
    /// resolved for the table's traits.
    func withSeparators(_ rows: CapturedFrame) -> CapturedFrame {
        let settings = separators
        guard let composition = rows.composition, settings.style == .singleLine,
              let color = settings.color.resolved(with: drawingTraits).flatMap({ $0.alpha > 0 ? $0 : nil }) else { return rows }
        let origin = rows.offset, scale = composition.scale
        let viewport = CGRect(origin: origin, size: composition.viewport)
        let frames = collection.withLayout("separators", fallback: [CGRect]()) { layout -> [CGRect] in
            layout.prepareIfNeeded()
            return layout.layoutAttributesForElements(in: viewport)?.filter { $0.representedElementKind == nil && !$0.isHidden }.map(\.frame) ?? []
        }
        let hairline = 1 / scale
        // One item a separator, so a frame drawn band by band draws each in the band it lies in.
        var decorated = rows
        decorated.picture = .composition(composition.adding(frames.map { row in
            let y = ((row.maxY - origin.y) * scale).rounded() / scale - hairline
            let x = row.minX - origin.x + settings.inset.left
            return .fills([CGRect(x: x, y: y, width: max(0, row.width - settings.inset.left - settings.inset.right), height: hairline)], color: color)
        }))
        return decorated
    }
}

extension ASTableNode: ComposedContent {
    /// The frame `snapshot(scale:)` composites, at `contentOffset`.
    func composition(scale: CGFloat) throws -> FrameComposition {
        matchRowsToTable()
        return try ASCollectionNode.composition(of: withSeparators(collection.captureSnapshot(at: nil, scale: scale)))
    }

    var visibleCellFrames: [(cell: ASCellNode, frame: CGRect)] { collection.visibleCellFrames }
}

/// A table's frames for `FrameDriver`: its rows' collection's, through that collection's
/// `FrameSequencePlayer` (edits, layout, ranges, transitions), with the separators added to each
/// captured frame. Used on the driver's thread only; not Sendable.
private struct TableFrames: FrameSource {
    let table: ASTableNode
    let rows: FrameSequencePlayer

    init(table: ASTableNode, sequence: FrameSequence) {
        self.table = table
        rows = FrameSequencePlayer(node: table.collection, sequence: sequence)
    }

    func capture(_ request: FrameRequest) throws -> CapturedFrame {
        table.matchRowsToTable()
        return table.withSeparators(try rows.captureFrame(request))
    }

    func skip(_ request: FrameRequest) throws {
        table.matchRowsToTable()
        try rows.skip(request)
    }
}

extension UITableView {
    /// UIKit's `UITableView.ScrollPosition`.
    public enum ScrollPosition: Int, Sendable {
        case none, top, middle, bottom

        var collectionPosition: UICollectionView.ScrollPosition {
            switch self {
            case .none, .top: return .top
            case .middle: return .centeredVertically
            case .bottom: return .bottom
            }
        }
    }
}
