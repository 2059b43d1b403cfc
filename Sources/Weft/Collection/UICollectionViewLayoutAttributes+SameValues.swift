import Foundation

extension UICollectionViewLayoutAttributes {
    /// Whether two attributes values place an element alike (UIKit's `isEqual:` on attributes):
    /// the same element, frame, z-order, visibility and opacity. Two nils are alike.
    static func sameValues(_ a: UICollectionViewLayoutAttributes?, _ b: UICollectionViewLayoutAttributes?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a === b || (a.indexPath == b.indexPath && a.representedElementKind == b.representedElementKind && a.frame == b.frame
                           && a.zIndex == b.zIndex && a.isHidden == b.isHidden && a.alpha == b.alpha)
    }
}
