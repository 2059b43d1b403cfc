import Foundation
import Synchronization

/// The item at the top of the viewport before a batch, and how far below the viewport's top its
/// frame began; Texture's `beginAdjustingContentOffset` (ASTableView.mm), which the table runs for
/// a non-animated batch that does not reload everything when `automaticallyAdjustsContentOffset`.
///
/// Thread safety: made on the driving thread from the layout it shows, carried by the batch's
/// change set to the editing queue and back to the driving thread, which alone reads `node`.
struct ContentOffsetAnchor: @unchecked Sendable {
    // SAFETY: the node is only dereferenced on the thread that drives the collection (where it
    // was captured); the editing queue only stores the value. Held weakly, as Texture's
    // `_contentOffsetAdjustmentTopVisibleNode`: a deleted row's node may go.
    weak var node: ASCellNode?
    /// The node's frame's top minus the viewport's top (the content offset's y) when captured.
    let offsetFromTop: CGFloat
}

/// The anchor of the newest applied batch that asked for one, until the layout shows that batch.
/// Texture adjusts the offset on the main thread as it hands the batch to UIKit; here the batch is
/// applied on the editing queue and the layout adopts the published map later, on the driving
/// thread (`ASCollectionNode.adoptPublishedMap`), which then moves the offset (Texture's
/// `endAdjustingContentOffsetAnimated:`), so no frame shows the batch at the old offset.
///
/// Thread safety: `note` runs on the editing queue as a batch is published, `take` on the driving
/// thread while it holds the layout; the one pending anchor is behind a mutex. An anchor noted
/// before an earlier one was taken replaces it: both were captured from the same frame shown.
final class ContentOffsetAnchoring: Sendable {
    private let pending = Mutex<(generation: Int, anchor: ContentOffsetAnchor)?>(nil)

    /// The batch that published map `generation` asked for `anchor`.
    func note(_ anchor: ContentOffsetAnchor, generation: Int) {
        pending.withLock { $0 = (generation, anchor) }
    }

    /// The pending anchor, when the map the layout is prepared from (`generation`) includes its
    /// batch; it is then no longer pending.
    func take(shownBy generation: Int) -> ContentOffsetAnchor? {
        pending.withLock { p in
            guard let noted = p, noted.generation <= generation else { return nil }
            p = nil
            return noted.anchor
        }
    }
}

extension ASCollectionNode {
    /// The first item in the viewport of the layout as shown (the adopted map, not batches applied
    /// since), as Texture's `beginAdjustingContentOffset` takes the table's first visible row.
    /// Nil when no item is visible. On the driving thread; when another thread (a frame being
    /// rendered) or a step of this thread's own layout use holds the layout, no item is taken
    /// rather than waiting for it, and that is reported: the offset then stays as it is.
    func topVisibleItemAnchor() -> ContentOffsetAnchor? {
        let viewport = visibleRect
        let found = layoutAccess.tryEntering { () -> ContentOffsetAnchor? in
            let layout = collectionViewLayout
            layout.prepareIfNeeded()
            let items = (layout.layoutAttributesForElements(in: viewport) ?? []).filter { $0.representedElementKind == nil && !$0.isHidden }
            guard let top = items.min(by: { $0.indexPath < $1.indexPath }),
                  let node = layoutElements.element(at: top.indexPath)?.node else { return nil }
            return ContentOffsetAnchor(node: node, offsetFromTop: top.frame.minY - viewport.minY)
        }
        guard let found else {
            WeftDiagnostics.report(.collection, "\(self)", "the top visible item could not be read for automaticallyAdjustsContentOffset while the layout was in use; the batch leaves the content offset as it is")
            return nil
        }
        return found
    }

    /// Moves the content offset so the anchored item, if the layout (prepared from map
    /// `generation`) shows the batch that asked for it, is as far below the viewport's top as it
    /// was; Texture's `endAdjustingContentOffsetAnimated:`. Nothing moves when the item was
    /// deleted. Called on the driving thread while it holds the layout (`LayoutAccess`).
    func keepAnchoredItemInPlace(shownBy generation: Int) {
        guard let anchor = offsetAnchoring.take(shownBy: generation), let node = anchor.node,
              let indexPath = node.indexPath, node.supplementaryElementKind == nil,
              layoutElements.element(at: indexPath)?.allocatedNode === node else { return }
        let layout = collectionViewLayout
        layout.prepareIfNeeded()
        guard let frame = layout.layoutAttributesForItem(at: indexPath)?.frame else { return }
        var offset = contentOffset
        offset.y += (frame.minY - offset.y) - anchor.offsetFromTop
        contentOffset = offset
    }
}
