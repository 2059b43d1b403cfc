import CWeftCompare
import Foundation
import Weft

/// Which nodes the differing pixels of a failed golden belong to, so a failure reads
/// "ASTextNode "title" in BoxCell item 3: 412 px differ" instead of only a count.
///
/// Each differing pixel goes to the last-drawn node whose frame covers it (the deepest, topmost
/// one, as compositing draws parents before children). Frames are taken from the subject after it
/// rendered. Public so that other snapshot libraries (WeftSnapshotTesting) can capture it with
/// the rendering and hand it to `GoldenComparison.mismatch`. Sendable value; use from any context.
public struct NodeAttribution: Sendable {
    struct Region: Sendable {
        let label: String
        let frame: CGRect
    }

    let regions: [Region]

    /// The regions of a node's subtree, in drawing order; for a collection, of its visible cells at
    /// its content offset. Walked with a stack of its own (no recursion), each node once and no
    /// deeper than `WeftLimits.maximumTreeDepth`, as rendering draws it.
    public init(subject node: ASDisplayNode) {
        var regions: [Region] = []
        var pending: [(node: ASDisplayNode, origin: CGPoint, container: String?, depth: Int)] = []
        if let collection = node as? ASCollectionNode {
            let offset = collection.contentOffset
            for cell in collection.visibleNodes {
                guard let path = collection.indexPath(for: cell),
                      let attributes = collection.collectionViewLayout.layoutAttributesForItem(at: path) else { continue }
                pending.append((cell, CGPoint(x: attributes.frame.minX - offset.x, y: attributes.frame.minY - offset.y), nil, 1))
            }
        } else if let table = node as? ASTableNode {
            let offset = table.contentOffset
            for cell in table.visibleNodes {
                guard let path = table.indexPath(for: cell) else { continue }
                let frame = table.rectForRow(at: path)
                pending.append((cell, CGPoint(x: frame.minX - offset.x, y: frame.minY - offset.y), nil, 1))
            }
        } else {
            pending.append((node, .zero, nil, 1))
        }
        // Popped from the end: pushed in reverse so that regions come out in drawing order.
        pending.reverse()
        var seen = Set<ObjectIdentifier>()
        while let (node, origin, container, depth) = pending.popLast() {
            guard depth <= WeftLimits.maximumTreeDepth, seen.insert(ObjectIdentifier(node)).inserted else { continue }
            regions.append(Region(label: Self.label(node, container: container), frame: CGRect(origin: origin, size: node.bounds.size)))
            let inner = CGPoint(x: origin.x - node.bounds.minX, y: origin.y - node.bounds.minY)
            let cellLabel = (node as? ASCellNode).flatMap { cell in cell.indexPath.map { "\(Self.typeName(cell)) item \($0.item)" } }
            for subnode in node.subnodes.reversed() {
                let f = subnode.frame
                pending.append((subnode, CGPoint(x: inner.x + f.minX, y: inner.y + f.minY), cellLabel ?? container, depth + 1))
            }
        }
        self.regions = regions
    }

    static func typeName(_ node: ASDisplayNode) -> String { String(describing: type(of: node)) }

    static func label(_ node: ASDisplayNode, container: String?) -> String {
        var text = typeName(node)
        if let name = node.debugName, !name.isEmpty { text += " \"\(name)\"" }
        if let cell = node as? ASCellNode, let path = cell.indexPath, cell.supplementaryElementKind == nil { text += " item \(path.item)" }
        if let container { text += " in \(container)" }
        return text
    }

    /// One line per node, most differing pixels first: "ASTextNode "title" in BoxCell item 3: 412 px differ".
    /// Pixels are counted by region in C (`weft_compare_attribute`), row by row.
    func describe(_ comparison: PixelComparison, scale: CGFloat, limit: Int = 8) -> String {
        guard !regions.isEmpty else { return "" }
        // CGRect.contains holds no point for an empty or null rectangle; such a region gets bounds
        // that hold none either.
        var bounds: [Double] = []
        bounds.reserveCapacity(regions.count * 4)
        for region in regions {
            let frame = region.frame
            if frame.isNull || frame.isEmpty {
                bounds += [.infinity, .infinity, .infinity, .infinity]
            } else {
                bounds += [Double(frame.minX), Double(frame.minY), Double(frame.maxX), Double(frame.maxY)]
            }
        }
        let counted = [Int](unsafeUninitializedCapacity: regions.count + 1) { counts, count in
            let status = comparison.mask.withUnsafeBufferPointer { mask in
                bounds.withUnsafeBufferPointer { rects in
                    weft_compare_attribute(mask.baseAddress, comparison.pixelWidth, comparison.pixelHeight, Double(scale), rects.baseAddress,
                                           regions.count, UnsafeMutableRawPointer(counts.baseAddress!).assumingMemoryBound(to: Int.self))
                }
            }
            count = status == 0 ? regions.count + 1 : 0
        }
        guard counted.count == regions.count + 1 else { return "" }
        let counts = counted.dropLast(), outside = counted[regions.count]
        var lines = counts.indices.filter { counts[$0] > 0 }.sorted { counts[$0] > counts[$1] }
            .map { "\(regions[$0].label): \(counts[$0]) px differ" }
        if lines.count > limit { lines = Array(lines.prefix(limit)) + ["… and \(lines.count - limit) more nodes"] }
        if outside > 0 { lines.append("outside every node: \(outside) px differ") }
        return lines.map { "  " + $0 }.joined(separator: "\n")
    }
}
