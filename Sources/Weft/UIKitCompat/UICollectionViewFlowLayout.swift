import Foundation

/// Lays items out in lines, wrapping at the collection's width (or height, scrolling
/// horizontally); UIKit's `UICollectionViewFlowLayout`.
///
/// UIKit's rules, as documented: items fill a line while they fit with `minimumInteritemSpacing`
/// between them; leftover space in a full line widens the spacing so the line is justified (a
/// line holding one item centres it); the last line of a section keeps the minimum spacing,
/// starting at the section inset. Items are centred across their line, whose thickness is its
/// tallest item; lines are `minimumLineSpacing` apart. A section starts with its header and
/// ends with its footer, each spanning the collection's width, inside no inset.
/// Item sizes are the measured sizes of the cell nodes; `itemSize` is used to measure them when it
/// is not the 50×50 default (see `ASCollectionNode`).
/// Used on the collection node's thread.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    private var direction = UICollectionView.ScrollDirection.vertical
    open override var scrollDirection: UICollectionView.ScrollDirection {
        get { direction }
        set { direction = newValue; invalidateLayout() }
    }
    /// A NaN, infinite or negative side is set to 0, one past `WeftLimits.maximumScrollExtent`
    /// clamped to it, and reported (see `GeometryRepair`).
    open var itemSize = CGSize(width: 50, height: 50) {
        didSet { itemSize = Self.repaired(itemSize, "itemSize"); invalidateLayout() }
    }
    /// A NaN or infinite spacing (which would place every later item nowhere) is set to 0, one past
    /// `WeftLimits.maximumScrollExtent` clamped to it, and reported.
    open var minimumLineSpacing: CGFloat = 10 {
        didSet { minimumLineSpacing = Self.finite(minimumLineSpacing, "minimumLineSpacing"); invalidateLayout() }
    }
    /// Repaired like `minimumLineSpacing`.
    open var minimumInteritemSpacing: CGFloat = 10 {
        didSet { minimumInteritemSpacing = Self.finite(minimumInteritemSpacing, "minimumInteritemSpacing"); invalidateLayout() }
    }
    /// A NaN or infinite side is set to 0, one past `WeftLimits.maximumScrollExtent` clamped to
    /// it, and reported.
    open var sectionInset = UIEdgeInsets.zero {
        didSet {
            let fixed = GeometryRepair.insets(sectionInset, "UICollectionViewFlowLayout.sectionInset", "sectionInset")
            if fixed != sectionInset { sectionInset = fixed }
            invalidateLayout()
        }
    }

    private static func finite(_ value: CGFloat, _ name: String) -> CGFloat {
        GeometryRepair.length(value, "UICollectionViewFlowLayout.\(name)", name)
    }

    private static func repaired(_ size: CGSize, _ name: String) -> CGSize {
        let fixed = GeometryRepair.size(size, "UICollectionViewFlowLayout.\(name)", name)
        return fixed.width == size.width && fixed.height == size.height ? size : fixed
    }
    /// Repaired like `itemSize`.
    open var headerReferenceSize = CGSize.zero {
        didSet { headerReferenceSize = Self.repaired(headerReferenceSize, "headerReferenceSize"); invalidateLayout() }
    }
    /// Repaired like `itemSize`.
    open var footerReferenceSize = CGSize.zero {
        didSet { footerReferenceSize = Self.repaired(footerReferenceSize, "footerReferenceSize"); invalidateLayout() }
    }

    /// UIKit's default item size, which Texture ignores when sizing cells.
    public static let defaultItemSize = CGSize(width: 50, height: 50)

    /// The layout as far as it has been worked out: `prepare()` starts it, and each query lays out
    /// as many more lines as it needs (see `FlowLayoutProgress`).
    private var progress = FlowLayoutProgress()

    /// True, as UIKit's: in a right-to-left collection the layout is computed left to right and
    /// mirrored. Scrolling vertically, each line runs from the right edge and `sectionInset.left`
    /// is the inset at the right (the leading one), headers and footers span the width as before.
    /// Scrolling horizontally, the content is reflected in its width (at least the collection's),
    /// so the first item is at its right end; as in UIKit the content offset is not mirrored:
    /// offset 0 shows the left end of the content, which is the end of the list (show its start
    /// with `contentOffset.x = contentSize.width − bounds.width`). Such a layout lays out (and so
    /// measures) all its items at its first query, since the reflection needs the content's width.
    open override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Starts the layout again from the first section. Lines are laid out when a query needs them,
    /// not here: a frame, a rect query or an item's attributes measure the items up to what they
    /// show and no further, so the first frame of a long list does not measure the whole list
    /// (Weft's lazy measurement; UIKit prepares every item here). `collectionViewContentSize`
    /// lays out everything.
    open override func prepare() {
        progress = FlowLayoutProgress()
        guard let collection = collectionView else { progress.complete = true; return }
        let mirrors = mirrorsHorizontally
        progress.geometry = FlowLayoutGeometry(vertical: direction == .vertical, viewport: collection.bounds.size, sectionInset: sectionInset,
                                               lineSpacing: minimumLineSpacing, interitemSpacing: minimumInteritemSpacing,
                                               mirrorWidth: mirrors && direction == .vertical ? collection.bounds.width : nil)
        progress.mirrorsContent = mirrors && direction == .horizontal
        progress.sections = collection.numberOfSections
    }

    /// The layout reads item sizes as it goes, so a long list's nodes can be made for what a query
    /// reaches (see `ASCollectionNode.lazyMeasurementThreshold`); a short one has every node made
    /// as it loads, as in Texture.
    override var canMeasureLazily: Bool { true }

    /// Lays out lines until the next one would start past `limit` along the scrolling axis (or the
    /// content ends), then at least `FlowLayoutProgress.stepScreens` viewports more, so a scroll
    /// extends the layout in a few large steps rather than a line a frame.
    private func extend(through limit: CGFloat) {
        guard !progress.complete, let collection = collectionView else { return }
        let target = limit.isFinite ? limit + progress.geometry.viewportLength * FlowLayoutProgress.stepScreens : limit
        progress.extend(through: target, collection: collection)
    }

    open override var collectionViewContentSize: CGSize {
        extend(through: .infinity)
        return progress.contentSize
    }

    override func contentSize(measuringThrough length: CGFloat) -> CGSize {
        if progress.along <= length { extend(through: length) }
        return progress.contentSize
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let vertical = progress.geometry.vertical
        extend(through: vertical ? rect.maxY : rect.maxX)
        return progress.attributes(in: rect)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2 else { return nil }
        // An item that does not exist is answered without laying out the list to its end.
        if progress.itemAttributes[indexPath] == nil, let collection = collectionView,
           (0..<progress.sections).contains(indexPath.section),
           (0..<collection.numberOfItems(inSection: indexPath.section)).contains(indexPath.item) {
            progress.extend(until: { $0.hasPassed(section: indexPath.section, item: indexPath.item) }, collection: collection)
        }
        return progress.itemAttributes[indexPath]
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2 else { return nil }
        if progress.supplementaryAttributes[elementKind]?[indexPath] == nil, let collection = collectionView,
           (0..<progress.sections).contains(indexPath.section) {
            progress.extend(until: { $0.hasPassed(section: indexPath.section, item: .max) }, collection: collection)
        }
        return progress.supplementaryAttributes[elementKind]?[indexPath]
    }
}
