import Foundation

/// Validates a batch against the counts before it and the data source's counts after it, with
/// UIKit's rules and messages, and plans the map after it. Pure: nothing changes until a batch
/// has passed, so a rejected batch leaves the collection exactly as it was.
///
/// Texture's rules for edits inside sections changed by the same batch: item edits in a deleted
/// or reloaded section (old side) or an inserted or reloaded one (new side) are dropped, since the
/// whole section is made again; a move out of such a section becomes an insert at its
/// destination, a move into one a delete of its source. Moved items and sections keep their
/// elements (and nodes). Sendable; use from any context.
enum ChangeSetPlanner {
    typealias Edit = CollectionUpdateError.Edit

    static func plan(_ changes: CollectionChangeSet, before: [Int], after: [Int]) throws(CollectionUpdateError) -> ChangeSetPlan {
        let n = before.count, m = after.count
        // Sections: ranges, then conflicts, then the count.
        var oldUse: [Int: Edit] = [:], newUse: [Int: Edit] = [:]
        var deleted = Set<Int>(), reloaded = Set<Int>(), inserted = Set<Int>(), moves: [(Int, Int)] = []
        func claimOld(_ s: Int, _ edit: Edit) throws(CollectionUpdateError) {
            if let other = oldUse[s] { throw .conflictingEdits(other, edit) }
            oldUse[s] = edit
        }
        func claimNew(_ s: Int, _ edit: Edit) throws(CollectionUpdateError) {
            if let other = newUse[s] { throw .conflictingEdits(other, edit) }
            newUse[s] = edit
        }
        for edit in changes.edits {
            switch edit {
            case .deleteSection(let s):
                guard s >= 0, s < n else { throw .sectionOutOfRangeBefore(edit, sections: n) }
                try claimOld(s, edit); deleted.insert(s)
            case .reloadSection(let s):
                guard s >= 0, s < n else { throw .sectionOutOfRangeBefore(edit, sections: n) }
                try claimOld(s, edit); reloaded.insert(s)
            case .insertSection(let s):
                guard s >= 0, s < m else { throw .sectionOutOfRangeAfter(edit, sections: m) }
                try claimNew(s, edit); inserted.insert(s)
            case let .moveSection(f, t):
                guard f >= 0, f < n else { throw .sectionOutOfRangeBefore(edit, sections: n) }
                guard t >= 0, t < m else { throw .sectionOutOfRangeAfter(edit, sections: m) }
                try claimOld(f, edit); try claimNew(t, edit); moves.append((f, t))
            default: break
            }
        }
        guard m == n - deleted.count + inserted.count else {
            throw .invalidSectionCount(after: m, before: n, inserted: inserted.count, deleted: deleted.count)
        }
        var sections = [ChangeSetPlan.Source?](repeating: nil, count: m)
        for s in inserted { sections[s] = .fresh }
        for (f, t) in moves { sections[t] = .kept(f) }
        let movedFrom = Set(moves.map(\.0))
        var survivors = (0..<n).filter { !deleted.contains($0) && !movedFrom.contains($0) }.makeIterator()
        var reloadedSections: [Int: Int] = [:]
        for s in 0..<m where sections[s] == nil {
            guard let old = survivors.next() else { break }
            if reloaded.contains(old) { reloadedSections[s] = old }
            sections[s] = reloaded.contains(old) ? .fresh : .kept(old)
        }
        let plannedSections = sections.map { $0 ?? .fresh }
        var oldToNew: [Int: Int] = [:]
        for (s, source) in plannedSections.enumerated() { if case .kept(let o) = source { oldToNew[o] = s } }

        // Items: ranges and conflicts on every edit, as UIKit checks them, before any is dropped.
        var oldPaths: [IndexPath: Edit] = [:], newPaths: [IndexPath: Edit] = [:]
        func validOld(_ p: IndexPath, _ edit: Edit) throws(CollectionUpdateError) {
            guard p.count == 2, p.section >= 0, p.section < n else { throw .itemOutOfRangeBefore(edit, sections: n, items: nil) }
            guard p.item >= 0, p.item < before[p.section] else { throw .itemOutOfRangeBefore(edit, sections: n, items: before[p.section]) }
            if let other = oldPaths[p] { throw .conflictingEdits(other, edit) }
            oldPaths[p] = edit
        }
        func validNew(_ p: IndexPath, _ edit: Edit) throws(CollectionUpdateError) {
            guard p.count == 2, p.section >= 0, p.section < m else { throw .itemOutOfRangeAfter(edit, sections: m, items: nil) }
            guard p.item >= 0, p.item < after[p.section] else { throw .itemOutOfRangeAfter(edit, sections: m, items: after[p.section]) }
            if let other = newPaths[p] { throw .conflictingEdits(other, edit) }
            newPaths[p] = edit
        }
        var removals: [IndexPath] = [], reloads: [IndexPath] = [], insertions: [IndexPath] = [], itemMoves: [(IndexPath, IndexPath)] = []
        for edit in changes.edits {
            switch edit {
            case .deleteItem(let p): try validOld(p, edit); removals.append(p)
            case .reloadItem(let p): try validOld(p, edit); reloads.append(p)
            case .insertItem(let p): try validNew(p, edit); insertions.append(p)
            case let .moveItem(f, t): try validOld(f, edit); try validNew(t, edit); itemMoves.append((f, t))
            default: break
            }
        }
        let oldKept = { (s: Int) in oldToNew[s] != nil }
        let newKept = { (s: Int) -> Bool in if case .kept = plannedSections[s] { return true } else { return false } }
        // Per kept section after the batch: fixed slots, removed old items, reloaded ones, counts.
        var fixed: [Int: [Int: ChangeSetPlan.ItemSource]] = [:]
        var removed: [Int: Set<Int>] = [:], renewed: [Int: Set<Int>] = [:]
        var insertCount: [Int: Int] = [:], deleteCount: [Int: Int] = [:], movedIn: [Int: Int] = [:], movedOut: [Int: Int] = [:]
        for p in removals where oldKept(p.section) { removed[p.section, default: []].insert(p.item); deleteCount[p.section, default: 0] += 1 }
        for p in reloads where oldKept(p.section) { renewed[p.section, default: []].insert(p.item) }
        for p in insertions where newKept(p.section) { fixed[p.section, default: [:]][p.item] = .fresh; insertCount[p.section, default: 0] += 1 }
        for (f, t) in itemMoves {
            switch (oldKept(f.section), newKept(t.section)) {
            case (true, true):
                removed[f.section, default: []].insert(f.item)
                fixed[t.section, default: [:]][t.item] = .kept(f)
                if oldToNew[f.section] != t.section { movedOut[f.section, default: 0] += 1; movedIn[t.section, default: 0] += 1 }
            case (false, true):
                fixed[t.section, default: [:]][t.item] = .fresh
                insertCount[t.section, default: 0] += 1
            case (true, false):
                removed[f.section, default: []].insert(f.item)
                deleteCount[f.section, default: 0] += 1
            case (false, false): break
            }
        }
        var items: [[ChangeSetPlan.ItemSource]] = []
        var reloadedItems: [IndexPath: IndexPath] = [:]
        for (s, source) in plannedSections.enumerated() {
            guard case .kept(let o) = source else { items.append([]); continue }
            let expected = before[o] + (insertCount[s] ?? 0) - (deleteCount[o] ?? 0) + (movedIn[s] ?? 0) - (movedOut[o] ?? 0)
            guard after[s] == expected else {
                throw .invalidItemCount(section: s, after: after[s], before: before[o], inserted: insertCount[s] ?? 0, deleted: deleteCount[o] ?? 0,
                                        movedIn: movedIn[s] ?? 0, movedOut: movedOut[o] ?? 0)
            }
            let gone = removed[o] ?? [], fresh = renewed[o] ?? [], slots = fixed[s] ?? [:]
            var survivors = (0..<before[o]).filter { !gone.contains($0) }.makeIterator()
            var row: [ChangeSetPlan.ItemSource] = []
            row.reserveCapacity(after[s])
            for j in 0..<after[s] {
                if let slot = slots[j] { row.append(slot); continue }
                guard let old = survivors.next() else { row.append(.fresh); continue }
                if fresh.contains(old) { reloadedItems[IndexPath(item: j, section: s)] = IndexPath(item: old, section: o) }
                row.append(fresh.contains(old) ? .fresh : .kept(IndexPath(item: old, section: o)))
            }
            items.append(row)
        }
        return ChangeSetPlan(sections: plannedSections, items: items, reloadedSections: reloadedSections, reloadedItems: reloadedItems)
    }
}
