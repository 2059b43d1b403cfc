import Foundation
import Weft

/// Data sources that lie, overflow or call back in.
enum DataSourceCases {
    static func snapshot(_ collection: ScriptedCollection) throws {
        _ = try collection.node.snapshot(at: .zero, scale: 1)
    }

    static let all: [HostileCase] = [
        HostileCase(category: .dataSources, name: "negative-section-count") {
            let collection = ScriptedCollection { $0.sections = { -1 } }
            try Expect.error(containing: "-1") { try snapshot(collection) }
        },
        HostileCase(category: .dataSources, name: "negative-item-count") {
            let collection = ScriptedCollection { $0.items = { _ in -5 } }
            try Expect.error(containing: "-5") { try snapshot(collection) }
        },
        HostileCase(category: .dataSources, name: "item-count-two-to-the-fortieth") {
            let collection = ScriptedCollection { $0.items = { _ in 1 << 40 } }
            try Expect.error(containing: "1099511627776") { try snapshot(collection) }
        },
        HostileCase(category: .dataSources, name: "section-count-a-billion") {
            let collection = ScriptedCollection { $0.sections = { 1_000_000_000 }; $0.items = { _ in 0 } }
            try Expect.error(containing: "1000000000") { try snapshot(collection) }
        },
        HostileCase(category: .dataSources, name: "counts-that-change-between-calls") {
            var calls = 0
            let collection = ScriptedCollection { source in
                source.sections = { calls += 1; return 1 + calls % 3 }
                source.items = { section in (section * 7 + calls) % 11 }
            }
            for _ in 0..<20 {
                collection.node.reloadData()
                _ = try? snapshot(collection)
            }
        },
        HostileCase(category: .dataSources, name: "one-node-for-every-item") {
            // Handed to the node-making threads on purpose, as a careless data source would.
            nonisolated(unsafe) let shared = ASCellNode()
            shared.backgroundColor = .systemYellow
            let collection = ScriptedCollection { $0.block = { _ in { shared } } }
            _ = try? snapshot(collection)
        },
        HostileCase(category: .dataSources, name: "reload-data-from-inside-a-node-block") {
            let holder = CollectionHolder()
            let collection = ScriptedCollection { source in
                source.items = { _ in 5 }
                source.block = { _ in { holder.node?.reloadData(); return ASCellNode() } }
            }
            holder.node = collection.node
            _ = try? snapshot(collection)
        },
        HostileCase(category: .dataSources, name: "reload-data-from-the-data-source") {
            let holder = CollectionHolder()
            let collection = ScriptedCollection { source in
                source.items = { _ in holder.node?.reloadData(); return 3 }
            }
            holder.node = collection.node
            _ = try? snapshot(collection)
        },
        HostileCase(category: .dataSources, name: "nan-constrained-size-reported") {
            let collection = ScriptedCollection { source in
                source.size = { _ in ASSizeRange(min: .zero, max: CGSize(width: CGFloat.nan, height: 40)) }
            }
            try Expect.diagnostic(containing: "nan") { try snapshot(collection) }
        },
        HostileCase(category: .dataSources, name: "infinite-cell-size-reported") {
            let collection = ScriptedCollection { source in
                source.size = { _ in ASSizeRange(min: CGSize(width: 10, height: CGFloat.infinity), max: CGSize(width: 10, height: CGFloat.infinity)) }
            }
            try Expect.diagnostic(containing: "inf") { try snapshot(collection) }
        },
        HostileCase(category: .dataSources, name: "index-path-for-nan-point") {
            let collection = ScriptedCollection()
            try snapshot(collection)
            try Expect.that(collection.node.indexPathForItem(at: CGPoint(x: CGFloat.nan, y: 10)) == nil, "a NaN point found an item")
            try Expect.that(collection.node.indexPathForItem(at: CGPoint(x: 10, y: CGFloat.infinity)) == nil, "an infinite point found an item")
        },
        HostileCase(category: .dataSources, name: "odd-index-paths") {
            let collection = ScriptedCollection()
            try snapshot(collection)
            for path in [IndexPath(item: -1, section: 0), IndexPath(item: 0, section: -1), IndexPath(item: 1 << 40, section: 0),
                         IndexPath(indexes: [0, 1, 2]), IndexPath(indexes: [])] {
                try Expect.that(collection.node.nodeForItem(at: path) == nil, "nodeForItem(at: \(path)) found a node")
            }
            try Expect.error(containing: "99") { try collection.node.scrollToItemChecked(at: IndexPath(item: 99, section: 0), at: .top, animated: false) }
        },
        HostileCase(category: .dataSources, name: "data-source-released-before-render") {
            let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: UICollectionViewFlowLayout())
            do {
                let source = ScriptedSource()
                node.dataSource = source
            }
            _ = try? node.snapshot(at: .zero, scale: 1)
        },
    ]
}

/// Lets a node block reach its collection, as an app's view controller would.
final class CollectionHolder: @unchecked Sendable {
    // SAFETY: set once before the collection loads, read afterwards.
    weak var node: ASCollectionNode?
}
