import Foundation
import Testing
@testable import Weft

/// The indexed layout queries give exactly what scanning every attribute gave: the same
/// attributes, in the same order. Not main-actor as a whole: the brute-force comparisons are long
/// and would hold the main actor from the tests that wait on it; only the tests with data sources are.
@Suite struct LayoutQueryIndexTests {
    /// A rect query by a rect no index answers: the plain filter, the reference.
    private static let everything = CGRect(x: -1e9, y: -1e9, width: CGFloat.infinity, height: CGFloat.infinity)

    private static func randomRect(_ rng: inout SeededGenerator, extent: CGFloat) -> CGRect {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return CGRect(x: CGFloat.random(in: -50...extent, using: &rng), y: CGFloat.random(in: -50...extent, using: &rng), width: 0, height: 0)
        case 1: return CGRect(x: -100, y: -100, width: extent * 2, height: extent * 2)
        case 2: return CGRect(x: CGFloat.random(in: 0...extent, using: &rng), y: CGFloat.random(in: 0...extent, using: &rng), width: -40, height: -300)
        default:
            return CGRect(x: CGFloat.random(in: -100...extent, using: &rng), y: CGFloat.random(in: -100...extent, using: &rng),
                          width: CGFloat.random(in: 0...900, using: &rng), height: CGFloat.random(in: 0...900, using: &rng))
        }
    }

    private static func same(_ a: [UICollectionViewLayoutAttributes]?, _ b: [UICollectionViewLayoutAttributes]) -> Bool {
        guard let a, a.count == b.count else { return false }
        return zip(a, b).allSatisfy { $0 === $1 }
    }

    /// Random frames, among them empty, negative, overlapping, enormous and far-flung ones, on both
    /// axes. (Not finite frames are not among them: Foundation's `CGRect.intersects` traps on them,
    /// in the plain filter as in the index.)
    @Test func indexEqualsTheFilterOnRandomFrames() {
        var rng = SeededGenerator(seed: 0x1DE)
        for vertical in [true, false] {
            let attributes = (0..<3_000).map { index -> UICollectionViewLayoutAttributes in
                let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: index, section: 0))
                switch index % 97 {
                case 0: a.frame = CGRect(x: 0, y: -1e7, width: 10, height: 10)
                case 1: a.frame = CGRect(x: 1e7, y: 1e7, width: 10, height: 10)
                case 2: a.frame = CGRect(x: -5, y: -5, width: 40_000, height: 40_000)
                case 3: a.frame = CGRect(x: 300, y: 300, width: -80, height: -80)
                case 4: a.frame = CGRect(x: CGFloat(index), y: CGFloat(index), width: 0, height: 0)
                default:
                    a.frame = CGRect(x: CGFloat.random(in: 0...20_000, using: &rng), y: CGFloat.random(in: 0...20_000, using: &rng),
                                     width: CGFloat.random(in: 0...400, using: &rng), height: CGFloat.random(in: 0...400, using: &rng))
                }
                return a
            }
            let index = LayoutAttributesIndex(attributes, vertical: vertical)
            for _ in 0..<2_000 {
                let rect = Self.randomRect(&rng, extent: 20_000)
                #expect(Self.same(index.attributes(in: rect), attributes.filter { $0.frame.intersects(rect) }), "\(rect), vertical \(vertical)")
            }
            #expect(Self.same(index.attributes(in: Self.everything), attributes.filter { $0.frame.intersects(Self.everything) }))
        }
        // A viewport of a long list looks at what lies near it, not at the whole list.
        let rows = (0..<20_000).map { row -> UICollectionViewLayoutAttributes in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: row, section: 0))
            a.frame = CGRect(x: 0, y: CGFloat(row) * 50, width: 390, height: 48)
            return a
        }
        let list = LayoutAttributesIndex(rows, vertical: true)
        let viewport = CGRect(x: 0, y: 500_000, width: 390, height: 844)
        let examined = list.candidates(in: viewport)?.count ?? rows.count
        #expect(examined < 100, "\(examined) of 20,000 attributes examined for one viewport")
        #expect(list.attributes(in: viewport).map(\.indexPath.item) == Array(10_000...10_016))
        #expect(LayoutAttributesIndex([], vertical: true).attributes(in: CGRect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
    }

    /// A flow layout of 3,000 items of varied sizes in three sections with headers and footers,
    /// scrolling either way: every rect query equals the filter over all attributes.
    @MainActor @Test(arguments: [UICollectionView.ScrollDirection.vertical, .horizontal])
    func flowLayoutQueriesEqualTheFilter(direction: UICollectionView.ScrollDirection) throws {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = direction
        layout.minimumLineSpacing = 3
        let c = BoxCollection(viewport: CGSize(width: 320, height: 480), counts: [1_200, 1, 1_799], layout: layout, headers: 30, footers: 12) {
            CGSize(width: CGFloat(20 + ($0.item * 37) % 140), height: CGFloat(10 + ($0.item * 53) % 90))
        }
        try c.node.loadDataIfNeeded()
        layout.prepareIfNeeded()
        let all = try #require(layout.layoutAttributesForElements(in: Self.everything))
        #expect(all.count == 3_000 + (direction == .vertical ? 6 : 0), "headers and footers are sized by height, so only a vertical flow has them")
        let extent = max(layout.collectionViewContentSize.width, layout.collectionViewContentSize.height)
        var rng = SeededGenerator(seed: 0xF10)
        for _ in 0..<400 {
            let rect = Self.randomRect(&rng, extent: extent)
            #expect(Self.same(layout.layoutAttributesForElements(in: rect), all.filter { $0.frame.intersects(rect) }), "\(rect)")
        }
    }

    /// A long flow layout laid out a few screens at a time (a segment each), as a scroll lays it
    /// out: rect queries equal the filter over all its attributes, and a query for an item or a
    /// section that does not exist answers nil without laying out the rest of the list.
    @MainActor @Test func aFlowLayoutLaidOutInStepsAnswersAsTheFilter() throws {
        let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 2, items: 3_000))
        let node = LazyMeasurementTests.collection(source)
        try node.loadDataIfNeeded()
        let layout = node.collectionViewLayout
        layout.prepareIfNeeded()
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 3_000, section: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 2)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 7)) == nil)
        #expect(source.asked < 100, "\(source.asked) items asked for to answer queries for items that do not exist")
        for step in 0..<200 { _ = layout.layoutAttributesForElements(in: CGRect(x: 0, y: CGFloat(step) * 400, width: 390, height: 600)) }
        let all = try #require(layout.layoutAttributesForElements(in: Self.everything))
        #expect(all.count == 6_002)
        let extent = layout.collectionViewContentSize.height
        var rng = SeededGenerator(seed: 0x5E6)
        for _ in 0..<400 {
            let rect = Self.randomRect(&rng, extent: extent)
            #expect(Self.same(layout.layoutAttributesForElements(in: rect), all.filter { $0.frame.intersects(rect) }), "\(rect)")
        }
    }

    /// The gallery's frames as its old loop over every item computed them: the reference the
    /// per-query arithmetic must equal exactly.
    private static func referenceGallery(vertical: Bool, item: CGSize, line: CGFloat, interitem: CGFloat, inset: UIEdgeInsets,
                                         viewport: CGSize, counts: [Int]) -> [(IndexPath, CGRect)] {
        let crossLength = vertical ? viewport.width - inset.left - inset.right : viewport.height - inset.top - inset.bottom
        let itemAcross = vertical ? item.width : item.height, itemAlong = vertical ? item.height : item.width
        let perLine = max(1, Int(((crossLength + interitem) / (itemAcross + interitem)).rounded(.down)))
        var frames: [(IndexPath, CGRect)] = []
        var along: CGFloat = 0
        for (section, count) in counts.enumerated() {
            along += vertical ? inset.top : inset.left
            for index in 0..<count {
                let a = along + CGFloat(index / perLine) * (itemAlong + line)
                let c = (vertical ? inset.left : inset.top) + CGFloat(index % perLine) * (itemAcross + interitem)
                frames.append((IndexPath(item: index, section: section), CGRect(origin: vertical ? CGPoint(x: c, y: a) : CGPoint(x: a, y: c), size: item)))
            }
            let lines = (count + perLine - 1) / perLine
            along += CGFloat(lines) * itemAlong + CGFloat(max(0, lines - 1)) * line + (vertical ? inset.bottom : inset.right)
        }
        return frames
    }

    /// The gallery's arithmetic equals its old loop and the filter over it, for rect and item
    /// queries, on both axes, over several sections (empty ones among them), fractional sizes,
    /// and negative spacing and insets (where lines do not advance and every item is tested).
    @Test func galleryGeometryEqualsTheLoopAndTheFilter() {
        var rng = SeededGenerator(seed: 0x6A11)
        let cases: [(item: CGSize, line: CGFloat, interitem: CGFloat, inset: UIEdgeInsets, counts: [Int])] = [
            (CGSize(width: 50, height: 40), 4, 6, UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5), [5_000]),
            (CGSize(width: 33.3, height: 17.7), 0.5, 1.25, UIEdgeInsets(top: 12, left: 3, bottom: 30, right: 7), [7, 0, 1_000, 1, 0, 333]),
            (CGSize(width: 400, height: 400), 0, 0, .zero, [3, 3]),
            (CGSize(width: 60, height: 50), -55, -10, UIEdgeInsets(top: -20, left: 0, bottom: -40, right: 0), [200, 50]),
            (CGSize(width: 1, height: 1), 0, 0, .zero, [10_000]),
        ]
        for (number, c) in cases.enumerated() {
            for vertical in [true, false] {
                let viewport = CGSize(width: 330, height: 600)
                let reference = Self.referenceGallery(vertical: vertical, item: c.item, line: c.line, interitem: c.interitem,
                                                      inset: c.inset, viewport: viewport, counts: c.counts)
                let crossLength = vertical ? viewport.width - c.inset.left - c.inset.right : viewport.height - c.inset.top - c.inset.bottom
                let geometry = GalleryLayoutGeometry(vertical: vertical, itemSize: c.item, lineSpacing: c.line, interitemSpacing: c.interitem,
                                                     inset: c.inset, crossLength: crossLength, itemCounts: c.counts)
                let all = geometry.items(in: .infinite)
                #expect(all.map(\.indexPath) == reference.map(\.0) && all.map(\.frame) == reference.map(\.1), "case \(number), vertical \(vertical)")
                let extent = reference.map { vertical ? $0.1.maxY : $0.1.maxX }.max() ?? 0
                for _ in 0..<300 {
                    let rect = Self.randomRect(&rng, extent: extent)
                    let expected = reference.filter { $0.1.intersects(rect) }
                    let got = geometry.items(in: rect)
                    #expect(got.map(\.indexPath) == expected.map(\.0) && got.map(\.frame) == expected.map(\.1), "case \(number), vertical \(vertical), \(rect)")
                }
                for (path, frame) in reference where path.item % 7 == 0 { #expect(geometry.frameForItem(at: path) == frame) }
                #expect(geometry.frameForItem(at: IndexPath(item: c.counts[0], section: 0)) == nil)
                #expect(geometry.frameForItem(at: IndexPath(item: 0, section: c.counts.count)) == nil)
                #expect(geometry.frameForItem(at: IndexPath(item: -1, section: 0)) == nil)
                #expect(geometry.frameForItem(at: IndexPath(indexes: [0])) == nil)
            }
        }
        // A viewport deep in a long gallery answers from the lines it reaches (edges that only
        // touch count, as `CGRect.intersects` counts them), and fast: 1,000 queries at a million
        // items take well under the time one scan of every item took.
        let long = GalleryLayoutGeometry(vertical: true, itemSize: CGSize(width: 100, height: 100), lineSpacing: 0, interitemSpacing: 0,
                                         inset: .zero, crossLength: 300, itemCounts: [1_000_000])
        #expect(long.items(in: CGRect(x: 0, y: 1_000_000, width: 300, height: 250)).map(\.indexPath.item) == Array(29_997..<30_009))
        let clock = ContinuousClock.now
        for step in 0..<1_000 { _ = long.items(in: CGRect(x: 0, y: CGFloat(step) * 3_000, width: 300, height: 2_532)) }
        #expect(ContinuousClock.now - clock < .seconds(5), "1,000 viewport queries of a million-item gallery")
        #expect(long.items(in: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)).isEmpty)
    }

    /// A gallery of 5,000 items behind a collection node: rect, item and supplementary queries
    /// equal the scans over all of its attributes.
    @MainActor @Test func layoutDelegateQueriesEqualTheScans() throws {
        let source = LayoutDelegateTests.GallerySource(count: 5_000)
        let gallery = ASCollectionGalleryLayoutDelegate(scrollableDirections: .verticalDirections)
        gallery.propertiesProvider = source
        let node = ASCollectionNode(layoutDelegate: gallery, layoutFacilitator: nil)
        node.frame = CGRect(x: 0, y: 0, width: 330, height: 600)
        node.dataSource = source
        try node.loadDataIfNeeded()
        let layout = node.collectionViewLayout
        layout.prepareIfNeeded()
        let all = try #require(layout.layoutAttributesForElements(in: Self.everything))
        #expect(all.count == 5_000)
        func key(_ a: [UICollectionViewLayoutAttributes]?) -> [String] { (a ?? []).map { "\($0.indexPath) \($0.frame) \($0.representedElementKind ?? "")" } }
        var rng = SeededGenerator(seed: 0x6A1)
        for _ in 0..<200 {
            let rect = Self.randomRect(&rng, extent: layout.collectionViewContentSize.height)
            #expect(key(layout.layoutAttributesForElements(in: rect)) == key(all.filter { $0.frame.intersects(rect) }), "\(rect)")
        }
        for item in stride(from: 0, to: 5_000, by: 23) {
            let path = IndexPath(item: item, section: 0)
            #expect(key(layout.layoutAttributesForItem(at: path).map { [$0] }) == key(all.filter { $0.representedElementKind == nil && $0.indexPath == path }))
        }
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5_000, section: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: -1, section: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(indexes: [0])) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) == nil)
    }
}
