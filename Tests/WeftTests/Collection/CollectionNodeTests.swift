import Foundation
import Testing
@testable import Weft
import WeftSamples
import WeftTesting

@MainActor @Suite struct CollectionNodeTests {
    static func column(_ count: Int, label: Bool = false, headers: CGFloat? = nil, sections: Int = 1) -> BoxCollection {
        BoxCollection(viewport: CGSize(width: 120, height: 160), counts: Array(repeating: count, count: sections), headers: headers, label: label) { indexPath in
            CGSize(width: indexPath.item % 3 == 0 ? 120 : 55, height: 30 + CGFloat(indexPath.item % 4) * 6)
        }
    }

    @Test func visibleQueriesAndScrolling() throws {
        let c = Self.column(40)
        try c.node.loadDataIfNeeded()
        #expect(c.node.indexPathsForVisibleItems.first == IndexPath(item: 0, section: 0))
        #expect(c.node.visibleNodes.count == c.node.indexPathsForVisibleItems.count)
        let target = IndexPath(item: 20, section: 0)
        try c.node.scrollToItemChecked(at: target, at: .top, animated: false)
        let frame = c.node.collectionViewLayout.layoutAttributesForItem(at: target)!.frame
        #expect(c.node.contentOffset.y == frame.minY)
        #expect(c.node.indexPathsForVisibleItems.contains(target))
        #expect(c.node.indexPathForItem(at: CGPoint(x: frame.midX, y: frame.midY)) == target)
        let cell = try #require(c.node.nodeForItem(at: target))
        #expect(c.node.indexPath(for: cell) == target && cell.indexPath == target)
        try c.node.scrollToItemChecked(at: IndexPath(item: 39, section: 0), at: .top, animated: false)
        #expect(c.node.contentOffset.y == c.node.contentOffsetRange.max.y, "clamped to the end")
    }

