import Foundation
import Synchronization

/// Text layouts shared across nodes: a feed whose cells repeat the same styled strings (names,
/// labels, "Like") lays each shape out with pango once, whichever node asks. Weft's own, beyond
/// Texture (whose text nodes each keep only their own last measurement).
///
/// The key is everything `TextLayoutEngine.layout` reads: the attributed text (string, every run's
/// font, colours, kern, decorations, baseline offset, the paragraph style), the line limit, the
/// truncation mode and string, and the constrained size on both axes (the height decides how many
/// lines fit). The node's description (`subject`) is not part of the key: it only names the node in
/// diagnostics, and layouts that reported a diagnostic are not cached, so every node that hits that
/// case reports it. A hit returns the value a fresh layout would give (layout is a pure function
/// of the key), so pixels do not change.
///
/// Bounded: at most `WeftLimits.textMeasurementCacheEntries` layouts and
/// `WeftLimits.textMeasurementCacheBytes` of their text, least recently used first out; a layout
/// whose text alone is over a sixty-fourth of the bytes is not kept. Two threads that miss the same
/// key at once both lay it out (the same value; the second insert replaces the first).
///
/// Thread-safe: the entries and counters are behind `state`'s mutex; pango runs outside it.
final class TextMeasurementCache: Sendable {
    /// The cache every text node uses unless given another (tests give their own, to count).
    static let shared = TextMeasurementCache()

    struct Key: Hashable, Sendable {
        let content: TextContent
        let maximumNumberOfLines: Int
        let truncationMode: NSLineBreakMode
        let truncation: TextContent
        let exclusions: [CGRect]
        let width: CGFloat
        let height: CGFloat

        init(_ request: TextLayoutRequest, _ size: CGSize) {
            content = request.content
            maximumNumberOfLines = request.maximumNumberOfLines
            truncationMode = request.truncationMode
            truncation = request.truncation
            exclusions = request.exclusions
            width = size.width
            height = size.height
        }
    }

    private struct Entry {
        let key: Key
        let layout: TextLayout
        let bytes: Int
        var older: Int?
        var newer: Int?
    }

    private struct State {
        var slots: [Entry?] = []
        var free: [Int] = []
        var index: [Key: Int] = [:]
        var newest: Int?
        var oldest: Int?
        var bytes = 0
        var hits = 0
        var misses = 0
    }

    private let state = Mutex(State())
    let entryLimit: Int
    let byteLimit: Int

    init(entryLimit: Int = WeftLimits.textMeasurementCacheEntries, byteLimit: Int = WeftLimits.textMeasurementCacheBytes) {
        self.entryLimit = max(0, entryLimit)
        self.byteLimit = max(0, byteLimit)
    }

    /// How many lookups found a layout, and how many laid one out (each miss is one pango layout).
    var statistics: (hits: Int, misses: Int, entries: Int, bytes: Int) {
        state.withLock { ($0.hits, $0.misses, $0.index.count, $0.bytes) }
    }

    /// The layout of `request` in `size`: the kept one, or `make()`'s, kept when it says so.
    func layout(_ request: TextLayoutRequest, in size: CGSize, make: () -> (layout: TextLayout, cacheable: Bool)) -> TextLayout {
        let key = Key(request, size)
        if let found = state.withLock({ s -> TextLayout? in
            guard let slot = s.index[key] else { return nil }
            s.hits += 1
            Self.touch(slot, in: &s)
            return s.slots[slot]!.layout
        }) {
            return found
        }
        let (layout, cacheable) = make()
        let bytes = Self.cost(key, layout)
        state.withLock { s in
            s.misses += 1
            guard cacheable, entryLimit > 0, bytes <= byteLimit / 64 else { return }
            if let old = s.index[key] { Self.remove(old, from: &s) }
            while s.index.count >= entryLimit || s.bytes + bytes > byteLimit, let oldest = s.oldest { Self.remove(oldest, from: &s) }
            let entry = Entry(key: key, layout: layout, bytes: bytes, older: s.newest, newer: nil)
            let slot: Int
            if let reused = s.free.popLast() { slot = reused; s.slots[slot] = entry } else { slot = s.slots.count; s.slots.append(entry) }
            if let newest = s.newest { s.slots[newest]!.newer = slot }
            s.newest = slot
            if s.oldest == nil { s.oldest = slot }
            s.index[key] = slot
            s.bytes += bytes
        }
        return layout
    }

    /// What an entry holds, over-estimated so the budget bounds resident memory: its strings (the
    /// key's and the displayed one, which share storage when equal but are counted twice), its runs
    /// (a style with its font and colours), the slot and the dictionary entry.
    private static func cost(_ key: Key, _ layout: TextLayout) -> Int {
        let strings = key.content.string.utf8.count + key.truncation.string.utf8.count + layout.displayed.string.utf8.count
        let runs = key.content.runs.count + key.truncation.runs.count + layout.displayed.runs.count
        return 512 + 2 * strings + runs * 192
    }

    private static func touch(_ slot: Int, in s: inout State) {
        guard s.newest != slot else { return }
        unlink(slot, in: &s)
        s.slots[slot]!.older = s.newest
        s.slots[slot]!.newer = nil
        if let newest = s.newest { s.slots[newest]!.newer = slot }
        s.newest = slot
        if s.oldest == nil { s.oldest = slot }
    }

    private static func unlink(_ slot: Int, in s: inout State) {
        let (older, newer) = (s.slots[slot]!.older, s.slots[slot]!.newer)
        if let older { s.slots[older]!.newer = newer } else { s.oldest = newer }
        if let newer { s.slots[newer]!.older = older } else { s.newest = older }
    }

    private static func remove(_ slot: Int, from s: inout State) {
        unlink(slot, in: &s)
        let entry = s.slots[slot]!
        s.index[entry.key] = nil
        s.bytes -= entry.bytes
        s.slots[slot] = nil
        s.free.append(slot)
    }
}
