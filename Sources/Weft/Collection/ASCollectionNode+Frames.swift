import Foundation

extension ASCollectionNode {
    /// Composites the frame at `contentOffset` (or `offset`): the collection's background, then
    /// each visible element's finished backing store at its layout frame minus the offset, clipped
    /// to the viewport. A batch fetch begun by an earlier frame is waited for first (see
    /// `ASBatchContext`), and this frame may begin the next one. Cells display on the display queue; this waits for the visible ones and
    /// only those (deterministic mode), so the same collection gives the same pixels every time,
    /// unrelated display work does not delay the frame, and a display job may take a snapshot.
    /// Offsets snap to device pixels, so no cell is resampled. Throws for an offset that is not finite.
    public func snapshot(at offset: CGPoint? = nil, scale: CGFloat) throws(CollectionError) -> Bitmap {
        try captureSnapshot(at: offset, scale: scale).render()
    }

    /// All of `snapshot(at:scale:)` but the drawing, which the returned composition does later on
    /// any thread: frame sequences draw frames in parallel so, the nodes moving on to the next frame.
    func captureSnapshot(at offset: CGPoint?, scale: CGFloat) throws(CollectionError) -> FrameComposition {
        if let offset {
            guard offset.x.isFinite, offset.y.isFinite else { throw .invalidContentOffset(offset) }
            contentOffset = offset
        }
        waitForBatchFetch()
        let (snapped, visible) = try prepareFrame(scale: scale)
        for (_, node) in visible { node.waitUntilDisplayed(scale: scale) }
        let composition = try capture(visible, at: snapped, scale: scale, placeholders: false)
        // Begun once the frame is captured, so the fetch's edits cannot race this frame.
        checkForBatchFetching(offset: snapped)
        return composition
    }

    /// Renders the frames of `sequence` in order and hands each to `body` with its index (from 0):
    /// what `writeFrames` and `frames(_:scale:)` do, for a caller that keeps the bitmaps itself (a
    /// golden test, say). Scripted edits are made before their frame, on the main actor (see
    /// `FrameSequence.editing(atFrame:_:)`). Throws the first error: a `CollectionError`, an
    /// edit's own, or `body`'s.
    public func renderFrames(_ sequence: FrameSequence, scale: CGFloat, _ body: (_ index: Int, _ frame: Bitmap) throws -> Void) throws {
        let player = FrameSequencePlayer(node: self, sequence: sequence)
        for index in sequence.offsets.indices { try body(index, try player.renderNext(scale: scale).bitmap) }
        if sequence.offsets.isEmpty { try sequence.validate() }
    }

    /// Checks the scale and viewport, loads the data, snaps `contentOffset` to device pixels (so
    /// no cell is resampled) and lets the range controller update the ranges around the viewport.
    /// Returns the snapped offset and the visible elements with their nodes.
    func prepareFrame(scale: CGFloat) throws(CollectionError) -> (offset: CGPoint, visible: [(UICollectionViewLayoutAttributes, ASCellNode)]) {
        guard scale.isFinite, Bitmap.scaleRange.contains(scale) else { throw .invalidScale(scale) }
        return try layoutAccess.entering("\(self): a frame") { () throws(CollectionError) in try prepareFrameHoldingLayout(scale: scale) }
    }

    private func prepareFrameHoldingLayout(scale: CGFloat) throws(CollectionError) -> (offset: CGPoint, visible: [(UICollectionViewLayoutAttributes, ASCellNode)]) {
        try loadDataIfNeeded()
        relayoutInvalidatedCells()
        let viewport = bounds.size
        guard viewport.width > 0, viewport.height > 0, viewport.width.isFinite, viewport.height.isFinite else {
            throw .invalidViewport(viewportForErrors)
        }
        let offset = contentOffset
        let snapped = CGPoint(x: (offset.x * scale).rounded() / scale, y: (offset.y * scale).rounded() / scale)
        let rect = CGRect(origin: snapped, size: viewport)
        let generation = layoutData.withLock { $0.generation }
        let frame = ASRangeController.Frame(viewport: rect, scale: scale, vertical: collectionViewLayout.scrollDirection == .vertical,
                                            generation: generation, map: layoutElements,
                                            rangesDisabled: cellLayoutMode.contains(.disableRangeController),
                                            serialNodeCreation: cellLayoutMode.contains(.serializeNodeCreation),
                                            releasesNodes: releasesNodesOutsidePreloadRange)
        let visible = rangeController.update(frame) { range in
            self.attributes(in: range).compactMap { attributes in self.element(for: attributes).map { (attributes, $0) } }
        }
        releaseNodesMeasuredOutsideRanges()
        // A deferred item the data source could not describe fails the frame that needed it.
        if let error = dataError { throw error }
        measureAheadInBackground(after: visible)
        return (snapped, visible)
    }

