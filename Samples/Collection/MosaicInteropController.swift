import Foundation
import Weft

/// A plain UIKit cell, as an app writes one: an orange rounded card with a caption.
public final class OrangeCell: UICollectionViewCell {
    let label = UILabel()
    /// How many times the collection handed this cell out again.
    public private(set) var reuses = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .orange
        contentView.layer.cornerRadius = 6
        contentView.clipsToBounds = true
        label.font = .boldSystemFont(ofSize: 14)
        label.textColor = .white
        label.textAlignment = .center
        contentView.addSubview(label)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = contentView.bounds
    }

    public override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
        label.text = nil
    }

    /// Shows item `index` (counted from 0).
    public func configure(index: Int) { label.text = "UIKit \(index + 1)" }
}

/// Texture's CustomCollectionView example with UICollectionViewCell interop: the mosaic hosted in
/// a view controller, every third item a registered UIKit `OrangeCell`. The view is touched in
/// `viewDidLoad()`, the custom layout's sizes come from the layout inspector, as the interop
/// documentation writes it.
public final class MosaicInteropController: ASDKViewController<ASCollectionNode>, ASCollectionDataSourceInterop, ASCollectionDelegateInterop,
    ASCollectionViewLayoutInspecting {
    let items: Int
    let layout: MosaicLayout
    /// The UIKit cells that entered and left the viewport, in order ("+0-2" entered, "-0-2" left).
    public private(set) var displayLog: [String] = []

    public init(items: Int) {
        self.items = items
        layout = MosaicLayout()
        super.init(node: ASCollectionNode(collectionViewLayout: layout))
        node.dataSource = self
        node.delegate = self
        node.registerSupplementaryNode(ofKind: UICollectionView.elementKindSectionHeader)
    }

    public required init?(coder: NSCoder) {
        items = 0
        layout = MosaicLayout()
        super.init(coder: coder)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        node.view.register(OrangeCell.self, forCellWithReuseIdentifier: "orange")
        node.view.allowsSelection = false
        node.view.layoutInspector = self
    }

    public func numberOfSections(in collectionNode: ASCollectionNode) -> Int { 2 }
    public func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { items / 2 }

    public func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock? {
        let index = indexPath.section * (items / 2) + indexPath.item
        if index % 3 == 2 { return nil }
        let photo = SharedImages.photos[index % SharedImages.photos.count]
        let ratio: CGFloat = [0.6, 1.2, 0.8, 1.5, 1.0][index % 5]
        return { MosaicCell(index: index, photo: photo, ratio: ratio) }
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "orange", for: indexPath)
        (cell as? OrangeCell)?.configure(index: indexPath.section * (items / 2) + indexPath.item)
        return cell
    }

    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        displayLog.append("+\(indexPath.section)-\(indexPath.item)")
    }

    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        displayLog.append("-\(indexPath.section)-\(indexPath.item)")
    }

    /// Node items fill the column width at their own height; UIKit cells, which cannot measure
    /// themselves, get an exact size.
    public func collectionView(_ collectionView: ASCollectionView, constrainedSizeForNodeAt indexPath: IndexPath) -> ASSizeRange {
        let column = layout.columnWidth(for: collectionView.bounds.width)
        let index = indexPath.section * (items / 2) + indexPath.item
        if index % 3 == 2 { return ASSizeRange(exactly: CGSize(width: column, height: (column * 0.7).rounded())) }
        return ASSizeRange(min: CGSize(width: column, height: 0), max: CGSize(width: column, height: .infinity))
    }

    public func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNodeBlock {
        let title = indexPath.section == 0 ? "Landscapes" : "More landscapes"
        return { SectionHeaderCell(title: title) }
    }

    public func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForHeaderInSection section: Int) -> ASSizeRange {
        ASSizeRange(min: CGSize(width: 0, height: 40), max: CGSize(width: CGFloat.infinity, height: 40))
    }
}
