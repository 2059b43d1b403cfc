import Foundation

/// The display bookkeeping of one node, kept in its locked state.
struct DisplayState {
    /// Bumped by every change that makes the contents stale; work for an older generation is
    /// cancelled and never committed.
    var generation = 0
    /// The committed backing store, drawn for `committedGeneration`.
    var backingStore: Bitmap?
    var committedGeneration = -1
    /// Why the last display failed, if it did.
    var error: GraphicsError?
    /// The latest job enqueued on the display queue, until it has run.
    var ticket: DisplayTicket?
    /// For a node that rasterizes its subtree: the subtree the committed contents were drawn from.
    var rasterizedFrom: RasterizedSubtree?

    func isCurrent(at scale: CGFloat) -> Bool {
        committedGeneration == generation && (backingStore == nil || backingStore!.scale == scale)
    }
}

/// Everything one display pass needs, captured on the thread that starts it.
struct DisplayRequest: Sendable {
    let generation: Int
    let bounds: CGRect
    let scale: CGFloat
    let parameters: (any Sendable)?
    let drawType: ASDisplayNode.Type
    let willDisplay: ASDisplayNodeContextModifier?
    let didDisplay: ASDisplayNodeContextModifier?
    /// The node's traits when the request was made: `UITraitCollection.current` while it draws.
    let traits: UITraitCollection
    /// Whether the node rasterizes its subtree: its subnodes are drawn with its own contents.
    let rasterizes: Bool
}

/// Changes the context a node's contents are drawn into, before or after they are drawn; Texture's
/// `ASDisplayNodeContextModifier`. Gets the context (clipped to the node's bounds, already current
/// for UIKit drawing) and the node's draw parameters.
public typealias ASDisplayNodeContextModifier = @Sendable (CGContext, Any?) -> Void

extension ASDisplayNode {
    /// Whether display work runs on `displayQueue` (true, the default) or inline on the thread
    /// that asks for it.
    public var displaysAsynchronously: Bool {
        get { self[locked: \.displaysAsynchronously] }
        set { self[locked: \.displaysAsynchronously] = newValue }
    }

    /// While true, no display work starts, and work already queued is cancelled; setting it back to
    /// false redisplays a node in display state. Texture's `displaySuspended`.
    public var isDisplaySuspended: Bool {
        get { self[locked: \.isDisplaySuspended] }
        set {
            let resume = state.withLock { s -> Bool in
                guard s.isDisplaySuspended != newValue else { return false }
                s.isDisplaySuspended = newValue
                s.display.generation += 1
                return !newValue && s.interfaceState.contains(.display)
            }
            if resume { startDisplay(scale: nil) }
        }
    }

    /// Device pixels per point of the backing store drawn in display state; Texture's
    /// `contentsScaleForDisplay`, `ASScreenScale()` until `setNeedsDisplayAtScale(_:)` changes it.
    /// A snapshot or frame draws at its own scale instead.
    public var contentsScaleForDisplay: CGFloat { self[locked: \.contentsScaleForDisplay] }

    /// The layer's `contentsScale`, Texture's bridged layer property: Core Animation's 1 until set,
    /// but the screen's scale for a loaded layer-backed node (Texture's layer class defaults it so).
    /// Contents fill the bounds whatever it says, as Core Animation draws them with its default
    /// `contentsGravity` (`.resize`): the scale the node draws at is `contentsScaleForDisplay`. A
    /// value that is not finite and positive is ignored (the scale stays as it was), reported as a
    /// `WeftDiagnostic` (area `.appearance`).
    public var contentsScale: CGFloat {
        get {
            state.withLock { s in
                s.layerContentsScale ?? (s.loading.isLoaded && s.layerModel.isLayerBacked ? ASScreenScale() : 1)
            }
        }
        set {
            guard newValue.isFinite, newValue > 0 else {
                WeftDiagnostics.report(.appearance, description, "contentsScale set to \(newValue), which is not finite and positive; kept \(contentsScale)")
                return
            }
            self[locked: \.layerContentsScale] = newValue
        }
    }

