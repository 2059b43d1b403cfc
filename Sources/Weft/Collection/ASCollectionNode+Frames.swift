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
        if let offset {
            guard offset.x.isFinite, offset.y.isFinite else { throw .invalidContentOffset(offset) }
            contentOffset = offset
        }
        waitForBatchFetch()
        let (snapped, visible) = try prepareFrame(scale: scale)
        for (_, node) in visible { node.waitUntilDisplayed(scale: scale) }
        let bitmap = try compose(visible, at: snapped, scale: scale, placeholders: false).bitmap
        // Begun once the frame is composed, so the fetch's edits cannot race this frame.
        checkForBatchFetching(offset: snapped)
        return bitmap
    }

    /// Renders the frames of `sequence` in order and hands each to `body` with its index (from 0):
    /// what `writeFrames` and `frames(_:scale:)` do, for a caller that keeps the bitmaps itself (a
    /// golden test, say). Scripted edits are made before their frame, on the main actor, so call
    /// this from the main thread when the sequence has any; see `FrameSequence.editing(atFrame:_:)`.
    /// Throws the first error: a `CollectionError`, an edit's own, or `body`'s.
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
                                            serialNodeCreation: cellLayoutMode.contains(.serializeNodeCreation))
        let visible = rangeController.update(frame) { range in
            self.attributes(in: range).compactMap { attributes in self.element(for: attributes).map { (attributes, $0) } }
        }
        return (snapped, visible)
    }

    /// Draws one frame: the background, then each element's backing stores at its frame minus
    /// `offset` (mirrored when inverted), with its attributes' alpha. With `placeholders`, an element whose stores are not all
    /// current is drawn as a placeholder box instead, and counted.
    func compose(_ elements: [(UICollectionViewLayoutAttributes, ASCellNode)], at offset: CGPoint, scale: CGFloat,
                 placeholders: Bool) throws(CollectionError) -> (bitmap: Bitmap, notReady: Int) {
        let viewport = bounds.size, inverted = self.inverted, background = backgroundColor
        // UIKit cells (interop) are drawn now, on the main actor; see ASCollectionNode+Interop.swift.
        let uikitCells = try interopCellBitmaps(for: elements, scale: scale)
        var notReady = 0
        do {
            let bitmap = try Bitmap(size: viewport, scale: scale) { context in
                if let background { context.fill(CGRect(origin: .zero, size: viewport), with: background) }
                for (attributes, node) in elements.sorted(by: { $0.0.zIndex < $1.0.zIndex }) {
                    var frame = attributes.frame.offsetBy(dx: -offset.x, dy: -offset.y)
                    if inverted { frame.origin.y = viewport.height - frame.maxY }
                    if let cell = uikitCells[ObjectIdentifier(node)] {
                        context.draw(cell, in: frame, alpha: attributes.alpha)
                        if node is UIKitCellNode { continue }
                    }
                    if placeholders && !node.isDisplayCurrentRecursively(scale: scale) {
                        notReady += 1
                        context.fill(frame, with: Self.placeholderColor)
                        continue
                    }
                    context.withSavedState {
                        context.translateBy(x: frame.minX - node.frame.minX, y: frame.minY - node.frame.minY)
                        // An update animation fades cells through their attributes' alpha.
                        context.withTransparencyLayer(alpha: attributes.alpha) { node.composite(into: context) }
                    }
                }
            }
            return (bitmap, notReady)
        } catch {
            throw .renderFailed("\(error)")
        }
    }

    /// The bytes of backing store held by the collection's elements and their subnodes.
    public var retainedBackingStoreBytes: Int {
        func bytes(_ node: ASDisplayNode) -> Int {
            (node.contents.map { $0.bytesPerRow * $0.pixelHeight } ?? 0) + node.subnodes.reduce(0) { $0 + bytes($1) }
        }
        return elements.allElements.compactMap(\.allocatedNode).reduce(0) { $0 + bytes($1) }
    }
}
