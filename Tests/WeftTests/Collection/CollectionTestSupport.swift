import Foundation
import Weft

/// A cell of a fixed size, filled with a colour picked by its index and, optionally, a label or
/// a drawn mark (which gives it a backing store).
final class BoxCell: ASCellNode, @unchecked Sendable {
    init(index: Int, size: CGSize, label: Bool = false, drawn: Bool = false) {
        super.init()
        if drawn {
            displayBlock = { bounds, context, _ in context.fill(Path(ellipseIn: bounds.insetBy(dx: 4, dy: 4)), with: .white) }
        }
        style.preferredSize = size
        backgroundColor = BoxCell.palette[index % BoxCell.palette.count]
        debugName = "box \(index)"
        if label {
            automaticallyManagesSubnodes = true
            let text = ASTextNode()
            text.attributedText = TestSupport.attributed("\(index)", size: 11, weight: .bold, color: .white)
            layoutSpecBlock = { _, _ in ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: [], child: text) }
        }
    }

    static let palette: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemIndigo, .systemPurple]
}

/// A data source of boxes: `counts[section]` items, sized by `size(indexPath)`, with optional headers.
final class BoxDataSource: ASCollectionDataSource, ASCollectionDelegate {
    var counts: [Int]
    let size: @Sendable (IndexPath) -> CGSize
    let label: Bool, drawn: Bool
    /// Cells whose drawing takes 10 ms, for tests of frames that do not wait.
    var slowDrawing = false
    var headerHeight: CGFloat?
    var footerHeight: CGFloat?

    init(counts: [Int], label: Bool = false, drawn: Bool = false, size: @escaping @Sendable (IndexPath) -> CGSize) {
        self.counts = counts
        self.label = label
        self.drawn = drawn
        self.size = size
    }

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int { counts.count }
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { counts[section] }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let size = self.size(indexPath), index = counts[..<indexPath.section].reduce(0, +) + indexPath.item
        let label = self.label, drawn = self.drawn, slow = slowDrawing
        return {
            let cell = BoxCell(index: index, size: size, label: label, drawn: drawn)
            if slow { cell.displayBlock = { _, _, _ in Thread.sleep(forTimeInterval: 0.01) } }
            return cell
        }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNodeBlock {
        let section = indexPath.section, isHeader = kind == UICollectionView.elementKindSectionHeader
        return {
            let header = ASCellNode()
            header.backgroundColor = isHeader ? UIColor(white: 0.2, alpha: 1) : UIColor(white: 0.6, alpha: 1)
            header.debugName = "\(isHeader ? "header" : "footer") \(section)"
            return header
        }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForHeaderInSection section: Int) -> ASSizeRange {
        guard let headerHeight else { return .zero }
        return ASSizeRange(min: CGSize(width: 0, height: headerHeight), max: CGSize(width: CGFloat.infinity, height: headerHeight))
    }

    func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForFooterInSection section: Int) -> ASSizeRange {
        guard let footerHeight else { return .zero }
        return ASSizeRange(min: CGSize(width: 0, height: footerHeight), max: CGSize(width: CGFloat.infinity, height: footerHeight))
    }
}

/// A collection of boxes in a flow layout, with its data source kept alive beside it.
@MainActor
struct BoxCollection {
    let node: ASCollectionNode
    let source: BoxDataSource

    init(viewport: CGSize, counts: [Int], layout: UICollectionViewLayout = UICollectionViewFlowLayout(), headers: CGFloat? = nil,
         footers: CGFloat? = nil, label: Bool = false, drawn: Bool = false, size: @escaping @Sendable (IndexPath) -> CGSize) {
        node = ASCollectionNode(frame: CGRect(origin: .zero, size: viewport), collectionViewLayout: layout)
        source = BoxDataSource(counts: counts, label: label, drawn: drawn, size: size)
        source.headerHeight = headers
        source.footerHeight = footers
        if headers != nil { node.registerSupplementaryNode(ofKind: UICollectionView.elementKindSectionHeader) }
        if footers != nil { node.registerSupplementaryNode(ofKind: UICollectionView.elementKindSectionFooter) }
        node.dataSource = source
        node.delegate = source
    }
}
