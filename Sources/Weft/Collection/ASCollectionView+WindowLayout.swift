import Foundation

/// UIKit's layout pass of a collection view in a window, as Texture's ASCollectionView takes it:
/// the cells for the visible rect are made and shown (their nodes enter the visible, display and
/// preload states, and get their `layoutAttributes`), the ranges around them are updated, and the
/// batch-fetching rule is checked. Outside a window only the batch-fetching rule is checked (for
/// content that does not fill the viewport). Once the app has laid the view out, a batch applied
/// schedules another pass on the main queue, as UIKit relays out a collection view after its
/// updates and Texture checks for batch fetching after them.
extension ASCollectionView {
    /// Lays the collection out as UIKit does (see above) when the view is in a window; without
    /// one it is the node's layout alone.
    func layoutForWindow() {
        guard let owner else { return }
        laidOutByApp = true
        owner.layoutIfNeeded()
        guard (hostingView ?? self).window != nil, let scale = DisplayScale(UIScreen.main.scale) else {
            showLayoutAttributes([])
            // The layout reads the data with the batches applied so far, as a frame does.
            owner.waitUntilAllUpdatesAreProcessed()
            try? owner.loadDataIfNeeded()
            owner.checkForBatchFetching(offset: contentOffset, visible: false)
            return
        }
        do {
            let (offset, visible) = try owner.prepareFrame(at: contentOffset, scale: scale, waitingForBatchFetch: false)
            showLayoutAttributes(visible)
            owner.checkForBatchFetching(offset: offset)
        } catch {
            // The node reported why it cannot lay out (an empty viewport, the data source's
            // error): nothing shows, as UIKit shows nothing for it.
            showLayoutAttributes([])
        }
    }

    /// Gives each shown node its attributes and takes them from the nodes no longer shown, as
    /// Texture's cells do when they are displayed and reused.
    private func showLayoutAttributes(_ visible: [(UICollectionViewLayoutAttributes, ASCellNode)]) {
        let shown = Dictionary(visible.map { (ObjectIdentifier($0.1), $0.1) }, uniquingKeysWith: { a, _ in a })
        for (id, node) in attributedNodes where shown[id] == nil { node.value?.layoutAttributes = nil }
        attributedNodes = shown.mapValues { WeakCellNode($0) }
        for (attributes, node) in visible { node.layoutAttributes = attributes }
    }

    /// Asks for a layout pass on the main queue, once however often it is asked before it runs,
    /// when the app has laid the view out.
    func scheduleWindowLayout() {
        guard laidOutByApp, !windowLayoutScheduled else { return }
        windowLayoutScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.windowLayoutScheduled = false
                (self.hostingView ?? self).layoutIfNeeded()
            }
        }
    }
}

/// A cell node held weakly.
final class WeakCellNode {
    weak var value: ASCellNode?
    init(_ value: ASCellNode) { self.value = value }
}

extension ASCollectionNode {
    /// After a batch is applied: the view, if in a window, lays out again (see
    /// `ASCollectionView.scheduleWindowLayout()`).
    func scheduleWindowLayout() {
        let owner = WeakCollectionNode(self)
        MainActorBridge.post {
            guard let node = owner.value, let view = node.settings.withLockedValue({ $0.madeView ?? $0.standaloneView }) else { return }
            view.scheduleWindowLayout()
        }
    }
}
