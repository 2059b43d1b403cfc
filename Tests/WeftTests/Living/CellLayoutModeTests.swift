import Foundation
import Synchronization
import Testing
@testable import Weft

/// A data source whose node blocks wait for a gate to open.
final class GatedSource: ASCollectionDataSource, @unchecked Sendable {
    // SAFETY: `count` is read and written on the test's thread; the gate is a semaphore.
    var count: Int
    let gate = DispatchSemaphore(value: 0)
    var gated = false
    init(count: Int) { self.count = count }
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { count }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let gate = gated ? self.gate : nil
        return {
            if let gate { gate.wait(); gate.signal() }
            let cell = ASCellNode()
            cell.style.preferredSize = CGSize(width: 40, height: 30)
            return cell
        }
    }
}

@MainActor @Suite struct CellLayoutModeTests {
    private func collection(_ source: GatedSource, mode: ASCellLayoutMode) -> ASCollectionNode {
        let node = ASCollectionNode()
        node.cellLayoutMode = mode
        node.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        node.dataSource = source
        try? node.loadDataIfNeeded()
        return node
    }

    @Test func noneIsTheDefaultAndCompiles() {
        let node = ASCollectionNode()
        #expect(node.cellLayoutMode == .none)
        node.cellLayoutMode = .none
    }

    @Test func alwaysAsyncReturnsBeforeTheBatchIsApplied() {
        let source = GatedSource(count: 2)
        let node = collection(source, mode: .alwaysAsync)
        source.gated = true
        source.count = 5
        node.insertItems(at: (2..<5).map { IndexPath(item: $0, section: 0) })
        #expect(node.isProcessingUpdates)
        // Not yet visible; the item queries answer the pending map, as Texture's do.
        #expect(node.elements.numberOfItems(inSection: 0) == 2)
        #expect(node.numberOfItems(inSection: 0) == 5)
        source.gate.signal()
        node.waitUntilAllUpdatesAreProcessed()
        #expect(node.numberOfItems(inSection: 0) == 5)
    }

    @Test func alwaysSyncWaitsForTheBatch() {
        let source = GatedSource(count: 2)
        let node = collection(source, mode: .alwaysSync)
        source.count = 5
        node.insertItems(at: (2..<5).map { IndexPath(item: $0, section: 0) })
        #expect(!node.isProcessingUpdates)
        #expect(node.numberOfItems(inSection: 0) == 5)
    }

    @Test func byDefaultABatchOfManyNodesOverflowingTheViewportIsAsynchronous() {
        let source = GatedSource(count: 4)
        let node = collection(source, mode: [])
        _ = node.contentSize
        source.gated = true
        source.count = 7
        node.insertItems(at: (4..<7).map { IndexPath(item: $0, section: 0) })
        #expect(node.isProcessingUpdates)
        source.gate.signal()
        node.waitUntilAllUpdatesAreProcessed()
        // One node: synchronous, as UIKit.
        source.count = 8
        node.insertItems(at: [IndexPath(item: 7, section: 0)])
        #expect(node.numberOfItems(inSection: 0) == 8)
    }

    @Test func rawValuesAreTextures() {
        #expect(ASCellLayoutMode.syncForSmallContent.rawValue == 1 << 1)
        #expect(ASCellLayoutMode.alwaysSync.rawValue == 1 << 2)
        #expect(ASCellLayoutMode.alwaysAsync.rawValue == 1 << 3)
        #expect(ASCellLayoutMode.alwaysReloadData.rawValue == 1 << 6)
        #expect(ASCellLayoutMode.disableRangeController.rawValue == 1 << 7)
        #expect(ASCellLayoutMode.serializeNodeCreation.rawValue == 1 << 9)
        #expect(ASCellLayoutMode.alwaysBatchUpdateSectionReload.rawValue == 1 << 10)
    }

    @Test func syncForSmallContentWaitsForSmallBatchesOnly() {
        let source = GatedSource(count: 1)
        let node = collection(source, mode: .syncForSmallContent)
        // Content that still fits the 40-point viewport after the batch: synchronous.
        source.count = 2
        node.insertItems(at: [IndexPath(item: 1, section: 0)])
        #expect(!node.isProcessingUpdates && node.numberOfItems(inSection: 0) == 2)
        // Many nodes into content that overflows: asynchronous.
        _ = node.contentSize
        source.gated = true
        source.count = 6
        node.insertItems(at: (2..<6).map { IndexPath(item: $0, section: 0) })
        #expect(node.isProcessingUpdates)
        source.gate.signal()
        node.waitUntilAllUpdatesAreProcessed()
        #expect(node.numberOfItems(inSection: 0) == 6)
    }

