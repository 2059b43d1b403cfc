import Foundation
import Synchronization

/// A node whose subnodes scroll; Texture's `ASScrollNode`. Its view is a `UIScrollView` whose
/// `contentOffset` is the node's bounds origin (so the subnodes render shifted by it, clipped to
/// the node) and whose `contentSize` is set in the layout pass.
///
/// Layout, as Texture's: the subnodes' spec is measured with the scrollable directions unbounded.
/// With `automaticallyManagesContentSize`, that measured size becomes the content size and the
/// node takes the parent size clamped into its range, on an axis where that is no size a layout
/// can have (an unbounded or undefined parent side), the content's size.
/// Thread-safe: its settings are behind a mutex; the view is main-actor state.
open class ASScrollNode: ASDisplayNode {
    // SAFETY: its own state is behind `scrollState`; the rest is ASDisplayNode's, which guards its own.
    struct ScrollState {
        var automaticallyManagesContentSize = false
        var scrollableDirections = ASScrollDirection.verticalDirections
        var contentInset = UIEdgeInsets.zero
        /// The content size of the last layout, applied in `layout()`.
        var measuredContentSize: CGSize?
        var contentSize = CGSize.zero
    }

    let scrollState = LockedBox(ScrollState())

    public override init() {
        super.init()
        clipsToBounds = true
    }

    /// Whether the layout sets the content size (see the type's notes); false by default.
    public var automaticallyManagesContentSize: Bool {
        get { scrollState[\.automaticallyManagesContentSize] }
        set {
            scrollState[\.automaticallyManagesContentSize] = newValue
            setNeedsLayout()
        }
    }

    /// The directions the content scrolls in, which its layout leaves unbounded; vertical by default.
    public var scrollableDirections: ASScrollDirection {
        get { scrollState[\.scrollableDirections] }
        set {
            scrollState[\.scrollableDirections] = newValue
            setNeedsLayout()
        }
    }

    /// The scrolled position: the node's bounds origin. Repaired as `contentInset`.
    public var contentOffset: CGPoint {
        get { bounds.origin }
        set { bounds = CGRect(origin: GeometryRepair.point(newValue, "\(self)", "contentOffset"), size: bounds.size) }
    }

    /// Stored for code that reads it back; a scroll node's content is not inset when drawn. A NaN
    /// or infinite side is set to 0, one past `WeftLimits.maximumScrollExtent` clamped to it, and
    /// reported (see `GeometryRepair`).
    public var contentInset: UIEdgeInsets {
        get { scrollState[\.contentInset] }
        set {
            let inset = GeometryRepair.insets(newValue, "\(self)", "contentInset")
            scrollState[\.contentInset] = inset
        }
    }

    /// The size of the scrollable content: set by the layout pass with
    /// `automaticallyManagesContentSize`, else by hand (usually through `view.contentSize`). A NaN,
    /// infinite or negative side is set to 0, one past `WeftLimits.maximumScrollExtent` clamped
    /// to it, and reported.
    public var contentSize: CGSize {
        get { scrollState[\.contentSize] }
        set {
            let size = GeometryRepair.size(newValue, "\(self)", "contentSize")
            scrollState[\.contentSize] = size
        }
    }

    /// Texture's `calculateLayoutThatFits(_:restrictedTo:relativeToParentSize:)` override: the
    /// content is measured unbounded (`CGFLOAT_MAX`, as Texture) in the scrollable directions; with
    /// `automaticallyManagesContentSize` its size is kept as the content size and the node's size
    /// is the parent size clamped into `constrainedSize`, or the content's on an axis where that
    /// is not valid for layout (`ASPointsValidForLayout`).
    override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange, relativeToParentSize parentSize: CGSize) -> ASLayout {
        let (manages, directions) = scrollState.withLockedValue { ($0.automaticallyManagesContentSize, $0.scrollableDirections) }
        var contentRange = constrainedSize
        // Texture's unbounded side, which the layout takes as it takes `.infinity`.
        if !directions.isDisjoint(with: .verticalDirections) { contentRange.max.height = .greatestFiniteMagnitude }
        if !directions.isDisjoint(with: .horizontalDirections) { contentRange.max.width = .greatestFiniteMagnitude }
        let layout = super.calculateLayoutThatFits(contentRange, relativeToParentSize: parentSize)
        guard manages else { return layout }
        let content = layout.size
        func side(_ parent: CGFloat, _ min: CGFloat, _ max: CGFloat, content: CGFloat) -> CGFloat {
            guard !parent.isNaN else { return content }
            let clamped = Swift.max(min, Swift.min(max, parent))
            return ASPointsValidForLayout(clamped) ? clamped : content
        }
        let size = CGSize(width: side(parentSize.width, constrainedSize.min.width, constrainedSize.max.width, content: content.width),
                          height: side(parentSize.height, constrainedSize.min.height, constrainedSize.max.height, content: content.height))
        scrollState[\.measuredContentSize] = content
        return ASLayout(layoutElement: self, size: size, sublayouts: layout.sublayouts)
    }

    /// Applies the content size the layout measured, as Texture's `layout` does.
    open override func layout() {
        super.layout()
        scrollState.withLockedValue { s in
            guard s.automaticallyManagesContentSize, let measured = s.measuredContentSize else { return }
            s.contentSize = measured
        }
    }

    /// The node's scroll view; Texture's `view` (a `UIScrollView`). Its offset, size, frame and
    /// background are the node's. Asking for it loads the node. Main-actor isolated.
    @preconcurrency @MainActor public override var view: UIScrollView {
        if !isNodeLoaded { loadNodeIfNeeded() }
        if let view = self[locked: \.loading.view] as? UIScrollView { return view }
        let made = ASScrollView(scrollNode: self)
        return state.withLock { s -> UIScrollView in
            if let view = s.loading.view as? UIScrollView { return view }
            s.loading.view = made
            return made
        }
    }
}

extension ASScrollNode: ScrollingNode {}
