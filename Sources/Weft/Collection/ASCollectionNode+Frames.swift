import Foundation

extension ASCollectionNode {
    /// Composites the frame at `contentOffset` (or `offset`): the collection's background, then
    /// each visible element's finished backing store at its layout frame minus the offset, clipped
    /// to the viewport. A snapshot is a sequence of one frame, drawn by the same path as
    /// `writeFrames`, so it has the bytes that sequence's frame has. A batch fetch begun by an
    /// earlier frame is waited for first (see `ASBatchContext`), and this frame may begin the
    /// next one. Cells display on the display queue; this waits for the visible ones and
    /// only those (deterministic mode), so the same collection gives the same pixels every time,
    /// unrelated display work does not delay the frame, and a display job may take a snapshot.
    /// Offsets snap to device pixels, so no cell is resampled. Throws for an offset that is not finite.
    public func snapshot(at offset: CGPoint? = nil, scale: CGFloat) throws(CollectionError) -> Bitmap {
        try Self.rendered(captureSnapshot(at: offset, scale: scale))
    }

    /// `frame` composited, its errors as `CollectionError`s (a composition throws only those).
    static func rendered(_ frame: CapturedFrame) throws(CollectionError) -> Bitmap {
        do {
            return try frame.render()
        } catch let error as CollectionError {
            throw error
        } catch {
            throw .renderFailed("\(error)")
        }
    }

    /// What `snapshot(at:scale:)` composites, captured now: a sequence of one frame, through the
    /// frame path's checks and player.
    func captureSnapshot(at offset: CGPoint?, scale: CGFloat) throws(CollectionError) -> CapturedFrame {
        if let offset {
            guard offset.x.isFinite, offset.y.isFinite else { throw .invalidContentOffset(offset) }
        }
        if offset == nil { settleContentOffsetForInsetAdjustment() }
        let frame = FrameSequence(checked: [offset ?? contentOffset])
        do {
            let driver = try FrameDriver(frame, scale: scale, threads: 1)
            return try FrameSequencePlayer(node: self, sequence: frame).captureFrame(driver.request(0))
        } catch let error as CollectionError {
            throw error
        } catch {
            // A checked one-frame sequence with no edits, on one thread: nothing else can fail.
            throw .renderFailed("\(error)")
        }
    }

    /// Renders every frame of `sequence` (of `shard` only, by default the whole sequence) and
    /// writes them as `frame_00001.png`… into `folder`, each under its number in the whole
    /// sequence, encoding frames in parallel while the next ones composite. Returns the paths in
    /// order. `encoder` defaults to `PNGEncoder.frames` (the single-pass encoder). `threads`
    /// (default `WeftThreads.count`) is how many frames are composited and encoded at once, on
    /// threads of their own, while this thread moves the collection to the next frames and waits
    /// for their cells; with 1, every frame is composited and encoded on the calling thread. The
    /// files are byte-identical whatever the thread count, and the shards' folders together hold
    /// exactly the files one whole run writes: the frames before a shard's block are stepped
    /// through (edits made, layout and batch fetches as in the full run) without compositing or
    /// encoding. `progress` is called after each frame is written, with the count done so far.
    /// Each file is written whole or not at all (see `Data.write(toFile:)`); the first failure
    /// stops the run and is thrown: a `CollectionError` for a sequence or frame that cannot be
    /// rendered, an `OutputError` naming the file for one that cannot be written or for a thread
    /// count outside 1…`WeftLimits.maximumThreads`.
    @discardableResult
    public func writeFrames(_ sequence: FrameSequence, scale: CGFloat, toFolder folder: String, shard: FrameShard = .whole,
                            encoder: PNGEncoder = .frames, threads: Int? = nil, progress: (@Sendable (Int) -> Void)? = nil) throws -> [String] {
        let driver = try FrameDriver(sequence, scale: scale, shard: shard, threads: threads)
        let sink = PNGFolderSink(folder: folder, encoder: encoder)
        try driver.run(from: FrameSequencePlayer(node: self, sequence: sequence), to: sink, progress: progress)
        return sink.paths
    }

    /// The frames of `sequence`, composited one after another as the consumer asks for them: a
    /// sink for anything other than PNG files (a video encoder, say).
    public func frames(_ sequence: FrameSequence, scale: CGFloat) -> CollectionFrames {
        CollectionFrames(collectionNode: self, sequence: sequence, scale: scale)
    }

    /// Renders the frames of `sequence` in order and hands each to `body` with its index (from 0):
    /// what `writeFrames` and `frames(_:scale:)` do, for a caller that keeps the bitmaps itself (a
    /// golden test, say). Scripted edits are made before their frame, on the main actor (see
    /// `FrameSequence.editing(atFrame:_:)`). Throws the first error: a `CollectionError`, an
    /// edit's own, or `body`'s.
    /// Runs through the one frame path (`FrameDriver`) on this thread alone, so `body` is called
    /// here, frame by frame, each frame composited just before.
    public func renderFrames(_ sequence: FrameSequence, scale: CGFloat, _ body: (_ index: Int, _ frame: Bitmap) throws -> Void) throws {
        let driver = try FrameDriver(sequence, scale: scale, threads: 1)
        try withoutActuallyEscaping(body) { body in
            try driver.run(from: FrameSequencePlayer(node: self, sequence: sequence), to: CallbackSink(body: body), progress: nil)
        }
    }

