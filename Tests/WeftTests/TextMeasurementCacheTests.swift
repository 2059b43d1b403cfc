import Foundation
import Testing
import Synchronization
@testable import Weft

/// Each test gives its nodes a cache of its own, so the counts are this test's alone.
@Suite struct TextMeasurementCacheTests {
    private static var styles: [NSAttributedString] { [
        TestSupport.attributed("Ada Lovelace", size: 14, weight: .bold),
        TestSupport.attributed("Liked by 1,204 people", size: 14, color: .gray),
        TestSupport.attributed(String(repeating: "A description that goes on for longer than three lines would hold. ", count: 4), size: 14),
    ] }

    private static func node(_ text: NSAttributedString, cache: TextMeasurementCache, lines: UInt = 3) -> ASTextNode {
        let node = ASTextNode()
        node.textState.withLock { $0.measurementCache = cache }
        node.attributedText = text
        node.maximumNumberOfLines = lines
        return node
    }

    /// A feed of 300 text nodes in three styles lays out three shapes; every node gets what a
    /// layout of its own would give.
    @Test func repeatedTextIsLaidOutOnce() {
        let cache = TextMeasurementCache()
        let size = CGSize(width: 358, height: CGFloat.infinity)
        var nodes: [ASTextNode] = []
        for index in 0..<300 {
            let node = Self.node(Self.styles[index % 3], cache: cache)
            #expect(node.layout(in: size) == TextLayoutEngine.layout(node.textState.withLock { $0.request }, in: size))
            nodes.append(node)
        }
        let statistics = cache.statistics
        #expect(statistics.misses == 3)
        #expect(statistics.hits == 297)
        #expect(nodes[2].isTruncated && nodes[2].lineCount == 3)
    }

    /// Whatever changes the layout is in the key: another width, height, line limit, truncation
    /// mode or string, font, or colour (the displayed text carries it) is another layout.
    @Test func everythingTheLayoutReadsIsInTheKey() {
        let cache = TextMeasurementCache()
        let text = Self.styles[2]
        let base = Self.node(text, cache: cache)
        _ = base.layout(in: CGSize(width: 358, height: CGFloat.infinity))
        _ = base.layout(in: CGSize(width: 200, height: CGFloat.infinity))
        _ = base.layout(in: CGSize(width: 200, height: 40))
        _ = Self.node(text, cache: cache, lines: 2).layout(in: CGSize(width: 200, height: 40))
        let middle = Self.node(text, cache: cache, lines: 2)
        middle.truncationMode = .byTruncatingMiddle
        _ = middle.layout(in: CGSize(width: 200, height: 40))
        let more = Self.node(text, cache: cache, lines: 2)
        more.truncationAttributedText = NSAttributedString(string: " more")
        _ = more.layout(in: CGSize(width: 200, height: 40))
        let red = Self.node(TestSupport.attributed(text.string, size: 14, color: .red), cache: cache, lines: 2)
        let redLayout = red.layout(in: CGSize(width: 200, height: 40))
        _ = Self.node(TestSupport.attributed(text.string, size: 15), cache: cache, lines: 2).layout(in: CGSize(width: 200, height: 40))
        #expect(cache.statistics.misses == 8)
        #expect(cache.statistics.hits == 0)
        #expect(redLayout.displayed.runs.first?.style?.color == .red)
    }

    /// The same pixels from a node laid out by the cache as from one laid out alone (a cache that
    /// keeps nothing).
    @Test func cachedLayoutsDrawTheSamePixels() throws {
        let shared = TextMeasurementCache(), none = TextMeasurementCache(entryLimit: 0)
        func png(_ cache: TextMeasurementCache) throws -> Data {
            let node = Self.node(Self.styles[2], cache: cache)
            let size = node.calculateSizeThatFits(CGSize(width: 200, height: CGFloat.infinity))
            node.frame = CGRect(origin: CGPoint(x: 4, y: 4), size: size)
            return try TestSupport.host(CGSize(width: 208, height: size.height + 8), node).renderPNG(scale: 2)
        }
        let first = try png(shared), hit = try png(shared), alone = try png(none)
        #expect(shared.statistics.hits >= 1)
        #expect(none.statistics.entries == 0)
        #expect(hit == first && alone == first)
    }

    /// Least recently used out first, within the entry and byte limits.
    @Test func evictsLeastRecentlyUsed() {
        let cache = TextMeasurementCache(entryLimit: 3)
        let size = CGSize(width: 300, height: CGFloat.infinity)
        let nodes = (0..<4).map { Self.node(TestSupport.attributed("shape \($0)"), cache: cache) }
        func measure(_ index: Int) { nodes[index].textState.withLock { $0.measured = nil }; _ = nodes[index].layout(in: size) }
        measure(0); measure(1); measure(2)
        measure(0)        // a hit: 0 is now the newest, 1 the oldest
        measure(3)        // evicts 1
        #expect(cache.statistics.entries == 3)
        let before = cache.statistics.misses
        measure(0); measure(2); measure(3)
        #expect(cache.statistics.misses == before)
        measure(1)
        #expect(cache.statistics.misses == before + 1)

        let small = TextMeasurementCache(byteLimit: 256 * 1_024)
        _ = Self.node(TestSupport.attributed(String(repeating: "long ", count: 200)), cache: small).layout(in: size)
        #expect(small.statistics.entries == 0, "a layout over a sixty-fourth of the bytes is not kept")
        for index in 0..<400 { _ = Self.node(TestSupport.attributed("item \(index)"), cache: small).layout(in: size) }
        #expect(small.statistics.bytes <= 256 * 1_024 && small.statistics.entries > 100 && small.statistics.entries < 400)
    }

    /// Many threads measuring the same shapes get the uncached layouts.
    @Test func concurrentLookupsAgreeWithUncachedLayouts() {
        let cache = TextMeasurementCache(entryLimit: 8)
        let widths: [CGFloat] = [120, 180, 240, 300]
        let expected = widths.flatMap { width in Self.styles.map { text in
            TextLayoutEngine.layout(Self.node(text, cache: cache).textState.withLock { $0.request }, in: CGSize(width: width, height: CGFloat.infinity))
        } }
        // The nodes (and their attributed strings) are made here: Foundation on Linux is not safe
        // building attributed strings on many threads at once; only the measuring is concurrent.
        let styles = Self.styles
        // Measured by many threads at once, on purpose: nodes guard their own state.
        nonisolated(unsafe) let nodes = (0..<400).map { Self.node(styles[$0 % expected.count % styles.count], cache: cache) }
        let mismatches = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            let shape = index % expected.count
            let node = nodes[index]
            if node.layout(in: CGSize(width: widths[shape / Self.styles.count], height: CGFloat.infinity)) != expected[shape] {
                mismatches.add(1, ordering: .relaxed)
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(cache.statistics.entries <= 8)
    }
}
