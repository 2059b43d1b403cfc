import Foundation
import Testing
@testable import Weft

/// A row's view model, a class so that models can be compared by identity.
final class RowModel: Sendable {
    let title: String
    init(_ title: String) { self.title = title }
}

/// Another model class: a cell made for a `RowModel` cannot take one by default.
final class BannerModel: Sendable {}

/// A list whose data source gives a node model per item and counts the node blocks it gives.
final class ModelFeed: ASCollectionDataSource {
    var models: [Any]
    var nodeBlocksAsked = 0
    init(models: [Any]) { self.models = models }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { models.count }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeModelForItemAt indexPath: IndexPath) -> Any? { models[indexPath.item] }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        nodeBlocksAsked += 1
        return {
            let cell = ASCellNode()
            cell.style.preferredSize = CGSize(width: 40, height: 10)
            return cell
        }
    }
}

/// The same list as a table's data source.
final class ModelRows: ASTableDataSource {
    let models: [RowModel]
    init(models: [RowModel]) { self.models = models }

    func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { models.count }
    func tableNode(_ tableNode: ASTableNode, nodeModelForRowAt indexPath: IndexPath) -> Any? { models[indexPath.row] }
    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        { ASCellNode() }
    }
}

@MainActor @Suite struct NodeModelTests {
    private func list(_ feed: ModelFeed) -> ASCollectionNode {
        let node = ASCollectionNode(collectionViewLayout: UICollectionViewFlowLayout())
        node.frame = CGRect(x: 0, y: 0, width: 40, height: 100)
        node.dataSource = feed
        return node
    }

    @Test func theDataSourcesModelsReachTheCellsAndTheQueries() {
        let models = (0..<3).map { RowModel("row \($0)") }
        let feed = ModelFeed(models: models)
        let node = list(feed)
        for (item, model) in models.enumerated() {
            let path = IndexPath(item: item, section: 0)
            #expect(node.nodeModelForItem(at: path) as? RowModel === model)
            #expect(node.nodeForItem(at: path)?.nodeModel as? RowModel === model)
        }
        #expect(node.nodeModelForItem(at: IndexPath(item: 3, section: 0)) == nil)
        #expect(node.nodeModelForItem(at: IndexPath(item: 0, section: 1)) == nil)

        let rows = ModelRows(models: models)
        let table = ASTableNode(style: .plain)
        table.frame = CGRect(x: 0, y: 0, width: 40, height: 100)
        table.dataSource = rows
        #expect(table.nodeModelForRow(at: IndexPath(row: 1, section: 0)) as? RowModel === models[1])
        #expect(table.nodeForRow(at: IndexPath(row: 2, section: 0))?.nodeModel as? RowModel === models[2])
    }

    @Test func aReloadKeepsTheCellWhenItCanTakeTheNewModel() {
        let feed = ModelFeed(models: [RowModel("a"), RowModel("b")])
        let node = list(feed)
        let first = IndexPath(item: 0, section: 0), second = IndexPath(item: 1, section: 0)
        let (old, other) = (node.nodeForItem(at: first)!, node.nodeForItem(at: second)!)
        #expect(feed.nodeBlocksAsked == 2)

        // A model of the cell's model's class: the cell is kept, given the model, and measured
        // again; no node block is asked for.
        let renamed = RowModel("a, renamed")
        feed.models[0] = renamed
        node.reloadItems(at: [first])
        node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.nodeBlocksAsked == 2)
        #expect(node.nodeForItem(at: first) === old)
        #expect(old.nodeModel as? RowModel === renamed)
        #expect(node.nodeModelForItem(at: first) as? RowModel === renamed)
        #expect(old.indexPath == first && node.indexPath(for: old) == first)

        // Deleting the row before it moves the kept cell, which stays in the collection.
        feed.models.remove(at: 0)
        let again = RowModel("b, renamed")
        feed.models[0] = again
        node.performBatchUpdates({
            node.deleteItems(at: [first])
            node.reloadItems(at: [second])
        }, completion: nil)
        node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.nodeBlocksAsked == 2)
        #expect(node.nodeForItem(at: first) === other && other.indexPath == first && other.nodeModel as? RowModel === again)

        // Another class: a fresh cell from a node block.
        feed.models[0] = BannerModel()
        node.reloadItems(at: [first])
        node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.nodeBlocksAsked == 3)
        #expect(node.nodeForItem(at: first) !== other)
        #expect(node.nodeForItem(at: first)?.nodeModel is BannerModel)
        #expect(other.indexPath == nil)
    }

    @Test func aCellWithoutAModelCannotTakeOneAndARelayoutLeavesTheModelAlone() {
        let cell = ASCellNode()
        #expect(!cell.canUpdate(toNodeModel: RowModel("a")))
        cell.nodeModel = RowModel("b")
        #expect(cell.canUpdate(toNodeModel: RowModel("a")))
        #expect(!cell.canUpdate(toNodeModel: BannerModel()))

        // A new width measures the made cells again; a model the app gave a cell since stays.
        let feed = ModelFeed(models: [RowModel("a")])
        let node = list(feed)
        let made = node.nodeForItem(at: IndexPath(item: 0, section: 0))!
        let mine = RowModel("set by the app")
        made.nodeModel = mine
        node.frame = CGRect(x: 0, y: 0, width: 60, height: 100)
        node.relayoutItems()
        node.waitUntilAllUpdatesAreProcessed()
        #expect(node.nodeForItem(at: IndexPath(item: 0, section: 0)) === made)
        #expect(made.nodeModel as? RowModel === mine)
    }
}
