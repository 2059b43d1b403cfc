import Foundation
import Testing
@testable import Weft

/// Cases for every spec but the stack, worked out from Texture's spec sources and the reference.
enum SpecLayoutCases {
    typealias C = LayoutCase
    static let inf = CGFloat.infinity

    static let inset: [C] = [
        C("inset places the child inside finite insets", range: L.range(0, 0, 300, 300), size: L.size(110, 90),
          frames: [L.r(20, 10, 50, 50)]) {
            let b = L.box(50, 50); return (ASInsetLayoutSpec(insets: UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40), child: b), [b])
        },
        C("inset gives the child the range minimum less the insets", range: L.range(200, 100, 300, 300), size: L.size(200, 100),
          frames: [L.r(10, 10, 180, 80)]) {
            let b = L.box(50, 50); return (ASInsetLayoutSpec(insets: UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10), child: b), [b])
        },
        C("inset passes a shrunk range to the child", range: L.exact(200, 100), size: L.size(200, 100),
          frames: [L.r(10, 5, 180, 90)]) {
            let b = L.intrinsic(20, 20); return (ASInsetLayoutSpec(insets: UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10), child: b), [b])
        },
        C("infinite left inset pins the child right", range: L.range(0, 0, 200, 100), size: L.size(200, 50),
          frames: [L.r(150, 0, 50, 50)]) {
            let b = L.box(50, 50); return (ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: inf, bottom: 0, right: 0), child: b), [b])
        },
        C("infinite right inset pins the child left and takes the width", range: L.range(0, 0, 200, 100), size: L.size(200, 50),
          frames: [L.r(0, 0, 50, 50)]) {
            let b = L.box(50, 50); return (ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: 0, bottom: 0, right: inf), child: b), [b])
        },
        C("infinite left inset with a finite right inset", range: L.range(0, 0, 200, 100), size: L.size(200, 50),
          frames: [L.r(140, 0, 50, 50)]) {
            let b = L.box(50, 50); return (ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: inf, bottom: 0, right: 10), child: b), [b])
        },
        C("infinite insets on both sides centre", range: L.range(0, 0, 200, 100), size: L.size(200, 50),
          frames: [L.r(75, 0, 50, 50)]) {
            let b = L.box(50, 50); return (ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: inf, bottom: 0, right: inf), child: b), [b])
        },
        C("infinite centring rounds to the pixel", range: L.range(0, 0, 201, 100), size: L.size(201, 50),
          frames: [L.r(75.5, 0, 50, 50)]) {
            let b = L.box(50, 50); return (ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: inf, bottom: 0, right: inf), child: b), [b])
        },
        C("infinite top inset pins the child to the bottom", range: L.range(0, 0, 200, 100), size: L.size(50, 100),
          frames: [L.r(0, 50, 50, 50)]) {
            let b = L.box(50, 50); return (ASInsetLayoutSpec(insets: UIEdgeInsets(top: inf, left: 0, bottom: 0, right: 0), child: b), [b])
        },
        C("infinite inset ignores the range minimum for the child", range: L.range(200, 100, 200, 100), size: L.size(200, 100),
          frames: [L.r(150, 0, 50, 100)]) {
            let b = L.intrinsic(50, 10); return (ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: inf, bottom: 0, right: 0), child: b), [b])
        },
        C("all four insets infinite centre on both axes", range: L.range(0, 0, 100, 100), size: L.size(100, 100),
          frames: [L.r(40, 30, 20, 40)]) {
            let b = L.box(20, 40); return (ASInsetLayoutSpec(insets: UIEdgeInsets(top: inf, left: inf, bottom: inf, right: inf), child: b), [b])
        },
        C("inset ignores its own style size", range: L.range(0, 0, 300, 300), size: L.size(70, 70),
          frames: [L.r(10, 10, 50, 50)]) {
            let b = L.box(50, 50)
            let spec = ASInsetLayoutSpec(insets: UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10), child: b)
            spec.style.preferredSize = CGSize(width: 200, height: 200)
            return (spec, [b])
        },
    ]

    static let overlayBackground: [C] = [
        C("overlay takes the child's size", range: L.range(0, 0, 300, 300), size: L.size(100, 50),
          frames: [L.r(0, 0, 100, 50), L.r(0, 0, 100, 50)]) {
            let child = L.box(100, 50), overlay = ASDisplayNode()
            return (ASOverlayLayoutSpec(child: child, overlay: overlay), [child, overlay])
        },
        C("a 0×0 overlay still fills its content", range: L.range(0, 0, 300, 300), size: L.size(100, 50),
          frames: [L.r(0, 0, 100, 50)]) {
            let overlay = L.box(0, 0)
            return (ASOverlayLayoutSpec(child: L.box(100, 50), overlay: overlay), [overlay])
        },
        C("background takes the child's size", range: L.range(0, 0, 300, 300), size: L.size(80, 30),
          frames: [L.r(0, 0, 80, 30), L.r(0, 0, 80, 30)]) {
            let child = L.box(80, 30), background = L.box(0, 0)
            return (ASBackgroundLayoutSpec(child: child, background: background), [child, background])
        },
        C("background behind an inset", range: L.range(0, 0, 300, 300), size: L.size(70, 40),
          frames: [L.r(0, 0, 70, 40), L.r(10, 5, 50, 30)]) {
            let child = L.box(50, 30), background = ASDisplayNode()
            let inset = ASInsetLayoutSpec(insets: UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10), child: child)
            return (ASBackgroundLayoutSpec(child: inset, background: background), [background, child])
        },
        C("overlay with a centred badge", range: L.range(0, 0, 300, 300), size: L.size(100, 100),
          frames: [L.r(40, 40, 20, 20)]) {
            let badge = L.box(20, 20)
            let center = ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: .default, child: badge)
            return (ASOverlayLayoutSpec(child: L.box(100, 100), overlay: center), [badge])
        },
        C("overlay without an overlay is the child", range: L.range(0, 0, 300, 300), size: L.size(30, 20),
          frames: [L.r(0, 0, 30, 20)]) {
            let child = L.box(30, 20); return (ASOverlayLayoutSpec(child: child, overlay: nil), [child])
        },
    ]

    /// The child of Texture's "minimum size range is given to the child" cases: a background
    /// behind a vertical stack whose one 10×10 child grows, so the child fills whatever height the
    /// stack is given and the background shows the size the spec gave its child.
    static func minimumRangeChild() -> (ASLayoutSpec, background: ASDisplayNode, foreground: ASDisplayNode) {
        let background = ASDisplayNode()
        let foreground = L.box(10, 10, grow: 1)
        let stack = ASStackLayoutSpec(direction: .vertical, spacing: 0, justifyContent: .start, alignItems: .start, children: [foreground])
        return (ASBackgroundLayoutSpec(child: stack, background: background), background, foreground)
    }

    static let center: [C] = [
        C("center XY: Texture's 320×160 case", range: L.range(100, 120, 320, 160), size: L.size(320, 160),
          frames: [L.r(125, 30, 70, 100)]) {
            let b = L.box(70, 100); return (ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: .default, child: b), [b])
        },
        C("center none gives the child the range minimum", range: L.range(100, 120, 320, 160), size: L.size(320, 160),
          frames: [L.r(0, 0, 100, 120)]) {
            let b = L.box(70, 100); return (ASCenterLayoutSpec(centeringOptions: .none, sizingOptions: .default, child: b), [b])
        },
        C("center X only", range: L.range(100, 120, 320, 160), size: L.size(320, 160),
          frames: [L.r(125, 0, 70, 120)]) {
            let b = L.box(70, 100); return (ASCenterLayoutSpec(centeringOptions: .X, sizingOptions: .default, child: b), [b])
        },
        C("center Y only", range: L.range(100, 120, 320, 160), size: L.size(320, 160),
          frames: [L.r(0, 30, 100, 100)]) {
            let b = L.box(70, 100); return (ASCenterLayoutSpec(centeringOptions: .Y, sizingOptions: .default, child: b), [b])
        },
        C("center with minimum XY sizing", range: L.range(100, 120, 320, 160), size: L.size(100, 120),
          frames: [L.r(15, 10, 70, 100)]) {
            let b = L.box(70, 100); return (ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: .minimumXY, child: b), [b])
        },
        C("center with minimum X sizing", range: L.range(100, 120, 320, 160), size: L.size(100, 160),
          frames: [L.r(15, 30, 70, 100)]) {
            let b = L.box(70, 100); return (ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: .minimumX, child: b), [b])
        },
        C("center with minimum Y sizing", range: L.range(100, 120, 320, 160), size: L.size(320, 120),
          frames: [L.r(125, 10, 70, 100)]) {
            let b = L.box(70, 100); return (ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: .minimumY, child: b), [b])
        },
        C("center none: Texture's testMinimumSizeRangeIsGivenToChildWhenNotCentering", range: L.range(100, 120, 320, 160),
          size: L.size(320, 160), frames: [L.r(0, 0, 100, 120), L.r(0, 0, 10, 120)]) {
            let (child, background, foreground) = minimumRangeChild()
            return (ASCenterLayoutSpec(centeringOptions: .none, sizingOptions: .default, child: child), [background, foreground])
        },
        C("center in an unbounded range sizes to the child", range: L.range(0, 0, inf, inf), size: L.size(70, 100),
          frames: [L.r(0, 0, 70, 100)]) {
            let b = L.box(70, 100); return (ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: .default, child: b), [b])
        },
        C("center rounds to the pixel grid", range: L.exact(101, 101), size: L.size(101, 101),
          frames: [L.r(25.5, 25.5, 50, 50)]) {
            let b = L.box(50, 50); return (ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: .default, child: b), [b])
        },
    ]

    static let relative: [C] = [
        C("relative end/start", range: L.range(0, 0, 200, 100), size: L.size(200, 100), frames: [L.r(150, 0, 50, 50)]) {
            let b = L.box(50, 50)
            return (ASRelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .start, sizingOption: .default, child: b), [b])
        },
        C("relative center/end", range: L.range(0, 0, 200, 100), size: L.size(200, 100), frames: [L.r(75, 50, 50, 50)]) {
            let b = L.box(50, 50)
            return (ASRelativeLayoutSpec(horizontalPosition: .center, verticalPosition: .end, sizingOption: .default, child: b), [b])
        },
        C("relative start/center", range: L.range(0, 0, 200, 100), size: L.size(200, 100), frames: [L.r(0, 25, 50, 50)]) {
            let b = L.box(50, 50)
            return (ASRelativeLayoutSpec(horizontalPosition: .start, verticalPosition: .center, sizingOption: .default, child: b), [b])
        },
        C("relative end/end with minimum size", range: L.range(0, 0, 200, 100), size: L.size(50, 50), frames: [L.r(0, 0, 50, 50)]) {
            let b = L.box(50, 50)
            return (ASRelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .end, sizingOption: .minimumSize, child: b), [b])
        },
        C("relative end/end with minimum width", range: L.range(0, 0, 200, 100), size: L.size(50, 100), frames: [L.r(0, 50, 50, 50)]) {
            let b = L.box(50, 50)
            return (ASRelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .end, sizingOption: .minimumWidth, child: b), [b])
        },
        C("relative none takes the range minimum", range: L.range(80, 60, 200, 100), size: L.size(200, 100), frames: [L.r(0, 0, 80, 60)]) {
            let b = L.box(50, 50)
            return (ASRelativeLayoutSpec(horizontalPosition: .none, verticalPosition: .none, sizingOption: .default, child: b), [b])
        },
        C("relative none: Texture's testMinimumSizeRangeIsGivenToChildWhenNotPositioning", range: L.range(100, 120, 320, 160),
          size: L.size(320, 160), frames: [L.r(0, 0, 100, 120), L.r(0, 0, 10, 120)]) {
            let (child, background, foreground) = minimumRangeChild()
            return (ASRelativeLayoutSpec(horizontalPosition: .none, verticalPosition: .none, sizingOption: .default, child: child),
                    [background, foreground])
        },
        C("relative rounds positions to the pixel grid", range: L.range(0, 0, 200.5, 100), size: L.size(200.5, 100), frames: [L.r(75.5, 25, 50, 50)]) {
            let b = L.box(50, 50)
            return (ASRelativeLayoutSpec(horizontalPosition: .center, verticalPosition: .center, sizingOption: .default, child: b), [b])
        },
        C("relative end in an unbounded width sizes to the child", range: L.range(0, 0, inf, 100), size: L.size(50, 100), frames: [L.r(0, 50, 50, 50)]) {
            let b = L.box(50, 50)
            return (ASRelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .end, sizingOption: .default, child: b), [b])
        },
    ]

    static let ratio: [C] = [
        C("ratio ½ in a bounded width", range: L.range(0, 0, 200, inf), size: L.size(200, 100), frames: [L.r(0, 0, 200, 100)]) {
            let b = ASDisplayNode(); return (ASRatioLayoutSpec(ratio: 0.5, child: b), [b])
        },
        C("ratio 2 in a square picks the height candidate", range: L.range(0, 0, 100, 100), size: L.size(50, 100), frames: [L.r(0, 0, 50, 100)]) {
            let b = ASDisplayNode(); return (ASRatioLayoutSpec(ratio: 2, child: b), [b])
        },
        C("ratio ½ in a square picks the width candidate", range: L.range(0, 0, 100, 100), size: L.size(100, 50), frames: [L.r(0, 0, 100, 50)]) {
            let b = ASDisplayNode(); return (ASRatioLayoutSpec(ratio: 0.5, child: b), [b])
        },
        C("ratio 2 in a bounded height", range: L.range(0, 0, inf, 100), size: L.size(50, 100), frames: [L.r(0, 0, 50, 100)]) {
            let b = ASDisplayNode(); return (ASRatioLayoutSpec(ratio: 2, child: b), [b])
        },
        C("ratio floors to the pixel grid", range: L.range(0, 0, 100, inf), size: L.size(100, 33), frames: [L.r(0, 0, 100, 33)]) {
            let b = ASDisplayNode(); return (ASRatioLayoutSpec(ratio: 1.0 / 3.0, child: b), [b])
        },
        C("ratio 1 in a wide range", range: L.range(0, 0, 300, 120), size: L.size(120, 120), frames: [L.r(0, 0, 120, 120)]) {
            let b = ASDisplayNode(); return (ASRatioLayoutSpec(ratio: 1, child: b), [b])
        },
        C("ratio with no finite maximum passes the range through", range: L.range(0, 0, inf, inf), size: L.size(30, 40), frames: [L.r(0, 0, 30, 40)]) {
            let b = L.intrinsic(30, 40); return (ASRatioLayoutSpec(ratio: 2, child: b), [b])
        },
        C("ratio candidate clamped by the range minimum", range: L.range(0, 80, 100, 200), size: L.size(100, 80), frames: [L.r(0, 0, 100, 80)]) {
            let b = ASDisplayNode(); return (ASRatioLayoutSpec(ratio: 0.5, child: b), [b])
        },
    ]

    static let absolute: [C] = [
        C("absolute places children at their positions", range: L.range(0, 0, 200, 200), size: L.size(200, 200),
          frames: [L.r(10, 20, 50, 50), L.r(100, 60, 50, 50)]) {
            let a = L.box(50, 50) { $0.layoutPosition = CGPoint(x: 10, y: 20) }
            let b = L.box(50, 50) { $0.layoutPosition = CGPoint(x: 100, y: 60) }
            return (ASAbsoluteLayoutSpec(children: [a, b]), [a, b])
        },
        C("absolute sizeToFit takes the union", range: L.range(0, 0, 200, 200), size: L.size(150, 110),
          frames: [L.r(10, 20, 50, 50), L.r(100, 60, 50, 50)]) {
            let a = L.box(50, 50) { $0.layoutPosition = CGPoint(x: 10, y: 20) }
            let b = L.box(50, 50) { $0.layoutPosition = CGPoint(x: 100, y: 60) }
            return (ASAbsoluteLayoutSpec(sizing: .sizeToFit, children: [a, b]), [a, b])
        },
        C("absolute sizeToFit is floored at the range minimum", range: L.range(160, 160, 200, 200), size: L.size(160, 160),
          frames: [L.r(0, 0, 50, 50)]) {
            let a = L.box(50, 50); return (ASAbsoluteLayoutSpec(sizing: .sizeToFit, children: [a]), [a])
        },
        C("absolute shrinks a child that would overflow", range: L.range(0, 0, 200, 200), size: L.size(200, 200),
          frames: [L.r(150, 150, 50, 50)]) {
            let a = L.box(100, 100) { $0.layoutPosition = CGPoint(x: 150, y: 150) }
            return (ASAbsoluteLayoutSpec(children: [a]), [a])
        },
        C("absolute with an infinite height sizes that axis to fit", range: L.range(0, 0, 200, inf), size: L.size(200, 90),
          frames: [L.r(0, 40, 50, 50)]) {
            let a = L.box(50, 50) { $0.layoutPosition = CGPoint(x: 0, y: 40) }
            return (ASAbsoluteLayoutSpec(children: [a]), [a])
        },
        C("absolute child without a size takes the space left", range: L.range(0, 0, 200, 100), size: L.size(200, 100),
          frames: [L.r(50, 20, 150, 80)]) {
            let a = ASDisplayNode(); a.style.layoutPosition = CGPoint(x: 50, y: 20)
            return (ASAbsoluteLayoutSpec(children: [a]), [a])
        },
    ]

    static let corner: [C] = [
        C("corner top right", range: L.range(0, 0, 300, 300), size: L.size(100, 100),
          frames: [L.r(0, 0, 100, 100), L.r(90, -10, 20, 20)]) {
            let child = L.box(100, 100), badge = L.box(20, 20)
            return (ASCornerLayoutSpec(child: child, corner: badge, location: .topRight), [child, badge])
        },
        C("corner top left", range: L.range(0, 0, 300, 300), size: L.size(100, 100),
          frames: [L.r(-10, -10, 20, 20)]) {
            let badge = L.box(20, 20)
            return (ASCornerLayoutSpec(child: L.box(100, 100), corner: badge, location: .topLeft), [badge])
        },
        C("corner bottom left", range: L.range(0, 0, 300, 300), size: L.size(100, 100),
          frames: [L.r(-10, 90, 20, 20)]) {
            let badge = L.box(20, 20)
            return (ASCornerLayoutSpec(child: L.box(100, 100), corner: badge, location: .bottomLeft), [badge])
        },
        C("corner bottom right", range: L.range(0, 0, 300, 300), size: L.size(100, 100),
          frames: [L.r(90, 90, 20, 20)]) {
            let badge = L.box(20, 20)
            return (ASCornerLayoutSpec(child: L.box(100, 100), corner: badge, location: .bottomRight), [badge])
        },
        C("corner with an offset", range: L.range(0, 0, 300, 300), size: L.size(100, 100),
          frames: [L.r(85, -5, 20, 20)]) {
            let badge = L.box(20, 20)
            let spec = ASCornerLayoutSpec(child: L.box(100, 100), corner: badge, location: .topRight)
            spec.offset = CGPoint(x: -5, y: 5)
            return (spec, [badge])
        },
        C("corner wrapping the badge", range: L.range(0, 0, 300, 300), size: L.size(110, 110),
          frames: [L.r(0, 10, 100, 100), L.r(90, 0, 20, 20)]) {
            let child = L.box(100, 100), badge = L.box(20, 20)
            let spec = ASCornerLayoutSpec(child: child, corner: badge, location: .topRight)
            spec.wrapsCorner = true
            return (spec, [child, badge])
        },
        C("corner wrapping at the top left shifts both", range: L.range(0, 0, 300, 300), size: L.size(110, 110),
          frames: [L.r(10, 10, 100, 100), L.r(0, 0, 20, 20)]) {
            let child = L.box(100, 100), badge = L.box(20, 20)
            let spec = ASCornerLayoutSpec(child: child, corner: badge, location: .topLeft)
            spec.wrapsCorner = true
            return (spec, [child, badge])
        },
        C("corner ignores layoutPosition", range: L.range(0, 0, 300, 300), size: L.size(100, 100),
          frames: [L.r(90, 90, 20, 20)]) {
            let badge = L.box(20, 20) { $0.layoutPosition = CGPoint(x: 5, y: 5) }
            return (ASCornerLayoutSpec(child: L.box(100, 100), corner: badge, location: .bottomRight), [badge])
        },
    ]

    static let wrapperAndBare: [C] = [
        C("wrapper takes the largest child", range: L.range(0, 0, 300, 300), size: L.size(50, 60),
          frames: [L.r(0, 0, 50, 30), L.r(0, 0, 20, 60)]) {
            let a = L.box(50, 30), b = L.box(20, 60); return (ASWrapperLayoutSpec(layoutElements: [a, b]), [a, b])
        },
        C("wrapper passes the range minimum to its child", range: L.range(100, 10, 300, 300), size: L.size(100, 30),
          frames: [L.r(0, 0, 100, 30)]) {
            let a = L.box(50, 30); return (ASWrapperLayoutSpec(layoutElement: a), [a])
        },
        C("wrapper applies its style size to itself and its child", range: L.range(0, 0, 300, 300), size: L.size(120, 80),
          frames: [L.r(0, 0, 120, 80)]) {
            let a = L.box(50, 30)
            let spec = ASWrapperLayoutSpec(layoutElement: a); spec.style.preferredSize = CGSize(width: 120, height: 80)
            return (spec, [a])
        },
        C("bare spec takes the minimum", range: L.range(30, 40, 300, 300), size: L.size(30, 40), frames: []) {
            (ASLayoutSpec(), [])
        },
        C("node style intersected with the range: the range wins", range: L.range(0, 0, 50, 50), size: L.size(50, 50), frames: []) {
            (L.box(100, 100), [])
        },
        C("node min size overrides max size", range: L.range(0, 0, 300, 300), size: L.size(100, 20), frames: []) {
            let node = L.intrinsic(10, 20)
            node.style.minWidth = ASDimensionMake(100); node.style.maxWidth = ASDimensionMake(50)
            return (node, [])
        },
        C("node max size caps the intrinsic size", range: L.range(0, 0, 300, 300), size: L.size(40, 20), frames: []) {
            let node = L.intrinsic(100, 20)
            node.style.maxWidth = ASDimensionMake(40)
            return (node, [])
        },
        C("node fraction size resolves against the parent size", range: L.exact(200, 100), size: L.size(200, 100),
          frames: [L.r(0, 0, 100, 25)]) {
            let node = L.intrinsic(10, 10)
            node.style.width = ASDimensionMake("50%"); node.style.height = ASDimensionMake("25%")
            return (ASAbsoluteLayoutSpec(sizing: .default, children: [node]), [node])
        },
    ]

    static let all = inset + overlayBackground + center + relative + ratio + absolute + corner + wrapperAndBare
}

@Suite struct SpecLayoutTests {
    @Test(arguments: SpecLayoutCases.all)
    func spec(_ layoutCase: LayoutCase) { layoutCase.check() }
}
