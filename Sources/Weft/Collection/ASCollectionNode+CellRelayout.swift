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
    /// thread.
    func relayoutInvalidatedCells() {
        // Only made cells can need it, and only after a measured cell's layout was invalidated.
        let invalidations = CellLayoutInvalidation.current
        let unchanged = settings.withLock { s -> Bool in
            defer { s.seenCellInvalidations = invalidations }
            return s.seenCellInvalidations == invalidations
        }
        guard !unchanged, layoutElements.allocatedElements.contains(where: \.needsRemeasure) else { return }
        // The elements are replaced: queued batches are applied first, so none is lost.
        waitForUpdatesBeforeReplacingElements()
        var map = elements
        var fresh: [ASCollectionElement] = []
        func renewed(_ element: ASCollectionElement) -> ASCollectionElement {
            guard element.needsRemeasure else { return element }
            let replacement = element.remeasured()
            fresh.append(replacement)
            return replacement
        }
        for s in map.sections.indices {
            map.sections[s].items = map.sections[s].items.map(renewed)
            for (kind, element) in map.sections[s].supplementary { map.sections[s].supplementary[kind] = renewed(element) }
        }
        guard !fresh.isEmpty else { return }
        ASCollectionElement.allocate(fresh, serial: cellLayoutMode.contains(.serializeNodeCreation))
        publish(map)
        adoptPublishedMap()
        collectionViewLayout.prepareIfNeeded()
    }
}
