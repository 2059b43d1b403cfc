import Foundation
import Synchronization
import Testing
@testable import Weft

/// A row whose height is 10 points, or 30 once expanded.
final class ExpandingCell: ASCellNode, @unchecked Sendable {
    // SAFETY: `expanded` is a mutex.
    private let expanded = Mutex(false)
    let child = ASDisplayNode()
    override init() {
        super.init()
        addSubnode(child)
    }
    func expand() { expanded.withLock { $0 = true } }
    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: expanded.withLock { $0 } ? 30 : 10)
    }
}

final class ExpandingSource: ASCollectionDataSource, ASCollectionDelegate, @unchecked Sendable {
    // SAFETY: `made` is a mutex; nothing else is mutable.
    let made = Mutex<[Int: ExpandingCell]>([:])
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 5 }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let item = indexPath.item
        return { [self] in
            let cell = ExpandingCell()
            self.made.withLock { $0[item] = cell }
            return cell
        }
    }
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(min: CGSize(width: 40, height: 0), max: CGSize(width: 40, height: 100))
    }
}

/// Rows of `ExpandingCell`s, as many as `count`; every cell made is kept, in the order made.
final class GrowingExpandingSource: ASCollectionDataSource, ASCollectionDelegate, @unchecked Sendable {
    // SAFETY: `count` is only used on the main actor; `made` is a mutex.
    var count = 1
    let made = Mutex<[ExpandingCell]>([])
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { count }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        { [self] in
            let cell = ExpandingCell()
            self.made.withLock { $0.append(cell) }
            return cell
        }
    }
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(min: CGSize(width: 40, height: 0), max: CGSize(width: 40, height: 100))
    }
}

@MainActor @Suite struct CellRelayoutTests {
    private func collection(_ source: some ASCollectionDataSource & ASCollectionDelegate) -> ASCollectionNode {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        let node = ASCollectionNode(collectionViewLayout: layout)
        node.frame = CGRect(x: 0, y: 0, width: 40, height: 100)
        node.dataSource = source
        node.delegate = source
        return node
    }

    private func frames(_ node: ASCollectionNode) -> [CGRect] {
        (0..<5).compactMap { node.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
    }

    @Test func setNeedsLayoutOnACellRemeasuresItAndMovesTheCellsAfterIt() throws {
        let source = ExpandingSource()
        let node = collection(source)
        _ = try node.snapshot(at: .zero, scale: 1)
        #expect(frames(node).map(\.minY) == [0, 10, 20, 30, 40])
        let cells = source.made.withLock { $0 }
        let cell = try #require(cells[1])
        cell.expand()
        cell.setNeedsLayout()
        _ = try node.snapshot(at: .zero, scale: 1)
        #expect(frames(node).map(\.minY) == [0, 10, 40, 50, 60])
        #expect(frames(node)[1].height == 30)
        #expect(cell.bounds.height == 30)
        // The same nodes: nothing was made again.
        #expect(source.made.withLock { $0.mapValues(ObjectIdentifier.init) } == cells.mapValues(ObjectIdentifier.init))
        #expect(node.nodeForItem(at: IndexPath(item: 1, section: 0)) === cell)
    }

    @Test func setNeedsLayoutOnASubnodeReachesItsCell() throws {
        let source = ExpandingSource()
        let node = collection(source)
        _ = try node.snapshot(at: .zero, scale: 1)
        let cell = try #require(source.made.withLock { $0[3] })
        cell.expand()
        cell.child.setNeedsLayout()
        _ = try node.snapshot(at: .zero, scale: 1)
        #expect(frames(node).map(\.minY) == [0, 10, 20, 30, 60])
    }

    @Test func withoutSetNeedsLayoutNothingIsMeasuredAgain() throws {
        let source = ExpandingSource()
        let node = collection(source)
        _ = try node.snapshot(at: .zero, scale: 1)
        let generation = node.layoutAccess.adopted.generation
        source.made.withLock { $0[1] }?.expand()
        _ = try node.snapshot(at: .zero, scale: 1)
        #expect(frames(node).map(\.minY) == [0, 10, 20, 30, 40])
        #expect(node.layoutAccess.adopted.generation == generation)
    }

    /// A cell a batch made, invalidated after the batch was published and before the layout's
    /// holder adopted it, is measured again. The look for invalidated cells read the map the
    /// layout had adopted, which did not hold the cell, and took the invalidation as seen: no
    /// later frame looked again (the stress test's lost cell relayout).
    @Test func aCellInvalidatedBeforeTheLayoutAdoptsItsBatchIsMeasuredAgain() throws {
        let source = GrowingExpandingSource()
        let node = collection(source)
        _ = try node.snapshot(at: .zero, scale: 1)
        // Another thread holds the layout, as a frame on the driving thread does.
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let box = UncheckedBox(node)
        Thread.detachNewThread {
            box.value.layoutAccess.entering("a frame") {
                held.signal()
                release.wait()
                // The frame looks for invalidated cells after the batch below was published.
                box.value.relayoutInvalidatedCells()
            }
            done.signal()
        }
        held.wait()
        source.count = 2
        node.insertItems(at: [IndexPath(item: 0, section: 0)])
        node.waitUntilAllUpdatesAreProcessed()
        #expect(node.elements.sections[0].items.count == 2)
        #expect(node.layoutElements.sections[0].items.count == 1, "the holder has not adopted the batch")
        let cell = try #require(source.made.withLock { $0.last })
        cell.expand()
        cell.setNeedsLayout()
        release.signal()
        done.wait()
        _ = try node.snapshot(at: .zero, scale: 1)
        #expect(frames(node).map(\.height) == [30, 10])
        #expect(cell.bounds.height == 30)
    }
}
