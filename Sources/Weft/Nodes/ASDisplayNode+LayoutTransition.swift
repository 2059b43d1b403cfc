import Foundation

/// Texture's layout transitions (ASDisplayNode+LayoutSpec, `ASLayoutTransitioning`): measure a
/// new layout, on the caller's thread or a background one, then on the main thread apply it to
/// the subnodes (inserting and removing subnodes when the node manages them) and call the
/// measurement completion. Offscreen there are no animation frames, so a transition, animated or
/// not, ends with the new layout applied; Texture's `animateLayoutTransition(_:)` hooks and
/// `ASContextTransitioning` are not offered.
extension ASDisplayNode {
    /// Texture's `transitionLayout(withAnimation:shouldMeasureAsync:measurementCompletion:)`:
    /// `transitionLayout(with:animated:shouldMeasureAsync:measurementCompletion:)` with the range
    /// of the node's current layout (the one it was measured in when its layout fits its bounds,
    /// else exactly its bounds).
    @preconcurrency @MainActor
    public func transitionLayout(withAnimation animated: Bool, shouldMeasureAsync: Bool,
                                 measurementCompletion completion: (@MainActor () -> Void)? = nil) {
        transitionLayout(with: constrainedSizeForLayoutPass, animated: animated, shouldMeasureAsync: shouldMeasureAsync,
                         measurementCompletion: completion)
    }

    /// Texture's `transitionLayout(with:animated:shouldMeasureAsync:measurementCompletion:)`:
    /// invalidates the calculated layout, measures the node in `constrainedSize` (on a background
    /// thread when `shouldMeasureAsync`, else now), then on the main thread applies the layout and
    /// calls `completion`. A newer transition or `cancelLayoutTransition()` cancels one in flight
    /// (its completion is not called). A range with no room (a maximum side of 0 or less: the
    /// node was never laid out, say) starts no transition, reported.
    @preconcurrency @MainActor
    public func transitionLayout(with constrainedSize: ASSizeRange, animated: Bool, shouldMeasureAsync: Bool,
                                 measurementCompletion completion: (@MainActor () -> Void)? = nil) {
        guard constrainedSize.max.width > 0, constrainedSize.max.height > 0 else {
            WeftDiagnostics.report(.layout, description, "transitionLayout: the size range \(constrainedSize) has no room (a maximum side of 0 or less); no transition was started. Lay the node out or give it a size first")
            return
        }
        invalidateCalculatedLayout()
        let transition = state.withLock { s -> Int in
            s.layout.transitionID &+= 1
            return s.layout.transitionID
        }
        // SAFETY: a node guards its state with its own lock; the completion is only called on the
        // main actor, where it was given.
        let node = UncheckedSendable(self), finish = UncheckedSendable(completion)
        let measure: @Sendable () -> Void = {
            guard node.value.isCurrentTransition(transition) else { return }
            let layout = UncheckedSendable(node.value.layoutThatFits(constrainedSize, parentSize: constrainedSize.max))
            let commit: @MainActor @Sendable () -> Void = {
                node.value.commitTransition(transition, layout.value, completion: finish.value)
            }
            if MainActorBridge.ifOnMainActor(commit) == nil { DispatchQueue.main.async(execute: commit) }
        }
        if shouldMeasureAsync { DispatchQueue.global(qos: .userInitiated).async(execute: measure) } else { measure() }
    }

    /// Texture's `cancelLayoutTransition()`: the transition in flight, if any, is not applied.
    /// Callable from any thread.
    public func cancelLayoutTransition() {
        state.withLock { $0.layout.transitionID &+= 1 }
    }

    private func isCurrentTransition(_ transition: Int) -> Bool {
        state.withLock { $0.layout.transitionID == transition }
    }

    @MainActor private func commitTransition(_ transition: Int, _ layout: ASLayout, completion: (@MainActor () -> Void)?) {
        guard isCurrentTransition(transition) else { return }
        apply(layout, managingSubnodes: automaticallyManagesSubnodes)
        completion?()
    }

    /// Texture's `_constrainedSizeForLayoutPass`: the range of the calculated layout when its size
    /// is the bounds' size on the pixel grid, else exactly the bounds.
    var constrainedSizeForLayoutPass: ASSizeRange {
        let size = bounds.size
        let onGrid = CGSize(width: ASCeilPixelValue(size.width), height: ASCeilPixelValue(size.height))
        return state.withLock { s in
            guard let cached = s.layout.cached, cached.layout.size == onGrid else { return ASSizeRange(exactly: size) }
            return cached.constrainedSize
        }
    }
}
