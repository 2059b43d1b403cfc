// Texture's CustomCollectionView example with UICollectionViewCell interop, written as the
// documentation writes it, with only `import Weft`. AdoptionFixtureTests compiles this file in
// Swift 6 and in Swift 5 language mode, and renders it.
import Weft

/// Two columns, each item placed in the shorter one, heights from the measured sizes. Swift asks a
/// subclass to restate the `@unchecked Sendable` it inherits (layouts and nodes are used across
/// threads, each guarding its state); a warning otherwise, in Swift 5 and 6 modes alike.
final class MosaicCollectionViewLayout: UICollectionViewLayout, @unchecked Sendable {
    var numberOfColumns = 2
    var columnSpacing: CGFloat = 10
    private var attributes: [UICollectionViewLayoutAttributes] = []
    private var contentHeight: CGFloat = 0

    func columnWidth(for width: CGFloat) -> CGFloat {
        (width - columnSpacing * CGFloat(numberOfColumns + 1)) / CGFloat(numberOfColumns)
    }

    override func prepare() {
        attributes = []
        guard let collectionView = collectionView else { return }
        let width = columnWidth(for: collectionView.bounds.width)
        var columns = Array(repeating: columnSpacing, count: numberOfColumns)
        for item in 0..<collectionView.numberOfItems(inSection: 0) {
            let indexPath = IndexPath(item: item, section: 0)
            let column = columns.indices.min { columns[$0] < columns[$1] } ?? 0
            let size = collectionView.sizeForItem(at: indexPath)
            let itemAttributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
            itemAttributes.frame = CGRect(x: columnSpacing + CGFloat(column) * (width + columnSpacing), y: columns[column],
                                          width: width, height: size.height)
            attributes.append(itemAttributes)
            columns[column] += size.height + columnSpacing
        }
        contentHeight = columns.max() ?? 0
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        attributes.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes.first { $0.indexPath == indexPath }
    }
}

/// A plain UIKit cell.
final class OrangeCell: UICollectionViewCell {
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .orange
        contentView.layer.cornerRadius = 6
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

@MainActor
protocol PhotoCellNodeDelegate: AnyObject {
    func photoCellNodeDidLoad(_ cellNode: PhotoCellNode)
}

/// A node cell with a delegate, which the node block sets to the controller.
final class PhotoCellNode: ASCellNode, @unchecked Sendable {
    weak var delegate: PhotoCellNodeDelegate?
    let ratio: CGFloat

    init(index: Int) {
        ratio = [0.6, 1.2, 0.8][index % 3]
        super.init()
        backgroundColor = index % 2 == 0 ? .systemBlue : .systemTeal
        cornerRadius = 6
    }
}

final class ViewController: ASDKViewController<ASCollectionNode>, ASCollectionDataSourceInterop, ASCollectionDelegateInterop,
    ASCollectionViewLayoutInspecting, PhotoCellNodeDelegate {
    let layout = MosaicCollectionViewLayout()
    var displayed: [IndexPath] = []

    override init() {
        super.init(node: ASCollectionNode(collectionViewLayout: layout))
        node.dataSource = self
        node.delegate = self
        node.backgroundColor = .white
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        node.view.register(OrangeCell.self, forCellWithReuseIdentifier: "orange")
        node.view.allowsSelection = false
        node.view.layoutInspector = self
    }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 30 }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock? {
        // Every third item is a UIKit cell.
        if indexPath.item % 3 == 2 { return nil }
        let index = indexPath.item
        return {
            let cellNode = PhotoCellNode(index: index)
            cellNode.delegate = self
            return cellNode
        }
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "orange", for: indexPath)
    }

    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        displayed.append(indexPath)
    }

    func collectionView(_ collectionView: ASCollectionView, constrainedSizeForNodeAt indexPath: IndexPath) -> ASSizeRange {
        let width = layout.columnWidth(for: collectionView.bounds.width)
        return ASSizeRange(min: CGSize(width: width, height: 80), max: CGSize(width: width, height: 80 + CGFloat(indexPath.item % 4) * 20))
    }

    func photoCellNodeDidLoad(_ cellNode: PhotoCellNode) {}
}
