import Foundation
import Testing
@testable import Weft

/// A data source over a model of item identities: each item is a box whose colour and size
/// follow its identity, so two collections over the same model draw the same pixels. Counts the
/// node blocks it is asked for; an identity in `missing` gets no node block.
final class ModelBoxSource: ASCollectionDataSource, ASCollectionDelegate {
    var sections: [[Int]]
    var missing: Set<Int> = []
    private(set) var asked = 0
    /// Node blocks asked for at an index path the model does not have (Texture never asks so;
    /// a typical data source would trap on it).
    private(set) var askedOutOfRange = 0
    /// Runs at the start of each node block, on its node-creation thread.
    var blockHook: (@Sendable (Int) -> Void)?

    init(sections: [[Int]]) { self.sections = sections }

    nonisolated static func size(of identity: Int) -> CGSize {
        // Two or three boxes to a 390 pt line, of varied heights: lines that depend on their items.
        CGSize(width: CGFloat(110 + identity % 3 * 20), height: CGFloat(30 + identity % 7 * 9))
    }

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int { sections.count }
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { sections[section].count }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock? {
        asked += 1
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].indices.contains(indexPath.item) else {
            askedOutOfRange += 1
            return nil
        }
        let identity = sections[indexPath.section][indexPath.item]
        guard !missing.contains(identity) else { return nil }
        let hook = blockHook
        return {
            hook?(identity)
            return BoxCell(index: identity, size: Self.size(of: identity))
        }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNodeBlock {
        let section = indexPath.section
        return {
            let header = ASCellNode()
            header.backgroundColor = UIColor(white: CGFloat(section % 5) / 5, alpha: 1)
            return header
        }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForHeaderInSection section: Int) -> ASSizeRange {
        ASSizeRange(min: CGSize(width: 0, height: 24), max: CGSize(width: CGFloat.infinity, height: 24))
    }
}

@MainActor @Suite struct LazyMeasurementTests {
    static let viewport = CGSize(width: 390, height: 600)

