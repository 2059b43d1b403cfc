import Foundation

/// Reads and builds sizes and points along a stack's axis ("stack") and across it ("cross").
struct StackAxis {
    let direction: ASStackLayoutDirection

    func stack(_ size: CGSize) -> CGFloat { direction == .vertical ? size.height : size.width }
    func cross(_ size: CGSize) -> CGFloat { direction == .vertical ? size.width : size.height }
    func point(stack: CGFloat, cross: CGFloat) -> CGPoint {
        direction == .vertical ? CGPoint(x: cross, y: stack) : CGPoint(x: stack, y: cross)
    }
    func size(stack: CGFloat, cross: CGFloat) -> CGSize {
        direction == .vertical ? CGSize(width: cross, height: stack) : CGSize(width: stack, height: cross)
    }
    func range(stackMin: CGFloat, stackMax: CGFloat, crossMin: CGFloat, crossMax: CGFloat) -> ASSizeRange {
        ASSizeRange(min: size(stack: stackMin, cross: crossMin), max: size(stack: stackMax, cross: crossMax))
    }
}

/// The configuration of a stack, copied once per layout pass; Texture's `ASStackLayoutSpecStyle`.
struct StackStyle {
    var direction: ASStackLayoutDirection
    var spacing: CGFloat
    var justifyContent: ASStackLayoutJustifyContent
    var alignItems: ASStackLayoutAlignItems
    var flexWrap: ASStackLayoutFlexWrap
    var alignContent: ASStackLayoutAlignContent
    var lineSpacing: CGFloat

    var axis: StackAxis { StackAxis(direction: direction) }

    /// A child's effective cross alignment: its `alignSelf`, or the stack's `alignItems`.
    func alignment(of item: StackItem) -> ASStackLayoutAlignItems {
        switch item.style.alignSelf {
        case .auto: return alignItems
        case .start: return .start
        case .end: return .end
        case .center: return .center
        case .stretch: return .stretch
        }
    }
}

/// One child of a stack with its style snapshot and current layout.
struct StackItem {
    let child: any ASLayoutElement
    let style: ASLayoutElementStyle.Values
    var layout: ASLayout
}

/// One line of a stack (a non-wrapping stack has exactly one).
struct StackLine {
    var items: [StackItem]
    var crossSize: CGFloat = 0
    var baseline: CGFloat = 0
    var stackDimensionSum: CGFloat = 0
}

/// Texture's `kViolationEpsilon`: violations smaller than this are treated as none.
let stackViolationEpsilon: CGFloat = 0.01
