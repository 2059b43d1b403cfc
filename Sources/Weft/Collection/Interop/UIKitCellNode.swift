import Foundation

/// The node that holds a UIKit cell's place among the node cells: it has the cell's size and
/// draws nothing; the collection composites the cell itself there. Texture's `ASWrapperCellNode`
/// (`shouldUseUIKitCell`). Thread-safe, as every node.
final class UIKitCellNode: ASCellNode {
    // SAFETY: no state of its own beyond ASCellNode's, which guards its own.

    override init() {
        super.init()
        displaysAsynchronously = false
    }

    /// The cell's size in `constrainedSize`: the maximum on each axis where it bounds the axis
    /// (`ASPointsValidForLayout`), else the minimum. Texture sizes a UIKit cell from the constrained
    /// size's maximum; an unbounded axis (a flow layout's "any height", `.infinity` or `CGFLOAT_MAX`)
    /// has no maximum to take.
    override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        let size = CGSize(width: ASPointsValidForLayout(constrainedSize.max.width) ? constrainedSize.max.width : constrainedSize.min.width,
                          height: ASPointsValidForLayout(constrainedSize.max.height) ? constrainedSize.max.height : constrainedSize.min.height)
        return ASLayout(layoutElement: self, size: size)
    }
}
