import Foundation
import Synchronization

/// Drives the interface states of a collection's cells from its viewport; Texture's
/// `ASRangeController`.
///
/// At each frame it is told the viewport. When the visible elements change (or the data, the
/// tuning, the range mode or the scale), it updates the ranges, as Texture does on
/// `willDisplayCell`/`didEndDisplayingCell`, not on every scrolled pixel:
/// - the range mode is minimum until the content has been scrolled (an offset different from the
///   first one), then full, unless `updateCurrentRange(with:)` forced one for the next update;
/// - the display and preload rects are the viewport extended by their tuning parameters along the
///   scrolling axis, leading in the direction of the last scroll (down or right at first);
/// - visible items get `.visible`, `.display` and `.preload`; other items `.preload` if in the
///   preload rect, `.display` if in the display rect (never in low-memory mode); every item keeps
///   `.measureLayout`. An item out of every range drops the rest (and with display its backing store).
///
/// Supplementary elements are not range-managed (as in Texture, where the view hierarchy gives them
/// their state): on screen they are in the hierarchy (all four states), off screen in none. With
/// `.disableRangeController`, items are treated the same way.
///
/// Thread safety: used by the thread that drives the collection; its state is behind `state`'s mutex.
final class ASRangeController: Sendable {
    struct State: @unchecked Sendable {
        // SAFETY: only touched under `state`'s mutex; the cell nodes in `managed` guard their own
        // state (nodes are not Sendable only so that user subclasses need not say so).
        var tuning = RangeTuningTable.collectionDefaults
        /// Nil until the first update: Texture's `ASLayoutRangeModeUnspecified`.
        var currentRangeMode: ASLayoutRangeMode?
        var preserveCurrentRangeMode = false
        var contentHasBeenScrolled = false
        var firstOffset: CGPoint?
        var lastOffset: CGPoint?
        /// The direction of the last scroll on each axis; down and right before any.
        var towardTail = (vertical: true, horizontal: true)
        /// Where the last frame moved the content offset (none when it stayed); Texture's
        /// `scrollDirection`, which the batch-fetching rule reads.
        var lastScrollDirection = ASScrollDirectionNone
        var needsUpdate = true
        var generation = -1
        var scale: CGFloat = 0
        var visible: [ObjectIdentifier] = []
        /// Every node given a state by the last update: the next one visits them again to clear
        /// what they no longer have (Texture's `_allPreviousIndexPaths`).
        var managed: [ObjectIdentifier: ASCellNode] = [:]
        var rangesDisabled = false
    }

    let state = Mutex(State())

    // MARK: Tuning

    func tuningParameters(for mode: ASLayoutRangeMode, rangeType: ASLayoutRangeType) -> ASRangeTuningParameters {
        state.withLock { $0.tuning[mode, rangeType] }
    }

    func setTuningParameters(_ parameters: ASRangeTuningParameters, for mode: ASLayoutRangeMode, rangeType: ASLayoutRangeType) {
        state.withLock { s in
            s.tuning[mode, rangeType] = parameters
            s.needsUpdate = true
        }
    }

    /// Texture's `updateCurrentRangeWithMode:`: the next update uses `mode`.
    func updateCurrentRange(with mode: ASLayoutRangeMode) {
        state.withLock { s in
            s.preserveCurrentRangeMode = true
            if s.currentRangeMode != mode {
                s.currentRangeMode = mode
                s.needsUpdate = true
            }
        }
    }

    var currentRangeMode: ASLayoutRangeMode? { state.withLock { $0.currentRangeMode } }

    /// The directions the last frame scrolled in; none before any scroll.
    var lastScrollDirection: ASScrollDirection { state.withLock { $0.lastScrollDirection } }

    /// Forgets the nodes of a map that a load replaced (their states were cleared by the load).
    func reset() {
        state.withLock { s in
            s.managed = [:]
            s.visible = []
            s.needsUpdate = true
        }
    }

    // MARK: Updating

    /// What one update needs to know of the collection.
    struct Frame {
        let viewport: CGRect
        let scale: CGFloat
        let vertical: Bool
        let generation: Int
        let map: ASElementMap
        let rangesDisabled: Bool
        let serialNodeCreation: Bool
        /// `ASCollectionNode.releasesNodesOutsidePreloadRange`.
        var releasesNodes = false
    }

