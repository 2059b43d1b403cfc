import Foundation

/// Why a batch of edits was rejected: the edits and the data source's new counts do not add up,
/// or an index path is out of range or used twice. The collection is left exactly as it was.
///
/// Each message is UIKit's own wording for the same inconsistency (UIKit raises an
/// `NSInternalInconsistencyException` with it and Texture an `ASCollectionInvalidUpdateException`),
/// except that an index path is written without the object address UIKit prints, so messages are
/// deterministic: `{length = 2, path = 0 - 3}`. Sendable value; use from any context.
public enum CollectionUpdateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One edit of a batch, as the app made it: old index paths for deletes, reloads and move
    /// sources, new ones for inserts and move destinations.
    public enum Edit: Equatable, Sendable, CustomStringConvertible {
        case insertSection(Int), deleteSection(Int), reloadSection(Int), moveSection(Int, to: Int)
        case insertItem(IndexPath), deleteItem(IndexPath), reloadItem(IndexPath), moveItem(IndexPath, to: IndexPath)

        public var description: String {
            switch self {
            case .insertSection(let s): return "insertSections([\(s)])"
            case .deleteSection(let s): return "deleteSections([\(s)])"
            case .reloadSection(let s): return "reloadSections([\(s)])"
            case let .moveSection(f, t): return "moveSection(\(f), toSection: \(t))"
            case .insertItem(let p): return "insertItems(at: [\(CollectionUpdateError.path(p))])"
            case .deleteItem(let p): return "deleteItems(at: [\(CollectionUpdateError.path(p))])"
            case .reloadItem(let p): return "reloadItems(at: [\(CollectionUpdateError.path(p))])"
            case let .moveItem(f, t): return "moveItem(at: \(CollectionUpdateError.path(f)), to: \(CollectionUpdateError.path(t)))"
            }
        }
    }

    /// The data source's section count after the batch is not the count before it plus the
    /// sections inserted minus those deleted.
    case invalidSectionCount(after: Int, before: Int, inserted: Int, deleted: Int)
    /// A section's item count after the batch (from the data source) is not its count before plus
    /// inserted minus deleted, plus moved in minus moved out. `section` is its index after the batch.
    case invalidItemCount(section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    /// A delete, reload or move names a section that did not exist before the batch.
    case sectionOutOfRangeBefore(Edit, sections: Int)
    /// An insert or move destination names a section that does not exist after the batch.
    case sectionOutOfRangeAfter(Edit, sections: Int)
    /// A delete, reload or move source names an item that did not exist before the batch
    /// (`items` is its section's count then), or a section that did not (`items` nil).
    case itemOutOfRangeBefore(Edit, sections: Int, items: Int?)
    /// An insert or move destination names an item that does not exist after the batch.
    case itemOutOfRangeAfter(Edit, sections: Int, items: Int?)
    /// Two edits of the batch use the same old index path (or section) or the same new one.
    case conflictingEdits(Edit, Edit)
    /// The data source's counts could not be read (a negative count, or more than `WeftLimits`
    /// allow), or it gave no node for an inserted item.
    case dataSource(CollectionError)
    /// An edit was made while the collection was asking the data source about an earlier one
    /// (from the data source itself, or from another thread at the same moment).
    case editDuringUpdate(Edit?)

    static func path(_ p: IndexPath) -> String {
        p.count == 2 ? "{length = 2, path = \(p.section) - \(p.item)}" : "{length = \(p.count), path = \(p.map(String.init).joined(separator: " - "))}"
    }

    public var description: String {
        switch self {
        case let .invalidSectionCount(after, before, inserted, deleted):
            return "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (\(after)) must be equal to the number of sections contained in the collection view before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case let .invalidItemCount(section, after, before, inserted, deleted, movedIn, movedOut):
            return "Invalid update: invalid number of items in section \(section). The number of items contained in an existing section after the update (\(after)) must be equal to the number of items contained in that section before the update (\(before)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case let .sectionOutOfRangeBefore(edit, sections):
            switch edit {
            case .deleteSection(let s): return "attempt to delete section \(s), but there are only \(sections) sections before the update"
            case .reloadSection(let s): return "attempt to reload section \(s), but there are only \(sections) sections before the update"
            case .moveSection(let s, _): return "attempt to move section \(s), but there are only \(sections) sections before the update"
            default: return "\(edit): there are only \(sections) sections before the update"
            }
        case let .sectionOutOfRangeAfter(edit, sections):
            switch edit {
            case .insertSection(let s): return "attempt to insert section \(s) but there are only \(sections) sections after the update"
            case let .moveSection(f, t): return "attempt to move section \(f) to section \(t), but there are only \(sections) sections after the update"
            default: return "\(edit): there are only \(sections) sections after the update"
            }
        case let .itemOutOfRangeBefore(edit, sections, items):
            switch (edit, items) {
            case (.deleteItem(let p), let items?): return "attempt to delete item \(p.item) from section \(p.section) which only contains \(items) items before the update"
            case (.deleteItem(let p), nil): return "attempt to delete item \(p.item) from section \(p.section), but there are only \(sections) sections before the update"
            case (.reloadItem(let p), let items?): return "attempt to reload item \(p.item) from section \(p.section) which only contains \(items) items before the update"
            case (.reloadItem(let p), nil): return "attempt to reload item \(p.item) from section \(p.section), but there are only \(sections) sections before the update"
            case (.moveItem(let p, _), let items?): return "attempt to move index path (\(Self.path(p))) that does not exist - there are only \(items) items in section \(p.section) before the update"
            case (.moveItem(let p, _), nil): return "attempt to move index path (\(Self.path(p))) that does not exist - there are only \(sections) sections before the update"
            default: return "\(edit): out of range before the update"
            }
        case let .itemOutOfRangeAfter(edit, sections, items):
            switch (edit, items) {
            case (.insertItem(let p), let items?): return "attempt to insert item \(p.item) into section \(p.section), but there are only \(items) items in section \(p.section) after the update"
            case (.insertItem(let p), nil): return "attempt to insert item \(p.item) into section \(p.section), but there are only \(sections) sections after the update"
            case (.moveItem(let f, let t), let items?): return "attempt to move index path (\(Self.path(f))) to index path (\(Self.path(t))) that does not exist - there are only \(items) items in section \(t.section) after the update"
            case (.moveItem(let f, let t), nil): return "attempt to move index path (\(Self.path(f))) to index path (\(Self.path(t))) that does not exist - there are only \(sections) sections after the update"
            default: return "\(edit): out of range after the update"
            }
        case let .conflictingEdits(first, second):
            return Self.conflict(first, second)
        case .dataSource(let error):
            return "Invalid update: the data source's counts after the update could not be used: \(error)"
        case .editDuringUpdate(let edit):
            return "\(edit.map { "\($0)" } ?? "an edit") was made while the collection was asking the data source about an earlier edit (from the data source, or from another thread); make edits on the thread that drives the collection, outside data-source calls"
        }
    }

    private static func conflict(_ a: Edit, _ b: Edit) -> String {
        switch (a, b) {
        case (.deleteItem(let p), .reloadItem), (.reloadItem(let p), .deleteItem):
            return "attempt to delete and reload the same index path (\(path(p)))"
        case (.deleteItem(let p), .moveItem), (.moveItem(let p, _), .deleteItem):
            return "attempt to perform a delete and a move from the same index path (\(path(p)))"
        case (.reloadItem(let p), .moveItem), (.moveItem(let p, _), .reloadItem):
            return "attempt to reload and move the same index path (\(path(p)))"
        case (.insertItem(let p), .moveItem), (.moveItem(_, let p), .insertItem):
            return "attempt to perform an insert and a move to the same index path (\(path(p)))"
        case (.moveItem(let f, let t), .moveItem(let g, let u)):
            return f == g ? "attempt to move index path (\(path(f))) twice" : "attempt to move two index paths (\(path(f)), \(path(g))) to the same index path (\(path(t == u ? t : u)))"
        case (.deleteItem(let p), .deleteItem): return "attempt to delete index path (\(path(p))) twice"
        case (.reloadItem(let p), .reloadItem): return "attempt to reload index path (\(path(p))) twice"
        case (.insertItem(let p), .insertItem): return "attempt to insert index path (\(path(p))) twice"
        case (.deleteSection(let s), .reloadSection), (.reloadSection(let s), .deleteSection):
            return "attempt to delete and reload the same section (\(s))"
        case (.deleteSection(let s), .moveSection), (.moveSection(let s, _), .deleteSection):
            return "attempt to perform a delete and a move from the same section (\(s))"
        case (.reloadSection(let s), .moveSection), (.moveSection(let s, _), .reloadSection):
            return "attempt to reload and move the same section (\(s))"
        case (.insertSection(let s), .moveSection), (.moveSection(_, let s), .insertSection):
            return "attempt to perform an insert and a move to the same section (\(s))"
        case (.moveSection(let f, let t), .moveSection(let g, let u)):
            return f == g ? "attempt to move section \(f) twice" : "attempt to move two sections (\(f), \(g)) to the same section (\(t == u ? t : u))"
        case (.deleteSection(let s), .deleteSection): return "attempt to delete section \(s) twice"
        case (.reloadSection(let s), .reloadSection): return "attempt to reload section \(s) twice"
        case (.insertSection(let s), .insertSection): return "attempt to insert section \(s) twice"
        default: return "attempt to perform \(a) and \(b) on the same index path"
        }
    }
}
