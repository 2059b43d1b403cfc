import Foundation

extension ASCollectionNode {
    /// On the editing queue, once a batch's map is published as `generation`: notes whether
    /// frames animate it. A batch animates when it was made animated (`performBatch(animated:
    /// true…)`, `performBatchUpdates`, a lone edit) and is not applied as a reload
    /// (`ASCellLayoutMode.appliesAsReload(_:)`).
    func noteAppliedBatch(_ changes: CollectionChangeSet, generation: Int) {
        updateAnimations.note(generation: generation, animated: changes.animated && !changes.reloadsData && !cellLayoutMode.appliesAsReload(changes))
        if let anchor = changes.contentOffsetAnchor { offsetAnchoring.note(anchor, generation: generation) }
    }

    /// The animation from `old` (the map the last frame showed) to the map the layout is prepared
    /// from now, for the elements on screen before or after within `window` (the viewports of the
    /// frames the animation lasts). `previous`, a transition still running at `startFrame`, gives
    /// the elements it was moving their current state as a start, and its fading elements go on
    /// fading. On the thread that renders; the layout is prepared again for the old map to read
    /// where elements were, then for the current one.
    func makeTransition(from old: PublishedMap, window: CGRect, startFrame: Int, lengthInFrames: Double,
                        previous: CollectionTransition?) -> CollectionTransition {
        let current = layoutAccess.adopted
        let layout = collectionViewLayout
        layout.prepareIfNeeded()
        let newMap = current.map, oldMap = old.map
        // The old map's elements all exist, so the new map's existing ones tell which it keeps.
        let newIDs = Set(newMap.existingElements.map(ObjectIdentifier.init))

        func element(_ attributes: UICollectionViewLayoutAttributes, in map: ASElementMap) -> ASCollectionElement? {
            if let kind = attributes.representedElementKind { return map.supplementaryElement(ofKind: kind, section: attributes.indexPath.section) }
            return map.element(at: attributes.indexPath)
        }
        func attributes(of element: ASCollectionElement, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            guard let kind = element.supplementaryElementKind else { return layout.layoutAttributesForItem(at: indexPath) }
            return layout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
        }

        // After: every element in the window, in the layout's order.
        var after: [(ASCollectionElement, AnimatedAttributes)] = []
        var seen = Set<ObjectIdentifier>()
        for a in (layout.layoutAttributesForElements(in: window) ?? []) where !a.isHidden {
            guard let e = element(a, in: newMap), seen.insert(ObjectIdentifier(e)).inserted else { continue }
            after.append((e, AnimatedAttributes(a)))
        }

        // Before: with the old map in place, the elements in the window and where the kept ones were.
        let newPositions = newMap.positions
        let oldPositions = oldMap.positions
        var before: [ObjectIdentifier: AnimatedAttributes] = [:]
        var beforeOrder: [ASCollectionElement] = []
        layoutAccess.adopted = old
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        for a in (layout.layoutAttributesForElements(in: window) ?? []) where !a.isHidden {
            guard let e = element(a, in: oldMap), before[ObjectIdentifier(e)] == nil else { continue }
            before[ObjectIdentifier(e)] = AnimatedAttributes(a)
            beforeOrder.append(e)
        }
        for (e, _) in after where before[ObjectIdentifier(e)] == nil {
            if let path = oldPositions[ObjectIdentifier(e)], let a = attributes(of: e, at: path), !a.isHidden { before[ObjectIdentifier(e)] = AnimatedAttributes(a) }
        }
        layoutAccess.adopted = current
        layout.invalidateLayout()
        layout.prepareIfNeeded()

        // Kept elements that leave the window: where they go.
        var leaving: [(ASCollectionElement, AnimatedAttributes)] = []
        for e in beforeOrder where newIDs.contains(ObjectIdentifier(e)) && !seen.contains(ObjectIdentifier(e)) {
            if let path = newPositions[ObjectIdentifier(e)], let a = attributes(of: e, at: path), !a.isHidden { leaving.append((e, AnimatedAttributes(a))) }
        }

        var running: [ObjectIdentifier: AnimatedAttributes] = [:]
        var stillFading: [CollectionTransition.Entry] = []
        if let previous {
            for (entry, state) in previous.states(atFrame: startFrame - 1) {
                running[ObjectIdentifier(entry.element)] = state
                if entry.disappearing || !newIDs.contains(ObjectIdentifier(entry.element)) {
                    stillFading.append(.init(element: entry.element, from: state, to: entry.disappearing ? entry.to : state.withAlpha(0), disappearing: true))
                }
            }
        }
        func start(_ e: ASCollectionElement) -> AnimatedAttributes? { running[ObjectIdentifier(e)] ?? before[ObjectIdentifier(e)] }

        var entries = stillFading
        let fading = Set(stillFading.map { ObjectIdentifier($0.element) })
        for e in beforeOrder where !newIDs.contains(ObjectIdentifier(e)) && !fading.contains(ObjectIdentifier(e)) {
            guard let was = before[ObjectIdentifier(e)] else { continue }
            entries.append(.init(element: e, from: start(e) ?? was, to: was.withAlpha(0), disappearing: true))
        }
        for (e, end) in after + leaving {
            let from = start(e) ?? end.withAlpha(0)
            entries.append(.init(element: e, from: from, to: end, disappearing: false))
        }
        return CollectionTransition(entries: entries, startFrame: startFrame, lengthInFrames: lengthInFrames, curve: .easeInEaseOut)
    }
}

extension AnimatedAttributes {
    func withAlpha(_ alpha: CGFloat) -> AnimatedAttributes {
        var copy = self
        copy.alpha = alpha
        return copy
    }
}