    /// Runs on the display queue just before the node's contents are drawn, with the context they
    /// are drawn into; what it does to the context (a clip: `UIBezierPath(roundedRect:
    /// cornerRadius:).addClip()`, a transform) applies to the drawing. Texture's
    /// `willDisplayNodeContentWithRenderingContext`. Runs only for a node that draws contents.
    /// (Texture's image node runs it before drawing the image and then gives the result to its
    /// `imageModificationBlock`; Weft's runs it around the whole drawing, so the block sees the
    /// unclipped image.)
    public var willDisplayNodeContentWithRenderingContext: ASDisplayNodeContextModifier? {
        get { self[locked: \.willDisplayContent] }
        set { self[locked: \.willDisplayContent] = newValue; setNeedsDisplay() }
    }

    /// Runs on the display queue just after the node's contents are drawn, with the same context;
    /// Texture's `didDisplayNodeContentWithRenderingContext`.
    public var didDisplayNodeContentWithRenderingContext: ASDisplayNodeContextModifier? {
        get { self[locked: \.didDisplayContent] }
        set { self[locked: \.didDisplayContent] = newValue; setNeedsDisplay() }
    }

    /// The queue that draws this node's backing store; `DisplayQueue.shared` by default.
    public var displayQueue: DisplayQueue {
        get { self[locked: \.displayQueue] }
        set { self[locked: \.displayQueue] = newValue }
    }

    /// The committed backing store; nil before the first display, after leaving display state, or
    /// when the node draws nothing. Texture's layer `contents`.
    public var contents: Bitmap? { state.withLock { $0.display.backingStore } }

    /// Why the last display of this node failed (a size too large to draw, say); nil if it did not.
    public var displayError: GraphicsError? { state.withLock { $0.display.error } }

    /// Whether this node and its subtree have current backing stores at `scale`: what a compositor
    /// that does not wait can show.
    public func isDisplayCurrentRecursively(scale: CGFloat) -> Bool {
        var pending: [ASDisplayNode] = [self]
        while let node = pending.popLast() {
            let (hidden, current, subnodes, rasterizes) = node.state.withLock {
                ($0.isHidden, $0.display.isCurrent(at: scale), $0.subnodes, $0.rasterizesSubtree)
            }
            guard !hidden else { continue }
            guard current else { return false }
            // A rasterizing node's subnodes are in its contents, current while they draw what was drawn.
            if rasterizes {
                if !node.isRasterizedSubtreeCurrent() { return false }
                continue
            }
            pending += subnodes
        }
        return true
    }

    /// What `setNeedsDisplay()` does: marks the contents stale and redraws a node in display state.
    func markContentsStale() {
        // Under a rasterizing node, this node's contents are part of that node's.
        if let rasterizing = rasterizingAncestor() {
            state.withLock { $0.display.generation += 1 }
            return rasterizing.markContentsStale()
        }
        let redisplay = state.withLock { s -> Bool in
            s.display.generation += 1
            return s.interfaceState.contains(.display) && !s.isDisplaySuspended
        }
        if redisplay { startDisplay(scale: nil) }
    }

    /// The node's interface state; see `ASInterfaceState`.
    public var interfaceState: ASInterfaceState { self[locked: \.interfaceState] }

    /// Whether the node is on screen (`.visible`); Texture's `isVisible`.
    public var isVisible: Bool { interfaceState.contains(.visible) }
    /// Whether the node should draw its backing store (`.display`); Texture's `isInDisplayState`.
    public var isInDisplayState: Bool { interfaceState.contains(.display) }
    /// Whether the node should fetch its data (`.preload`); Texture's `isInPreloadState`.
    public var isInPreloadState: Bool { interfaceState.contains(.preload) }

    /// Sets the interface state of this node and its whole subtree, running the enter and exit
    /// callbacks. Entering `.display` starts display; leaving it cancels display work and drops
    /// the backing store.
    /// Walks the subtree without recursion, each node before its subnodes.
    public func recursivelySetInterfaceState(_ newState: ASInterfaceState) {
        AsyncTransaction.batching { forEachInSubtree { $0.setInterfaceState(newState) } }
    }

    /// Calls `body` for this node and every node below it, each before its subnodes, in order,
    /// without recursion (trees can be deeper than the stack). Subnodes are read after `body`
    /// ran for their supernode.
    func forEachInSubtree(_ body: (ASDisplayNode) -> Void) {
        var pending: [ASDisplayNode] = [self]
        while let node = pending.popLast() {
            body(node)
            pending += node.subnodes.reversed()
        }
    }

