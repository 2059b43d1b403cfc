import Foundation

/// How an absolute spec sizes itself; Texture's `ASAbsoluteLayoutSpecSizing`.
public enum ASAbsoluteLayoutSpecSizing: Int, Sendable {
    /// The range's maximum (on an axis whose maximum is infinite, as `sizeToFit`).
    case `default`
    /// The union of the children's frames, at least the range's minimum.
    case sizeToFit
}

/// Places each child at its `style.layoutPosition`; Texture's `ASAbsoluteLayoutSpec`. A child is
/// measured with at most the spec's maximum minus its position, so it shrinks rather than overflow.
/// Positions are physical, as UIKit frames are: right to left does not mirror them.
/// Configure on one thread, then lay out from any.
open class ASAbsoluteLayoutSpec: ASLayoutSpec {
    public var sizing: ASAbsoluteLayoutSpecSizing

    public init(sizing: ASAbsoluteLayoutSpecSizing = .default, children: [any ASLayoutElement]) {
        self.sizing = sizing
        super.init()
        self.children = children
    }

    public convenience init(children: [any ASLayoutElement]) {
        self.init(sizing: .default, children: children)
    }

    open override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        func validOrUndefined(_ v: CGFloat) -> CGFloat { v.isFinite && v >= 0 && v < 10_000_000 ? v : .nan }
        var size = CGSize(width: validOrUndefined(constrainedSize.max.width), height: validOrUndefined(constrainedSize.max.height))
        let sublayouts = children.map { child -> ASLayout in
            let style = child.layoutStyleValues
            let position = style.layoutPosition
            let autoMax = CGSize(width: constrainedSize.max.width - position.x, height: constrainedSize.max.height - position.y)
            let childRange = style.sizeRange(parentSize: size, autoRange: ASSizeRange(min: .zero, max: autoMax))
            return child.layoutThatFits(childRange, parentSize: size).positioned(at: position)
        }
        if sizing == .sizeToFit || size.width.isNaN {
            size.width = sublayouts.reduce(constrainedSize.min.width) { max($0, $1.position.x + $1.size.width) }
        }
        if sizing == .sizeToFit || size.height.isNaN {
            size.height = sublayouts.reduce(constrainedSize.min.height) { max($0, $1.position.y + $1.size.height) }
        }
        return ASLayout(layoutElement: self, size: constrainedSize.clamp(size), sublayouts: sublayouts)
    }
}
