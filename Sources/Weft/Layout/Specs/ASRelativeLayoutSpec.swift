import Foundation

/// Where a relative spec puts its child on an axis; Texture's `ASRelativeLayoutSpecPosition`.
public enum ASRelativeLayoutSpecPosition: Int, Sendable {
    /// Not positioned: the child takes the range's minimum on this axis and sits at 0.
    case none
    case start
    case center
    case end
}

/// How a relative spec sizes itself; Texture's `ASRelativeLayoutSpecSizingOption`.
public struct ASRelativeLayoutSpecSizingOption: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Take the range's maximum on both axes (the default, no options).
    public static let `default`: ASRelativeLayoutSpecSizingOption = []
    /// As narrow as the child.
    public static let minimumWidth = ASRelativeLayoutSpecSizingOption(rawValue: 1 << 0)
    /// As short as the child.
    public static let minimumHeight = ASRelativeLayoutSpecSizingOption(rawValue: 1 << 1)
    /// As small as the child on both axes.
    public static let minimumSize: ASRelativeLayoutSpecSizingOption = [.minimumWidth, .minimumHeight]
}

/// Places its child at the start, centre or end of each axis; Texture's `ASRelativeLayoutSpec`.
/// The spec takes the range's maximum (where finite) unless a sizing option shrinks it to the
/// child; the child's offset is `round((size − child) × p)` with p = 0, ½ or 1.
///
/// Right to left, the horizontal positions are leading and trailing, as UIKit's leading and
/// trailing anchors: `.start` (and `.none`, which sits at the start) is the right edge, `.end` the
/// left, `.center` the centre (p becomes 1 − p). The vertical position never changes.
/// Configure on one thread, then lay out from any.
open class ASRelativeLayoutSpec: ASLayoutSpec {
    public var horizontalPosition: ASRelativeLayoutSpecPosition
    public var verticalPosition: ASRelativeLayoutSpecPosition
    public var sizingOption: ASRelativeLayoutSpecSizingOption

    public init(horizontalPosition: ASRelativeLayoutSpecPosition, verticalPosition: ASRelativeLayoutSpecPosition,
                sizingOption: ASRelativeLayoutSpecSizingOption, child: any ASLayoutElement) {
        self.horizontalPosition = horizontalPosition
        self.verticalPosition = verticalPosition
        self.sizingOption = sizingOption
        super.init()
        self.child = child
    }

    open override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        guard let child else { return missingChildLayout("child") }
        func validOrUndefined(_ v: CGFloat) -> CGFloat { v.isFinite && v >= 0 && v < 10_000_000 ? v : .nan }
        var size = CGSize(width: validOrUndefined(constrainedSize.max.width), height: validOrUndefined(constrainedSize.max.height))
        let minChild = CGSize(width: horizontalPosition != .none ? 0 : constrainedSize.min.width,
                              height: verticalPosition != .none ? 0 : constrainedSize.min.height)
        let sublayout = child.layoutThatFits(ASSizeRange(min: minChild, max: constrainedSize.max), parentSize: size)
        size = constrainedSize.clamp(CGSize(width: size.width.isFinite ? size.width : sublayout.size.width,
                                            height: size.height.isFinite ? size.height : sublayout.size.height))
        size = constrainedSize.clamp(CGSize(
            width: min(size.width, sizingOption.contains(.minimumWidth) ? sublayout.size.width : size.width),
            height: min(size.height, sizingOption.contains(.minimumHeight) ? sublayout.size.height : size.height)))
        func proportion(_ position: ASRelativeLayoutSpecPosition) -> CGFloat {
            switch position {
            case .center: return 0.5
            case .end: return 1
            case .none, .start: return 0
            }
        }
        // Right to left, the horizontal start is the right edge (centre stays centre).
        let across = isRightToLeft ? 1 - proportion(horizontalPosition) : proportion(horizontalPosition)
        let position = CGPoint(x: ASRoundPixelValue((size.width - sublayout.size.width) * across),
                               y: ASRoundPixelValue((size.height - sublayout.size.height) * proportion(verticalPosition)))
        return ASLayout(layoutElement: self, size: size, sublayouts: [sublayout.positioned(at: position)])
    }
}