    func setInterfaceState(_ newState: ASInterfaceState) {
        let (old, shouldDisplay) = state.withLock { s -> (ASInterfaceState, Bool) in
            let old = s.interfaceState
            s.interfaceState = newState
            if old.contains(.display) && !newState.contains(.display) {
                s.display.generation += 1
                s.display.backingStore = nil
                s.display.committedGeneration = -1
            }
            let entering = !old.contains(.display) && newState.contains(.display)
            return (old, entering && !s.isDisplaySuspended && !s.display.isCurrent(at: s.contentsScaleForDisplay))
        }
        guard old != newState else { return }
        let entered = newState.subtracting(old), exited = old.subtracting(newState)
        // Texture's order: preload, then display, then visible, each entered or exited.
        if entered.contains(.preload) {
            didEnterPreloadState()
        } else if exited.contains(.preload) {
            didExitPreloadState()
            dropCachesOutsidePreloadRange()
        }
        if entered.contains(.display) { didEnterDisplayState() } else if exited.contains(.display) { didExitDisplayState() }
        if entered.contains(.visible) { didEnterVisibleState() } else if exited.contains(.visible) { didExitVisibleState() }
        if shouldDisplay { startDisplay(scale: nil) }
        interfaceStateDidChange(newState, from: old)
    }

    /// Draws every stale backing store in the subtree. With `synchronously` true they are drawn
    /// now, on this thread, at each node's `contentsScaleForDisplay`; otherwise display work is queued.
    /// Texture's `recursivelyEnsureDisplaySynchronously(_:)`.
    public func recursivelyEnsureDisplaySynchronously(_ synchronously: Bool) {
        ensureDisplay(scale: nil, synchronously: synchronously)
    }

    /// Draws the subtree's stale backing stores; at `scale` if given, else at each node's `contentsScaleForDisplay`.
    /// Hidden subtrees are skipped. Walks the subtree without recursion.
    func ensureDisplay(scale: CGFloat?, synchronously: Bool) {
        AsyncTransaction.batching { ensureDisplayWalk(scale: scale, synchronously: synchronously) }
    }

    private func ensureDisplayWalk(scale: CGFloat?, synchronously: Bool) {
        var pending: [ASDisplayNode] = [self]
        while let node = pending.popLast() {
            node.invalidateRasterizedContentsIfSubtreeChanged()
            let (hidden, current, rasterizes, added) = node.state.withLock { s in
                (s.isHidden, s.display.isCurrent(at: scale ?? s.contentsScaleForDisplay), s.rasterizesSubtree, s.layerModel.ownSublayers)
            }
            guard !hidden else { continue }
            if !current {
                if synchronously {
                    node.displaySynchronously(scale: scale)
                } else {
                    node.startDisplay(scale: scale)
                }
            }
            // A rasterizing node's display draws its subnodes, not the nodes added to its layer.
            pending += CALayer.nodesAdded(in: added).reversed()
            if !rasterizes { pending += node.subnodes.reversed() }
        }
    }

    /// How often a synchronous display is retried when the node changed while it drew.
    static let synchronousDisplayAttempts = 4

    /// Draws the node now, on this thread. A request made stale while it was captured or drawn
    /// (the node changed meanwhile) commits nothing, so it is captured and drawn again, a few
    /// times at most: a node that changes itself on every draw stays stale rather than looping.
    func displaySynchronously(scale: CGFloat?) {
        for _ in 0..<Self.synchronousDisplayAttempts {
            guard let request = captureDisplayRequest(scale: scale) else { return }
            if runDisplay(request) { return }
        }
    }

    /// Captures a request on this thread and runs it on the display queue, or inline when the node
    /// does not display asynchronously.
    ///
    /// Only queued work gets a ticket: a ticket is for a waiter to take over or wait for, and it
    /// must reach `finish()`, which only the queued job or the waiter that claims it calls. (Made
    /// for inline work too, each would have been dropped unfinished, leaking its entered dispatch
    /// group: 72 bytes per inline display, 7.2 MB for a 100,000-node tree.)
    func startDisplay(scale: CGFloat?) {
        // Under a rasterizing node, that node's display draws this one.
        if rasterizingAncestor() != nil { return }
        guard let request = captureDisplayRequest(scale: scale) else { return }
        let transaction = enclosingAsyncTransaction()
        let queued = state.withLock { s -> (DisplayQueue, DisplayTicket)? in
            guard s.displaysAsynchronously else { return nil }
            let ticket = DisplayTicket(request: request, operation: transaction?.join())
            s.display.ticket = ticket
            return (s.displayQueue, ticket)
        }
        guard let (queue, ticket) = queued else {
            runDisplay(request)
            return
        }
        // The display queue runs the node's display: the request was captured above, and what
        // `run` touches of the node is behind its mutex.
        let node = UncheckedSendable(self)
        queue.enqueue {
            // A waiter may have taken the job over (see `waitUntilDisplayed(scale:)`).
            guard ticket.claim() else { return }
            node.value.run(ticket)
        }
    }

