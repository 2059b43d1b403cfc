import Foundation

/// Whether a collection should ask for more content; Texture's `ASDisplayShouldFetchBatchForContext`
/// (ASBatchFetching.h), with its arguments in Texture's order. No while `context` is fetching, with
/// no leading screens or empty `bounds`; yes when the content is shorter than the viewport along
/// the scrollable axis (vertical when `scrollableDirections` has up or down); no when not
/// `visible` or scrolling toward the head (up, or left; right when `shouldRenderRTLLayout`);
/// otherwise yes when the distance left to scroll is at most `leadingScreens` viewports. Right to
/// left on a horizontal axis, a layout that does not flip itself
/// (`flipsHorizontallyInOppositeLayoutDirection` false) has `targetOffset` left to scroll. With a
/// `delegate` and a positive `velocity` (points per millisecond, UIKit's unit) along the axis, the
/// delegate decides, given the time left (`distance / (velocity * 1000)` seconds) and the rule's
/// answer as its hint.
///
/// The collection makes its own decision through this function (see
/// `ASCollectionNode.checkForBatchFetching`). Pure; call it from any context.
public func ASDisplayShouldFetchBatchForContext(_ context: ASBatchContext,
                                                _ scrollDirection: ASScrollDirection,
                                                _ scrollableDirections: ASScrollDirection,
                                                _ bounds: CGRect,
                                                _ contentSize: CGSize,
                                                _ targetOffset: CGPoint,
                                                _ leadingScreens: CGFloat,
                                                _ visible: Bool,
                                                _ shouldRenderRTLLayout: Bool,
                                                _ velocity: CGPoint,
                                                _ flipsHorizontallyInOppositeLayoutDirection: Bool,
                                                _ delegate: (any ASBatchFetchingDelegate)?) -> Bool {
    let inputs = BatchFetchingInputs(scrollDirection: scrollDirection, scrollableDirections: scrollableDirections, bounds: bounds,
                                     contentSize: contentSize, targetOffset: targetOffset, leadingScreens: leadingScreens,
                                     visible: visible, shouldRenderRTLLayout: shouldRenderRTLLayout, velocity: velocity,
                                     flipsHorizontallyInOppositeLayoutDirection: flipsHorizontallyInOppositeLayoutDirection)
    switch inputs.decision(isFetching: context.isFetching(), consultingDelegate: delegate != nil) {
    case .decided(let answer): return answer
    case .askDelegate(let remainingTime, let hint):
        return delegate?.shouldFetchBatch(withRemainingTime: remainingTime, hint: hint) ?? hint
    }
}

/// Everything `ASDisplayShouldFetchBatchForContext` reads but the context and the delegate, so a
/// collection can decide off the main actor and ask its delegate there. Sendable value.
struct BatchFetchingInputs: Sendable {
    var scrollDirection: ASScrollDirection
    var scrollableDirections: ASScrollDirection
    var bounds: CGRect
    var contentSize: CGSize
    var targetOffset: CGPoint
    var leadingScreens: CGFloat
    var visible: Bool
    var shouldRenderRTLLayout: Bool
    var velocity: CGPoint
    var flipsHorizontallyInOppositeLayoutDirection: Bool

    enum Decision: Sendable, Equatable {
        case decided(Bool)
        /// The batch-fetching delegate decides: `remainingTime` seconds are left; `hint` is the rule's answer.
        case askDelegate(remainingTime: TimeInterval, hint: Bool)
    }

    /// The one batch-fetching rule (Texture's, step by step); `.askDelegate` only when
    /// `consultingDelegate` and the velocity along the axis is positive.
    func decision(isFetching: Bool, consultingDelegate: Bool) -> Decision {
        // A batch in flight, neither completed nor cancelled.
        if isFetching { return .decided(false) }
        // No fetching for null states.
        if leadingScreens <= 0 || bounds.isEmpty { return .decided(false) }
        let vertical = ASScrollDirectionContainsVerticalDirection(scrollableDirections)
        let viewLength = vertical ? bounds.height : bounds.width
        let offset = vertical ? targetOffset.y : targetOffset.x
        let contentLength = vertical ? contentSize.height : contentSize.width
        let velocityLength = vertical ? velocity.y : velocity.x
        if contentLength < viewLength { return .decided(true) }
        // Enough content to fill the viewport, and nobody sees it.
        if !visible { return .decided(false) }
        let towardHead = ASScrollDirectionContainsUp(scrollDirection)
            || (shouldRenderRTLLayout ? ASScrollDirectionContainsRight(scrollDirection) : ASScrollDirectionContainsLeft(scrollDirection))
        if towardHead { return .decided(false) }
        let triggerDistance = viewLength * leadingScreens
        let remainingDistance: CGFloat
        if !flipsHorizontallyInOppositeLayoutDirection && shouldRenderRTLLayout && ASScrollDirectionContainsHorizontalDirection(scrollableDirections) {
            remainingDistance = offset
        } else {
            remainingDistance = contentLength - viewLength - offset
        }
        let result = remainingDistance <= triggerDistance
        guard consultingDelegate, velocityLength > 0 else { return .decided(result) }
        // Both are positive when scrolling toward the tail.
        return .askDelegate(remainingTime: TimeInterval(remainingDistance / (velocityLength * 1000)), hint: result)
    }
}
