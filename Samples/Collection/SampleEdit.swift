import Foundation
import Weft

/// An edit of an editable sample's posts, as the command line's `--edit` spells it: insert,
/// delete or reload `count` items from an index path, or move one item. Index paths follow UIKit:
/// deletes, reloads and a move's source before the edit, inserts and a move's destination after
/// it. Sendable value.
public enum SampleEdit: Sendable, Equatable, CustomStringConvertible {
    case insert(IndexPath, count: Int)
    case delete(IndexPath, count: Int)
    case reload(IndexPath, count: Int)
    case move(IndexPath, to: IndexPath)

    public var description: String {
        func path(_ p: IndexPath) -> String { "section \(p.section), item \(p.item)" }
        switch self {
        case let .insert(p, count): return "insert \(count) at \(path(p))"
        case let .delete(p, count): return "delete \(count) from \(path(p))"
        case let .reload(p, count): return "reload \(count) from \(path(p))"
        case let .move(from, to): return "move \(path(from)) to \(path(to))"
        }
    }

    /// The collection's edit for this change, made in one batch, animated or not.
    @MainActor
    func perform(on node: ASCollectionNode, animated: Bool) {
        func paths(_ start: IndexPath, _ count: Int) -> [IndexPath] {
            (start.item..<(start.item + count)).map { IndexPath(item: $0, section: start.section) }
        }
        node.performBatch(animated: animated, updates: {
            switch self {
            case let .insert(p, count): node.insertItems(at: paths(p, count))
            case let .delete(p, count): node.deleteItems(at: paths(p, count))
            case let .reload(p, count): node.reloadItems(at: paths(p, count))
            case let .move(from, to): node.moveItem(at: from, to: to)
            }
        })
    }
}

/// Why a sample edit could not be made; nothing changed. Sendable value.
public enum SampleEditError: Error, Equatable, CustomStringConvertible {
    /// The sample's data source is fixed.
    case notEditable(sample: String, editable: [String])
    /// The edit names a section the sample does not have.
    case sectionOutOfRange(SampleEdit, sections: Int)
    /// The edit names items past the end of its section (`items` long).
    case itemsOutOfRange(SampleEdit, items: Int)

    public var description: String {
        switch self {
        case let .notEditable(sample, editable):
            return "the sample \"\(sample)\" cannot be edited; the editable samples are \(editable.joined(separator: ", "))"
        case let .sectionOutOfRange(edit, sections):
            return "cannot \(edit): the sample has \(sections) section\(sections == 1 ? "" : "s")"
        case let .itemsOutOfRange(edit, items):
            return "cannot \(edit): the section has \(items) item\(items == 1 ? "" : "s")"
        }
    }
}
