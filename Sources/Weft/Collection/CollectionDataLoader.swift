import Foundation

/// Loads a collection's data the way Texture's data controller does: the data source is asked on
/// the main actor (inline when the caller is on it, as Texture's main thread is; see
/// `MainActorBridge`) for counts, node blocks and constrained sizes; node blocks then run
/// concurrently on background threads (one per core, or one thread with `.serializeNodeCreation`),
/// each node measured with its constrained size and laid out there too (see
/// `ASCollectionElement.allocate`). One node per element, never reused.
struct CollectionDataLoader: @unchecked Sendable {
    // SAFETY: the data source, delegate and layout inspector are used only by the `@MainActor`
    // methods; everything else is Sendable or only read.
    let collectionNode: ASCollectionNode
    let dataSource: (any ASCollectionDataSource)?
    let delegate: (any ASCollectionDelegate)?
    let layout: UICollectionViewLayout
    let viewport: CGSize
    let supplementaryKinds: [String]
    let serialize: Bool

    /// Whether the layout reads every element's measured size (a `UICollectionViewLayout`, as in
    /// Texture); see `eager`.
    let layoutNeedsAllNodes: Bool

    /// Asks for deferred items when they are first needed, for a list longer than the collection's
    /// `lazyMeasurementThreshold` whose layout can do without every node; nil when the layout
    /// cannot (see `ElementResolver`).
    let resolver: ElementResolver?

    /// Items past which a load defers them (see `ASCollectionNode.lazyMeasurementThreshold`).
    let lazyThreshold: Int

    /// Whether the collection's current data defers its items (decided by its last load): the
    /// sections and items a batch adds, and a relayout, keep to it, so a long list stays lazy.
    let defersItems: Bool

    /// Whether every node is made and measured as elements are made (a load that does not defer,
    /// a batch's fresh elements, a relayout), or later, for the elements near the viewport.
    var eager: Bool { layoutNeedsAllNodes && !defersItems }

    /// The load's elements, and whether it deferred its items: a long list whose layout can
    /// measure as it goes defers them until a frame or a range needs them; Texture asks for
    /// every item now, as a short list here does.
    func load() throws(CollectionError) -> (map: ASElementMap, defersItems: Bool) {
        // The thread that holds the map for this load; the data source is asked on the main actor.
        let loadingThread = ASDataController.currentThread
        let controller = collectionNode.dataController
        let (map, deferring) = try MainActorBridge.run { () throws(CollectionError) -> (ASElementMap, ElementResolver?) in
            // What the data source does while it answers is the load's own work (see `reloadData()`).
            try controller.answeringLoad { () throws(CollectionError) -> (ASElementMap, ElementResolver?) in try askForLoad(loadingThread) }
        }
        if layoutNeedsAllNodes && deferring == nil { ASCollectionElement.allocate(map.allElements, serial: serialize) }
        return (map, deferring != nil)
    }

    /// The main-actor part of `load()`: the counts, noted as the load's snapshot, and the elements.
    @MainActor
    private func askForLoad(_ loadingThread: ObjectIdentifier) throws(CollectionError) -> (ASElementMap, ElementResolver?) {
        // Texture's first load goes through its batch machinery, which reads the counts once as
        // the batch's old counts and again as its new ones: a data source sees both reads here too.
        if collectionNode.dataController.takeFirstCountRead() { _ = try itemCounts() }
        let counts = try itemCounts()
        // In this visit to the main actor: edits from now on apply over this load's map.
        collectionNode.dataController.noteLoadSnapshot(counts: counts, by: loadingThread)
        let deferring = counts.reduce(0, +) > lazyThreshold ? resolver : nil
        // Every section's context before any item, as Texture inserts the sections first.
        let contexts = counts.indices.map { sectionContext($0) }
        var map = ASElementMap()
        for (section, count) in counts.enumerated() {
            map.sections.append(try sectionEntry(section, count: count, context: contexts[section], deferringTo: deferring))
        }
        return (map, deferring)
    }

