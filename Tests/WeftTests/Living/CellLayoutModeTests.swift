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
        #expect(node.numberOfItems(inSection: 0) == 2)
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
        #expect(ASCellLayoutMode.disableRangeController.rawValue == 1 << 7)
        #expect(ASCellLayoutMode.serializeNodeCreation.rawValue == 1 << 9)
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
}
