import Foundation
import Weft

/// How each kind of subject becomes the bitmap a golden compares.
enum GoldenSubject {
    /// A collection or table composites its visible cells at its content offset (its own `renderBitmap`
    /// would draw only its background); any other node renders its subtree.
    static func render(_ node: ASDisplayNode, scale: CGFloat) throws -> Bitmap {
        if let collection = node as? ASCollectionNode {
            return try collection.snapshot(scale: scale)
        }
        if let table = node as? ASTableNode {
            return try table.snapshot(scale: scale)
        }
        return try node.renderBitmap(scale: scale)
    }
}