    /// A section's elements, made fresh (supplementary elements, then `count` items): asks the
    /// data source for node models, node blocks and constrained sizes; makes no node. `context`
    /// was asked for already (`sectionContext`), as Texture asks for every inserted section's
    /// context before any item. `replacing` has the nodes of the section a reload replaces, by
    /// item: each is offered its item's new model (see `resolvedItem`).
    @MainActor
    func sectionEntry(_ section: Int, count: Int, context: SectionContextBox?, replacing: [ASCellNode?] = []) throws(CollectionError) -> ASElementMap.Section {
        try sectionEntry(section, count: count, context: context, deferringTo: defersItems ? resolver : nil, replacing: replacing)
    }

    @MainActor
    private func sectionEntry(_ section: Int, count: Int, context: SectionContextBox?, deferringTo resolver: ElementResolver?,
                              replacing: [ASCellNode?] = []) throws(CollectionError) -> ASElementMap.Section {
        var entry = ASElementMap.Section()
        entry.context = context
        for kind in supplementaryKinds(in: section) {
            guard let range = try supplementaryRange(kind: kind, section: section) else { continue }
            let indexPath = IndexPath(item: 0, section: section)
            entry.supplementary[kind] = ASCollectionElement(indexPath: indexPath, kind: kind, source: try source(at: indexPath, kind: kind),
                                                            constrainedSize: range, traits: collectionNode.cellTraits, serialCreation: serialize)
        }
        if let resolver {
            // No element yet: each is made when the item is first read (see `ASElementList`).
            entry.items = ASElementList(deferred: DeferredItems(section: section, count: count, resolver: resolver, serialCreation: serialize))
        } else {
            entry.items.reserveCapacity(count)
            for item in 0..<count {
                let old = replacing.indices.contains(item) ? replacing[item] : nil
                entry.items.append(try askedItemElement(at: IndexPath(item: item, section: section), replacing: old))
            }
        }
        return entry
    }

    /// A fresh item element: deferred when the data defers its items, else its node model, node
    /// block (or node) and constrained size; no node is made. `replacing` is the node of the item
    /// a reload replaces (see `resolvedItem`).
    @MainActor
    func itemElement(at indexPath: IndexPath, replacing old: ASCellNode? = nil) throws(CollectionError) -> ASCollectionElement {
        if defersItems, let resolver { return ASCollectionElement(deferredAt: indexPath, resolver: resolver, serialCreation: serialize) }
        return try askedItemElement(at: indexPath, replacing: old)
    }

    @MainActor
    private func askedItemElement(at indexPath: IndexPath, replacing old: ASCellNode? = nil) throws(CollectionError) -> ASCollectionElement {
        ASCollectionElement(indexPath: indexPath, content: try resolvedItem(at: indexPath, replacing: old), serialCreation: serialize)
    }

    /// What the data source gives for the item at `indexPath` now (a deferred element's content),
    /// in Texture's order: its node model, then its node block (or node), then its range. A
    /// reload's `replacing` node (the item's node before the batch) that can take a non-nil new
    /// model (`canUpdate(toNodeModel:)`) is kept for it, and no node block is asked for, as in
    /// Texture; the node gets the model when its element is made.
    @MainActor
    func resolvedItem(at indexPath: IndexPath, replacing old: ASCellNode? = nil) throws(CollectionError) -> ResolvedElementContent {
        let nodeModel = dataSource?.collectionNode(collectionNode, nodeModelForItemAt: indexPath)
        let source: CellSource
        if let nodeModel, let old, old.canUpdate(toNodeModel: nodeModel) {
            source = .node(old)
        } else {
            source = try self.source(at: indexPath, kind: nil)
        }
        if case .uikitCell = source, !hasItemSize(at: indexPath) { throw .noSizeForUIKitCell(indexPath) }
        return ResolvedElementContent(source: source, constrainedSize: try itemRange(at: indexPath), traits: collectionNode.cellTraits,
                                      nodeModel: NodeModelBox(nodeModel), handsNodeModel: true)
    }

