import Dispatch
import Foundation
import Synchronization
import Weft

/// Traits and settings given bad values, or changed from other threads while a render runs.
enum SettingsCases {
    static let all: [HostileCase] = threads

    // MARK: Threads

    static let threads: [HostileCase] = [
        HostileCase(category: .traits, name: "collection-semantic-attribute-flipped-while-rendering") {
            let collection = ScriptedCollection { $0.items = { _ in 60 } }
            try race(mutators: 3, render: { _ = try collection.node.snapshot(at: CGPoint(x: 0, y: CGFloat($0 % 7) * 40), scale: 1) }) { i in
                collection.node.semanticContentAttribute = i % 2 == 0 ? .forceRightToLeft : .forceLeftToRight
            }
        },
        HostileCase(category: .traits, name: "collection-traits-and-relayout-while-rendering") {
            let collection = ScriptedCollection { $0.items = { _ in 60 } }
            try race(mutators: 3, render: { _ = try collection.node.snapshot(at: CGPoint(x: 0, y: CGFloat($0 % 5) * 60), scale: 1) }) { i in
                switch i % 6 {
                case 0: collection.node.setPrimitiveTraitCollection(traits(i))
                case 1: ASTraitCollectionPropagateDown(collection.node, traits(i))
                case 2: collection.node.relayoutItems()
                case 3: collection.node.semanticContentAttribute = i % 12 == 3 ? .forceRightToLeft : .unspecified
                case 4: _ = collection.node.indexPathsForVisibleItems; _ = collection.node.contentSize
                default: _ = try? collection.node.offset(toShow: IndexPath(item: i % 60, section: 0), at: .top)
                }
            }
        },
        HostileCase(category: .traits, name: "table-traits-and-relayout-while-rendering") {
            let source = Rows()
            // Shared with the mutators on purpose: nodes guard their own state.
            nonisolated(unsafe) let table = ASTableNode(style: .plain)
            table.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
            table.dataSource = source
            try race(mutators: 3, render: { _ = try table.snapshot(at: CGPoint(x: 0, y: CGFloat($0 % 4) * 30), scale: 1) }) { i in
                switch i % 4 {
                case 0: table.semanticContentAttribute = i % 8 == 0 ? .forceRightToLeft : .forceLeftToRight
                case 1: ASTraitCollectionPropagateDown(table, traits(i))
                case 2: table.relayoutItems()
                default: _ = table.rectForRow(at: IndexPath(row: i % 20, section: 0))
                }
            }
            _ = source
        },
        HostileCase(category: .traits, name: "node-settings-flipped-while-rendering") {
            // Shared with the mutators on purpose: nodes guard their own state.
            nonisolated(unsafe) let root = Fixture.box(CGSize(width: 120, height: 80), name: "settings root")
            nonisolated(unsafe) let text = Fixture.text("مرحبا hello", width: 120)
            root.addSubnode(text)
            try race(mutators: 3, render: { _ in try Expect.decodablePNG(try root.renderPNG(scale: 1), "a render during trait changes") }) { i in
                switch i % 5 {
                case 0: text.semanticContentAttribute = i % 10 == 0 ? .forceRightToLeft : .unspecified
                case 1: ASTraitCollectionPropagateDown(root, traits(i))
                case 2: root.setPrimitiveTraitCollection(traits(i + 1))
                case 3: text.alpha = CGFloat(i % 10) / 10
                default: root.cornerRadius = CGFloat(i % 12)
                }
            }
        },
    ]

    /// Traits that differ from call to call: style, direction and text size.
    static func traits(_ i: Int) -> ASPrimitiveTraitCollection {
        ASPrimitiveTraitCollection(displayScale: CGFloat(1 + i % 3), layoutDirection: i % 2 == 0 ? .rightToLeft : .leftToRight,
                                   userInterfaceStyle: i % 3 == 0 ? .dark : .light,
                                   preferredContentSizeCategory: UIContentSizeCategory.allCategories[i % UIContentSizeCategory.allCategories.count])
    }

    /// Runs `mutate` on `mutators` threads while this thread calls `render` in a loop, for about
    /// `seconds`; a render error fails the case.
    static func race(mutators: Int, seconds: Double = 1.5, render: (Int) throws -> Void,
                     mutate: @escaping @Sendable (Int) -> Void) throws {
        let stop = Atomic(false)
        let group = DispatchGroup()
        for t in 0..<mutators {
            DispatchQueue.global().async(group: group) {
                var i = t
                while !stop.load(ordering: .relaxed) {
                    mutate(i)
                    i += mutators
                }
            }
        }
        defer {
            stop.store(true, ordering: .relaxed)
            while group.wait(timeout: .now()) == .timedOut { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.005)) }
        }
        let end = Date(timeIntervalSinceNow: seconds * Slowdown.factor)
        var frame = 0
        while Date() < end {
            try render(frame)
            frame += 1
        }
    }

    /// Twenty plain rows.
    final class Rows: ASTableDataSource {
        func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { 20 }
        func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
            {
                let cell = ASTextCellNode()
                cell.text = "row \(indexPath.row)"
                return cell
            }
        }
    }
}