    /// Notes the frame's offset and, when needed, updates every cell's interface state. Returns the
    /// elements on screen with their nodes (allocated and sized to their layout attributes).
    func update(_ frame: Frame, attributes: (CGRect) -> [(UICollectionViewLayoutAttributes, ASCollectionElement)])
        -> [(UICollectionViewLayoutAttributes, ASCellNode)] {
        let viewport = frame.viewport
        let onScreen = attributes(viewport).filter { $0.0.frame.overlaps(viewport) }
        let visibleIDs = onScreen.map { ObjectIdentifier($0.1) }
        enum Plan { case current, nothingOnScreen([ASCellNode]), update(ASLayoutRangeMode, ASRangeTuningParameters, ASRangeTuningParameters, Bool) }
        let plan = state.withLock { s -> Plan in
            noteOffset(viewport.origin, in: &s)
            let stale = s.needsUpdate || s.generation != frame.generation || s.scale != frame.scale || s.visible != visibleIDs
                || s.rangesDisabled != frame.rangesDisabled
            guard stale else { return .current }
            // Scrolled past the content: as Texture, only the visible states are cleared, and the
            // ranges stay due for the next frame that shows something.
            if visibleIDs.isEmpty {
                s.visible = []
                s.needsUpdate = true
                return .nothingOnScreen(Array(s.managed.values))
            }
            var mode = s.currentRangeMode ?? .minimum
            // Texture's rule: the first update is minimum; once scrolled, a visible collection is full,
            // unless a mode was just forced.
            if (!s.preserveCurrentRangeMode && s.contentHasBeenScrolled) || s.currentRangeMode == nil {
                mode = s.currentRangeMode == nil ? .minimum : .full
            }
            s.currentRangeMode = mode
            s.preserveCurrentRangeMode = false
            return .update(mode, s.tuning[mode, .display], s.tuning[mode, .preload], frame.vertical ? s.towardTail.vertical : s.towardTail.horizontal)
        }
        let mode: ASLayoutRangeMode, displayParameters: ASRangeTuningParameters, preloadParameters: ASRangeTuningParameters, towardTail: Bool
        switch plan {
        case .current:
            return place(onScreen)
        case .nothingOnScreen(let managed):
            for node in managed where node.interfaceState.contains(.visible) {
                node.recursivelySetInterfaceState(node.interfaceState.subtracting(.visible))
            }
            return []
        case .update(let m, let d, let p, let t):
            (mode, displayParameters, preloadParameters, towardTail) = (m, d, p, t)
        }

        let displayRect = mode == .lowMemory ? nil : Self.expand(viewport, displayParameters, vertical: frame.vertical, towardTail: towardTail)
        let preloadRect = Self.expand(viewport, preloadParameters, vertical: frame.vertical, towardTail: towardTail)
        let union = [displayRect, preloadRect].compactMap { $0 }.reduce(viewport) { $0.union($1) }
        // With node release, a supplementary element is made when it shows, not ahead: the ranges
        // do not hold supplementary nodes, so one made ahead would never be given up.
        let visibleSet = Set(visibleIDs)
        let candidates = frame.rangesDisabled ? onScreen
            : frame.releasesNodes ? attributes(union).filter { $0.1.supplementaryElementKind == nil || visibleSet.contains(ObjectIdentifier($0.1)) }
            : attributes(union)
        // Elements of a layout that did not need their nodes are allocated now, concurrently.
        ASCollectionElement.allocate(candidates.map(\.1), serial: frame.serialNodeCreation)
        let placed = place(candidates)

        var wanted: [(ASCellNode, ASInterfaceState)] = []
        var seen = Set<ObjectIdentifier>()
        for ((attributes, element), (_, node)) in zip(candidates, placed) {
            let id = ObjectIdentifier(element)
            let state: ASInterfaceState
            if visibleSet.contains(id) {
                state = .inHierarchy
            } else if element.supplementaryElementKind != nil || frame.rangesDisabled {
                continue
            } else {
                var s: ASInterfaceState = .measureLayout
                if attributes.frame.overlaps(preloadRect) { s.insert(.preload) }
                if let displayRect, attributes.frame.overlaps(displayRect) { s.insert(.display) }
                state = s
            }
            seen.insert(ObjectIdentifier(node))
            wanted.append((node, state))
        }
        // Texture visits visible cells first, then display, then preload, so the visible ones are
        // queued for display first.
        wanted.sort { rank($0.1) > rank($1.1) }

        let previous = state.withLock { s -> [ASCellNode] in
            let generationChanged = s.generation != frame.generation
            s.generation = frame.generation
            s.scale = frame.scale
            s.visible = visibleIDs
            s.needsUpdate = false
            s.rangesDisabled = frame.rangesDisabled
            defer { s.managed = Dictionary(wanted.map { (ObjectIdentifier($0.0), $0.0) }, uniquingKeysWith: { a, _ in a }) }
            var previous = Array(s.managed.values)
            // After an edit every item of the map is visited, as Texture's `_rangeIsValid = NO` does.
            if generationChanged { previous += frame.map.allocatedNodes }
            return previous
        }
        Self.loadNodes(entering: wanted)
        // Whether a node is still in the map, asked of the element at its index path first, so an
        // update costs what the ranges hold, not what the list holds; the whole map is listed only
        // for a node not found there (deleted, or renumbered for a batch this map is older than).
        var allNodes: Set<ObjectIdentifier>?
        func inMap(_ node: ASCellNode) -> Bool {
            if itsElement(node) != nil { return true }
            if allNodes == nil { allNodes = Set(frame.map.allocatedNodes.map(ObjectIdentifier.init)) }
            return allNodes!.contains(ObjectIdentifier(node))
        }
        func itsElement(_ node: ASCellNode) -> ASCollectionElement? {
            guard let path = node.indexPath else { return nil }
            let element = node.supplementaryElementKind.map { frame.map.supplementaryElement(ofKind: $0, section: path.section) }
                ?? frame.map.element(at: path)
            return element?.allocatedNode === node ? element : nil
        }
        var cleared = Set<ObjectIdentifier>()
        for node in previous where !seen.contains(ObjectIdentifier(node)) && cleared.insert(ObjectIdentifier(node)).inserted {
            let old = node.interfaceState
            let new: ASInterfaceState
            if !inMap(node) {
                // A deleted node only leaves the visible state, as Texture's `_setVisibleNodes:`.
                new = old.subtracting(.visible)
            } else if frame.rangesDisabled {
                new = []
            } else if frame.releasesNodes, let element = itsElement(node), element.releaseNode() != nil {
                // Out of every range (a section header scrolled off too): the element keeps its
                // size and gives up the node.
                new = []
            } else if node.supplementaryElementKind != nil {
                new = []
            } else {
                new = .measureLayout
            }
            if new != old { node.recursivelySetInterfaceState(new) }
        }
        for (node, new) in wanted {
            let old = node.interfaceState
            if new.contains(.display) && (!old.contains(.display) || node.contentsScaleForDisplay != frame.scale) {
                node.recursivelySetNeedsDisplayAtScale(frame.scale)
            }
            if new != old { node.recursivelySetInterfaceState(new) }
        }
        return zip(candidates, placed).filter { visibleSet.contains(ObjectIdentifier($0.0.1)) }.map(\.1)
    }

