extension UIScrollView {
    /// UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`: which safe-area edges a scroll view
    /// adds to its `contentInset` (giving `adjustedContentInset`).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// The axes the content scrolls along (as `scrollableAxes`); UIKit's default.
        case automatic
        /// The axes the content scrolls along: vertical when it is taller than the scroll view (or
        /// `alwaysBounceVertical`), horizontal when it is wider (or `alwaysBounceHorizontal`).
        case scrollableAxes
        /// No edge: `adjustedContentInset` is `contentInset`.
        case never
        /// Every edge.
        case always
    }
}
