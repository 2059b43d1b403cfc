import Foundation

/// Texture's `ASCollectionView (Deprecated)` category: the collection API on the view, which
/// Texture keeps for code written before `ASCollectionNode` (and its tests call, through
/// ASCollectionView+Undeprecated.h). Each forwards to the view's collection node; Texture
/// deprecates them in favour of the node's, Weft does not warn.
extension ASCollectionView {
    /// Texture's `asyncDataSource`: the node's `dataSource`, held weakly.
    public var asyncDataSource: (any ASCollectionDataSource)? {
        get { owner?.dataSource }
        set { owner?.dataSource = newValue }
    }

    /// Texture's `asyncDelegate`: the node's `delegate`, held weakly.
    public var asyncDelegate: (any ASCollectionDelegate)? {
        get { owner?.delegate }
        set { owner?.delegate = newValue }
    }

    /// The node's `inverted`.
    public var inverted: Bool {
        get { owner?.inverted ?? false }
        set { owner?.inverted = newValue }
    }

    /// The node's `leadingScreensForBatching`; 2 for a view without a node.
    public var leadingScreensForBatching: CGFloat {
        get { owner?.leadingScreensForBatching ?? 2 }
        set { owner?.leadingScreensForBatching = newValue }
    }

    /// Texture's `tuningParameters(for:)`: the node's for its full range mode.
    public func tuningParameters(for rangeType: ASLayoutRangeType) -> ASRangeTuningParameters {
        owner?.tuningParameters(for: rangeType) ?? .zero
    }

    /// Texture's `setTuningParameters(_:for:)`.
    public func setTuningParameters(_ tuningParameters: ASRangeTuningParameters, for rangeType: ASLayoutRangeType) {
        owner?.setTuningParameters(tuningParameters, for: rangeType)
    }

    /// Texture's `tuningParameters(for:rangeType:)`.
    public func tuningParameters(for rangeMode: ASLayoutRangeMode, rangeType: ASLayoutRangeType) -> ASRangeTuningParameters {
        owner?.tuningParameters(for: rangeMode, rangeType: rangeType) ?? .zero
    }

    /// Texture's `setTuningParameters(_:for:rangeType:)`.
    public func setTuningParameters(_ tuningParameters: ASRangeTuningParameters, for rangeMode: ASLayoutRangeMode, rangeType: ASLayoutRangeType) {
        owner?.setTuningParameters(tuningParameters, for: rangeMode, rangeType: rangeType)
    }

    // MARK: Batches

    /// Texture's `performBatch(animated:updates:completion:)` on the view: the node's, with
    /// `completion` run on the main thread, as Texture runs it (a nested batch's before its outer
    /// batch's).
    @preconcurrency public func performBatch(animated: Bool, updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        owner?.performBatch(animated: animated, updates: updates ?? {}, completion: Self.onMainThread(completion))
    }

    /// Texture's (and UIKit's) `performBatchUpdates(_:completion:)` on the view; see
    /// `performBatch(animated:updates:completion:)`.
    @preconcurrency public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        performBatch(animated: true, updates: updates, completion: completion)
    }

    /// A main-thread completion as the node's callback-queue one: hops to the main queue, in the
    /// order the callback queue runs them.
    static func onMainThread(_ completion: ((Bool) -> Void)?) -> (@Sendable (Bool) -> Void)? {
        guard let completion else { return nil }
        // Only run on the main queue, where it was given.
        let handed = UncheckedSendable(completion)
        return { finished in DispatchQueue.main.async { handed.value(finished) } }
    }

    /// Texture's `isProcessingUpdates`.
    public var isProcessingUpdates: Bool { owner?.isProcessingUpdates ?? false }

    /// Texture's `onDidFinishProcessingUpdates(_:)`: `completion` runs on the main thread once
    /// every batch submitted so far is applied.
    @preconcurrency public func onDidFinishProcessingUpdates(_ completion: @escaping () -> Void) {
        guard let owner else { return completion() }
        guard owner.isProcessingUpdates else { return completion() }
        let handed = UncheckedSendable(completion)
        owner.onDidFinishProcessingUpdates { DispatchQueue.main.async { handed.value() } }
    }

    /// Texture's `waitUntilAllUpdatesAreCommitted()`: the node's `waitUntilAllUpdatesAreProcessed()`.
    public func waitUntilAllUpdatesAreCommitted() {
        owner?.waitUntilAllUpdatesAreProcessed()
    }

    // MARK: Edits

    /// Texture's `registerSupplementaryNode(ofKind:)`.
    public func registerSupplementaryNode(ofKind elementKind: String) { owner?.registerSupplementaryNode(ofKind: elementKind) }
    /// Texture's `insertSections(_:)`.
    public func insertSections(_ sections: IndexSet) { owner?.insertSections(sections) }
    /// Texture's `deleteSections(_:)`.
    public func deleteSections(_ sections: IndexSet) { owner?.deleteSections(sections) }
    /// Texture's `reloadSections(_:)`.
    public func reloadSections(_ sections: IndexSet) { owner?.reloadSections(sections) }
    /// Texture's `moveSection(_:toSection:)`.
    public func moveSection(_ section: Int, toSection newSection: Int) { owner?.moveSection(section, toSection: newSection) }
    /// Texture's `insertItems(at:)`.
    public func insertItems(at indexPaths: [IndexPath]) { owner?.insertItems(at: indexPaths) }
    /// Texture's `deleteItems(at:)`.
    public func deleteItems(at indexPaths: [IndexPath]) { owner?.deleteItems(at: indexPaths) }
    /// Texture's `reloadItems(at:)`.
    public func reloadItems(at indexPaths: [IndexPath]) { owner?.reloadItems(at: indexPaths) }
    /// Texture's `moveItem(at:to:)`.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { owner?.moveItem(at: indexPath, to: newIndexPath) }
    /// Texture's `relayoutItems()`.
    public func relayoutItems() { owner?.relayoutItems() }

    /// Texture's `visibleNodes`: the item nodes in the viewport.
    public var visibleNodes: [ASCellNode] { owner?.visibleNodes ?? [] }
}
