import Foundation

/// The edits of one batch, in the order the app made them; Texture's `_ASHierarchyChangeSet`.
/// Deletes, reloads and move sources name index paths before the batch; inserts and move
/// destinations name them after it (UIKit's rule). Sendable value; use from any context.
struct CollectionChangeSet: Sendable {
    var edits: [CollectionUpdateError.Edit] = []
    /// Whether `reloadData()` was asked for inside the batch; the batch then reloads everything.
    var reloadsData = false
    /// Whether frame sequences animate the batch (`performBatch(animated:…)`; lone edits do).
    var animated = true
    /// The completions of batches nested in this one, in the order they closed: they run before
    /// the outer batch's own, as Texture's do (each is enqueued when its batch closes).
    var nestedCompletions: [@Sendable (Bool) -> Void] = []
    /// The top visible item to keep in place once the batch is shown (a table's
    /// `automaticallyAdjustsContentOffset`; see `ContentOffsetAnchoring`).
    var contentOffsetAnchor: ContentOffsetAnchor?

    /// `completion` run after the nested batches' completions; nil when there are none of either.
    func chainingNested(_ completion: (@Sendable (Bool) -> Void)?) -> (@Sendable (Bool) -> Void)? {
        guard !nestedCompletions.isEmpty else { return completion }
        let nested = nestedCompletions
        return { finished in
            for inner in nested { inner(finished) }
            completion?(finished)
        }
    }

    var isEmpty: Bool { edits.isEmpty && !reloadsData }

    /// How many nodes the batch makes (inserted and reloaded items), for the synchronous-or-not choice.
    var nodeCount: Int {
        edits.reduce(0) { count, edit in
            switch edit {
            case .insertItem, .reloadItem, .insertSection, .reloadSection: return count + 1
            default: return count
            }
        }
    }
}

/// Where each element of the map after a batch comes from: an element kept from before (the same
/// object, its node neither made nor measured again) or a fresh one asked of the data source.
/// Made by `ChangeSetPlanner` after the whole batch is validated. Sendable value.
struct ChangeSetPlan: Sendable, Equatable {
    enum Source: Sendable, Equatable { case kept(Int), fresh }
    enum ItemSource: Sendable, Equatable { case kept(IndexPath), fresh }
    /// Per section after the batch: the section before it whose elements it keeps, or fresh.
    var sections: [Source]
    /// Per section after the batch: its items' sources (empty for a fresh section, made whole).
    var items: [[ItemSource]]
    /// Per fresh section after the batch that reloads one: the section before it.
    var reloadedSections: [Int: Int] = [:]
    /// Per fresh item after the batch that reloads one (in a kept section): its index path
    /// before. With `reloadedSections`, Texture's `oldIndexPathForNewIndexPath` for reloads: the
    /// items whose old nodes are offered the new node models.
    var reloadedItems: [IndexPath: IndexPath] = [:]
}
