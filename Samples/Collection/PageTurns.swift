import Foundation
import Weft

/// Errors of `CollectionSample.pageTurns(toPage:frames:)`, each naming the value given.
public enum PageTurnsError: Error, CustomStringConvertible, Equatable {
    /// The sample's container is not an `ASPagerNode`.
    case notAPager(sample: String)
    /// The page is not one of the pager's.
    case pageOutOfRange(Int, pages: Int)
    /// Too few frames to turn every page (each turn needs a frame at rest and one moving).
    case tooFewFrames(Int, turns: Int)

    public var description: String {
        switch self {
        case .notAPager(let sample): return "the sample \"\(sample)\" is not a pager (an ASPagerNode); only the pager sample pages"
        case .pageOutOfRange(let page, let pages): return "page \(page) is not one of the pager's \(pages) pages (0 to \(pages - 1))"
        case .tooFewFrames(let frames, let turns): return "\(frames) frames cannot turn \(turns) pages; a turn needs at least 2 frames"
        }
    }
}

extension CollectionSample {
    /// A pager's frames turning one page at a time, as a reader swipes, from the page shown now to
    /// page `index`: each turn rests on its page for a third of its frames, then glides (eased, as
    /// `ASPagerNode.pageSequence(to:frames:curve:)`) to the next page. `frames` in all; the last
    /// shows page `index`. Leaves the offset where it was. Throws for a sample that is not a pager,
    /// a page out of range, or fewer than 2 frames a turn.
    public func pageTurns(toPage index: Int, frames: Int) throws -> FrameSequence {
        guard let pager = collectionNode as? ASPagerNode else { throw PageTurnsError.notAPager(sample: name) }
        try pager.loadDataIfNeeded()
        let pages = pager.numberOfItems(inSection: 0)
        guard (0..<pages).contains(index) else { throw PageTurnsError.pageOutOfRange(index, pages: pages) }
        let start = pager.contentOffset
        defer { pager.contentOffset = start }
        let first = pager.currentPageIndex
        let turns = abs(index - first)
        if turns == 0 { return try FrameSequence.scroll(from: start, to: start, frames: frames) }
        guard frames >= 2 * turns else { throw PageTurnsError.tooFewFrames(frames, turns: turns) }
        var offsets: [CGPoint] = []
        let step = index > first ? 1 : -1
        for turn in 0..<turns {
            let count = frames / turns + (turn == turns - 1 ? frames % turns : 0)
            let rest = max(1, count / 3)
            pager.scrollToPage(at: first + turn * step, animated: false)
            offsets += Array(repeating: pager.contentOffset, count: rest)
            // The glide's first frame is the page at rest again; the rest moves.
            offsets += try pager.pageSequence(to: first + (turn + 1) * step, frames: count - rest + 1).offsets.dropFirst()
        }
        return try FrameSequence(validating: offsets)
    }
}