    @Test func validationErrorsAreClear() throws {
        let negative = Self.column(3)
        negative.source.counts = [-2]
        #expect(throws: CollectionError.negativeItemCount(section: 0, count: -2)) { try negative.node.loadDataIfNeeded() }
        #expect(negative.node.dataError == .negativeItemCount(section: 0, count: -2))
        #expect(throws: CollectionError.self) { try negative.node.snapshot(scale: 1) }

        final class NegativeSections: ASCollectionDataSource {
            func numberOfSections(in collectionNode: ASCollectionNode) -> Int { -1 }
        }
        let sections = NegativeSections()
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 50, height: 50), collectionViewLayout: UICollectionViewFlowLayout())
        node.dataSource = sections
        #expect(throws: CollectionError.negativeSectionCount(-1)) { try node.loadDataIfNeeded() }

        let c = Self.column(3)
        #expect(throws: CollectionError.indexPathOutOfRange(IndexPath(item: 7, section: 0), sections: 1, items: 3)) {
            try c.node.scrollToItemChecked(at: IndexPath(item: 7, section: 0), at: .top, animated: false)
        }
        #expect(throws: CollectionError.indexPathOutOfRange(IndexPath(item: 0, section: 4), sections: 1, items: nil)) {
            try c.node.scrollToItemChecked(at: IndexPath(item: 0, section: 4), at: .top, animated: false)
        }
        #expect(c.node.nodeForItem(at: IndexPath(item: 9, section: 9)) == nil)

        final class NilBlock: ASCollectionDataSource {
            func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 2 }
            func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock? {
                if indexPath.item == 1 { return nil }
                return { ASCellNode() }
            }
        }
        let nilSource = NilBlock()
        let nilNode = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 50, height: 50), collectionViewLayout: UICollectionViewFlowLayout())
        nilNode.dataSource = nilSource
        #expect(throws: CollectionError.nilNode(IndexPath(item: 1, section: 0), kind: nil)) { try nilNode.loadDataIfNeeded() }
        #expect(CollectionError.nilNode(IndexPath(item: 1, section: 0), kind: nil).description.contains("section 0, item 1"))

        #expect(throws: CollectionError.invalidScale(0)) { try c.node.snapshot(scale: 0) }
        let empty = ASCollectionNode(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        #expect(throws: CollectionError.invalidViewport(.zero)) { try empty.snapshot(scale: 1) }
        #expect(throws: CollectionError.self) { try FrameSequence.scroll(from: .zero, to: .zero, frames: 0) }
    }

    @Test func verticalFlowWithHeadersAtOffsets() throws {
        let c = Self.column(12, label: true, headers: 18, sections: 2)
        for offset in [0, 150, 420] as [CGFloat] {
            c.node.contentOffset = CGPoint(x: 0, y: offset)
            expectSnapshot(c.node, named: String(format: "collection/FlowVertical/headers-offset-%04d", Int(offset)))
        }
    }

    @Test func verticalFlowWithSectionInsetsAndFootersAtOffsets() throws {
        let layout = UICollectionViewFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 6, left: 8, bottom: 10, right: 8)
        layout.minimumInteritemSpacing = 6
        layout.minimumLineSpacing = 6
        let c = BoxCollection(viewport: CGSize(width: 120, height: 160), counts: [7, 5], layout: layout, headers: 14, footers: 10, label: true) { indexPath in
            CGSize(width: indexPath.item % 2 == 0 ? 48 : 30, height: 24 + CGFloat(indexPath.item % 3) * 8)
        }
        for offset in [0, 120] as [CGFloat] {
            c.node.contentOffset = CGPoint(x: 0, y: offset)
            expectSnapshot(c.node, named: String(format: "collection/FlowVertical/insets-footers-offset-%04d", Int(offset)))
        }
        let footer = c.node.collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        #expect(footer?.frame.height == 10 && footer?.frame.width == 120)
    }

    @Test func scrollToItemAsAFrameSequence() throws {
        let c = Self.column(40)
        let sequence = try c.node.scrollSequence(toItem: IndexPath(item: 25, section: 0), at: .top, frames: 8)
        let target = try c.node.offset(toShow: IndexPath(item: 25, section: 0), at: .top)
        #expect(sequence.count == 8 && sequence.offsets.first == .zero && sequence.offsets.last == target)
    }

    @Test func horizontalGalleryAtOffsets() throws {
        let sample = CollectionSample.gallery(viewport: CGSize(width: 200, height: 150), items: 12)
        for offset in [0, 170] as [CGFloat] {
            sample.collectionNode.contentOffset = CGPoint(x: offset, y: 0)
            expectSnapshot(sample.collectionNode, named: String(format: "collection/FlowHorizontal/gallery-offset-%04d", Int(offset)))
        }
    }

    @Test func mosaicLayoutAtOffsets() throws {
        let sample = CollectionSample.mosaic(viewport: CGSize(width: 200, height: 240), items: 16)
        for offset in [0, 300] as [CGFloat] {
            sample.collectionNode.contentOffset = CGPoint(x: 0, y: offset)
            expectSnapshot(sample.collectionNode, named: String(format: "collection/Mosaic/offset-%04d", Int(offset)))
        }
    }

    @Test func invertedShowsTheFirstItemAtTheBottom() throws {
        let c = Self.column(8, label: true)
        c.node.inverted = true
        expectSnapshot(c.node, named: "collection/FlowVertical/inverted-offset-0000")
        let frame = try c.node.snapshot(scale: 1)
        // Item 0 (red, 120 wide, 30 tall) is drawn at the bottom edge.
        #expect(frame.pixel(x: 2, y: 158) == 0xFFFF_3B30)
    }

    @Test func frameKOfASequenceEqualsASnapshotAtItsOffset() throws {
        let c = Self.column(30, label: true)
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 500), frames: 6, curve: .eased)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-seq-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try c.node.writeFrames(sequence, scale: 2, toFolder: folder)
        #expect(paths.count == 6 && paths[0].hasSuffix("frame_00001.png"))
        for k in [0, 3, 5] {
            let written = try UIImage(contentsOf: URL(fileURLWithPath: paths[k])).bitmap
            let fresh = Self.column(30, label: true)
            let snapshot = try fresh.node.snapshot(at: sequence.offsets[k], scale: 2)
            #expect(written.hasSamePixels(as: try UIImage(decoding: PNGEncoder().encode(snapshot), scale: 2).bitmap), "frame \(k)")
        }
    }

    @Test func framesAreAnAsyncSequence() async throws {
        let c = Self.column(10)
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 100), frames: 3)
        var count = 0
        for try await frame in c.node.frames(sequence, scale: 1) {
            #expect(frame.pixelWidth == 120 && frame.pixelHeight == 160)
            count += 1
        }
        #expect(count == 3)
    }

    @Test func sequencesEaseAndDecelerate() throws {
        let linear = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 100), frames: 5)
        #expect(linear.offsets.map(\.y) == [0, 25, 50, 75, 100])
        let eased = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 100), frames: 5, curve: .eased)
        #expect(eased.offsets.map(\.y) == [0, 6.25, 50, 93.75, 100])
        let fling = try FrameSequence.deceleration(from: .zero, velocity: CGPoint(x: 0, y: 2000), bounds: (.zero, CGPoint(x: 0, y: 10_000)))
        let ys = fling.offsets.map(\.y)
        #expect(ys.first == 0 && zip(ys, ys.dropFirst()).allSatisfy { $0 <= $1 })
        // UIScrollView's normal rate travels v / (1000 × ln(1/0.998)) ≈ 999 pt for 2000 pt/s.
        #expect(abs(ys.last! - 2000 / (1000 * -log(0.998))) < 2)
        let fast = try FrameSequence.deceleration(from: .zero, velocity: CGPoint(x: 0, y: 2000), rate: .fast, bounds: (.zero, CGPoint(x: 0, y: 10_000)))
        #expect(fast.count < fling.count && fast.offsets.last!.y < ys.last!)
        let clamped = try FrameSequence.deceleration(from: .zero, velocity: CGPoint(x: 0, y: 2000), bounds: (.zero, CGPoint(x: 0, y: 300)))
        #expect(clamped.offsets.last!.y == 300)
    }

    @Test func tenThousandItemsBuildConcurrentlyAndMatchSerialCreation() throws {
        let concurrent = BoxCollection(viewport: CGSize(width: 320, height: 480), counts: [10_000]) { CGSize(width: 320, height: 20 + CGFloat($0.item % 7)) }
        try concurrent.node.loadDataIfNeeded()
        let serial = BoxCollection(viewport: CGSize(width: 320, height: 480), counts: [10_000]) { CGSize(width: 320, height: 20 + CGFloat($0.item % 7)) }
        serial.node.cellLayoutMode = .serializeNodeCreation
        try serial.node.loadDataIfNeeded()
        #expect(concurrent.node.numberOfItems(inSection: 0) == 10_000)
        #expect(concurrent.node.contentSize == serial.node.contentSize)
        for item in stride(from: 0, to: 10_000, by: 997) {
            let path = IndexPath(item: item, section: 0)
            let node = try #require(concurrent.node.nodeForItem(at: path))
            #expect(node.debugName == "box \(item)" && concurrent.node.indexPath(for: node) == path)
        }
        try concurrent.node.scrollToItemChecked(at: IndexPath(item: 5000, section: 0), at: .centeredVertically, animated: false)
        serial.node.contentOffset = concurrent.node.contentOffset
        #expect(try concurrent.node.snapshot(scale: 1).hasSamePixels(as: try serial.node.snapshot(scale: 1)))
    }

    @Test func scrollingTwentyThousandItemsKeepsMemoryBounded() throws {
        let c = BoxCollection(viewport: CGSize(width: 100, height: 200), counts: [20_000], drawn: true) { _ in CGSize(width: 100, height: 25) }
        try c.node.loadDataIfNeeded()
        let viewportBytes = 100 * 200 * 4
        var peak = 0
        let end = c.node.contentOffsetRange.max.y
        for step in 0...60 {
            let offset = end * CGFloat(step) / 60
            _ = try c.node.snapshot(at: CGPoint(x: 0, y: offset), scale: 1)
            peak = max(peak, c.node.retainedBackingStoreBytes)
        }
        #expect(peak > 0, "cells kept backing stores near the viewport")
        #expect(peak <= viewportBytes * 4, "peak \(peak) bytes for a \(viewportBytes)-byte viewport")
    }
}

/// Compares a collection's frame at its current offset with a golden at @1x and @2x.
@MainActor
func expectSnapshot(_ node: ASCollectionNode, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    let store = GoldenStore(packageContaining: filePath)
    for scale in [1, 2] as [CGFloat] {
        do {
            if let failure = store.verify(try node.snapshot(scale: scale), file: GoldenStore.fileName(name, scale: scale)) {
                Issue.record(Comment(rawValue: failure.description), sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record(Comment(rawValue: "\(name): \(error)"), sourceLocation: sourceLocation)
        }
    }
}
