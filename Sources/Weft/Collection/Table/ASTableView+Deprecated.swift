import Foundation

/// Texture's `ASTableView (Deprecated)` category and the `UITableView` API Texture's view
/// overrides: the table API on the view, which Texture keeps for code written before
/// `ASTableNode` (and its tests call, through ASTableView+Undeprecated.h). Each forwards to the
/// view's table node; Texture deprecates them in favour of the node's, Weft does not warn.
extension ASTableView {
    /// Texture's `asyncDataSource`: the node's `dataSource`, held weakly.
    public var asyncDataSource: (any ASTableDataSource)? {
        get { tableNode?.dataSource }
        set { tableNode?.dataSource = newValue }
    }

    /// Texture's `asyncDelegate`: the node's `delegate`, held weakly.
    public var asyncDelegate: (any ASTableDelegate)? {
        get { tableNode?.delegate }
        set { tableNode?.delegate = newValue }
    }

    /// Texture's `reloadData(completion:)`: the node's, with `completion` run on the main thread,
    /// as Texture runs it.
    @preconcurrency public func reloadData(completion: (() -> Void)?) {
        let handed = completion.map(UncheckedSendable.init)
        tableNode?.reloadData(completion: handed.map { handed in { DispatchQueue.main.async { handed.value() } } })
    }

    /// UIKit's and Texture's `reloadData()`: the node's.
    public func reloadData() { tableNode?.reloadData() }

    /// Texture's `relayoutItems()`.
    public func relayoutItems() { tableNode?.relayoutItems() }

    /// UIKit's `numberOfSections`: the node's.
    public var numberOfSections: Int { tableNode?.numberOfSections ?? 0 }

    /// UIKit's `numberOfRows(inSection:)`: the node's.
    public func numberOfRows(inSection section: Int) -> Int { tableNode?.numberOfRows(inSection: section) ?? 0 }

    /// Texture's `nodeForRow(at:)`: the node of a row, made now if needed; nil out of range.
    public func nodeForRow(at indexPath: IndexPath) -> ASCellNode? { tableNode?.nodeForRow(at: indexPath) }

    /// Texture's `indexPath(for:)`: where a row's node is; nil for a node not in the table.
    public func indexPath(for cellNode: ASCellNode) -> IndexPath? { tableNode?.indexPath(for: cellNode) }

    /// Texture's `visibleNodes`: the row nodes in the viewport.
    public var visibleNodes: [ASCellNode] { tableNode?.visibleNodes ?? [] }

    /// UIKit's `indexPathsForVisibleRows`.
    public var indexPathsForVisibleRows: [IndexPath]? { tableNode?.indexPathsForVisibleRows() }

    /// UIKit's `indexPathForRow(at:)`, in content coordinates.
    public func indexPathForRow(at point: CGPoint) -> IndexPath? { tableNode?.indexPathForRow(at: point) }

