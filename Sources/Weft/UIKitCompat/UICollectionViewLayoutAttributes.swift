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


/// UIKit's top-level spellings of the element kinds.
public let UICollectionElementKindSectionHeader = UICollectionView.elementKindSectionHeader
public let UICollectionElementKindSectionFooter = UICollectionView.elementKindSectionFooter
