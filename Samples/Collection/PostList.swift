import Foundation
import Synchronization
import Weft

/// The posts of a feed sample, as identifiers per section, which scripted edits and batch fetches
/// change: each edit updates this list first, then tells the collection, as an app updates its
/// model before `insertItems(at:)`. A post's content comes from its identifier, so the same list
/// draws the same feed. Sendable: the list is behind a mutex (a batch fetch appends from its
/// background queue while scripted edits run on the main actor).
public final class PostList: Sendable {
    private struct State {
        var sections: [[Int]]
        var nextID: Int
    }

    private let state: Mutex<State>

    /// `sections` × `itemsPerSection` posts numbered 0, 1, 2… in order.
    init(sections: Int, itemsPerSection: Int) {
        let ids = (0..<sections).map { s in Array((s * itemsPerSection)..<((s + 1) * itemsPerSection)) }
        state = Mutex(State(sections: ids, nextID: sections * itemsPerSection))
    }

    var numberOfSections: Int { state.withLock { $0.sections.count } }
    func count(inSection section: Int) -> Int { state.withLock { $0.sections.indices.contains(section) ? $0.sections[section].count : 0 } }
    func id(at indexPath: IndexPath) -> Int { state.withLock { $0.sections[indexPath.section][indexPath.item] } }
    /// All identifiers, per section.
    public var ids: [[Int]] { state.withLock { $0.sections } }

    /// Applies `edit` to the list, giving inserted and reloaded posts fresh identifiers; throws
    /// (changing nothing) when an index path is outside the list.
    func apply(_ edit: SampleEdit) throws(SampleEditError) {
        try state.withLock { (s: inout State) throws(SampleEditError) in
            /// `count` existing posts from `path`.
            func check(_ path: IndexPath, count: Int) throws(SampleEditError) {
                guard s.sections.indices.contains(path.section) else { throw .sectionOutOfRange(edit, sections: s.sections.count) }
                let items = s.sections[path.section].count
                guard path.item >= 0, count >= 1, path.item + count <= items else { throw .itemsOutOfRange(edit, items: items) }
            }
            func fresh(_ count: Int) -> [Int] {
                defer { s.nextID += count }
                return Array(s.nextID..<(s.nextID + count))
            }
            switch edit {
            case let .insert(path, count):
                guard s.sections.indices.contains(path.section) else { throw .sectionOutOfRange(edit, sections: s.sections.count) }
                let items = s.sections[path.section].count
                guard path.item >= 0, path.item <= items, count >= 1 else { throw .itemsOutOfRange(edit, items: items) }
                s.sections[path.section].insert(contentsOf: fresh(count), at: path.item)
            case let .delete(path, count):
                try check(path, count: count)
                s.sections[path.section].removeSubrange(path.item..<(path.item + count))
            case let .reload(path, count):
                try check(path, count: count)
                s.sections[path.section].replaceSubrange(path.item..<(path.item + count), with: fresh(count))
            case let .move(from, to):
                try check(from, count: 1)
                guard s.sections.indices.contains(to.section) else { throw .sectionOutOfRange(edit, sections: s.sections.count) }
                // The destination counts after the move: the source's section has one item less.
                let items = s.sections[to.section].count - (to.section == from.section ? 1 : 0)
                guard to.item >= 0, to.item <= items else { throw .itemsOutOfRange(edit, items: items + 1) }
                let id = s.sections[from.section].remove(at: from.item)
                s.sections[to.section].insert(id, at: to.item)
            }
        }
    }

    /// Appends `count` fresh posts to the last section; returns their index paths.
    func append(_ count: Int) -> [IndexPath] {
        state.withLock { s in
            guard !s.sections.isEmpty else { return [] }
            let section = s.sections.count - 1, start = s.sections[section].count
            s.sections[section] += Array(s.nextID..<(s.nextID + count))
            s.nextID += count
            return (start..<(start + count)).map { IndexPath(item: $0, section: section) }
        }
    }
}
