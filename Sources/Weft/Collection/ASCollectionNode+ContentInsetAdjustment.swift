import Foundation

/// UIScrollView's automatic content-inset adjustment for a collection: the parts of the safe area
/// that the content scrolls under are added to `contentInset`. A collection that fills a
/// controller on a device (a notch and a home indicator) therefore starts its first cell below
/// the status bar and can scroll its last cell above the home indicator, as on iOS.
extension ASCollectionNode {
    /// UIScrollView's `contentInsetAdjustmentBehavior` (Texture code sets it on the node's view);
    /// `.automatic` by default. `.automatic` adjusts the axes the content scrolls along, as
    /// `.scrollableAxes` does; UIKit's `.automatic` also adjusts the top and bottom of a
    /// controller's scroll view inside a navigation or tab bar controller whatever the content's
    /// size, which Weft does not model (its navigation controller has no bar): use `.always` there.
    public var contentInsetAdjustmentBehavior: UIScrollView.ContentInsetAdjustmentBehavior {
        get { settings[\.contentInsetAdjustmentBehavior] }
        set { settings[\.contentInsetAdjustmentBehavior] = newValue }
    }

    /// UIScrollView's `adjustedContentInset`: `contentInset` plus the safe-area edges that
    /// `contentInsetAdjustmentBehavior` adds. The scrollable range (`contentOffsetRange`) uses it.
    public var adjustedContentInset: UIEdgeInsets {
        contentInset.adding(safeAreaAdjustment())
    }

    /// `contentInset` plus the adjustment the last frame was settled for: what a layout reads
    /// while it prepares (working out the adjustment would prepare it again).
    var settledAdjustedContentInset: UIEdgeInsets {
        settings.withLockedValue { $0.contentInset.adding($0.appliedInsetAdjustment) }
    }

    /// The safe-area edges the behaviour adds. The safe area is the collection's own, or its
    /// table's (a table's rows live in a collection that is not in the node tree).
    func safeAreaAdjustment() -> UIEdgeInsets {
        let behavior = contentInsetAdjustmentBehavior
        guard behavior != .never else { return .zero }
        let host = safeAreaHost ?? self
        let safe = host.safeAreaInsets
        guard safe != .zero else { return .zero }
        if behavior == .always { return safe }
        let (vertical, horizontal) = scrollableAxes(beyond: safe)
        return UIEdgeInsets(top: vertical ? safe.top : 0, left: horizontal ? safe.left : 0,
                            bottom: vertical ? safe.bottom : 0, right: horizontal ? safe.right : 0)
    }

    /// Whether the content scrolls vertically and horizontally: it is larger than the viewport
    /// along that axis (measured only as far as that takes), or the view always bounces there.
    private func scrollableAxes(beyond safe: UIEdgeInsets) -> (vertical: Bool, horizontal: Bool) {
        let viewport = bounds.size
        let view = settings[\.madeView]
        let bounces = MainActorBridge.isOnMainActor
            ? MainActor.assumeIsolated { (view?.alwaysBounceVertical ?? false, view?.alwaysBounceHorizontal ?? false) }
            : (false, false)
        try? loadDataIfNeeded()
        let content = withLayout("adjustedContentInset", fallback: CGSize.zero) { layout in
            layout.prepareIfNeeded()
            let reach = layout.scrollDirection == .vertical ? viewport.height + 1 : viewport.width + 1
            return layout.contentSize(measuringThrough: reach)
        }
        return (bounces.0 || content.height > viewport.height, bounces.1 || content.width > viewport.width)
    }

    /// Before a frame at `contentOffset`: when the adjustment changed since the last frame and the
    /// offset rested at the old adjusted top (or left), it moves to the new one, as UIKit's scroll
    /// view moves its content when its adjusted inset changes. A fresh collection (offset zero) on a
    /// device thus shows its first cell below the status bar.
    func settleContentOffsetForInsetAdjustment() {
        let added = safeAreaAdjustment()
        let inset = contentInset
        settings.withLockedValue { s in
            let previous = s.appliedInsetAdjustment
            guard previous != added else { return }
            s.appliedInsetAdjustment = added
            if s.contentOffset.y == -(inset.top + previous.top) { s.contentOffset.y = -(inset.top + added.top) }
            if s.contentOffset.x == -(inset.left + previous.left) { s.contentOffset.x = -(inset.left + added.left) }
        }
    }
}
