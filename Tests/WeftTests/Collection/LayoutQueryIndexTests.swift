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

    /// A gallery of 5,000 items: rect, item and supplementary queries equal the scans they replace.
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
        var rng = SeededGenerator(seed: 0x6A1)
        for _ in 0..<200 {
            let rect = Self.randomRect(&rng, extent: layout.collectionViewContentSize.height)
            #expect(Self.same(layout.layoutAttributesForElements(in: rect), all.filter { $0.frame.intersects(rect) }), "\(rect)")
        }
        for item in stride(from: 0, to: 5_000, by: 23) {
            let path = IndexPath(item: item, section: 0)
            #expect(layout.layoutAttributesForItem(at: path) === all.first { $0.representedElementKind == nil && $0.indexPath == path })
        }
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5_000, section: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: -1, section: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(indexes: [0])) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) == nil)
    }
}