    /// Runs a claimed ticket's request, then lets its waiters go.
    func run(_ ticket: DisplayTicket) {
        runDisplay(ticket.request, asynchronously: true, operation: ticket.operation)
        state.withLock { s in if s.display.ticket === ticket { s.display.ticket = nil } }
        ticket.finish()
    }

    /// The generation is read before the parameters are captured: a mutation made while
    /// `drawParameters()` runs bumps the generation, so the request is already stale and its
    /// result is never committed. (Read the other way round, old parameters would be paired with
    /// the new generation and commit stale pixels.) Bounds and scale are read with the generation.
    private func captureDisplayRequest(scale: CGFloat?) -> DisplayRequest? {
        let snapshot = state.withLock { s -> (generation: Int, size: CGSize, scale: CGFloat, traits: UITraitCollection,
                                              will: ASDisplayNodeContextModifier?, did: ASDisplayNodeContextModifier?, rasterizes: Bool)? in
            guard !s.isDisplaySuspended else { return nil }
            return (s.display.generation, s.bounds.size, scale ?? s.contentsScaleForDisplay, s.traits.collection, s.willDisplayContent, s.didDisplayContent,
                    s.rasterizesSubtree)
        }
        guard let snapshot else { return nil }
        let parameters = UITraitCollection.withCurrent(snapshot.traits) { drawParameters() }
        return DisplayRequest(generation: snapshot.generation, bounds: CGRect(origin: .zero, size: snapshot.size),
                              scale: snapshot.scale, parameters: parameters, drawType: type(of: self),
                              willDisplay: snapshot.will, didDisplay: snapshot.did, traits: snapshot.traits,
                              rasterizes: snapshot.rasterizes)
    }

    private func isCancelled(_ request: DisplayRequest) -> Bool {
        state.withLock { $0.display.generation != request.generation || $0.isDisplaySuspended }
    }

    /// Draws a request and commits the result, unless it was cancelled meanwhile; returns whether
    /// it committed.
    /// A display in an async transaction (`operation`) hands its commit to the transaction and
    /// returns false: the commit runs when the transaction's last display has finished.
    @discardableResult
    func runDisplay(_ request: DisplayRequest, asynchronously: Bool = false, operation: AsyncTransaction.Operation? = nil) -> Bool {
        DisplayJobContext.running { drawAndCommit(request, asynchronously: asynchronously, operation: operation) }
    }

