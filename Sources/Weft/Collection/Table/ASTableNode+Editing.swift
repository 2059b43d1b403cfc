import Foundation

extension UITableView {
    /// UIKit's `UITableView.RowAnimation`. Offscreen, a frame sequence animates a batch the
    /// collection's way (inserted rows fade in, deleted ones fade out, kept ones slide): `.none`
    /// shows the change at once, every other value animates it.
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }
}

extension ASTableNode {
    // MARK: Batches, as the collection's (see `ASCollectionNode.performBatchUpdates`)

    /// Texture's `performBatchUpdates(_:completion:)`: the row and section edits made in `updates`
    /// form one batch, validated with UIKit's rules and applied in order; see the collection's.
    /// `updates` does not escape, as Texture's `AS_NOESCAPE` block.
    @preconcurrency public func performBatchUpdates(_ updates: () -> Void, completion: (@Sendable (Bool) -> Void)? = nil) {
        collection.performBatchUpdates(updates, completion: completion)
    }

    /// `performBatchUpdates(_:completion:)` with no updates (`nil`).
    @_disfavoredOverload
    @preconcurrency public func performBatchUpdates(_ updates: (() -> Void)?, completion: (@Sendable (Bool) -> Void)? = nil) {
        collection.performBatchUpdates(updates ?? {}, completion: completion)
    }

    /// Texture's `performBatch(animated:updates:completion:)`. When not `animated`, with
    /// `automaticallyAdjustsContentOffset`, the top visible row stays where it is.
    @preconcurrency public func performBatch(animated: Bool, updates: () -> Void, completion: (@Sendable (Bool) -> Void)? = nil) {
        collection.performBatch(animated: animated, anchoringTopItem: automaticallyAdjustsContentOffset, updates: updates, completion: completion)
    }

    /// `performBatch(animated:updates:completion:)` with no updates (`nil`).
    @_disfavoredOverload
    @preconcurrency public func performBatch(animated: Bool, updates: (() -> Void)?, completion: (@Sendable (Bool) -> Void)? = nil) {
        performBatch(animated: animated, updates: updates ?? {}, completion: completion)
    }

    /// Rows and sections edited with `animation`: a batch of their own, or part of the open one.
    private func edit(_ animation: UITableView.RowAnimation, _ body: () -> Void) {
        collection.performBatch(animated: animation != .none, updates: body)
    }

    /// Texture's `insertRows(at:with:)`: index paths after the batch.
    public func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        edit(animation) { collection.insertItems(at: indexPaths) }
    }
    /// Texture's `deleteRows(at:with:)`: index paths before the batch.
    public func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        edit(animation) { collection.deleteItems(at: indexPaths) }
    }
    /// Texture's `reloadRows(at:with:)`: index paths before the batch; each row gets a fresh node.
    public func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        edit(animation) { collection.reloadItems(at: indexPaths) }
    }
    /// Texture's `moveRow(at:to:)`: the row keeps its node.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        collection.moveItem(at: indexPath, to: newIndexPath)
    }
    /// Texture's `insertSections(_:with:)`.
    public func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        edit(animation) { collection.insertSections(sections) }
    }
    /// Texture's `deleteSections(_:with:)`.
    public func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        edit(animation) { collection.deleteSections(sections) }
    }
    /// Texture's `reloadSections(_:with:)`.
    public func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        edit(animation) { collection.reloadSections(sections) }
    }
    /// Texture's `moveSection(_:toSection:)`.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        collection.moveSection(section, toSection: newSection)
    }

    /// Whether batches are queued or being applied; Texture's `isProcessingUpdates`.
    public var isProcessingUpdates: Bool { collection.isProcessingUpdates }

    /// Blocks until every batch submitted so far is applied; Texture's `waitUntilAllUpdatesAreProcessed()`.
    public func waitUntilAllUpdatesAreProcessed() { collection.waitUntilAllUpdatesAreProcessed() }

    /// Runs `block` once every batch submitted so far is applied; Texture's `onDidFinishProcessingUpdates(_:)`.
    @preconcurrency public func onDidFinishProcessingUpdates(_ block: @escaping @Sendable () -> Void) {
        collection.onDidFinishProcessingUpdates(block)
    }

    /// Told why a batch was rejected; see the collection's `onUpdateError`.
    public var onUpdateError: (@Sendable (CollectionUpdateError) -> Void)? {
        get { collection.onUpdateError }
        set { collection.onUpdateError = newValue }
    }

    // MARK: Batch fetching, as the collection's

    /// How many screens before the end of the rows the delegate is asked for more; 2 by default.
    /// Texture's `leadingScreensForBatching`.
    public var leadingScreensForBatching: CGFloat {
        get { collection.leadingScreensForBatching }
        set { collection.leadingScreensForBatching = newValue }
    }

    /// Consulted with the time left before the end of the rows is reached; Texture's
    /// `batchFetchingDelegate`, held weakly. See `ASCollectionNode.batchFetchingDelegate`.
    public var batchFetchingDelegate: (any ASBatchFetchingDelegate)? {
        get { collection.batchFetchingDelegate }
        set { collection.batchFetchingDelegate = newValue }
    }
}
