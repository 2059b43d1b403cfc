import ArgumentParser
import Foundation
import WeftSamples

/// One `--edit` of `weft frames`: an edit of the sample's posts made before a frame, spelled
/// `FRAME:insert|delete|reload:SECTION:ITEM[xCOUNT]` or `FRAME:move:SECTION:ITEM:SECTION:ITEM`.
/// FRAME counts from 0 (frame 30 is written as frame_00031.png and is the first to show the
/// edit); index paths follow UIKit (deletes, reloads and a move's source before the edit,
/// inserts and a move's destination after it).
struct EditArgument: Equatable, Sendable {
    let frame: Int
    let edit: SampleEdit
    /// The text it was parsed from, for error messages.
    let text: String

    static let syntax = "FRAME:insert|delete|reload:SECTION:ITEM[xCOUNT] or FRAME:move:SECTION:ITEM:SECTION:ITEM"
    /// Items one edit may insert, delete or reload.
    static let maximumCount = 1_000

    /// Parses `text`; throws a `ValidationError` naming the `--edit` value and what is wrong with it.
    init(parsing text: String) throws(ValidationError) {
        self.text = text
        func fail(_ reason: String) -> ValidationError { ValidationError("--edit \"\(text)\": \(reason); write \(Self.syntax)") }
        func number(_ part: Substring, _ what: String) throws(ValidationError) -> Int {
            guard let value = Int(part), value >= 0, value <= 1_000_000 else { throw fail("\(what) must be a whole number 0 to 1000000, not \"\(part)\"") }
            return value
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { throw fail("expected at least a frame and a kind") }
        frame = try number(parts[0], "the frame")
        let kind = parts[1]
        switch kind {
        case "insert", "delete", "reload":
            guard parts.count == 4 else { throw fail("\(kind) takes a section and an item (ITEMxCOUNT for several), not \(parts.count - 2) value\(parts.count == 3 ? "" : "s")") }
            let section = try number(parts[2], "the section")
            let itemAndCount = parts[3].split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
            let item = try number(itemAndCount[0], "the item")
            let count = itemAndCount.count == 2 ? try number(itemAndCount[1], "the count") : 1
            guard (1...Self.maximumCount).contains(count) else { throw fail("the count must be 1 to \(Self.maximumCount), not \(count)") }
            let path = IndexPath(item: item, section: section)
            switch kind {
            case "insert": edit = .insert(path, count: count)
            case "delete": edit = .delete(path, count: count)
            default: edit = .reload(path, count: count)
            }
        case "move":
            guard parts.count == 6 else { throw fail("move takes a section and an item, then the destination's section and item, not \(parts.count - 2) value\(parts.count == 3 ? "" : "s")") }
            edit = .move(IndexPath(item: try number(parts[3], "the item"), section: try number(parts[2], "the section")),
                         to: IndexPath(item: try number(parts[5], "the destination item"), section: try number(parts[4], "the destination section")))
        default:
            throw fail("unknown kind \"\(kind)\"; the kinds are insert, delete, reload and move")
        }
    }
}
