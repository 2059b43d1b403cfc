import Foundation
import Synchronization
import Testing
@testable import Weft

@MainActor @Suite struct NodeCreationThreadTests {
    private func expectNoneOnThisThread(_ source: LiveSource, atLeast: Int) {
        let me = pthread_self()
        let threads = source.blockThreads.withLock { $0 }
        #expect(threads.count >= atLeast)
        #expect(!threads.contains { pthread_equal($0, me) != 0 })
    }

    @Test func loadsAndEditsNeverRunNodeBlocksOnTheCallersThread() {
        let source = LiveSource([Array(0..<40)])
        let node = Living.collection(source)
        source.model[0].insert(contentsOf: [100, 101, 102], at: 0)
        node.insertItems(at: (0..<3).map { IndexPath(item: $0, section: 0) })
        node.waitUntilAllUpdatesAreProcessed()
        expectNoneOnThisThread(source, atLeast: 43)
    }

    @Test func serializedNodeCreationUsesOneBackgroundThread() {
        let source = LiveSource([Array(0..<30)])
        let node = ASCollectionNode(collectionViewLayout: UICollectionViewFlowLayout())
        node.cellLayoutMode = .serializeNodeCreation
        node.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        node.dataSource = source
        node.delegate = source
        try? node.loadDataIfNeeded()
        expectNoneOnThisThread(source, atLeast: 30)
        let threads = source.blockThreads.withLock { $0 }
        #expect(threads.allSatisfy { pthread_equal($0, threads[0]) != 0 })
    }

    @Test func lazilyMadeNodesOfALayoutDelegateAreMadeOffThisThread() throws {
        let source = LiveSource([Array(0..<200)])
        let node = ASCollectionNode(layoutDelegate: ASCollectionGalleryLayoutDelegate(scrollableDirections: .verticalDirections))
        node.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        node.dataSource = source
        node.delegate = source
        _ = try node.snapshot(scale: 1)
        _ = node.nodeForItem(at: IndexPath(item: 150, section: 0))
        expectNoneOnThisThread(source, atLeast: 1)
    }
}
