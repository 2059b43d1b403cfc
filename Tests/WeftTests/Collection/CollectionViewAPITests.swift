import Foundation
import Testing
@testable import Weft

/// Texture's collection API on the view and the cells: selection set on a cell node, section
/// contexts, nested batch completions, a layout pass in a window, flow-layout reference sizes,
/// autoresizing.
@MainActor @Suite struct CollectionViewAPITests {
    static func column(_ counts: [Int]) -> BoxCollection {
        BoxCollection(viewport: CGSize(width: 120, height: 160), counts: counts) { _ in CGSize(width: 120, height: 40) }
    }

    @Test func settingACellsSelectionSelectsItsItem() throws {
        let c = Self.column([5])
        let first = try #require(c.node.nodeForItem(at: IndexPath(item: 0, section: 0)))
        let second = try #require(c.node.nodeForItem(at: IndexPath(item: 1, section: 0)))
        first.isSelected = true
        #expect(c.node.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
        // Without multiple selection the new item replaces the selection, as UIKit's does.
        second.isSelected = true
        #expect(c.node.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(!first.isSelected)
        second.isSelected = false
        #expect(c.node.indexPathsForSelectedItems == nil)
        // A cell that is not in a collection only keeps the value.
        let loose = ASCellNode()
        loose.isSelected = true
        #expect(loose.isSelected)
    }

    @Test func deletedCellsLoseTheirIndexPath() throws {
        let c = Self.column([3, 3])
        let cell = try #require(c.node.nodeForItem(at: IndexPath(item: 1, section: 1)))
        let kept = try #require(c.node.nodeForItem(at: IndexPath(item: 2, section: 1)))
        c.source.counts = [3, 2]
        c.node.deleteItems(at: [IndexPath(item: 1, section: 1)])
        c.node.waitUntilAllUpdatesAreProcessed()
        #expect(cell.indexPath == nil)
        #expect(kept.indexPath == IndexPath(item: 1, section: 1))
    }

    final class Context: ASSectionContext {
        var sectionName: String?
        weak var collectionView: ASCollectionView?
    }

    final class ContextSource: ASCollectionDataSource {
        var counts = [1, 1, 1]
        var asked: [Int] = []
        func numberOfSections(in collectionNode: ASCollectionNode) -> Int { counts.count }
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode { ASCellNode() }
        func collectionNode(_ collectionNode: ASCollectionNode, contextForSection section: Int) -> (any ASSectionContext)? {
            asked.append(section)
            let context = Context()
            context.sectionName = "section \(section)"
            return context
        }
    }

    @Test func sectionContextsAreAskedWhenSectionsLoadAndFollowThem() throws {
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout())
        let source = ContextSource()
        node.dataSource = source
        #expect(node.numberOfSections == 3)
        #expect(source.asked == [0, 1, 2])
        #expect(node.context(forSection: 2)?.sectionName == "section 2")
        #expect(node.context(forSection: 0)?.collectionView === node.view)
        #expect(node.context(forSection: 3) == nil)
        // A reloaded section gets a fresh context; the others keep theirs, renumbered by a delete.
        source.asked = []
        node.reloadSections(IndexSet(integer: 1))
        node.waitUntilAllUpdatesAreProcessed()
        #expect(source.asked == [1])
        let third = node.context(forSection: 2)
        source.counts = [1, 1]
        node.deleteSections(IndexSet(integer: 0))
        node.waitUntilAllUpdatesAreProcessed()
        #expect(node.context(forSection: 1) === third)
    }

    @Test func nestedBatchCompletionsRunInnerFirst() async throws {
        let c = Self.column([2])
        let order = LockedBox<[String]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            c.node.performBatchUpdates({
                c.node.performBatchUpdates({}, completion: { _ in order.withLockedValue { $0.append("inner") } })
            }, completion: { _ in
                order.withLockedValue { $0.append("outer") }
                done.resume()
            })
        }
        #expect(order.withLockedValue { $0 } == ["inner", "outer"])
    }

    final class ReferenceSizes: ASCollectionDataSource, ASCollectionDelegate, UICollectionViewDelegateFlowLayout {
        func numberOfSections(in collectionNode: ASCollectionNode) -> Int { 2 }
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 1 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode { ASCellNode() }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNode { ASCellNode() }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
            CGSize(width: 10, height: section == 0 ? 30 : 0)
        }
    }

    @Test func flowLayoutDelegateReferenceSizesSizeHeaders() throws {
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 100, height: 200), collectionViewLayout: UICollectionViewFlowLayout())
        let source = ReferenceSizes()
        node.registerSupplementaryNode(ofKind: UICollectionView.elementKindSectionHeader)
        node.dataSource = source
        node.delegate = source
        let header = try #require(node.nodeForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
        #expect(header.calculatedSize == CGSize(width: 100, height: 30), "the reference height along the scroll axis, the collection's width across it")
        // A reference size of 0 along the scroll axis: no header, as UIKit's flow layout.
        #expect(node.nodeForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)) == nil)
    }

    @Test func aLayoutPassInAWindowShowsTheVisibleCells() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 160))
        let c = Self.column([20])
        window.addSubview(c.node.view)
        window.makeKeyAndVisible()
        c.node.view.layoutIfNeeded()
        let visible = c.node.visibleNodes
        #expect(visible.count == 4)
        #expect(visible.allSatisfy { $0.isVisible && $0.layoutAttributes?.frame == c.node.view.layoutAttributesForItem(at: $0.indexPath!)?.frame })
        let cell = try #require(c.node.view.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(cell.frame == CGRect(x: 0, y: 0, width: 120, height: 40))
        #expect(c.node.view.cellForItem(at: IndexPath(item: 19, section: 0)) == nil, "off screen")
        c.node.view.contentOffset = CGPoint(x: 0, y: 400)
        c.node.view.layoutIfNeeded()
        #expect(visible.allSatisfy { !$0.isVisible && $0.layoutAttributes == nil })
    }

    @Test func autoresizingSubviewsFollowTheirSuperview() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let fill = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let pinned = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        pinned.autoresizingMask = [.flexibleLeftMargin]
        parent.addSubview(fill)
        parent.addSubview(pinned)
        parent.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        #expect(fill.frame == CGRect(x: 10, y: 10, width: 180, height: 30))
        #expect(pinned.frame == CGRect(x: 110, y: 10, width: 20, height: 20))
    }
}