    /// Loads the nodes about to display (the visible ones and those in the display range) that
    /// have not loaded, as Texture loads a cell's view before the cell is shown: `didLoad()` and the
    /// `onDidLoad(_:)` blocks run on the main actor, before the node draws, so what they change (a
    /// background, a corner radius) is in the first frame that shows it. One hop to the main actor
    /// for all of them, and none when every node has loaded (the usual frame).
    private static func loadNodes(entering wanted: [(ASCellNode, ASInterfaceState)]) {
        let unloaded = wanted.filter { $0.1.contains(.display) && !$0.0.isNodeLoaded }.map(\.0)
        guard !unloaded.isEmpty else { return }
        // This thread waits while the main actor loads them; each node guards its own state.
        let handed = UncheckedSendable(unloaded)
        MainActorBridge.run {
            for node in handed.value { node.loadNodeIfNeeded() }
        }
    }

    private func rank(_ state: ASInterfaceState) -> Int {
        state.contains(.visible) ? 3 : state.contains(.display) ? 2 : state.contains(.preload) ? 1 : 0
    }

    /// Records the scroll direction and whether the content has been scrolled.
    private func noteOffset(_ offset: CGPoint, in s: inout State) {
        if s.firstOffset == nil { s.firstOffset = offset }
        if offset != s.firstOffset, !s.contentHasBeenScrolled {
            s.contentHasBeenScrolled = true
            s.needsUpdate = true
        }
        var direction = ASScrollDirectionNone
        if let last = s.lastOffset {
            if offset.x > last.x { direction.insert(.right) } else if offset.x < last.x { direction.insert(.left) }
            if offset.y > last.y { direction.insert(.down) } else if offset.y < last.y { direction.insert(.up) }
        }
        s.lastScrollDirection = direction
        if let last = s.lastOffset {
            if offset.y != last.y { s.towardTail.vertical = offset.y > last.y }
            if offset.x != last.x { s.towardTail.horizontal = offset.x > last.x }
        }
        s.lastOffset = offset
    }

    /// The nodes of `elements`, each laid out at its attributes' size if the layout gave it another.
    private func place(_ elements: [(UICollectionViewLayoutAttributes, ASCollectionElement)]) -> [(UICollectionViewLayoutAttributes, ASCellNode)] {
        elements.map { attributes, element in
            let node = element.node
            // A custom layout may give an element another size than it measured: lay it out again.
            if node.bounds.size != attributes.size {
                node.frame = CGRect(origin: .zero, size: attributes.size)
                node.layoutIfNeeded()
            }
            return (attributes, node)
        }
    }

    /// The viewport extended by `parameters` along the scrolling axis, leading toward the tail
    /// when the last scroll went that way; Texture's `CGRectExpandToRangeWithScrollableDirections`.
    static func expand(_ viewport: CGRect, _ parameters: ASRangeTuningParameters, vertical: Bool, towardTail: Bool) -> CGRect {
        let ahead = towardTail ? parameters.leadingBufferScreenfuls : parameters.trailingBufferScreenfuls
        let behind = towardTail ? parameters.trailingBufferScreenfuls : parameters.leadingBufferScreenfuls
        var rect = viewport
        if vertical {
            rect.origin.y -= behind * viewport.height
            rect.size.height += (ahead + behind) * viewport.height
        } else {
            rect.origin.x -= behind * viewport.width
            rect.size.width += (ahead + behind) * viewport.width
        }
        return rect
    }
}

extension CGRect {
    /// Whether the two rects share some area: an element that only touches the viewport's edge is
    /// not on screen (Foundation's `intersects` on Linux counts touching edges).
    func overlaps(_ other: CGRect) -> Bool {
        minX < other.maxX && maxX > other.minX && minY < other.maxY && maxY > other.minY
    }
}
