import Foundation

/// One validated batch, ready to become an element map: its plan, the fresh elements the data
/// source gave for it (node blocks and ranges, no node yet) and the counts it was validated
/// against. Built into a map over the map before it (`map(over:)`) when that map is known: at
/// once, or, for a batch held during a load or relayout, when that ends. Sendable value.
struct PlannedBatch: Sendable {
    let changes: CollectionChangeSet
    let plan: ChangeSetPlan
    /// The item counts per section the batch was validated against: the map it is built over
    /// must have them.
    let before: [Int]
    /// Per section after the batch: the whole section when it is fresh, else its fresh items in
    /// order (the `.fresh` slots of `plan.items`).
    let freshSections: [ASElementMap.Section?]
    let freshItems: [[ASCollectionElement]]
    /// Per section after the batch that a `moveSection` brought there: the context asked for it
    /// anew, as Texture's move (a delete and an insert) asks it.
    let movedContexts: [Int: SectionContextBox]
    /// The nodes the fresh elements were handed ready: a reload's node kept for a new model (see
    /// `CollectionDataLoader.resolvedItem`), or one the data source returned. They stay in the
    /// collection, so `clearIndexPaths` leaves them.
    let keptNodes: Set<ObjectIdentifier>
    /// How the fresh nodes are made when the batch is applied (see `CollectionDataLoader.eager`).
    let eager: Bool
    let serial: Bool
    /// The viewport the fresh elements' ranges were asked for.
    let viewport: CGSize

    /// The counts after the batch.
    var after: [Int] {
        plan.sections.indices.map { s in freshSections[s]?.items.count ?? plan.items[s].count }
    }

    /// Every fresh element, supplementary ones included.
    var freshElements: [ASCollectionElement] {
        freshSections.compactMap { $0 }.flatMap { Array($0.supplementary.values) + $0.items } + freshItems.joined()
    }

    /// Asks the data source, through `loader`, for the fresh elements of `plan` (on the main actor,
    /// where the data source lives), in Texture's order: the contexts of the sections the batch
    /// inserts, reloads or moves, then the items, ascending. `previous` is the map the batch will
    /// be built over when it is known now (nil while a load or relayout holds it): the nodes made
    /// for the items and sections it reloads are offered the new node models (see
    /// `CollectionDataLoader.resolvedItem`).
    @MainActor
    static func asking(_ loader: CollectionDataLoader, changes: CollectionChangeSet, plan: ChangeSetPlan, before: [Int],
                       after: [Int], previous: ASElementMap?) throws(CollectionError) -> PlannedBatch {
        let movedTo = Set(changes.edits.compactMap { edit -> Int? in if case .moveSection(_, let to) = edit { to } else { nil } })
        var freshContexts: [Int: SectionContextBox] = [:]
        var movedContexts: [Int: SectionContextBox] = [:]
        for (s, source) in plan.sections.enumerated() {
            switch source {
            case .fresh: freshContexts[s] = loader.sectionContext(s)
            case .kept where movedTo.contains(s): movedContexts[s] = loader.sectionContext(s)
            case .kept: break
            }
        }
        var sections: [ASElementMap.Section?] = []
        var items: [[ASCollectionElement]] = []
        for (s, source) in plan.sections.enumerated() {
            switch source {
            case .fresh:
                let replacing = plan.reloadedSections[s].map { old in
                    (0..<after[s]).map { madeNode(in: previous, at: IndexPath(item: $0, section: old)) }
                } ?? []
                sections.append(try loader.sectionEntry(s, count: after[s], context: freshContexts[s], replacing: replacing))
                items.append([])
            case .kept:
                sections.append(nil)
                var fresh: [ASCollectionElement] = []
                for (j, item) in plan.items[s].enumerated() where item == .fresh {
                    let path = IndexPath(item: j, section: s)
                    fresh.append(try loader.itemElement(at: path, replacing: plan.reloadedItems[path].flatMap { madeNode(in: previous, at: $0) }))
                }
                items.append(fresh)
            }
        }
        var keptNodes = Set<ObjectIdentifier>()
        func noteNode(of element: ASCollectionElement) {
            guard !element.isDeferred, case .node(let node) = element.source else { return }
            keptNodes.insert(ObjectIdentifier(node))
        }
        for case let section? in sections { section.items.forEachExisting { noteNode(of: $1) } }
        for element in items.joined() { noteNode(of: element) }
        return PlannedBatch(changes: changes, plan: plan, before: before, freshSections: sections, freshItems: items, movedContexts: movedContexts,
                            keptNodes: keptNodes, eager: loader.eager, serial: loader.serialize, viewport: loader.viewport)
    }