    /// Whether an item's size is given (the delegate's range, the layout inspector's, a layout
    /// delegate's or a flow layout's `itemSize`) rather than the flow fallback, which leaves a
    /// UIKit cell's height open: a UIKit cell cannot measure itself.
    @MainActor
    private func hasItemSize(at indexPath: IndexPath) -> Bool {
        if let delegate, DefaultAnswer.implemented({ delegate.collectionNode(collectionNode, constrainedSizeForItemAt: indexPath) }) != nil { return true }
        if collectionNode.layoutInspector != nil || layout.constrainedSizeForItem(at: indexPath, in: collectionNode) != nil { return true }
        if let flow = layout as? UICollectionViewFlowLayout, flow.itemSize != UICollectionViewFlowLayout.defaultItemSize { return true }
        return false
    }

    /// Every section's item count, checked against `WeftLimits` before anything is made for them:
    /// only the counts (at most `maximumSections` of them) are held until all have passed.
    @MainActor
    func itemCounts() throws(CollectionError) -> [Int] {
        let sectionCount = dataSource?.numberOfSections(in: collectionNode) ?? 0
        guard sectionCount >= 0 else { throw .negativeSectionCount(sectionCount) }
        guard sectionCount <= WeftLimits.maximumSections else { throw .tooManySections(sectionCount, limit: WeftLimits.maximumSections) }
        var counts: [Int] = []
        counts.reserveCapacity(sectionCount)
        var total = 0
        for section in 0..<sectionCount {
            let count = dataSource?.collectionNode(collectionNode, numberOfItemsInSection: section) ?? 0
            guard count >= 0 else { throw .negativeItemCount(section: section, count: count) }
            guard count <= WeftLimits.maximumItemsPerSection else {
                throw .tooManyItemsInSection(section: section, count: count, limit: WeftLimits.maximumItemsPerSection)
            }
            // Both are at most the per-section limit here, so the sum cannot overflow.
            total += count
            guard total <= WeftLimits.maximumItems else { throw .tooManyItems(section: section, total: total, limit: WeftLimits.maximumItems) }
            counts.append(count)
        }
        return counts
    }

    /// The same elements with fresh constrained sizes: nodes already made are kept and measured
    /// again; the rest keep their blocks. Texture's `relayoutItems()`.
    func remeasure(_ old: ASElementMap) -> ASElementMap {
        let map = MainActorBridge.run { renewedMap(old) }
        let asked = map.existingElements.filter { !$0.isDeferred }
        let previouslyMade = asked.filter { if case .node = $0.source { true } else { false } }
        ASCollectionElement.allocate(eager ? asked : previouslyMade, serial: serialize)
        return map
    }

    /// `old` with every range asked again.
    @MainActor
    private func renewedMap(_ old: ASElementMap) -> ASElementMap {
        var map = ASElementMap()
        func renewed(_ element: ASCollectionElement, range: ASSizeRange?) -> ASCollectionElement {
            element.renewed(constrainedSize: range ?? element.constrainedSize, traits: collectionNode.cellTraits, serialCreation: serialize)
        }
        for (section, entry) in old.sections.enumerated() {
            var fresh = ASElementMap.Section()
            fresh.context = entry.context
            for (kind, element) in entry.supplementary {
                fresh.supplementary[kind] = renewed(element, range: remeasuredRange(of: element) { () throws(CollectionError) in
                    try supplementaryRange(kind: kind, section: section)
                })
            }
            // Never asked for: stays so, asked with the new viewport when first needed (a section
            // none of whose items was asked for stays without elements).
            if let resolver, entry.items.existingElements.allSatisfy(\.isDeferred) {
                fresh.items = ASElementList(deferred: DeferredItems(section: section, count: entry.items.count, resolver: resolver,
                                                                    serialCreation: serialize))
            } else {
                fresh.items = ASElementList(entry.items.map { element in
                    if let resolver, element.isDeferred {
                        return ASCollectionElement(deferredAt: element.indexPath, resolver: resolver, serialCreation: serialize)
                    }
                    return renewed(element, range: remeasuredRange(of: element) { () throws(CollectionError) in try itemRange(at: element.indexPath) })
                })
            }
            map.sections.append(fresh)
        }
        return map
    }

