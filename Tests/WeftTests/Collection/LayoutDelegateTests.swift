import Foundation
import Testing
@testable import Weft

@MainActor @Suite struct LayoutDelegateTests {
    // Nonisolated: the gallery asks its properties on the layout queue.
    nonisolated final class GallerySource: ASCollectionDataSource, ASCollectionGalleryLayoutPropertiesProviding {
        let count: Int
        init(count: Int) { self.count = count }
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { count }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
            let item = indexPath.item
            return { BoxCell(index: item, size: CGSize(width: 1, height: 1), label: true) }
        }
        func galleryLayoutDelegate(_ delegate: ASCollectionGalleryLayoutDelegate, sizeForElements elements: ASElementMap) -> CGSize {
            CGSize(width: 50, height: 40)
        }
        func minimumLineSpacing(forGalleryLayoutDelegate delegate: ASCollectionGalleryLayoutDelegate, elements: ASElementMap) -> CGFloat { 4 }
        func minimumInteritemSpacing(forGalleryLayoutDelegate delegate: ASCollectionGalleryLayoutDelegate, elements: ASElementMap) -> CGFloat { 6 }
        func sectionInset(forGalleryLayoutDelegate delegate: ASCollectionGalleryLayoutDelegate, elements: ASElementMap) -> UIEdgeInsets {
            UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
        }
    }

    @Test func galleryPlacesFixedSizesAndMakesOnlyNodesNearTheViewport() throws {
        let source = GallerySource(count: 10_000)
        let gallery = ASCollectionGalleryLayoutDelegate(scrollableDirections: .verticalDirections)
        gallery.propertiesProvider = source
        let node = ASCollectionNode(layoutDelegate: gallery, layoutFacilitator: nil)
        node.frame = CGRect(x: 0, y: 0, width: 120, height: 100)
        node.dataSource = source
        let frame = try node.snapshot(scale: 1)
        #expect(frame.pixelWidth == 120)
        // 120 − 10 of insets fits two 50-wide items with 6 between: rows of two, 44 apart.
        #expect(node.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame == CGRect(x: 61, y: 49, width: 50, height: 40))
        #expect(node.contentSize == CGSize(width: 120, height: 5 + 5000 * 40 + 4999 * 4 + 5))
        let allocated = node.elements.allElements.filter(\.isNodeAllocated).count
        #expect(allocated > 0 && allocated < 20, "\(allocated) of 10000 nodes made")
        #expect(node.nodeForItem(at: IndexPath(item: 9000, section: 0))?.bounds.size == CGSize(width: 50, height: 40), "nodeForItem allocates on demand")
        #expect(node.elements.element(at: IndexPath(item: 9000, section: 0))?.isNodeAllocated == true)
    }

    @Test func flowDelegateWrapsMeasuredNodes() throws {
        let c = BoxCollection(viewport: CGSize(width: 100, height: 100), counts: [5]) { CGSize(width: $0.item == 2 ? 60 : 40, height: 20) }
        let node = ASCollectionNode(layoutDelegate: ASCollectionFlowLayoutDelegate(), layoutFacilitator: nil)
        node.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        node.dataSource = c.source
        try node.loadDataIfNeeded()
        let frames = (0..<5).compactMap { node.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames == [CGRect(x: 0, y: 0, width: 40, height: 20), CGRect(x: 40, y: 0, width: 40, height: 20),
                           CGRect(x: 0, y: 20, width: 60, height: 20), CGRect(x: 60, y: 20, width: 40, height: 20),
                           CGRect(x: 0, y: 40, width: 40, height: 20)])
        #expect(node.contentSize == CGSize(width: 100, height: 60))
    }

    @Test func layoutInspectorSizesNodesForCustomLayouts() throws {
        final class Inspector: ASCollectionViewLayoutInspecting {
            func collectionView(_ collectionView: ASCollectionView, constrainedSizeForNodeAt indexPath: IndexPath) -> ASSizeRange {
                ASSizeRange(min: CGSize(width: 33, height: 0), max: CGSize(width: 33, height: 1000))
            }
        }
        final class Source: ASCollectionDataSource {
            func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 2 }
            func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
                { let cell = ASCellNode(); cell.style.height = ASDimensionMake(12); return cell }
            }
        }
        let inspector = Inspector(), source = Source()
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 200, height: 100), collectionViewLayout: MosaicLikeLayout())
        node.layoutInspector = inspector
        node.dataSource = source
        #expect(node.nodeForItem(at: IndexPath(item: 1, section: 0))?.bounds.size == CGSize(width: 33, height: 12))
    }

    @Test func realTimeFramesCountCellsThatAreNotReady() throws {
        let c = BoxCollection(viewport: CGSize(width: 120, height: 160), counts: [400], label: true) { _ in CGSize(width: 120, height: 30) }
        // Cells that take 10 ms to draw: a 120 Hz frame (8.3 ms) that jumps a screenful can never
        // find all of them ready, however fast or idle the machine is.
        c.source.slowDrawing = true
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 9000), frames: 10)
        let frames = try c.node.realTimeFrames(sequence, scale: 2, framesPerSecond: 120)
        #expect(frames.count == 10)
        #expect(frames.allSatisfy { $0.visibleCount > 0 && $0.notReadyCount <= $0.visibleCount })
        #expect(frames[1].time > frames[0].time)
        // Scrolling a screenful at a time gives cells no head start: some are not ready when their frame is due.
        #expect(frames.contains { $0.notReadyCount > 0 })
        #expect(throws: CollectionError.self) { try c.node.realTimeFrames(sequence, scale: 2, framesPerSecond: 0) }
    }
}

/// A custom layout stacking items in one column at the sizes their nodes measured.
final class MosaicLikeLayout: UICollectionViewLayout, @unchecked Sendable {
    private var frames: [CGRect] = []
    override func prepare() {
        frames = []
        guard let view = collectionView else { return }
        var y: CGFloat = 0
        for item in 0..<view.numberOfItems(inSection: 0) {
            let size = view.sizeForItem(at: IndexPath(item: item, section: 0))
            frames.append(CGRect(origin: CGPoint(x: 0, y: y), size: size))
            y += size.height
        }
    }
    override var collectionViewContentSize: CGSize { CGSize(width: collectionView?.bounds.width ?? 0, height: frames.last?.maxY ?? 0) }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        frames.enumerated().filter { $0.element.intersects(rect) }.map { item, frame in
            let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            attributes.frame = frame
            return attributes
        }
    }
}