    /// Draws one frame: the background, then each element's backing stores at its frame minus
    /// `offset` (mirrored when inverted). With `placeholders`, an element whose stores are not all
    /// current is drawn as a placeholder box instead, and counted.
    func compose(_ elements: [(UICollectionViewLayoutAttributes, ASCellNode)], at offset: CGPoint, scale: CGFloat,
                 placeholders: Bool) throws(CollectionError) -> (bitmap: Bitmap, notReady: Int) {
        let composition = try capture(elements, at: offset, scale: scale, placeholders: placeholders)
        return (try composition.render(), composition.notReady)
    }

    /// What `compose` draws, read from the nodes now (see `ASDisplayNode.compositeLayer`). UIKit
    /// cells (interop) are drawn now, on the main actor (see ASCollectionNode+Interop.swift), and
    /// kept as bitmaps.
    func capture(_ elements: [(UICollectionViewLayoutAttributes, ASCellNode)], at offset: CGPoint, scale: CGFloat,
                 placeholders: Bool) throws(CollectionError) -> FrameComposition {
        let viewport = bounds.size, inverted = self.inverted
        let uikitCells = try interopCellBitmaps(for: elements, scale: scale)
        var items: [FrameComposition.Item] = []
        for (attributes, node) in elements.sorted(by: { $0.0.zIndex < $1.0.zIndex }) {
            var frame = attributes.frame.offsetBy(dx: -offset.x, dy: -offset.y)
            if inverted { frame.origin.y = viewport.height - frame.maxY }
            if let cell = uikitCells[ObjectIdentifier(node)] {
                items.append(.bitmap(cell, frame: frame, alpha: attributes.alpha))
                if node is UIKitCellNode { continue }
            }
            if placeholders && !node.isDisplayCurrentRecursively(scale: scale) {
                items.append(.placeholder(frame))
                continue
            }
            let shift = CGPoint(x: frame.minX - node.frame.minX, y: frame.minY - node.frame.minY)
            items.append(.layer(node.compositeLayer(), shift: shift, alpha: attributes.alpha))
        }
        // The background is painted when the frame renders, on any thread: resolved for the
        // collection's traits now.
        return FrameComposition(viewport: viewport, scale: scale, background: backgroundColor.resolved(with: drawingTraits), items: items)
    }

    /// The bytes of backing store held by the collection's elements and their subnodes.
    public var retainedBackingStoreBytes: Int {
        func bytes(_ node: ASDisplayNode) -> Int {
            (node.contents.map { $0.bytesPerRow * $0.pixelHeight } ?? 0) + node.subnodes.reduce(0) { $0 + bytes($1) }
        }
        return elements.allocatedNodes.reduce(0) { $0 + bytes($1) }
    }
}

/// One frame of a collection as captured by `capture`: the background and each element's layers,
/// drawn by `render()`. Sendable value; use from any context.
struct FrameComposition: Sendable {
    enum Item: Sendable {
        /// A cell's layers, translated by `shift` from the cell's own frame to its place in the
        /// frame, at `alpha` (an update animation fades cells through their attributes' alpha).
        case layer(CompositeLayer?, shift: CGPoint, alpha: CGFloat)
        /// A cell not displayed yet (real-time frames): a box of `ASCollectionNode.placeholderColor`.
        case placeholder(CGRect)
        /// A UIKit cell (interop), already drawn on the main actor, placed at `frame`.
        case bitmap(Bitmap, frame: CGRect, alpha: CGFloat)
    }

    let viewport: CGSize
    let scale: CGFloat
    let background: UIColor?
    let items: [Item]

    var notReady: Int { items.filter { if case .placeholder = $0 { true } else { false } }.count }

    func render() throws(CollectionError) -> Bitmap {
        do {
            return try Bitmap(size: viewport, scale: scale, background: background) { context in
                for item in items {
                    switch item {
                    case .placeholder(let frame):
                        context.fill(frame, with: ASCollectionNode.placeholderColor)
                    case .bitmap(let cell, let frame, let alpha):
                        context.draw(cell, in: frame, alpha: alpha)
                    case .layer(let layer, let shift, let alpha):
                        guard let layer else { continue }
                        context.withSavedState {
                            context.translateBy(x: shift.x, y: shift.y)
                            context.withTransparencyLayer(alpha: alpha) { layer.draw(into: context) }
                        }
                    }
                }
            }
        } catch {
            throw .renderFailed("\(error)")
        }
    }
}
