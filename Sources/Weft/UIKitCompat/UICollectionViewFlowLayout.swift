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
open class UICollectionViewFlowLayout: UICollectionViewLayout, @unchecked Sendable {
    private var direction = UICollectionView.ScrollDirection.vertical
    open override var scrollDirection: UICollectionView.ScrollDirection {
        get { direction }
        set { direction = newValue; invalidateLayout() }
    }
    public var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// A NaN or infinite spacing (which would place every later item nowhere) is set to 0 and reported.
    public var minimumLineSpacing: CGFloat = 10 {
        didSet { minimumLineSpacing = Self.finite(minimumLineSpacing, "minimumLineSpacing"); invalidateLayout() }
    }
    /// Repaired like `minimumLineSpacing`.
    public var minimumInteritemSpacing: CGFloat = 10 {
        didSet { minimumInteritemSpacing = Self.finite(minimumInteritemSpacing, "minimumInteritemSpacing"); invalidateLayout() }
    }
    /// A NaN or infinite side is set to 0 and reported.
    public var sectionInset = UIEdgeInsets.zero {
        didSet {
            let i = sectionInset
            let fixed = UIEdgeInsets(top: i.top.isFinite ? i.top : 0, left: i.left.isFinite ? i.left : 0,
                                     bottom: i.bottom.isFinite ? i.bottom : 0, right: i.right.isFinite ? i.right : 0)
            if fixed != i {
                WeftDiagnostics.report(.collection, "UICollectionViewFlowLayout.sectionInset", "\(i) is not finite; used \(fixed)")
                sectionInset = fixed
            }
            invalidateLayout()
        }
    }

    private static func finite(_ value: CGFloat, _ name: String) -> CGFloat {
        if value.isFinite { return value }
        WeftDiagnostics.report(.collection, "UICollectionViewFlowLayout.\(name)", "\(value) is not finite; used 0")
        return 0
    }
    public var headerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }
    public var footerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }

    /// UIKit's default item size, which Texture ignores when sizing cells.
    public static let defaultItemSize = CGSize(width: 50, height: 50)

    private var attributes: [UICollectionViewLayoutAttributes] = []
    private var itemAttributes: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var supplementaryAttributes: [String: [IndexPath: UICollectionViewLayoutAttributes]] = [:]
    private var contentSize = CGSize.zero
    /// `attributes` filed in stripes along the scrolling axis, so a rect query costs what it
    /// covers; built at the end of `prepare()`.
    private var index = LayoutAttributesIndex([], vertical: true)

    public override init() { super.init() }

    open override func prepare() {
        attributes = []
        itemAttributes = [:]
        supplementaryAttributes = [:]
        index = LayoutAttributesIndex([], vertical: true)
        guard let collection = collectionView else { contentSize = .zero; return }
        let vertical = direction == .vertical
        // Work in (along, across): along the scrolling axis and across it.
        let viewport = collection.bounds.size
        let crossLength = vertical ? viewport.width : viewport.height
        func size(along: CGFloat, across: CGFloat) -> CGSize { vertical ? CGSize(width: across, height: along) : CGSize(width: along, height: across) }
        func rect(along: CGFloat, across: CGFloat, _ s: CGSize) -> CGRect {
            CGRect(origin: vertical ? CGPoint(x: across, y: along) : CGPoint(x: along, y: across), size: s)
        }
        func alongSize(_ s: CGSize) -> CGFloat { vertical ? s.height : s.width }
        func acrossSize(_ s: CGSize) -> CGFloat { vertical ? s.width : s.height }
        let insetBefore = vertical ? sectionInset.top : sectionInset.left
        let insetAfter = vertical ? sectionInset.bottom : sectionInset.right
        let insetStart = vertical ? sectionInset.left : sectionInset.top
        let insetEnd = vertical ? sectionInset.right : sectionInset.bottom

        var along: CGFloat = 0
        for section in 0..<collection.numberOfSections {
            let header = collection.supplementaryLength(ofKind: UICollectionView.elementKindSectionHeader, inSection: section)
            if header > 0 {
                add(kind: UICollectionView.elementKindSectionHeader, IndexPath(item: 0, section: section),
                    rect(along: along, across: 0, size(along: header, across: crossLength)))
                along += header
            }
            along += insetBefore
            let available = crossLength - insetStart - insetEnd
            // Each item's measured size, read once.
            let itemSizes = (0..<collection.numberOfItems(inSection: section)).map { collection.sizeForItem(at: IndexPath(item: $0, section: section)) }
            var lines: [[Int]] = []
            var current: [Int] = []
            var used: CGFloat = 0
            for item in itemSizes.indices {
                let length = acrossSize(itemSizes[item])
                let needed = current.isEmpty ? length : used + minimumInteritemSpacing + length
                if !current.isEmpty && needed > available + 0.0001 {
                    lines.append(current)
                    current = [item]
                    used = length
                } else {
                    current.append(item)
                    used = needed
                }
            }
            if !current.isEmpty { lines.append(current) }
            for (lineIndex, line) in lines.enumerated() {
                let sizes = line.map { itemSizes[$0] }
                let thickness = sizes.map(alongSize).max() ?? 0
                let total = sizes.map(acrossSize).reduce(0, +)
                let isLast = lineIndex == lines.count - 1
                var across = insetStart
                var spacing = minimumInteritemSpacing
                if !isLast {
                    if line.count == 1 {
                        across = insetStart + (available - total) / 2
                    } else {
                        spacing = (available - total) / CGFloat(line.count - 1)
                    }
                }
                for (item, itemSize) in zip(line, sizes) {
                    let offset = (thickness - alongSize(itemSize)) / 2
                    let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                    attributes.frame = rect(along: along + offset, across: across, itemSize)
                    add(attributes)
                    across += acrossSize(itemSize) + spacing
                }
                along += thickness + (isLast ? 0 : minimumLineSpacing)
            }
            along += insetAfter
            let footer = collection.supplementaryLength(ofKind: UICollectionView.elementKindSectionFooter, inSection: section)
            if footer > 0 {
                add(kind: UICollectionView.elementKindSectionFooter, IndexPath(item: 0, section: section),
                    rect(along: along, across: 0, size(along: footer, across: crossLength)))
                along += footer
            }
        }
        contentSize = size(along: along, across: crossLength)
        index = LayoutAttributesIndex(attributes, vertical: vertical)
    }

    private func add(_ attributes: UICollectionViewLayoutAttributes) {
        self.attributes.append(attributes)
        itemAttributes[attributes.indexPath] = attributes
    }

    private func add(kind: String, _ indexPath: IndexPath, _ frame: CGRect) {
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: indexPath)
        attributes.frame = frame
        self.attributes.append(attributes)
        supplementaryAttributes[kind, default: [:]][indexPath] = attributes
    }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        index.attributes(in: rect)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        itemAttributes[indexPath]
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        supplementaryAttributes[elementKind]?[indexPath]
    }
}
