import Foundation
import Synchronization
import Testing
@testable import Weft

/// Measuring ahead of the frames in the background (`ASCollectionNode.backgroundMeasurementLimit`):
/// what it measures, that pixels do not depend on it, that it holds no node with node release,
/// that it reports nothing a frame did not need, and that it stops with its collection.
@MainActor @Suite struct BackgroundMeasurementTests {
    private static func lastShownItem(_ node: ASCollectionNode) throws -> IndexPath {
        try #require(node.indexPathsForVisibleItems.max())
    }

    private static func element(_ node: ASCollectionNode, after last: IndexPath, by distance: Int) -> ASCollectionElement? {
        node.elements.element(at: IndexPath(item: last.item + distance, section: last.section))
    }

    @Test func theItemsAfterTheFrameAreMeasuredUpToTheLimit() throws {
        let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 1, items: 100_000))
        let node = LazyMeasurementTests.collection(source, measuringAhead: 300)
        _ = try node.snapshot(scale: 1)
        #expect(node.backgroundMeasurement.waitUntilIdle())
        let last = try Self.lastShownItem(node)
        let ahead = (1...300).compactMap { Self.element(node, after: last, by: $0) }
        #expect(ahead.count == 300 && ahead.allSatisfy(\.isMeasured), "the 300 items after item \(last.item)")
        #expect(Self.element(node, after: last, by: 2_000)?.isMeasured == false, "nothing past the limit and the ranges")
        #expect(source.asked < 300 + 300)
        // Measured, so the next frames read sizes instead of asking again.
        let asked = source.asked
        let y = try #require(node.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: last.item + 150, section: 0))).frame.minY
        _ = try node.snapshot(at: CGPoint(x: 0, y: y), scale: 1)
        #expect(source.asked == asked, "items 150 past the first frame were measured ahead")
    }

    /// A frame sequence measures ahead only as far as its frames from the current one on scroll:
    /// the items past its last viewport, which it never shows, are left to whoever needs them.
    /// Snapshots taken one by one at the same offsets, whose next offset is unknown, measure up to
    /// the limit past each.
    @Test func aFrameSequenceMeasuresAheadOnlyAsFarAsItsFramesShow() async throws {
        let offsets = [CGPoint.zero, CGPoint(x: 0, y: 200), CGPoint(x: 0, y: 400)]
        let sequenceSource = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 1, items: 100_000))
        let scrolled = LazyMeasurementTests.collection(sequenceSource, measuringAhead: 300)
        var frames = 0
        for try await _ in scrolled.frames(try FrameSequence(validating: offsets), scale: 1) { frames += 1 }
        #expect(frames == 3)
        #expect(scrolled.backgroundMeasurement.waitUntilIdle())

        let snapshotSource = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 1, items: 100_000))
        let snapshotted = LazyMeasurementTests.collection(snapshotSource, measuringAhead: 300)
        for offset in offsets { _ = try snapshotted.snapshot(at: offset, scale: 1) }
        #expect(snapshotted.backgroundMeasurement.waitUntilIdle())

        let last = try Self.lastShownItem(scrolled)
        let inSequence = scrolled.elements.existingElements.filter(\.isMeasured).count
        let bySnapshots = snapshotted.elements.existingElements.filter(\.isMeasured).count
        #expect(bySnapshots >= last.item + 300, "snapshots measure the limit past the last one")
        #expect(inSequence < bySnapshots - 200, "\(inSequence) items measured by the sequence, \(bySnapshots) by snapshots")
        #expect(Self.element(scrolled, after: last, by: 200)?.isMeasured == false)
    }

    @Test func pixelsDoNotDependOnIt() throws {
        let model = LazyMeasurementTests.model(sections: 3, items: 4_000)
        // The sources are kept: a node holds its data source weakly, and without them both
        // collections would load no items and compare blank frames.
        let plainSource = ModelBoxSource(sections: model), aheadSource = ModelBoxSource(sections: model)
        defer { withExtendedLifetime((plainSource, aheadSource)) {} }
        let plain = LazyMeasurementTests.collection(plainSource)
        let ahead = LazyMeasurementTests.collection(aheadSource, measuringAhead: 2_000)
        for (step, y) in [0, 700, 9_000, 3_000, 60_000, 61_000].enumerated() {
            let a = try plain.snapshot(at: CGPoint(x: 0, y: y), scale: 2)
            // Half of the frames come while the background is still measuring.
            if step % 2 == 0 { #expect(ahead.backgroundMeasurement.waitUntilIdle()) }
            let b = try ahead.snapshot(at: CGPoint(x: 0, y: y), scale: 2)
            #expect(a.hasSamePixels(as: b), "offset \(y)")
        }
        #expect(ahead.backgroundMeasurement.waitUntilIdle())
        #expect(plain.contentSize == ahead.contentSize)
        #expect(plain.contentSize.height > 60_000, "the collections hold their items")
    }

    /// With node release, the nodes it made are kept for the frames that reach them, so no block
    /// runs twice for an item scrolled to, and given up once the frames pass them.
    @Test func withNodeReleaseItKeepsNodesOnlyAheadOfTheFrames() throws {
        let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 1, items: 20_000))
        let made = Mutex<[Int: Int]>([:])
        source.blockHook = { identity in made.withLock { $0[identity, default: 0] += 1 } }
        let node = LazyMeasurementTests.collection(source, measuringAhead: 1_000)
        node.releasesNodesOutsidePreloadRange = true
        _ = try node.snapshot(scale: 1)
        #expect(node.backgroundMeasurement.waitUntilIdle())
        let last = try Self.lastShownItem(node)
        let far = try #require(Self.element(node, after: last, by: 900))
        #expect(far.isMeasured && far.isNodeAllocated, "kept for the frame that shows it")
        #expect(node.elements.allocatedNodes.count <= 1_000 + 100, "at most the limit more than the ranges hold")
        // The frame that shows it takes the node made ahead: its block ran once.
        let y = try #require(node.collectionViewLayout.layoutAttributesForItem(at: far.indexPath)).frame.minY
        _ = try node.snapshot(at: CGPoint(x: 0, y: y), scale: 1)
        #expect(node.nodeForItem(at: far.indexPath)?.debugName == "box \(far.indexPath.item)")
        #expect(made.withLock { $0[far.indexPath.item] } == 1)
        // The next frame gives up the nodes it passed; those still ahead stay, within the limit.
        #expect(node.backgroundMeasurement.waitUntilIdle())
        _ = try node.snapshot(at: CGPoint(x: 0, y: y + 1), scale: 1)
        let passed = try #require(Self.element(node, after: last, by: 100))
        #expect(passed.isMeasured && !passed.isNodeAllocated, "passed without being shown: given up, its size kept")
        #expect(node.elements.allocatedNodes.count <= 1_000 + 100)
    }

    @Test func anItemItCannotDescribeFailsOnlyTheFrameThatShowsIt() throws {
        let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 1, items: 5_000))
        let missing = 300
        source.missing = [missing]
        let node = LazyMeasurementTests.collection(source, measuringAhead: 500)
        let (_, reports) = try WeftDiagnostics.collect(matching: "item \(missing)") {
            _ = try node.snapshot(scale: 1)
            #expect(node.backgroundMeasurement.waitUntilIdle())
            _ = try node.snapshot(scale: 1)
        }
        let last = try Self.lastShownItem(node)
        #expect(last.item < missing && last.item + 500 > missing, "the missing item lies in the window measured ahead")
        #expect(reports.isEmpty, "measuring ahead reported \(reports.map(\.message))")
        #expect(node.elements.element(at: IndexPath(item: missing, section: 0))?.isDeferred == true, "left for the frame that needs it")
        let y = try #require(node.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: missing - 1, section: 0))).frame.minY
        #expect(throws: CollectionError.nilNode(IndexPath(item: missing, section: 0), kind: nil)) {
            _ = try node.snapshot(at: CGPoint(x: 0, y: y), scale: 1)
        }
    }

    /// A model replaced and reloaded while measuring ahead is under way: the data source is never
    /// asked about items of the old model that the new one does not have.
    @Test func aReloadStopsItFromAskingAboutTheOldModel() throws {
        for _ in 0..<5 {
            let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 1, items: 5_000))
            let node = LazyMeasurementTests.collection(source, measuringAhead: 3_000)
            _ = try node.snapshot(scale: 1)
            source.sections = LazyMeasurementTests.model(sections: 1, items: 10)
            node.reloadData()
            _ = try node.snapshot(scale: 1)
            #expect(node.backgroundMeasurement.waitUntilIdle())
            #expect(source.askedOutOfRange == 0, "\(source.askedOutOfRange) node blocks asked past the new model's 10 items")
            #expect(node.numberOfItems(inSection: 0) == 10)
        }
    }

    @Test func itStopsWhenItsCollectionIsGone() throws {
        let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 1, items: 50_000))
        // A slow node block: measuring all 20,000 would take over 20 s.
        source.blockHook = { _ in usleep(1_000) }
        var node: ASCollectionNode? = LazyMeasurementTests.collection(source, measuringAhead: 20_000)
        _ = try node?.snapshot(scale: 1)
        let measurement = try #require(node?.backgroundMeasurement)
        let asked = source.asked
        node = nil
        let start = ContinuousClock.now
        #expect(measurement.waitUntilIdle(timeout: 10))
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(source.asked - asked < 1_000)
    }

    @Test func aNegativeLimitIsReportedAndTakenAsZero() {
        let node = ASCollectionNode()
        #expect(node.backgroundMeasurementLimit == 256)
        let (_, reports) = WeftDiagnostics.collect(matching: "backgroundMeasurementLimit") { node.backgroundMeasurementLimit = -3 }
        #expect(node.backgroundMeasurementLimit == 0)
        #expect(reports.contains { $0.message.contains("-3") })
    }
}
