import Foundation
import Testing
@testable import Weft

/// A long list's item first needed while the collection's bounds are not those its items were
/// measured for (set, and not yet seen by a load or frame) is measured with the range the delegate
/// gives then, which may read the live bounds. The next access must then measure every item again:
/// it took the width it finds for the one already measured, and left that item at the other
/// width (a stress-test schedule: a width change, and back, around a frame's deferred items).
@MainActor @Suite struct DeferredItemViewportTests {
    /// Ranges as wide as the collection's bounds when asked. (It overrides the node block method
    /// too: a `LiveSource` subclass that does not fails to link, see `ReloadingOnceSource`.)
    final class LiveWidthSource: LiveSource, @unchecked Sendable {
        override func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
            let id = model[indexPath.section][indexPath.item]
            return { IDCell(id: id, size: nil) }
        }
        override func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
            let width = collectionNode.bounds.width
            return ASSizeRange(min: CGSize(width: width, height: 0), max: CGSize(width: width, height: 100))
        }
    }

    @Test func anItemMeasuredAtAnotherWidthIsMeasuredAgainForTheBoundsTheNextAccessFinds() throws {
        let source = LiveWidthSource([Array(0..<200)])
        let node = Living.collection(source, size: CGSize(width: 40, height: 30), deferred: true)
        let item = IndexPath(item: 150, section: 0)
        node.frame = CGRect(x: 0, y: 0, width: 60, height: 30)
        // The visible map, read without an access that would load: the item is resolved now.
        let element = try #require(node.elements.element(at: item))
        _ = element.node
        #expect(element.constrainedSize.max.width == 60)
        node.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        try node.loadDataIfNeeded()
        #expect(node.elements.element(at: item)?.constrainedSize.max.width == 40)
        #expect(node.nodeForItem(at: item)?.calculatedSize.width == 40)
    }
}