    /// UIKit's `scrollToRow(at:at:animated:)`: the node's.
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: UITableView.ScrollPosition, animated: Bool) {
        tableNode?.scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
    }

    /// UIKit's `rectForHeader(inSection:)`: the frame of the section's header in content
    /// coordinates; a section without one answers a rect of height 0 at its top, as UIKit does.
    /// `.zero` for a section out of range.
    public func rectForHeader(inSection section: Int) -> CGRect { tableNode?.sectionEdgeRect(.header, section: section) ?? .zero }

    /// UIKit's `rectForFooter(inSection:)`; see `rectForHeader(inSection:)` (a missing footer is
    /// at its section's bottom).
    public func rectForFooter(inSection section: Int) -> CGRect { tableNode?.sectionEdgeRect(.footer, section: section) ?? .zero }

    /// Texture's `leadingScreensForBatching`: the node's; 2 for a view without a node.
    public var leadingScreensForBatching: CGFloat {
        get { tableNode?.leadingScreensForBatching ?? 2 }
        set { tableNode?.leadingScreensForBatching = newValue }
    }

    /// Texture's `tuningParameters(for:)`: the node's for its full range mode.
    public func tuningParameters(for rangeType: ASLayoutRangeType) -> ASRangeTuningParameters {
        tableNode?.tuningParameters(for: rangeType) ?? .zero
    }

    /// Texture's `setTuningParameters(_:for:)`.
    public func setTuningParameters(_ tuningParameters: ASRangeTuningParameters, for rangeType: ASLayoutRangeType) {
        tableNode?.setTuningParameters(tuningParameters, for: rangeType)
    }

    // MARK: Batches

    /// UIKit's and Texture's `beginUpdates()`: the edits made on this thread until the matching
    /// `endUpdates` form one batch (nested pairs join the outermost).
    public func beginUpdates() { tableNode?.collection.beginBatch() }

    /// UIKit's `endUpdates()`: `endUpdates(animated: true, completion: nil)`.
    public func endUpdates() { endUpdates(animated: true, completion: nil) }

    /// Texture's `endUpdates(animated:completion:)`: closes the batch `beginUpdates()` opened and,
    /// for the outermost, submits it as the node's `performBatch(animated:updates:completion:)`
    /// does (a non-animated one keeps the top row in place with `automaticallyAdjustsContentOffset`).
    /// `completion` runs on the main thread, as Texture runs it. Without a matching
    /// `beginUpdates()` (Texture asserts) nothing is submitted, `completion` gets `false` and the
    /// call is reported.
    @preconcurrency public func endUpdates(animated: Bool, completion: ((Bool) -> Void)?) {
        guard let tableNode else { return }
        guard tableNode.collection.hasOpenBatchHere else {
            WeftDiagnostics.report(.collection, "\(type(of: self)).endUpdates(animated:completion:)",
                                   "called without a matching beginUpdates() on this thread; no batch was submitted")
            ASCollectionView.onMainThread(completion)?(false)
            return
        }
        tableNode.collection.endBatch(animated: animated, anchoringTopItem: tableNode.automaticallyAdjustsContentOffset,
                                      completion: ASCollectionView.onMainThread(completion))
    }

    /// Texture's `performBatch(animated:updates:completion:)` on the view: the node's, with
    /// `completion` run on the main thread.
    @preconcurrency public func performBatch(animated: Bool, updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        tableNode?.performBatch(animated: animated, updates: updates ?? {}, completion: ASCollectionView.onMainThread(completion))
    }

    /// UIKit's `performBatchUpdates(_:completion:)` on the view; see `performBatch(animated:updates:completion:)`.
    @preconcurrency public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        performBatch(animated: true, updates: updates, completion: completion)
    }

    /// Texture's `isProcessingUpdates`.
    public var isProcessingUpdates: Bool { tableNode?.isProcessingUpdates ?? false }

    /// Texture's `onDidFinishProcessingUpdates(_:)`: `completion` runs on the main thread once
    /// every batch submitted so far is applied.
    @preconcurrency public func onDidFinishProcessingUpdates(_ completion: @escaping () -> Void) {
        guard let tableNode, tableNode.isProcessingUpdates else { return completion() }
        let handed = UncheckedSendable(completion)
        tableNode.onDidFinishProcessingUpdates { DispatchQueue.main.async { handed.value() } }
    }

    /// Texture's `waitUntilAllUpdatesAreCommitted()`: the node's `waitUntilAllUpdatesAreProcessed()`.
    public func waitUntilAllUpdatesAreCommitted() { tableNode?.waitUntilAllUpdatesAreProcessed() }

    // MARK: Edits

    /// UIKit's `insertSections(_:with:)`.
    public func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        tableNode?.insertSections(sections, with: animation)
    }
    /// UIKit's `deleteSections(_:with:)`.
    public func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        tableNode?.deleteSections(sections, with: animation)
    }
    /// UIKit's `reloadSections(_:with:)`.
    public func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        tableNode?.reloadSections(sections, with: animation)
    }
    /// UIKit's `moveSection(_:toSection:)`.
    public func moveSection(_ section: Int, toSection newSection: Int) { tableNode?.moveSection(section, toSection: newSection) }
    /// UIKit's `insertRows(at:with:)`.
    public func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        tableNode?.insertRows(at: indexPaths, with: animation)
    }
    /// UIKit's `deleteRows(at:with:)`.
    public func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        tableNode?.deleteRows(at: indexPaths, with: animation)
    }
    /// UIKit's `reloadRows(at:with:)`.
    public func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        tableNode?.reloadRows(at: indexPaths, with: animation)
    }
    /// UIKit's `moveRow(at:to:)`.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { tableNode?.moveRow(at: indexPath, to: newIndexPath) }
}
