import Dispatch
import Foundation

/// Renders the frames of one `FrameSequence` over a collection, in order: before each frame it
/// makes that frame's scripted edits and waits for their batches; when the map changed since the
/// last frame and every batch in between animates, it starts a `CollectionTransition` and draws the
/// frames it lasts from it; otherwise the change shows at once.
///
/// A player is the `FrameSource` of a collection's frames: it takes each `FrameRequest` in order
/// and trusts its caller to have validated the sequence (`FrameDriver` does, once).
///
/// Thread safety: one render loop owns a player and calls it from one thread at a time (a frame
/// driver's loop, or a frame iterator whose steps run one after another); edits run on the main
/// actor.
final class FrameSequencePlayer: FrameSource, @unchecked Sendable {
    // SAFETY: its state is only touched by the render loop that owns it, one frame at a time.
    let node: ASCollectionNode
    let sequence: FrameSequence
    /// The map and generation the last frame showed.
    private var shown: PublishedMap?
    private var transition: CollectionTransition?
    private(set) var nextFrame = 0
    /// Per frame of a scroll (two frames or more), the furthest offset it and the frames after it
    /// show (the greatest x and y): how far measuring ahead of that frame is worth going. Nil for
    /// a lone frame (a snapshot), which measures ahead for the snapshots that may follow it.
    private let reaches: [CGPoint]?

    init(node: ASCollectionNode, sequence: FrameSequence) {
        self.node = node
        self.sequence = sequence
        var reach = CGPoint(x: -CGFloat.infinity, y: -CGFloat.infinity)
        var reaches = [CGPoint](repeating: .zero, count: sequence.offsets.count)
        for (index, offset) in sequence.offsets.enumerated().reversed() {
            reach = CGPoint(x: max(reach.x, offset.x), y: max(reach.y, offset.y))
            reaches[index] = reach
        }
        self.reaches = sequence.offsets.count > 1 ? reaches : nil
    }

    /// FrameSource: the frame's compositing, to run on any thread.
    func capture(_ request: FrameRequest) throws -> CapturedFrame { try captureFrame(request) }

    /// Captures `request`'s frame, making its edits first. The capture is composited later, on
    /// any thread (frame writers draw and encode frames in parallel behind the player).
    func captureFrame(_ request: FrameRequest, placeholders: Bool = false) throws -> CapturedFrame {
        try makeEdits(request)
        return try captureEdited(request, placeholders: placeholders)
    }

    /// Makes the request's edits on the main actor, as the data source they change lives there:
    /// inline when this is it, else through `MainActorBridge`.
    private func makeEdits(_ request: FrameRequest) throws {
        guard !request.edits.isEmpty else { return }
        try MainActorBridge.run { [node] () throws -> Void in
            for edit in request.edits { try edit.apply(node) }
        }
    }

    /// Steps over `request`'s frame without compositing it: its edits, its layout, its ranges, the
    /// transition it would start and the batch fetch it would begin, all as `captureFrame` makes them,
    /// so the frames after it come out byte for byte as in a run that drew it. What it skips is
    /// waiting for the visible cells' displays and compositing them: a shard of a sequence
    /// (`FrameShard`) steps over the frames before its block this way.
    func skip(_ request: FrameRequest) throws {
        try makeEdits(request)
        let snapped = try advance(request).offset
        node.checkForBatchFetching(offset: snapped, velocity: velocity(atFrame: request.index))
    }

    /// Captures `request`'s frame, its edits already made.
    func captureEdited(_ request: FrameRequest, placeholders: Bool = false) throws(CollectionError) -> CapturedFrame {
        let (snapped, visible) = try advance(request)
        let scale = request.scale.value
        var elements = visible
        if let running = transition, !running.isFinished(atFrame: request.index) {
            elements = animatedElements(running, atFrame: request.index, viewport: CGRect(origin: snapped, size: node.bounds.size),
                                        visible: visible, scale: scale)
        }
        if !placeholders { for (_, cell) in elements { cell.waitUntilDisplayed(scale: scale) } }
        let composition = try node.capture(elements, at: snapped, scale: scale, placeholders: placeholders)
        // Begun once the frame is captured, so the fetch's edits cannot race this frame.
        node.checkForBatchFetching(offset: snapped, velocity: velocity(atFrame: request.index))
        return CapturedFrame(picture: .composition(composition), offset: snapped, visibleCount: elements.count)
    }