    private func drawAndCommit(_ request: DisplayRequest, asynchronously: Bool, operation: AsyncTransaction.Operation?) -> Bool {
        // One read of the state: cancelled (the node changed), or drawn meanwhile for this very
        // state (a waiter, `waitUntilDisplayed`, drew the node on its own thread between this
        // request's capture and its turn on the queue). Either way there is nothing to draw.
        let (cancelled, alreadyDrawn) = state.withLock { s in
            (s.display.generation != request.generation || s.isDisplaySuspended,
             s.display.committedGeneration == request.generation && s.display.isCurrent(at: request.scale))
        }
        guard !cancelled, !alreadyDrawn else {
            operation?.finish(commit: nil)
            return alreadyDrawn
        }
        displayWillStartAsynchronously(asynchronously)
        var result: Result<Bitmap?, GraphicsError> = .success(nil)
        let isCancelled = { self.isCancelled(request) }
        // A class that makes its contents as an image (Texture's `display(withParameters:isCancelled:)`)
        // displays through it, as Texture prefers it; without parameters, a class may still draw
        // through Texture's drawing method.
        let (makesImage, image) = TextureDrawOverrides.imageDisplay(of: request.drawType) {
            UITraitCollection.withCurrent(request.traits) {
                request.drawType.display(withParameters: request.parameters, isCancelled: isCancelled)
            }
        }
        let rasterizes = request.rasterizes && !subnodes.isEmpty
        var rasterized: RasterizedSubtree?
        if !rasterizes, !makesImage, request.willDisplay == nil, request.didDisplay == nil,
           let drawn = request.drawType.contentsWithoutDrawing(request.bounds, scale: request.scale, parameters: request.parameters) {
            result = .success(drawn)
        } else if request.bounds.width > 0, request.bounds.height > 0,
           rasterizes || (makesImage ? image != nil : request.parameters != nil || TextureDrawOverrides.overrides(request.drawType)) {
            do {
                let bitmap = try Bitmap(size: request.bounds.size, scale: request.scale) { context in
                    UITraitCollection.withCurrent(request.traits) { UIGraphicsContextStack.with(context, ownsPixels: true) {
                        request.willDisplay?(context, request.parameters)
                        if let image {
                            image.draw(in: request.bounds)
                        } else if !makesImage {
                            request.drawType.draw(request.bounds, withParameters: request.parameters, isCancelled: isCancelled, in: context)
                        }
                        if rasterizes { rasterized = self.drawRasterizedSubtree(into: context, scale: request.scale) }
                        request.didDisplay?(context, request.parameters)
                    } }
                }
                result = .success(bitmap)
            } catch let error as GraphicsError {
                result = .failure(error)
            } catch {
                result = .failure(.cairo("\(error)"))
            }
        }
        guard let operation else { return commit(result, rasterized: rasterized, of: request) }
        // SAFETY: the node's state is behind its mutex; the commit may run on another display thread.
        let node = UncheckedSendable(self)
        let (drawn, drawnSubtree) = (result, rasterized)
        operation.finish { node.value.commit(drawn, rasterized: drawnSubtree, of: request) }
        return false
    }

    /// Stores a display's result, unless the node changed since the request was captured, and
    /// then tells the node; returns whether it stored it.
    @discardableResult
    private func commit(_ result: Result<Bitmap?, GraphicsError>, rasterized: RasterizedSubtree?, of request: DisplayRequest) -> Bool {
        let (committed, placeholder) = state.withLock { s -> (Bool, Bool) in
            // Atomic commit: the store, its generation and its error change together, and only if
            // nothing made this work stale while it ran.
            guard s.display.generation == request.generation, !s.isDisplaySuspended else { return (false, false) }
            switch result {
            case .success(let bitmap):
                s.display.backingStore = bitmap
                s.display.error = nil
            case .failure(let error):
                s.display.backingStore = nil
                s.display.error = error
            }
            s.display.committedGeneration = request.generation
            s.display.rasterizedFrom = rasterized
            return (true, s.placeholder.layer != nil)
        }
        if committed {
            displayDidFinish()
            if placeholder { removePlaceholderOnceDisplayed() }
        }
        return committed
    }
}

extension ASDisplayNode {
    /// Whether the node is in the view hierarchy; see `enterHierarchy()`.
    var isInHierarchy: Bool { self[locked: \.isInHierarchy] }

    /// Texture's `__enterHierarchy`: marks the node and its subnodes in the hierarchy, calling
    /// `willEnterHierarchy()` on each (supernode first) and then `didEnterHierarchy()` (subnodes
    /// first). A node already in it is not entered again, but is told `didEnterHierarchy()`, as in
    /// Texture. Recursive, as Texture's: node trees are at most `WeftLimits.maximumTreeDepth` deep.
    @MainActor func enterHierarchy() {
        let entering = state.withLock { s -> Bool in
            guard !s.isInHierarchy else { return false }
            s.isInHierarchy = true
            return true
        }
        if entering {
            willEnterHierarchy()
            for subnode in subnodes { subnode.enterHierarchy() }
            showPlaceholderIfNotDisplayed()
        }
        didEnterHierarchy()
    }

    /// Texture's `__exitHierarchy`: `didExitHierarchy()` on the node, then its subnodes, for a node
    /// in the hierarchy.
    @MainActor func exitHierarchy() {
        let exiting = state.withLock { s -> Bool in
            guard s.isInHierarchy else { return false }
            s.isInHierarchy = false
            return true
        }
        guard exiting else { return }
        didExitHierarchy()
        for subnode in subnodes { subnode.exitHierarchy() }
    }
}
