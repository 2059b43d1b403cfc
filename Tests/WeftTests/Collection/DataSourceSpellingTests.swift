import Foundation
import Synchronization
import Testing
import Weft

/// Each documented spelling of the node methods must actually be called (Swift would otherwise
/// silently call a default implementation).
@Suite struct DataSourceSpellingTests {
    final class BlockSource: ASCollectionDataSource {
        let calls = Atomic(0)
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 3 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
            calls.add(1, ordering: .relaxed)
            return { BoxCell(index: 1, size: CGSize(width: 10, height: 10)) }
        }
    }

    final class OptionalBlockSource: ASCollectionDataSource {
        let calls = Atomic(0)
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 3 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock? {
            calls.add(1, ordering: .relaxed)
            return { BoxCell(index: 2, size: CGSize(width: 10, height: 10)) }
        }
    }

    final class NodeSource: ASCollectionDataSource {
        let calls = Atomic(0)
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 3 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode {
            calls.add(1, ordering: .relaxed)
            return BoxCell(index: 3, size: CGSize(width: 10, height: 10))
        }
    }

    final class OptionalNodeSource: ASCollectionDataSource {
        let calls = Atomic(0)
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 3 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode? {
            calls.add(1, ordering: .relaxed)
            return BoxCell(index: 4, size: CGSize(width: 10, height: 10))
        }
    }

    final class BothSource: ASCollectionDataSource {
        let blockCalls = Atomic(0), nodeCalls = Atomic(0)
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 2 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
            blockCalls.add(1, ordering: .relaxed)
            return { BoxCell(index: 5, size: CGSize(width: 10, height: 10)) }
        }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode {
            nodeCalls.add(1, ordering: .relaxed)
            return BoxCell(index: 6, size: CGSize(width: 10, height: 10))
        }
    }

    static func load(_ source: any ASCollectionDataSource) throws -> ASCollectionNode {
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout())
        node.dataSource = source
        try node.loadDataIfNeeded()
        return node
    }

    @Test func nodeBlockReturningASCellNodeBlock() throws {
        let source = BlockSource()
        let node = try Self.load(source)
        #expect(source.calls.load(ordering: .relaxed) == 3 && node.nodeForItem(at: IndexPath(item: 0, section: 0))?.debugName == "box 1")
    }

    @Test func nodeBlockReturningOptionalBlock() throws {
        let source = OptionalBlockSource()
        let node = try Self.load(source)
        #expect(source.calls.load(ordering: .relaxed) == 3 && node.nodeForItem(at: IndexPath(item: 2, section: 0))?.debugName == "box 2")
    }

    @Test func nodeForItemReturningASCellNode() throws {
        let source = NodeSource()
        let node = try Self.load(source)
        #expect(source.calls.load(ordering: .relaxed) == 3 && node.nodeForItem(at: IndexPath(item: 1, section: 0))?.debugName == "box 3")
    }

    @Test func nodeForItemReturningOptionalNode() throws {
        let source = OptionalNodeSource()
        let node = try Self.load(source)
        #expect(source.calls.load(ordering: .relaxed) == 3 && node.nodeForItem(at: IndexPath(item: 1, section: 0))?.debugName == "box 4")
    }

    @Test func nodeBlockWinsOverNode() throws {
        let source = BothSource()
        let node = try Self.load(source)
        #expect(source.blockCalls.load(ordering: .relaxed) == 2 && source.nodeCalls.load(ordering: .relaxed) == 0)
        #expect(node.nodeForItem(at: IndexPath(item: 0, section: 0))?.debugName == "box 5")
    }

    @Test func defaultsAreOneSectionAndNoItems() throws {
        final class Empty: ASCollectionDataSource {}
        let source = Empty()
        let node = try Self.load(source)
        #expect(node.numberOfSections == 1 && node.numberOfItems(inSection: 0) == 0)
    }
}