    /// Scrolls to `offset`, waits for updates in flight and for a
    /// batch fetch begun before, loads the data, snaps the offset to device pixels (so no cell is
    /// resampled) and lets the range controller update the ranges around the viewport. Returns the
    /// snapped offset and the visible elements with their nodes.
    /// A UIKit layout pass passes `waitingForBatchFetch` false: it runs on the main actor, where the
    /// fetch it would wait for completes. A frame sequence passes `reach`, the furthest offset its
    /// frames from this one on show: measuring ahead stops there (see `measureAheadInBackground`).
    func prepareFrame(at offset: CGPoint, scale: DisplayScale, waitingForBatchFetch: Bool = true,
                      reach: CGPoint? = nil) throws(CollectionError) -> (offset: CGPoint, visible: [(UICollectionViewLayoutAttributes, ASCellNode)]) {
        // The offset is kept on the node for what reads it during the frame (batch fetching, a
        // delegate); this frame uses the request's value and does not read it back.
        contentOffset = offset
        waitUntilAllUpdatesAreProcessed()
        if waitingForBatchFetch { waitForBatchFetch() }
        return try layoutAccess.entering("\(self): a frame") { () throws(CollectionError) in
            try prepareFrameHoldingLayout(at: offset, scale: scale.value, reach: reach)
        }
    }

    private func prepareFrameHoldingLayout(at offset: CGPoint, scale: CGFloat, reach: CGPoint?) throws(CollectionError) -> (offset: CGPoint, visible: [(UICollectionViewLayoutAttributes, ASCellNode)]) {
        try loadDataIfNeeded()
        relayoutInvalidatedCells()
        let viewport = bounds.size
        guard viewport.width > 0, viewport.height > 0, viewport.width.isFinite, viewport.height.isFinite else {
            throw .invalidViewport(viewportForErrors)
        }
        let snapped = CGPoint(x: (offset.x * scale).rounded() / scale, y: (offset.y * scale).rounded() / scale)
        let rect = CGRect(origin: snapped, size: viewport)
        let generation = layoutAccess.adopted.generation
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
        measureAheadInBackground(after: visible, reach: reach)
        return (snapped, visible)
    }

    /// What one frame draws, read from the nodes now (see `ASDisplayNode.compositeLayer`): the
    /// background (and the collection's corner radius, clip and border: `FrameComposition.Container`),
    /// then each element's backing stores at its frame minus `offset` (mirrored when inverted).
    /// With `placeholders`, an element whose stores are not all current is drawn as a placeholder
    /// box instead, and counted, with the line boxes of its text nodes that enable Texture's text
    /// placeholder (`ASTextNode.placeholderEnabled`) over it. UIKit cells (interop) are drawn now, on the main actor (see
    /// ASCollectionNode+Interop.swift), and kept as bitmaps.
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
                // Texture's text placeholder: line boxes where text nodes that ask for one will draw.
                for (rects, color) in node.pendingTextPlaceholders(scale: scale) {
                    items.append(.fills(rects.map { $0.offsetBy(dx: frame.minX, dy: frame.minY) }, color: color))
                }
                continue
            }
            let shift = CGPoint(x: frame.minX - node.frame.minX, y: frame.minY - node.frame.minY)
            items.append(.layer(node.compositeLayer(scale: scale), shift: shift, alpha: attributes.alpha))
        }
        // The background is painted when the frame renders, on any thread: resolved for the
        // collection's traits now.
        let traits = drawingTraits
        let container = FrameComposition.Container.of(cornerRadius: cornerRadius, clips: clipsToBounds, borderWidth: borderWidth,
                                                      borderColor: borderColor.resolvedColor(with: traits))
        return FrameComposition(viewport: viewport, scale: scale, background: backgroundColor.resolved(with: traits), items: items, container: container)
    }

    /// The bytes of backing store held by the collection's elements and their subnodes.
    public var retainedBackingStoreBytes: Int {
        func bytes(_ node: ASDisplayNode) -> Int {
            (node.contents.map { $0.bytesPerRow * $0.pixelHeight } ?? 0) + node.subnodes.reduce(0) { $0 + bytes($1) }
        }
        return elements.allocatedNodes.reduce(0) { $0 + bytes($1) }
    }
}

extension ASCollectionNode: ComposedContent {
    /// The frame `snapshot(scale:)` composites, at `contentOffset`.
    func composition(scale: CGFloat) throws -> FrameComposition {
        try Self.composition(of: captureSnapshot(at: nil, scale: scale))
    }

    /// `frame`'s composition; a frame a player captured always has one.
    static func composition(of frame: CapturedFrame) throws(CollectionError) -> FrameComposition {
        guard let composition = frame.composition else { throw .renderFailed("the frame was captured as a drawing, not a composition") }
        return composition
    }

    var visibleCellFrames: [(cell: ASCellNode, frame: CGRect)] {
        let contentOffset = self.contentOffset
        return attributes(in: visibleRect).compactMap { attributes in
            guard let cell = element(for: attributes)?.node else { return nil }
            return (cell, attributes.frame.offsetBy(dx: -contentOffset.x, dy: -contentOffset.y))
        }
    }
}

/// The `FrameSink` of `renderFrames`: hands each frame to the caller's closure. Used only by a
/// driver with one thread, which encodes and delivers on the caller's own thread, one frame at a
/// time and before `renderFrames` returns: the closure never leaves that thread or outlives the call.
private final class CallbackSink: FrameSink, @unchecked Sendable {
    // SAFETY: see above; the closure is called only from the thread that called `renderFrames`.
    let body: (Int, Bitmap) throws -> Void

    init(body: @escaping (Int, Bitmap) throws -> Void) { self.body = body }

    func encode(_ index: Int, _ frame: Bitmap) -> Bitmap { frame }

    func deliver(_ index: Int, _ frame: Bitmap) throws { try body(index, frame) }
}
