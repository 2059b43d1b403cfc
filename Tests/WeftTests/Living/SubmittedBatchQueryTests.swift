import Foundation
import Testing
@testable import Weft

/// A source whose node block for `slowID` takes `delay` seconds, so a batch that makes that item
/// is still being applied when the test queries right after submitting it.
final class SlowItemSource: LiveSource, @unchecked Sendable {
    // SAFETY: as `LiveSource`; the added fields are constants.
    let slowID: Int
    let delay: TimeInterval

    init(_ model: [[Int]], slowID: Int, delay: TimeInterval = 0.3) {
        self.slowID = slowID
        self.delay = delay
        super.init(model)
    }

    override func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let block = super.collectionNode(collectionNode, nodeBlockForItemAt: indexPath)
        guard model[indexPath.section][indexPath.item] == slowID else { return block }
        let delay = self.delay
        return {
            Thread.sleep(forTimeInterval: delay)
            return block()
        }
    }
}

/// Texture's item queries (`numberOfSections`, `numberOfItems(inSection:)`, `nodeForItem(at:)`)
/// answer its pending map, which every batch changes as it is submitted. The
/// collection thrash test (TextureTests' testThrashingWildlyOnSameCollectionView: `reloadData()`,
/// a batch, then the queries) found Weft answering from the visible map, before a batch it applies
/// asynchronously had reached it.
@MainActor @Suite struct SubmittedBatchQueryTests {
    @Test func queriesCountAnAsynchronousBatchAsSoonAsItIsSubmitted() {
        let source = SlowItemSource([Array(0..<5), Array(5..<10)], slowID: 99)
        let node = Living.collection(source)
        node.cellLayoutMode = .alwaysAsync
        source.model = [[99] + Array(0..<5)]
        node.performBatchUpdates({
            node.deleteSections(IndexSet(integer: 1))
            node.insertItems(at: [IndexPath(item: 0, section: 0)])
        })
        #expect(node.numberOfSections == 1)
        #expect(node.numberOfItems(inSection: 0) == 6)
        #expect((node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? IDCell)?.id == 99)
        node.waitUntilAllUpdatesAreProcessed()
        #expect(Living.ids(node) == [[99, 0, 1, 2, 3, 4]])
    }

    @Test func queriesCountABatchSubmittedRightAfterReloadData() {
        let source = SlowItemSource([Array(0..<5)], slowID: 99)
        let node = Living.collection(source)
        source.model = [Array(10..<15), Array(15..<20)]
        node.reloadData()
        // Two new nodes, and content taller than the viewport: applied asynchronously (Texture's rule).
        source.model = [[99, 98] + Array(10..<15)]
        node.performBatchUpdates({
            node.deleteSections(IndexSet(integer: 1))
            node.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        })
        #expect(node.numberOfSections == 1)
        #expect(node.numberOfItems(inSection: 0) == 7)
        #expect((node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? IDCell)?.id == 99)
        node.waitUntilAllUpdatesAreProcessed()
        #expect(Living.ids(node) == [[99, 98, 10, 11, 12, 13, 14]])
    }
}