    /// Measuring ahead in the background is off unless asked for (`measuringAhead`): these tests
    /// count node blocks and nodes, which it would change while they count.
    static func collection(_ source: ModelBoxSource, threshold: Int? = nil, measuringAhead: Int = 0) -> ASCollectionNode {
        let layout = UICollectionViewFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 6, left: 4, bottom: 6, right: 4)
        let node = ASCollectionNode(frame: CGRect(origin: .zero, size: viewport), collectionViewLayout: layout)
        if let threshold { node.lazyMeasurementThreshold = threshold }
        node.backgroundMeasurementLimit = measuringAhead
        node.registerSupplementaryNode(ofKind: UICollectionView.elementKindSectionHeader)
        node.dataSource = source
        node.delegate = source
        return node
    }

    static func model(sections: Int, items: Int) -> [[Int]] {
        (0..<sections).map { s in (0..<items).map { s * items + $0 } }
    }

    @Test func theFirstFrameOfALongListMakesOnlyWhatItShowsAndItsRanges() throws {
        let source = ModelBoxSource(sections: Self.model(sections: 10, items: 10_000))
        let node = Self.collection(source)
        let frame = try node.snapshot(scale: 1)
        #expect(frame.pixelWidth == 390)
        // 100,000 items: a screen shows a few dozen; the minimum ranges and the measuring chunks add a few more.
        #expect(node.elements.allocatedNodes.count < 300)
        #expect(source.asked < 300)
        #expect(node.numberOfItems(inSection: 9) == 10_000)
    }

    @Test func aShortListIsMeasuredWholeAsInTexture() throws {
        let source = ModelBoxSource(sections: Self.model(sections: 2, items: 200))
        let node = Self.collection(source)
        try node.loadDataIfNeeded()
        #expect(source.asked == 400)
        #expect(node.elements.allocatedNodes.count == 402)
    }

    @Test func lazyFramesAreTheEagerFramesAtAnyOffset() throws {
        let model = Self.model(sections: 3, items: 1_000)
        let lazySource = ModelBoxSource(sections: model), eagerSource = ModelBoxSource(sections: model)
        let lazy = Self.collection(lazySource, threshold: 0), eager = Self.collection(eagerSource, threshold: .max)
        let end = eager.contentSize.height - Self.viewport.height
        // Deep first: the lazy layout jumps there without a frame in between.
        for y in [end * 0.5, 0, 1234.5, end * 0.35, end] {
            let a = try lazy.snapshot(at: CGPoint(x: 0, y: y), scale: 2), b = try eager.snapshot(at: CGPoint(x: 0, y: y), scale: 2)
            #expect(a.hasSamePixels(as: b), "offset \(y)")
            // Half way down, about half the list is measured.
            if y == end * 0.5 { #expect(lazySource.asked < 2_000) }
        }
        #expect(lazy.contentSize == eager.contentSize)
        let last = IndexPath(item: 999, section: 2)
        #expect(lazy.collectionViewLayout.layoutAttributesForItem(at: last)?.frame == eager.collectionViewLayout.layoutAttributesForItem(at: last)?.frame)
    }

    @Test func editsOnALazyListAskForTheItemsOfTheNewModel() throws {
        let model = Self.model(sections: 1, items: 800)
        let source = ModelBoxSource(sections: model)
        let lazy = Self.collection(source, threshold: 0)
        _ = try lazy.snapshot(scale: 1)
        let before = source.asked
        // Items near 400 were never asked for; after the edit they sit 3 places later.
        lazy.performBatchUpdates({
            source.sections[0].insert(contentsOf: [9_001, 9_002, 9_003, 9_004, 9_005], at: 0)
            source.sections[0].removeSubrange(10..<12)
            lazy.insertItems(at: (0..<5).map { IndexPath(item: $0, section: 0) })
            lazy.deleteItems(at: [IndexPath(item: 5, section: 0), IndexPath(item: 6, section: 0)])
        })
        let y = try #require(lazy.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 400, section: 0))).frame.minY
        let freshSource = ModelBoxSource(sections: source.sections)
        let fresh = Self.collection(freshSource, threshold: .max)
        let a = try lazy.snapshot(at: CGPoint(x: 0, y: y), scale: 1), b = try fresh.snapshot(at: CGPoint(x: 0, y: y), scale: 1)
        // What lies above item 400 is measured; nothing past the frame's ranges.
        #expect(source.asked - before < 600)
        #expect(a.hasSamePixels(as: b))
        #expect(lazy.visibleNodes.map(\.debugName) == fresh.visibleNodes.map(\.debugName))
        #expect(lazy.visibleNodes.map(\.frame) == fresh.visibleNodes.map(\.frame))
        #expect(lazy.contentSize == fresh.contentSize)
        #expect(lazy.nodeForItem(at: IndexPath(item: 400, section: 0))?.debugName == "box \(source.sections[0][400])")
    }

    /// A deferred load makes no element for an item until it is read; a batch keeps a section it
    /// leaves as it was without making its elements, and every item keeps its element (the same
    /// object through every copy of the map) and takes its new place, made before the batch or after.
    @Test func deferredItemsGetElementsWhenReadAndKeepThemThroughBatches() throws {
        let source = ModelBoxSource(sections: Self.model(sections: 3, items: 2_000))
        let node = Self.collection(source, threshold: 0)
        _ = try node.snapshot(scale: 1)
        #expect(node.elements.sections[2].items.existing.isEmpty)
        #expect(node.elements.existingElements.count < 300)
        let early = try #require(node.elements.element(at: IndexPath(item: 1_500, section: 1)))
        node.performBatchUpdates({
            source.sections.insert([9_000], at: 0)
            source.sections[2].insert(9_001, at: 0)
            node.insertSections(IndexSet(integer: 0))
            node.insertItems(at: [IndexPath(item: 0, section: 2)])
        })
        node.waitUntilAllUpdatesAreProcessed()
        let map = node.elements
        // Section 3 (was 2) was left as it was: still no elements; section 2 (was 1) was changed.
        #expect(map.sections[3].items.existing.isEmpty)
        #expect(map.element(at: IndexPath(item: 1_501, section: 2)) === early)
        #expect(early.indexPath == IndexPath(item: 1_501, section: 2))
        // Made after the batch, through the map and through a copy: one element, at its new place.
        let late = try #require(map.element(at: IndexPath(item: 700, section: 3)))
        let copy = map
        #expect(copy.sections[3].items[700] === late)
        #expect(late.indexPath == IndexPath(item: 700, section: 3))
        #expect(late.node.debugName == "box \(source.sections[3][700])")
        #expect(map.sections[3].items.existing.map(\.item) == [700])
    }

    /// Scrolling to an item of a long list lays out as far as the item's viewport, not to the end,
    /// and lands where a fully measured list lands (the end clamped the same way).
    @Test func scrollingToAnItemMeasuresOnlyAsFarAsIt() throws {
        let model = Self.model(sections: 1, items: 6_000)
        let lazySource = ModelBoxSource(sections: model)
        let lazy = Self.collection(lazySource)
        let eagerSource = ModelBoxSource(sections: model)  // the node holds its data source weakly
        let eager = Self.collection(eagerSource, threshold: .max)
        for (item, position) in [(1_000, UICollectionView.ScrollPosition.top), (1_500, .centeredVertically), (5_999, .top), (20, .bottom)] {
            let path = IndexPath(item: item, section: 0)
            try lazy.scrollToItemChecked(at: path, at: position, animated: false)
            try eager.scrollToItemChecked(at: path, at: position, animated: false)
            #expect(lazy.contentOffset == eager.contentOffset, "item \(item)")
            if item == 1_500 { #expect(lazySource.asked < 2_500, "\(lazySource.asked) of 6,000 items asked for to scroll to item 1,500") }
        }
    }

    @Test func anItemTheDataSourceCannotDescribeFailsTheFrameThatNeedsIt() throws {
        let source = ModelBoxSource(sections: Self.model(sections: 1, items: 2_000))
        source.missing = [1_500]
        let node = Self.collection(source)
        _ = try node.snapshot(scale: 1)
        let y = try #require(node.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 1_499, section: 0))).frame.minY
        #expect(throws: CollectionError.nilNode(IndexPath(item: 1_500, section: 0), kind: nil)) {
            _ = try node.snapshot(at: CGPoint(x: 0, y: y), scale: 1)
        }
        // Kept until the data is reloaded: no later frame shows the item silently empty.
        #expect(throws: CollectionError.nilNode(IndexPath(item: 1_500, section: 0), kind: nil)) { _ = try node.snapshot(scale: 1) }
        source.missing = []
        node.reloadData()
        _ = try node.snapshot(at: CGPoint(x: 0, y: y), scale: 1)
    }

    @Test func aNegativeThresholdIsReportedAndTakenAsZero() {
        let node = ASCollectionNode()
        let (_, reports) = WeftDiagnostics.collect(matching: "lazyMeasurementThreshold") { node.lazyMeasurementThreshold = -4 }
        #expect(node.lazyMeasurementThreshold == 0)
        #expect(reports.contains { $0.message.contains("-4") })
    }
}