    /// A fresh range for `element`; relayout does not throw, so a bad range keeps the old one and is reported.
    @MainActor
    private func remeasuredRange(of element: ASCollectionElement, _ ask: () throws(CollectionError) -> ASSizeRange?) -> ASSizeRange? {
        do {
            return try ask()
        } catch {
            WeftDiagnostics.report(.collection, "\(collectionNode)", "\(error); kept the previous range \(element.constrainedSize)")
            return nil
        }
    }

    /// `range`, or an error naming the element when the range is one Weft would have to repair.
    private func checked(_ range: ASSizeRange, at indexPath: IndexPath, kind: String?) throws(CollectionError) -> ASSizeRange {
        guard range.sanitized() == nil else { throw .invalidConstrainedSize(indexPath, kind: kind, range) }
        return range
    }

    @MainActor
    private func source(at indexPath: IndexPath, kind: String?) throws(CollectionError) -> CellSource {
        guard let dataSource, let source = dataSource.cellSource(for: collectionNode, at: indexPath, kind: kind) else {
            throw .noNodeSource(indexPath, kind: kind)
        }
        if case .returnedNil = source {
            // Texture's interop: nil makes the element a UIKit cell (or supplementary view).
            guard dataSource is any ASCollectionDataSourceInterop else { throw .nilNode(indexPath, kind: kind) }
            return .uikitCell
        }
        return source
    }

    @MainActor
    private func supplementaryKinds(in section: Int) -> [String] {
        let asked = dataSource.flatMap { source in DefaultAnswer.implemented { source.collectionNode(collectionNode, supplementaryElementKindsInSection: section) } }
        return asked ?? supplementaryKinds
    }

    private var vertical: Bool { layout.scrollDirection == .vertical }

    /// Texture's item sizing: the delegate's range; else the layout inspector's (or a layout
    /// delegate's, when it knows item sizes); else a flow layout's `itemSize` when it is not the
    /// 50×50 default; else the collection's width less the section insets, any height (transposed
    /// when scrolling horizontally).
    @MainActor
    private func itemRange(at indexPath: IndexPath) throws(CollectionError) -> ASSizeRange {
        try checked(uncheckedItemRange(at: indexPath), at: indexPath, kind: nil)
    }

    @MainActor
    private func uncheckedItemRange(at indexPath: IndexPath) -> ASSizeRange {
        if let delegate, let range = DefaultAnswer.implemented({ delegate.collectionNode(collectionNode, constrainedSizeForItemAt: indexPath) }) {
            return range
        }
        if let inspector = collectionNode.layoutInspector {
            return inspector.collectionView(collectionNode.viewMadeIfNeeded, constrainedSizeForNodeAt: indexPath)
        }
        if let range = layout.constrainedSizeForItem(at: indexPath, in: collectionNode) { return range }
        let flow = layout as? UICollectionViewFlowLayout
        if let flow, flow.itemSize != UICollectionViewFlowLayout.defaultItemSize {
            return ASSizeRange(exactly: flow.itemSize)
        }
        let inset = flow?.sectionInset ?? .zero
        if vertical {
            return ASSizeRange(min: .zero, max: CGSize(width: max(0, viewport.width - inset.left - inset.right), height: .infinity))
        }
        return ASSizeRange(min: .zero, max: CGSize(width: .infinity, height: max(0, viewport.height - inset.top - inset.bottom)))
    }

