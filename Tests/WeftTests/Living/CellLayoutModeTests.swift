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

@Suite struct CellLayoutModeTests {
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
}
