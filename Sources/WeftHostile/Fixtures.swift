import Foundation
import Weft

/// Small builders the cases share.
enum Fixture {
    static func box(_ size: CGSize, _ color: UIColor = .systemBlue, name: String = "box") -> ASDisplayNode {
        let node = ASDisplayNode()
        node.frame = CGRect(origin: .zero, size: size)
        node.backgroundColor = color
        node.debugName = name
        return node
    }

    static func text(_ string: String, attributes: [NSAttributedString.Key: Any] = [:], width: CGFloat = 200) -> ASTextNode {
        var all: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 14), .foregroundColor: UIColor.black]
        all.merge(attributes) { $1 }
        let node = ASTextNode()
        node.attributedText = NSAttributedString(string: string, attributes: all)
        node.frame = CGRect(origin: .zero, size: CGSize(width: width, height: 40))
        node.debugName = "hostile text"
        return node
    }

    /// A chain of `depth` nodes, each the only subnode of the one before; returns the root.
    static func chain(depth: Int) -> ASDisplayNode {
        let root = box(CGSize(width: 10, height: 10), name: "chain root")
        var last = root
        for _ in 1..<depth {
            let next = ASDisplayNode()
            next.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            last.addSubnode(next)
            last = next
        }
        return root
    }

    /// A PNG of a small gradient, as Weft encodes it.
    static func png(width: Int = 8, height: Int = 8) -> Data {
        let bitmap = try! Bitmap(pixelWidth: width, pixelHeight: height, scale: 1) { context in
            context.fill(CGRect(x: 0, y: 0, width: width, height: height), with: .systemTeal)
            context.fill(CGRect(x: 0, y: 0, width: width / 2, height: height / 2), with: .systemRed)
        }
        return PNGEncoder().encode(bitmap)
    }

    /// A fresh temporary folder for a case.
    static func folder() -> String {
        let path = NSTemporaryDirectory() + "weft-hostile-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// A data source whose answers the case decides, including lies and re-entry.
final class ScriptedSource: ASCollectionDataSource, ASCollectionDelegate, @unchecked Sendable {
    // SAFETY: the closures are set before the collection is loaded and only read afterwards.
    var sections: () -> Int = { 1 }
    var items: (Int) -> Int = { _ in 10 }
    var size: (IndexPath) -> ASSizeRange = { _ in ASSizeRange(exactly: CGSize(width: 100, height: 40)) }
    var block: (IndexPath) -> ASCellNodeBlock = { path in
        { let cell = ASCellNode(); cell.backgroundColor = .systemGreen; cell.debugName = "cell \(path.item)"; return cell }
    }

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int { sections() }
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { items(section) }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock { block(indexPath) }
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange { size(indexPath) }
}

/// A collection of `viewport` with its scripted source kept alive beside it.
@MainActor
struct ScriptedCollection {
    /// Used from other threads by the concurrency cases on purpose: the node guards its own state
    /// (nodes are not Sendable only so that subclasses need not say so).
    nonisolated(unsafe) let node: ASCollectionNode
    let source: ScriptedSource

    init(viewport: CGSize = CGSize(width: 320, height: 480), configure: (ScriptedSource) -> Void = { _ in }) {
        source = ScriptedSource()
        configure(source)
        node = ASCollectionNode(frame: CGRect(origin: .zero, size: viewport), collectionViewLayout: UICollectionViewFlowLayout())
        node.dataSource = source
        node.delegate = source
    }
}