    /// A flow header's or footer's range: the delegate's, or the reference size, along the scrolling
    /// axis; exactly the collection's width across it. Nil when its maximum length is 0 (no element).
    @MainActor
    private func supplementaryRange(kind: String, section: Int) throws(CollectionError) -> ASSizeRange? {
        guard let range = uncheckedSupplementaryRange(kind: kind, section: section) else { return nil }
        return try checked(range, at: IndexPath(item: 0, section: section), kind: kind)
    }

    @MainActor
    private func uncheckedSupplementaryRange(kind: String, section: Int) -> ASSizeRange? {
        switch collectionNode.layoutInspector.flatMap({ inspectedSupplementary($0, kind: kind, section: section) }) {
        case .absent?: return nil
        case .sized(let range)?: return range
        case nil: break
        }
        let header = kind == UICollectionView.elementKindSectionHeader
        var along: (CGFloat, CGFloat)?
        if let delegate {
            let range = DefaultAnswer.implemented {
                header ? delegate.collectionNode(collectionNode, sizeRangeForHeaderInSection: section)
                       : delegate.collectionNode(collectionNode, sizeRangeForFooterInSection: section)
            }
            if let range { along = vertical ? (range.min.height, range.max.height) : (range.min.width, range.max.width) }
            if along == nil, let flowDelegate = delegate as? any UICollectionViewDelegateFlowLayout {
                let view = collectionNode.viewMadeIfNeeded, layout = collectionNode.collectionViewLayout
                let size = DefaultAnswer.implemented {
                    header ? flowDelegate.collectionView(view, layout: layout, referenceSizeForHeaderInSection: section)
                           : flowDelegate.collectionView(view, layout: layout, referenceSizeForFooterInSection: section)
                }
                if let size { along = vertical ? (size.height, size.height) : (size.width, size.width) }
            }
        }
        if along == nil, let flow = layout as? UICollectionViewFlowLayout {
            let reference = header ? flow.headerReferenceSize : flow.footerReferenceSize
            let length = vertical ? reference.height : reference.width
            along = (length, length)
        }
        guard let (low, high) = along, high.isNaN || high > 0 else { return nil }
        if vertical {
            return ASSizeRange(min: CGSize(width: viewport.width, height: low), max: CGSize(width: viewport.width, height: high))
        }
        return ASSizeRange(min: CGSize(width: low, height: viewport.height), max: CGSize(width: high, height: viewport.height))
    }

    /// What a layout inspector says of a supplementary node (Texture's sizing for custom layouts).
    private enum InspectedSupplementary {
        /// The inspector's counts leave the section without one.
        case absent
        case sized(ASSizeRange)
    }

    /// The layout inspector's say on a supplementary node; nil where it implements none of it.
    @MainActor
    private func inspectedSupplementary(_ inspector: any ASCollectionViewLayoutInspecting, kind: String, section: Int) -> InspectedSupplementary? {
        let view = collectionNode.viewMadeIfNeeded
        if let sections = DefaultAnswer.implemented({ inspector.collectionView(view, numberOfSectionsForSupplementaryNodeOfKind: kind) }),
           UInt(section) >= sections {
            return .absent
        }
        if let count = DefaultAnswer.implemented({ inspector.collectionView(view, supplementaryNodesOfKind: kind, inSection: UInt(section)) }) {
            if count == 0 { return .absent }
            if count > 1 {
                WeftDiagnostics.report(.collection, "\(type(of: inspector)).collectionView(_:supplementaryNodesOfKind:inSection:)",
                                       "returned \(count) for kind \"\(kind)\" in section \(section); Weft makes one supplementary node per kind and section, so one was made")
            }
        }
        guard let range = DefaultAnswer.implemented({
            inspector.collectionView(view, constrainedSizeForSupplementaryNodeOfKind: kind, at: IndexPath(item: 0, section: section))
        }) else { return nil }
        return .sized(range)
    }
}
