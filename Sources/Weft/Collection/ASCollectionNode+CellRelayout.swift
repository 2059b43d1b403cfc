import Foundation

extension ASDisplayNode {
    /// Bumped by `invalidateCalculatedLayout()` (and so by `setNeedsLayout()`).
    var layoutVersion: Int { state.withLock { $0.layout.version } }
}

/// What a collection's last look for cells to measure again saw: the process's count of cell
/// invalidations and the generation of the published map it looked through. Either changing
/// calls for another look: a new count for a cell invalidated since, a new map for cells a batch
/// or load made (and a thread may have invalidated) after the look. Sendable value.
struct CellRelayoutLook: Equatable, Sendable {
    let invalidations: Int
    let generation: Int
}

extension ASCollectionNode {
    /// Measures again, with their constrained sizes, the cells whose layout was invalidated since
    /// they were measured (`setNeedsLayout()` on the cell or on one of its subnodes, which reaches
    /// the cell), keeping their nodes; the layout then moves the cells after them. Texture does this
    /// at the collection view's next layout pass; Weft at the next frame. Called on the driving
    /// thread. It holds the map while it measures (batches submitted meanwhile apply after it),
    /// and is skipped, to be done by a later frame, while a load or relayout holds it.
    func relayoutInvalidatedCells() {
        guard !ASDataController.isApplying, !ElementAllocation.isRunningNodeBlock else { return }
        // The count is read before the map: an invalidation counted after this read is seen by
        // the next frame, one counted before it has bumped its node's version already.
        let invalidations = CellLayoutInvalidation.current
        let visible = dataController.visible
        let (current, generation) = (visible.map, visible.generation)
        let look = CellRelayoutLook(invalidations: invalidations, generation: generation)
        guard settings.withLockedValue({ $0.seenCellInvalidations != look }) else { return }
        // The map looked at is the one a cell relayout replaces: the published one, not the map
        // the layout last adopted, which may not hold a cell a batch made since.
        guard current.allocatedElements.contains(where: \.needsRemeasure) else {
            settings.withLockedValue { $0.seenCellInvalidations = look }
            return
        }
        layoutAccess.entering("\(self): a cell relayout") { relayoutInvalidatedCellsHoldingLayout(invalidations) }
    }

    private func relayoutInvalidatedCellsHoldingLayout(_ invalidations: Int) {
        // Seen only once a pass runs: a skipped one is retried by the next frame.
        guard dataController.beginReplacement(.cellRelayout, waitIfBusy: false) else { return }
        let visible = dataController.visible
        let base = visible.generation
        var map = visible.map
        var fresh: [ASCollectionElement] = []
        func renewed(_ element: ASCollectionElement) -> ASCollectionElement {
            guard element.needsRemeasure else { return element }
            let replacement = element.remeasured()
            fresh.append(replacement)
            return replacement
        }
        for s in map.sections.indices {
            map.sections[s].items = map.sections[s].items.replacingExisting(renewed)
            for (kind, element) in map.sections[s].supplementary { map.sections[s].supplementary[kind] = renewed(element) }
        }
        // Seen only once a pass runs (a skipped one is retried by the next frame), and seen with
        // the generation this pass publishes: the map it publishes needs no other look.
        var published = fresh.isEmpty ? base : nil
        if !fresh.isEmpty {
            ASCollectionElement.allocate(fresh, serial: cellLayoutMode.contains(.serializeNodeCreation))
            published = dataController.publishReplacement(map, over: base, .cellsRelaidOut)
            if published == nil {
                WeftDiagnostics.report(.collection, "\(self)", "the element map changed during a cell relayout; the relayout was dropped and runs again at the next frame (please report: a relayout is meant to hold the map)")
            }
        }
        settings.withLockedValue { $0.seenCellInvalidations = published.map { CellRelayoutLook(invalidations: invalidations, generation: $0) } }
        dataController.endReplacement()
        adoptPublishedMap()
        collectionViewLayout.prepareIfNeeded()
    }
}
