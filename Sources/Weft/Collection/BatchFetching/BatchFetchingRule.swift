import Foundation

/// Texture's `ASDisplayShouldFetchBatchForContext`: whether a collection should ask for more
/// content. No while a fetch is running, with no leading screens or an empty viewport; yes when
/// the content is shorter than the viewport; no when not in a window (`visible`) or scrolling toward the head; otherwise yes when
/// what is left to scroll is at most `leadingScreens` viewports. Tail loads only.
/// Sendable value; use from any context.
struct BatchFetchingRule: Sendable {
    var isFetching: Bool
    var leadingScreens: CGFloat
    var viewport: CGSize
    var contentSize: CGSize
    var offset: CGPoint
    var vertical: Bool
    var scrollingTowardHead: Bool
    /// Whether the collection is in a window; one that is not fetches only to fill its viewport.
    var visible = true

    var shouldFetch: Bool {
        if isFetching { return false }
        guard leadingScreens > 0, viewport.width > 0, viewport.height > 0 else { return false }
        let viewLength = vertical ? viewport.height : viewport.width
        let contentLength = vertical ? contentSize.height : contentSize.width
        let position = vertical ? offset.y : offset.x
        if contentLength < viewLength { return true }
        if !visible { return false }
        if scrollingTowardHead { return false }
        return contentLength - viewLength - position <= viewLength * leadingScreens
    }
}
