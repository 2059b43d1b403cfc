import Foundation

extension ASDisplayNode {
    /// Bumped by `invalidateCalculatedLayout()` (and so by `setNeedsLayout()`).
    var layoutVersion: Int { state.withLock { $0.layout.version } }
}

extension ASCollectionNode {
    /// Measures again, with their constrained sizes, the cells whose layout was invalidated since
    /// they were measured (`setNeedsLayout()` on the cell or on one of its subnodes, which reaches
    /// the cell), keeping their nodes; the layout then moves the cells after them. Texture does this
    /// at the collection view's next layout pass; Weft at the next frame. Called on the driving
    /// thread. It holds the map while it measures (batches submitted meanwhile apply after it),
    /// and is skipped, to be done by a later frame, while a load or relayout holds it.
    func relayoutInvalidatedCells() {
        // Only made cells can need it, and only after a measured cell's layout was invalidated.
        let invalidations = CellLayoutInvalidation.current
        guard settings.withLock({ $0.seenCellInvalidations != invalidations }), !ASDataController.isApplying,
              !ElementAllocation.isRunningNodeBlock else { return }
        guard layoutElements.allocatedElements.contains(where: \.needsRemeasure) else {
            settings.withLock { $0.seenCellInvalidations = invalidations }
            return
        }
        layoutAccess.entering("\(self): a cell relayout") { relayoutInvalidatedCellsHoldingLayout(invalidations) }
    }

    private func relayoutInvalidatedCellsHoldingLayout(_ invalidations: Int) {
        // Seen only once a pass runs: a skipped one is retried by the next frame.
        guard dataController.beginReplacement(.cellRelayout, waitIfBusy: false) else { return }
        settings.withLock { $0.seenCellInvalidations = invalidations }
        let (current, base) = data.withLock { ($0.map, $0.generation) }
        var map = current
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
        if !fresh.isEmpty {
            ASCollectionElement.allocate(fresh, serial: cellLayoutMode.contains(.serializeNodeCreation))
            if dataController.publishReplacement(map, over: base) == nil {
                WeftDiagnostics.report(.collection, "\(self)", "the element map changed during a cell relayout; the relayout was dropped and runs again at the next frame (please report: a relayout is meant to hold the map)")
                settings.withLock { $0.seenCellInvalidations = nil }
            }
        }
        dataController.endReplacement()
        adoptPublishedMap()
        collectionViewLayout.prepareIfNeeded()
    }
}