    /// The node made for the item at `indexPath` of `map`, if any; asks and makes nothing.
    private static func madeNode(in map: ASElementMap?, at indexPath: IndexPath) -> ASCellNode? {
        guard let map, map.sections.indices.contains(indexPath.section) else { return nil }
        return map.sections[indexPath.section].items.existingElement(at: indexPath.item)?.allocatedNode
    }

    /// The map after the batch, made over `map` (kept elements are the same objects); nil when
    /// `map` does not have the counts the batch was validated against.
    func map(over map: ASElementMap) -> ASElementMap? {
        guard map.sections.map(\.items.count) == before else { return nil }
        var result = ASElementMap()
        result.sections.reserveCapacity(plan.sections.count)
        for (s, source) in plan.sections.enumerated() {
            switch source {
            case .fresh:
                // Planned fresh, so asked fresh (see `asking`).
                result.sections.append(freshSections[s] ?? ASElementMap.Section())
            case .kept(let o):
                var entry = ASElementMap.Section()
                entry.supplementary = map.sections[o].supplementary
                entry.context = movedContexts[s] ?? map.sections[o].context
                // Items as they were: the same list, so a long list's items not read yet stay unmade.
                if let whole = Self.wholeSection(plan.items[s], in: map) {
                    entry.items = map.sections[whole].items
                    result.sections.append(entry)
                    continue
                }
                entry.items.reserveCapacity(plan.items[s].count)
                var fresh = freshItems[s].makeIterator()
                for item in plan.items[s] {
                    switch item {
                    case .kept(let p): entry.items.append(map.sections[p.section].items[p.item])
                    // One fresh element was asked per `.fresh` slot, in order.
                    case .fresh: if let element = fresh.next() { entry.items.append(element) }
                    }
                }
                result.sections.append(entry)
            }
        }
        return result
    }

    /// Takes the index path from the nodes of `old`'s elements the batch removed (deleted, or
    /// reloaded with a fresh node; not a node a reload kept): they are in no section now, as
    /// Texture's cells, whose index path is looked up, are not.
    func clearIndexPaths(ofNodesRemovedFrom old: ASElementMap) {
        var keptSections = Set<Int>(), keptItems = Set<IndexPath>()
        for (s, source) in plan.sections.enumerated() {
            guard case .kept(let o) = source else { continue }
            keptSections.insert(o)
            for case .kept(let path) in plan.items[s] { keptItems.insert(path) }
        }
        for (section, entry) in old.sections.enumerated() {
            let keptSection = keptSections.contains(section)
            if !keptSection { for element in entry.supplementary.values { element.allocatedNode?.indexPath = nil } }
            entry.items.forEachExisting { item, element in
                guard !keptSection || !keptItems.contains(IndexPath(item: item, section: section)),
                      let node = element.allocatedNode, !keptNodes.contains(ObjectIdentifier(node)) else { return }
                node.indexPath = nil
            }
        }
    }

    /// The section of `map` whose items `sources` are, all and in order, if they are.
    private static func wholeSection(_ sources: [ChangeSetPlan.ItemSource], in map: ASElementMap) -> Int? {
        guard case .kept(let first) = sources.first ?? .fresh, map.sections[first.section].items.count == sources.count else { return nil }
        for (item, source) in sources.enumerated() {
            guard case .kept(let p) = source, p.section == first.section, p.item == item else { return nil }
        }
        return first.section
    }
}
