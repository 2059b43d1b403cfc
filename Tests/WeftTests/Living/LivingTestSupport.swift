import Foundation
import Synchronization
@testable import Weft

/// A cell that remembers which model item it shows.
class IDCell: ASCellNode, @unchecked Sendable {
    let id: Int
    /// With a size, the cell's preferred size; without, it measures by `calculateSizeThatFits`.
    init(id: Int, size: CGSize?) {
        self.id = id
        super.init()
        if let size { style.preferredSize = size }
        backgroundColor = UIColor(white: CGFloat(id % 10) / 10, alpha: 1)
        debugName = "id \(id)"
    }
}

/// A data source over a model of item identifiers per section; node blocks record their thread.
class LiveSource: ASCollectionDataSource, ASCollectionDelegate, @unchecked Sendable {
    // SAFETY: `model` is read and written on the test's thread only; `blockThreads` is a mutex.
    var model: [[Int]]
    let itemSize: CGSize
    let made = Mutex<Int>(0)
    let blockThreads = Mutex<[pthread_t]>([])

    init(_ model: [[Int]], itemSize: CGSize = CGSize(width: 40, height: 10)) {
        self.model = model
        self.itemSize = itemSize
    }

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int { model.count }
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { model[section].count }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let id = model[indexPath.section][indexPath.item], size = itemSize
        return { [self] in
            made.withLock { $0 += 1 }
            blockThreads.withLock { $0.append(pthread_self()) }
            return IDCell(id: id, size: size)
        }
    }
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(exactly: itemSize)
    }
}

@MainActor
enum Living {
    /// A vertical flow collection of `source`'s items, loaded; `deferred` sets a lazy-measurement
    /// threshold of 0, so every load defers its items (their elements made as they are read).
    static func collection(_ source: LiveSource, size: CGSize = CGSize(width: 40, height: 40), deferred: Bool = false) -> ASCollectionNode {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        let node = ASCollectionNode(collectionViewLayout: layout)
        node.frame = CGRect(origin: .zero, size: size)
        node.dataSource = source
        node.delegate = source
        if deferred { node.lazyMeasurementThreshold = 0 }
        try? node.loadDataIfNeeded()
        return node
    }

    /// The collection's items as model identifiers, read from its visible element map; checks
    /// that every element and node carries its current index path.
    static func ids(_ node: ASCollectionNode) -> [[Int]]? {
        var result: [[Int]] = []
        for (s, section) in node.elements.sections.enumerated() {
            var row: [Int] = []
            for (i, element) in section.items.enumerated() {
                let path = IndexPath(item: i, section: s)
                guard element.indexPath == path, let cell = element.node as? IDCell, cell.indexPath == path,
                      node.indexPath(for: cell) == path else { return nil }
                row.append(cell.id)
            }
            result.append(row)
        }
        return result
    }
}