    @Test func disableRangeControllerGivesOnScreenCellsTheHierarchyStateAndNothingAhead() throws {
        func states(_ mode: ASCellLayoutMode) throws -> (atTop: [ASInterfaceState], scrolled: [ASInterfaceState], log: [String]) {
            let source = RecordingSource(count: 20)
            let layout = UICollectionViewFlowLayout()
            layout.minimumLineSpacing = 0
            let node = ASCollectionNode(collectionViewLayout: layout)
            node.cellLayoutMode = mode
            node.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            node.dataSource = source
            node.delegate = source
            _ = try node.snapshot(at: .zero, scale: 1)
            let atTop = (0..<6).map { source.cell($0).interfaceState }
            _ = try node.snapshot(at: CGPoint(x: 0, y: 100), scale: 1)
            return (atTop, (0..<6).map { source.cell($0).interfaceState }, source.cell(0).take())
        }
        let managed = try states([])
        #expect(managed.atTop[4] == [.measureLayout, .preload, .display])
        let unmanaged = try states(.disableRangeController)
        #expect(unmanaged.atTop == [.inHierarchy, .inHierarchy, .inHierarchy, .inHierarchy, [], []])
        #expect(unmanaged.scrolled == [[], [], [], [], [], []])
        #expect(Array(unmanaged.log.prefix(3)) == ["enter preload", "enter display", "enter visible"])
        // Leaving all three at once: Texture calls the exits in the order preload, display, visible;
        // the order is ASDisplayNode's business (see setInterfaceState), so only the set is checked.
        #expect(Set(unmanaged.log.dropFirst(3)) == ["exit preload", "exit display", "exit visible"])
    }

    /// Frames of a collection whose first item is reloaded (as a section reload or an item
    /// reload) before frame 1 from grey 1 to grey 9: whether frame 9, half way through the
    /// default animation, still shows a cross-fade, and whether the nodes of untouched items were kept.
    @MainActor
    private func reloadFrames(_ mode: ASCellLayoutMode, section: Bool) throws -> (crossFading: Bool, keptNodes: Bool) {
        let (source, node) = Animated.collection([[1, 2, 3, 4]], mode: mode)
        let untouched = node.elements.sections[0].items.dropFirst().map(\.node)
        let sequence = try Animated.still { node in
            source.model = [[9, 2, 3, 4]]
            if section {
                // The whole section is made again; nothing is kept.
                node.reloadSections(IndexSet(integer: 0))
            } else {
                node.reloadItems(at: [IndexPath(item: 0, section: 0)])
            }
        }
        let frames = try Animated.frames(node, sequence)
        #expect(Animated.isGrey(1, Animated.rg(frames[0], 20, 5)))
        #expect(Animated.isGrey(9, Animated.rg(frames[18], 20, 5)))
        let mid = Animated.rg(frames[9], 20, 5)
        let kept = node.elements.sections[0].items.dropFirst().map(\.node).elementsEqual(untouched, by: ===)
        return (!Animated.isGrey(9, mid) && !Animated.isGrey(1, mid), kept)
    }

    @Test @MainActor func alwaysReloadDataShowsEachBatchAtOnceAndKeepsUntouchedNodes() throws {
        let animated = try reloadFrames([], section: false)
        #expect(animated.crossFading && animated.keptNodes)
        let reloaded = try reloadFrames(.alwaysReloadData, section: false)
        #expect(!reloaded.crossFading && reloaded.keptNodes)
        // A lone insert, which animates by default, shows at once too.
        let (source, node) = Animated.collection([[1, 2, 3, 4]], mode: .alwaysReloadData)
        let frames = try Animated.frames(node, try Animated.still { node in
            source.model[0].insert(9, at: 0)
            node.insertItems(at: [IndexPath(item: 0, section: 0)])
        })
        #expect(Animated.top(of: 1, in: frames[1]) == 10)
    }

    @Test @MainActor func alwaysBatchUpdateSectionReloadAnimatesSectionReloadsUnderAlwaysReloadData() throws {
        // Section reloads animate again under alwaysReloadData with this flag…
        #expect(try reloadFrames([.alwaysReloadData, .alwaysBatchUpdateSectionReload], section: true).crossFading)
        #expect(try !reloadFrames(.alwaysReloadData, section: true).crossFading)
        // …other batches are still applied as reloads…
        #expect(try !reloadFrames([.alwaysReloadData, .alwaysBatchUpdateSectionReload], section: false).crossFading)
        // …and alone it changes nothing, as in Texture.
        #expect(try reloadFrames(.alwaysBatchUpdateSectionReload, section: true).crossFading)
        #expect(try reloadFrames([], section: true).crossFading)
    }
}