@MainActor @Suite struct NodeReleaseTests {

    @Test func itemsOutOfEveryRangeGiveUpTheirNodesAndComeBackTheSame() throws {
        let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 1, items: 3_000))
        let node = LazyMeasurementTests.collection(source)
        node.releasesNodesOutsidePreloadRange = true
        let first = try node.snapshot(scale: 1)
        let end = node.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 2_000, section: 0))!.frame.minY
        var most = 0
        for y in stride(from: 0, through: end, by: 300) {
            _ = try node.snapshot(at: CGPoint(x: 0, y: y), scale: 1)
            most = max(most, node.elements.allocatedNodes.count)
        }
        // Two thousand items scrolled past; the nodes alive are those of the ranges around the viewport.
        #expect(most < 200)
        let back = try node.snapshot(at: .zero, scale: 1)
        #expect(back.hasSamePixels(as: first))
        #expect(node.nodeForItem(at: IndexPath(item: 0, section: 0))?.debugName == "box 0")
    }

    /// Section headers scrolled past (or measured only for the layout) give up their nodes too, so
    /// what stays alive does not grow with the sections passed.
    @Test func headersOutOfEveryRangeGiveUpTheirNodesToo() throws {
        let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 40, items: 50))
        let node = LazyMeasurementTests.collection(source)
        node.releasesNodesOutsidePreloadRange = true
        let first = try node.snapshot(scale: 1)
        let end = try #require(node.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 35))).frame.minY
        for y in stride(from: 0, through: end, by: 300) { _ = try node.snapshot(at: CGPoint(x: 0, y: y), scale: 1) }
        let map = node.elements
        let headers = (0..<40).compactMap { map.supplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, section: $0) }
        #expect(headers.count == 40)
        #expect(headers.filter(\.isNodeAllocated).count < 6, "\(headers.filter(\.isNodeAllocated).count) of 40 headers keep their nodes")
        #expect(headers.prefix(35).allSatisfy { $0.isMeasured })
        let back = try node.snapshot(at: .zero, scale: 1)
        #expect(back.hasSamePixels(as: first))
    }

    /// A node given up is freed, not merely dropped by its element (nothing else keeps it).
    @Test func aNodeGivenUpIsFreed() throws {
        let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 1, items: 3_000))
        let node = LazyMeasurementTests.collection(source, measuringAhead: 300)
        node.releasesNodesOutsidePreloadRange = true
        _ = try node.snapshot(scale: 1)
        weak let first = node.nodeForItem(at: IndexPath(item: 0, section: 0))
        #expect(first != nil)
        for step in 1...20 { _ = try node.snapshot(at: CGPoint(x: 0, y: CGFloat(step) * 1_000), scale: 1) }
        #expect(node.backgroundMeasurement.waitUntilIdle())
        #expect(node.elements.element(at: IndexPath(item: 0, section: 0))?.isNodeAllocated == false)
        #expect(first == nil, "the node item 0 gave up is still alive")
    }

    @Test func byDefaultEveryMadeNodeIsKeptAsInTexture() throws {
        let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 1, items: 3_000))
        let node = LazyMeasurementTests.collection(source)
        for y in stride(from: 0, through: 20_000, by: 600) { _ = try node.snapshot(at: CGPoint(x: 0, y: y), scale: 1) }
        let made = node.elements.allocatedNodes.count
        #expect(made > 300)
        let item0 = node.elements.element(at: IndexPath(item: 0, section: 0))
        #expect(item0?.isNodeAllocated == true)
    }
}

