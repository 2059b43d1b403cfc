import Foundation

/// Where one element of a collection goes; UIKit's `UICollectionViewLayoutAttributes`.
/// Sendable value-like class; use from any context once made.
public final class UICollectionViewLayoutAttributes: @unchecked Sendable, CustomStringConvertible {
    // SAFETY: a layout fills these in while it prepares, on the collection's thread; the
    // collection only reads them afterwards.
    public let indexPath: IndexPath
    /// Nil for an item; the kind (`UICollectionView.elementKindSectionHeader`…) for a supplementary view.
    public let representedElementKind: String?
    public var frame: CGRect
    public var zIndex = 0
    public var isHidden = false
    /// The element's opacity, 0 to 1; the collection composites the cell with it. Update
    /// animations fade inserted and deleted cells through it, as UIKit's flow layout does.
    public var alpha: CGFloat = 1

    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementKind = nil
        frame = .zero
    }

    public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementKind = kind
        frame = .zero
    }

    public var size: CGSize { frame.size }
    public var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }

    public var description: String {
        "<attributes \(representedElementKind ?? "item") \(indexPath.section)-\(indexPath.item) \(frame)>"
    }
}


/// UIKit's `UICollectionView` names that Texture code uses: the section header and footer kinds
/// and the scroll directions.
public enum UICollectionView {
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// UIKit's `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }

    /// UIKit's `UICollectionView.ScrollPosition` for `scrollToItem(at:at:animated:)`.
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }
}

/// UIKit's top-level spellings of the element kinds.
public let UICollectionElementKindSectionHeader = UICollectionView.elementKindSectionHeader
public let UICollectionElementKindSectionFooter = UICollectionView.elementKindSectionFooter