    /// The velocity frame `index` scrolls at, in points per millisecond (the unit of UIKit's
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`, which Texture hands to
    /// its batch-fetching delegate): its offset less the previous frame's, over one frame's time.
    private func velocity(atFrame index: Int) -> CGPoint {
        guard index > 0, index < sequence.offsets.count else { return .zero }
        let (previous, current) = (sequence.offsets[index - 1], sequence.offsets[index])
        let framesPerMillisecond = CGFloat(sequence.framesPerSecond) / 1000
        return CGPoint(x: (current.x - previous.x) * framesPerMillisecond, y: (current.y - previous.y) * framesPerMillisecond)
    }

    /// Moves to `request`'s frame: scrolls to its offset, waits for updates and a batch fetch begun
    /// before, lays out, and starts or ends the transition. With the batch-fetch check the caller
    /// makes after it (after capturing, when it captures), this is everything a later frame
    /// depends on, so a skipped frame leaves the same state as a drawn one. Requests must come in
    /// frame order, as a transition counts frames.
    private func advance(_ request: FrameRequest) throws(CollectionError)
        -> (offset: CGPoint, visible: [(UICollectionViewLayoutAttributes, ASCellNode)]) {
        let index = request.index
        guard index == nextFrame, index < sequence.count else {
            throw .invalidSequence("the sequence has \(sequence.count) frames; frame \(index) was asked for after frame \(nextFrame - 1)")
        }
        nextFrame += 1
        let (snapped, visible) = try node.prepareFrame(at: request.offset, scale: request.scale, reach: reaches?[index])
        let current = node.layoutAccess.adopted
        if let shown, shown.generation != current.generation {
            transition = startTransition(from: shown, atFrame: index)
        }
        if let running = transition, running.isFinished(atFrame: index) { transition = nil }
        shown = current
        return (snapped, visible)
    }

    /// The transition for a change first shown at frame `index`, or nil when it shows at once.
    private func startTransition(from old: PublishedMap, atFrame index: Int) -> CollectionTransition? {
        let length = sequence.updateAnimationDuration * Double(sequence.framesPerSecond)
        guard length > 1, node.updateAnimations.animates(from: old.generation, to: node.layoutAccess.adopted.generation) else { return nil }
        // The viewports of every frame the animation lasts: what it may show.
        let size = node.bounds.size
        let last = min(sequence.count - 1, index + Int(length.rounded(.up)))
        let window = sequence.offsets[index...last].reduce(CGRect(origin: sequence.offsets[index], size: size)) {
            $0.union(CGRect(origin: $1, size: size))
        }
        return node.makeTransition(from: old, window: window, startFrame: index, lengthInFrames: length, previous: transition)
    }

    /// The elements to draw at frame `index` of `transition`: its entries where they are now, then
    /// the visible elements it does not move, at their layout frames.
    private func animatedElements(_ transition: CollectionTransition, atFrame index: Int, viewport: CGRect,
                                  visible: [(UICollectionViewLayoutAttributes, ASCellNode)], scale: CGFloat)
        -> [(UICollectionViewLayoutAttributes, ASCellNode)] {
        var result: [(UICollectionViewLayoutAttributes, ASCellNode)] = []
        var moved = Set<ObjectIdentifier>()
        for (entry, state) in transition.states(atFrame: index) {
            if let node = entry.element.allocatedNode { moved.insert(ObjectIdentifier(node)) }
            guard state.alpha > 0, state.frame.overlaps(viewport) else { continue }
            let element = entry.element
            result.append((state.layoutAttributes(for: element.indexPath, kind: element.supplementaryElementKind, scale: scale), element.node))
        }
        for (attributes, cell) in visible where !moved.contains(ObjectIdentifier(cell)) { result.append((attributes, cell)) }
        return result
    }
}
