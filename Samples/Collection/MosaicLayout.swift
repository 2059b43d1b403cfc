import Foundation
import Weft

/// A Pinterest-style layout: two columns, a header across the top of each section, each item
/// placed in the shorter column. Like Texture's CustomCollectionView example, it is a
/// `UICollectionViewLayout` subclass that reads measured item sizes from the collection.
public final class MosaicLayout: UICollectionViewLayout, @unchecked Sendable {
    public var numberOfColumns = 2
    public var spacing: CGFloat = 10
    public var sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)

    private var attributes: [UICollectionViewLayoutAttributes] = []
    private var contentHeight: CGFloat = 0
    private var width: CGFloat = 0

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The width of a column in a collection `totalWidth` wide.
    public func columnWidth(for totalWidth: CGFloat) -> CGFloat {
        (totalWidth - sectionInset.left - sectionInset.right - spacing * CGFloat(numberOfColumns - 1)) / CGFloat(numberOfColumns)
    }

    public override func prepare() {
        attributes = []
        guard let collection = collectionView else { return }
        width = collection.bounds.width
        let column = columnWidth(for: width)
        var top: CGFloat = 0
        for section in 0..<collection.numberOfSections {
            let header = collection.supplementaryLength(ofKind: UICollectionView.elementKindSectionHeader, inSection: section)
            if header > 0 {
                let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                                                  with: IndexPath(item: 0, section: section))
                attributes.frame = CGRect(x: 0, y: top, width: width, height: header)
                self.attributes.append(attributes)
                top += header
            }
            var columns = Array(repeating: top + sectionInset.top, count: numberOfColumns)
            for item in 0..<collection.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let shortest = columns.indices.min { columns[$0] < columns[$1] }!
                let height = collection.sizeForItem(at: indexPath).height
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: sectionInset.left + CGFloat(shortest) * (column + spacing), y: columns[shortest], width: column, height: height)
                self.attributes.append(attributes)
                columns[shortest] += height + spacing
            }
            top = (columns.max() ?? top) - spacing + sectionInset.bottom
        }
        contentHeight = top
    }

    public override var collectionViewContentSize: CGSize { CGSize(width: width, height: contentHeight) }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        attributes.filter { $0.frame.intersects(rect) }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes.first { $0.representedElementKind == nil && $0.indexPath == indexPath }
    }

    public override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes.first { $0.representedElementKind == elementKind && $0.indexPath.section == indexPath.section }
    }
}
