import Foundation

extension UICollectionView {
    /// What an element of a collection is; UIKit's `UICollectionView.ElementCategory`.
    public enum ElementCategory: UInt, Sendable {
        case cell
        case supplementaryView
        case decorationView
    }
}

extension UICollectionViewLayoutAttributes {
    /// UIKit's `representedElementCategory`: a cell, or a supplementary view (an attributes value
    /// with a `representedElementKind`). Weft's layouts make no decoration views.
    public var representedElementCategory: UICollectionView.ElementCategory {
        representedElementKind == nil ? .cell : .supplementaryView
    }
}
