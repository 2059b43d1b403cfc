import Foundation
@testable import Weft

/// Lays elements out right to left, as a node in a right-to-left interface does.
enum RTL {
    static let rightToLeft = ASPrimitiveTraitCollection(layoutDirection: .rightToLeft)
    static let leftToRight = ASPrimitiveTraitCollection(layoutDirection: .leftToRight)

    /// The frames of `measured`, relative to `root`, once `root` is laid out in `range` with `traits`.
    static func frames(_ root: any ASLayoutElement, _ measured: [any ASLayoutElement], in range: ASSizeRange,
                       traits: ASPrimitiveTraitCollection = rightToLeft) -> (size: CGSize, frames: [CGRect?]) {
        ASTraitCollectionPropagateDown(root, traits)
        let layout = withScreenScale(2) { root.layoutThatFits(range) }
        return (layout.size, measured.map { LayoutCase.frame(of: $0, in: layout) })
    }

    /// A range exactly `width` wide and free in height.
    static func width(_ width: CGFloat) -> ASSizeRange {
        ASSizeRange(min: CGSize(width: width, height: 0), max: CGSize(width: width, height: .infinity))
    }

    /// A range from zero to `width` wide and free in height.
    static func upTo(_ width: CGFloat) -> ASSizeRange {
        ASSizeRange(min: .zero, max: CGSize(width: width, height: .infinity))
    }
}