/// A long list stays lazy through what replaces or adds elements after its load.
@MainActor @Suite struct LazyListChangesTests {
    @Test func aWidthChangeABatchAndARelayoutMakeNoNodesOffScreen() throws {
        let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 2, items: 10_000))
        let node = LazyMeasurementTests.collection(source)
        node.releasesNodesOutsidePreloadRange = true
        _ = try node.snapshot(at: CGPoint(x: 0, y: 3_000), scale: 1)
        let asked = source.asked
        node.frame = CGRect(x: 0, y: 0, width: 320, height: 600)
        _ = try node.snapshot(scale: 1)
        #expect(node.elements.allocatedNodes.count < 300)
        node.performBatchUpdates({
            source.sections.append((0..<5_000).map { 50_000 + $0 })
            node.insertSections(IndexSet(integer: 2))
            source.sections[0].insert(contentsOf: (0..<2_000).map { 60_000 + $0 }, at: 0)
            node.insertItems(at: (0..<2_000).map { IndexPath(item: $0, section: 0) })
        })
        node.waitUntilAllUpdatesAreProcessed()
        node.relayoutItems()
        _ = try node.snapshot(scale: 1)
        #expect(node.elements.allocatedNodes.count < 300)
        // The 7,000 items added were not asked for: only what the frames showed.
        #expect(source.asked - asked < 600)
        #expect(node.numberOfItems(inSection: 2) == 5_000)
    }

    @Test(.timeLimit(.minutes(10)))
    func aNodeBlockMayAskForADeferredItemWhileTheMainActorDrivesTheFrame() throws {
        let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 1, items: 5_000))
        let node = LazyMeasurementTests.collection(source)
        // The block runs on a node-creation thread while the main actor waits for it; the item it
        // asks for is deferred, so its data source must be asked on that waiting main actor.
        let weakNode = WeakCollectionNode(node)
        source.blockHook = { identity in
            if identity == 0 { _ = weakNode.value?.nodeForItem(at: IndexPath(item: 4_000, section: 0)) }
        }
        _ = try node.snapshot(scale: 1)
        #expect(node.elements.element(at: IndexPath(item: 4_000, section: 0))?.isNodeAllocated == true)
    }
}
