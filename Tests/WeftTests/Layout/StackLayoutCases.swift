import Foundation
import Testing
@testable import Weft

/// Stack cases: numbers worked out from Texture's algorithm (ASStackUnpositionedLayout /
/// ASStackPositionedLayout), many after scenarios in Texture's ASStackLayoutSpecSnapshotTests.
enum StackLayoutCases {
    typealias C = LayoutCase
    static let three50: @Sendable () -> [ASDisplayNode] = { [L.box(50, 50), L.box(50, 50), L.box(50, 50)] }

    static func justified(_ justify: ASStackLayoutJustifyContent, width: CGFloat, xs: [CGFloat], count: Int = 3) -> C {
        C("justify \(justify) \(count)×50 in \(width)", range: L.range(width, 0, width, 300), size: L.size(width, 50),
          frames: xs.map { L.r($0, 0, 50, 50) }) {
            let boxes = (0..<count).map { _ in L.box(50, 50) }
            return (L.stack(justify: justify, boxes), boxes)
        }
    }

    static let cases: [C] = [
        C("default stack sizes to its children", range: L.range(0, 0, 300, 300), size: L.size(150, 50),
          frames: [L.r(0, 0, 50, 50), L.r(50, 0, 50, 50), L.r(100, 0, 50, 50)]) {
            let b = three50(); return (L.stack(b), b)
        },
        C("vertical default stack", range: L.range(0, 0, 300, 300), size: L.size(50, 150),
          frames: [L.r(0, 0, 50, 50), L.r(0, 50, 50, 50), L.r(0, 100, 50, 50)]) {
            let b = three50(); return (L.stack(.vertical, b), b)
        },
        justified(.start, width: 300, xs: [0, 50, 100]),
        justified(.center, width: 300, xs: [75, 125, 175]),
        justified(.end, width: 300, xs: [150, 200, 250]),
        justified(.spaceBetween, width: 300, xs: [0, 125, 250]),
        justified(.spaceAround, width: 300, xs: [25, 125, 225]),
        justified(.spaceBetween, width: 301, xs: [0, 125.5, 251]),
        justified(.spaceAround, width: 305, xs: [155.0 / 6, 155.0 / 6 + 50 + 155.0 / 3, 155.0 / 6 + 100 + 2 * 155.0 / 3]),
        justified(.spaceBetween, width: 300, xs: [0], count: 1),
        justified(.spaceAround, width: 300, xs: [125], count: 1),
        justified(.center, width: 301, xs: [75.5, 125.5, 175.5]),
        C("spaceBetween falls back to start on overflow", range: L.range(0, 0, 100, 300), size: L.size(100, 50),
          frames: [L.r(0, 0, 50, 50), L.r(50, 0, 50, 50), L.r(100, 0, 50, 50)]) {
            let b = three50(); return (L.stack(justify: .spaceBetween, b), b)
        },
        C("spaceAround falls back to center on overflow", range: L.range(100, 0, 100, 300), size: L.size(100, 50),
          frames: [L.r(-25, 0, 50, 50), L.r(25, 0, 50, 50), L.r(75, 0, 50, 50)]) {
            let b = three50(); return (L.stack(justify: .spaceAround, b), b)
        },
        C("spacing between children", range: L.range(0, 0, 300, 300), size: L.size(170, 50),
          frames: [L.r(0, 0, 50, 50), L.r(60, 0, 50, 50), L.r(120, 0, 50, 50)]) {
            let b = three50(); return (L.stack(spacing: 10, b), b)
        },
        C("spacingBefore and spacingAfter count toward the size", range: L.range(0, 0, 300, 300), size: L.size(162, 50),
          frames: [L.r(5, 0, 50, 50), L.r(55, 0, 50, 50), L.r(112, 0, 50, 50)]) {
            let b = three50(); b[0].style.spacingBefore = 5; b[1].style.spacingAfter = 7
            return (L.stack(b), b)
        },
        C("last child's spacingAfter counts", range: L.range(0, 0, 300, 300), size: L.size(50, 159),
          frames: [L.r(0, 0, 50, 50), L.r(0, 50, 50, 50), L.r(0, 100, 50, 50)]) {
            let b = three50(); b[2].style.spacingAfter = 9
            return (L.stack(.vertical, b), b)
        },
        C("justified center with child spacing", range: L.range(0, 0, 300, 300), size: L.size(170, 50),
          frames: [L.r(0, 0, 50, 50), L.r(60, 0, 50, 50), L.r(120, 0, 50, 50)]) {
            let b = three50(); b[1].style.spacingBefore = 10; b[1].style.spacingAfter = 10
            return (L.stack(justify: .center, b), b)
        },
        C("justified center with child spacing in a fixed width", range: L.range(300, 0, 300, 300), size: L.size(300, 50),
          frames: [L.r(60, 0, 50, 50), L.r(120, 0, 50, 50), L.r(190, 0, 50, 50)]) {
            let b = three50(); b[1].style.spacingBefore = 10; b[1].style.spacingAfter = 20
            return (L.stack(justify: .center, b), b)
        },
        C("align start", range: L.range(0, 0, 300, 300), size: L.size(150, 60),
          frames: [L.r(0, 0, 50, 20), L.r(50, 0, 50, 40), L.r(100, 0, 50, 60)]) {
            let b = [L.box(50, 20), L.box(50, 40), L.box(50, 60)]; return (L.stack(align: .start, b), b)
        },
        C("align end", range: L.range(0, 0, 300, 300), size: L.size(150, 60),
          frames: [L.r(0, 40, 50, 20), L.r(50, 20, 50, 40), L.r(100, 0, 50, 60)]) {
            let b = [L.box(50, 20), L.box(50, 40), L.box(50, 60)]; return (L.stack(align: .end, b), b)
        },
        C("align center", range: L.range(0, 0, 300, 300), size: L.size(150, 60),
          frames: [L.r(0, 20, 50, 20), L.r(50, 10, 50, 40), L.r(100, 0, 50, 60)]) {
            let b = [L.box(50, 20), L.box(50, 40), L.box(50, 60)]; return (L.stack(align: .center, b), b)
        },
        C("align center floors to the pixel grid", range: L.range(0, 0, 300, 300), size: L.size(100, 60),
          frames: [L.r(0, 19.5, 50, 21), L.r(50, 0, 50, 60)]) {
            let b = [L.box(50, 21), L.box(50, 60)]; return (L.stack(align: .center, b), b)
        },
        C("align center floors a quarter point down", range: L.range(0, 0, 300, 300), size: L.size(100, 60),
          frames: [L.r(0, 19.5, 50, 20.5), L.r(50, 0, 50, 60)]) {
            let b = [L.box(50, 20.5), L.box(50, 60)]; return (L.stack(align: .center, b), b)
        },
        C("align center in an exact cross size", range: L.exact(300, 300), size: L.size(300, 300),
          frames: [L.r(0, 140, 50, 20), L.r(50, 130, 50, 40), L.r(100, 120, 50, 60)]) {
            let b = [L.box(50, 20), L.box(50, 40), L.box(50, 60)]; return (L.stack(align: .center, b), b)
        },
        C("align end in an exact cross size", range: L.exact(300, 300), size: L.size(300, 300),
          frames: [L.r(0, 280, 50, 20), L.r(50, 260, 50, 40)]) {
            let b = [L.box(50, 20), L.box(50, 40)]; return (L.stack(align: .end, b), b)
        },
        C("alignSelf overrides alignItems", range: L.range(0, 0, 300, 300), size: L.size(150, 60),
          frames: [L.r(0, 0, 50, 20), L.r(50, 20, 50, 40), L.r(100, 0, 50, 60)]) {
            let b = [L.box(50, 20), L.box(50, 40) { $0.alignSelf = .end }, L.box(50, 60)]; return (L.stack(align: .start, b), b)
        },
        C("alignSelf center in a start stack", range: L.range(0, 0, 300, 300), size: L.size(100, 60),
          frames: [L.r(0, 20, 50, 20), L.r(50, 0, 50, 60)]) {
            let b = [L.box(50, 20) { $0.alignSelf = .center }, L.box(50, 60)]; return (L.stack(align: .start, b), b)
        },
        C("alignSelf stretch in a start stack", range: L.range(0, 0, 300, 300), size: L.size(100, 60),
          frames: [L.r(0, 0, 50, 60), L.r(50, 0, 50, 60)]) {
            let b: [ASDisplayNode] = [L.intrinsic(50, 20), L.box(50, 60)]
            b[0].style.alignSelf = .stretch
            return (L.stack(align: .start, b), b)
        },
        C("alignSelf start in a stretch stack keeps the natural size", range: L.range(0, 0, 300, 300), size: L.size(100, 60),
          frames: [L.r(0, 0, 50, 20), L.r(50, 0, 50, 60)]) {
            let b: [ASDisplayNode] = [L.intrinsic(50, 20), L.box(50, 60)]
            b[0].style.alignSelf = .start
            return (L.stack(b), b)
        },
        C("stretch grows a child without a cross size", range: L.range(0, 0, 300, 300), size: L.size(100, 60),
          frames: [L.r(0, 0, 50, 60), L.r(50, 0, 50, 60)]) {
            let b: [ASDisplayNode] = [L.intrinsic(50, 20), L.box(50, 60)]; return (L.stack(b), b)
        },
        C("stretch keeps an explicit cross size", range: L.range(0, 0, 300, 300), size: L.size(100, 60),
          frames: [L.r(0, 0, 50, 20), L.r(50, 0, 50, 60)]) {
            let b = [L.box(50, 20), L.box(50, 60)]; return (L.stack(b), b)
        },
        C("stretch treats an explicit 0 as unset", range: L.range(0, 0, 300, 300), size: L.size(100, 60),
          frames: [L.r(0, 0, 50, 60), L.r(50, 0, 50, 60)]) {
            let b = [L.box(50, 0), L.box(50, 60)]; return (L.stack(b), b)
        },
        C("stretch to an exact cross size", range: L.exact(300, 100), size: L.size(300, 100),
          frames: [L.r(0, 0, 50, 100), L.r(50, 0, 50, 100)]) {
            let b: [ASDisplayNode] = [L.intrinsic(50, 20), L.intrinsic(50, 30)]; return (L.stack(b), b)
        },
        C("stretch in a vertical stack fills the width", range: L.range(0, 0, 200, 300), size: L.size(80, 60),
          frames: [L.r(0, 0, 80, 20), L.r(0, 20, 80, 40)]) {
            let b: [ASDisplayNode] = [L.intrinsic(30, 20), L.intrinsic(80, 40)]; return (L.stack(.vertical, b), b)
        },
        C("stretch minimum wins over a child's maximum cross size", range: L.exact(100, 100), size: L.size(100, 100),
          frames: [L.r(0, 0, 50, 100)]) {
            let b: [ASDisplayNode] = [L.intrinsic(50, 20)]
            b[0].style.maxHeight = ASDimensionMake(40)
            return (L.stack(b), b)
        },
        C("aligned stretch when no child exceeds the minimum", range: L.range(200, 200, 300, 300), size: L.size(200, 200),
          frames: [L.r(0, 0, 50, 200), L.r(50, 0, 50, 200)]) {
            let b: [ASDisplayNode] = [L.intrinsic(50, 50), L.intrinsic(50, 100)]; return (L.stack(b), b)
        },
        C("aligned stretch when one child exceeds the minimum", range: L.range(50, 50, 300, 300), size: L.size(100, 100),
          frames: [L.r(0, 0, 50, 100), L.r(50, 0, 50, 100)]) {
            let b: [ASDisplayNode] = [L.intrinsic(50, 50), L.intrinsic(50, 100)]; return (L.stack(b), b)
        },
        C("empty stack takes the minimum", range: L.range(50, 50, 300, 300), size: L.size(50, 50), frames: []) {
            (L.stack([]), [])
        },
        C("the range's cross maximum wins over a child's size", range: L.range(0, 0, 300, 40), size: L.size(100, 40),
          frames: [L.r(0, 0, 50, 40), L.r(50, 0, 50, 20)]) {
            let b = [L.box(50, 60), L.box(50, 20)]; return (L.stack(align: .start, b), b)
        },
        C("cross size clamps to the range minimum", range: L.range(0, 80, 300, 300), size: L.size(100, 80),
          frames: [L.r(0, 0, 50, 60), L.r(50, 0, 50, 20)]) {
            let b = [L.box(50, 60), L.box(50, 20)]; return (L.stack(align: .start, b), b)
        },
        C("grow distributes equally", range: L.exact(350, 350), size: L.size(350, 350),
          frames: [L.r(0, 0, 150, 50), L.r(150, 0, 50, 50), L.r(200, 0, 150, 50)]) {
            let b = [L.box(50, 50, grow: 1), L.box(50, 50), L.box(50, 50, grow: 1)]; return (L.stack(b), b)
        },
        C("grow distributes equally with fractional factors", range: L.exact(350, 350), size: L.size(350, 350),
          frames: [L.r(0, 0, 150, 50), L.r(150, 0, 50, 50), L.r(200, 0, 150, 50)]) {
            let b = [L.box(50, 50, grow: 0.5), L.box(50, 50), L.box(50, 50, grow: 0.5)]; return (L.stack(b), b)
        },
        C("grow distributes proportionally", range: L.exact(350, 350), size: L.size(350, 350),
          frames: [L.r(0, 0, 50, 100), L.r(0, 100, 50, 150), L.r(0, 250, 50, 100)]) {
            let b = [L.box(50, 50, grow: 1), L.box(50, 50, grow: 2), L.box(50, 50, grow: 1)]; return (L.stack(.vertical, b), b)
        },
        C("grow distributes proportionally with fractional factors", range: L.exact(350, 350), size: L.size(350, 350),
          frames: [L.r(0, 0, 50, 100), L.r(0, 100, 50, 150), L.r(0, 250, 50, 100)]) {
            let b = [L.box(50, 50, grow: 0.25), L.box(50, 50, grow: 0.5), L.box(50, 50, grow: 0.25)]; return (L.stack(.vertical, b), b)
        },
        C("grow among mixed children", range: L.exact(400, 400), size: L.size(400, 400),
          frames: [L.r(0, 0, 50, 50), L.r(50, 0, 150, 50), L.r(200, 0, 50, 50), L.r(250, 0, 150, 50)]) {
            let b = [L.box(50, 50, shrink: 1), L.box(50, 50, grow: 1), L.box(50, 50), L.box(50, 50, grow: 1)]; return (L.stack(b), b)
        },
        C("grow proportionally among mixed children", range: L.exact(400, 400), size: L.size(400, 400),
          frames: [L.r(0, 0, 50, 50), L.r(0, 50, 50, 200), L.r(0, 250, 50, 50), L.r(0, 300, 50, 100)]) {
            let b = [L.box(50, 50, shrink: 1), L.box(50, 50, grow: 3), L.box(50, 50), L.box(50, 50, grow: 1)]; return (L.stack(.vertical, b), b)
        },
        C("grow floors and gives the remainder to the first flexible child", range: L.exact(300, 300), size: L.size(300, 300),
          frames: [L.r(0, 0, 50, 25), L.r(0, 25, 50, 88), L.r(0, 113, 50, 187)]) {
            let b = [L.box(50, 25), L.box(50, 0, grow: 1), L.box(50, 100, grow: 1)]; return (L.stack(.vertical, b), b)
        },
        C("grow remainder with fractional factors", range: L.exact(300, 300), size: L.size(300, 300),
          frames: [L.r(0, 0, 50, 25), L.r(0, 25, 50, 88), L.r(0, 113, 50, 187)]) {
            let b = [L.box(50, 25), L.box(50, 0, grow: 0.5), L.box(50, 100, grow: 0.5)]; return (L.stack(.vertical, b), b)
        },
        C("grow three ways in 301", range: L.exact(301, 50), size: L.size(301, 50),
          frames: [L.r(0, 0, 101, 50), L.r(101, 0, 100, 50), L.r(201, 0, 100, 50)]) {
            let b = [L.box(50, 50, grow: 1), L.box(50, 50, grow: 1), L.box(50, 50, grow: 1)]; return (L.stack(b), b)
        },
        C("grow does not apply within the range", range: L.range(0, 0, 400, 100), size: L.size(150, 50),
          frames: [L.r(0, 0, 50, 50), L.r(50, 0, 50, 50), L.r(100, 0, 50, 50)]) {
            let b = [L.box(50, 50, grow: 1), L.box(50, 50, grow: 1), L.box(50, 50)]; return (L.stack(b), b)
        },
        C("grow up to the range minimum", range: L.range(250, 0, 400, 100), size: L.size(250, 50),
          frames: [L.r(0, 0, 150, 50), L.r(150, 0, 50, 50), L.r(200, 0, 50, 50)]) {
            let b = [L.box(50, 50, grow: 1), L.box(50, 50), L.box(50, 50)]; return (L.stack(b), b)
        },
        C("shrink weighted by size × shrink: 300/100/200 in 400", range: L.range(400, 0, 400, 300), size: L.size(400, 50),
          frames: [L.r(0, 0, 180, 50), L.r(180, 0, 100, 50), L.r(280, 0, 120, 50)]) {
            let b = [L.box(300, 50, shrink: 1), L.box(100, 50), L.box(200, 50, shrink: 1)]; return (L.stack(b), b)
        },
        C("shrink equal children evenly", range: L.exact(120, 50), size: L.size(120, 50),
          frames: [L.r(0, 0, 40, 50), L.r(40, 0, 40, 50), L.r(80, 0, 40, 50)]) {
            let b = [L.box(50, 50, shrink: 1), L.box(50, 50, shrink: 1), L.box(50, 50, shrink: 1)]; return (L.stack(b), b)
        },
        C("shrink by factor", range: L.exact(400, 400), size: L.size(400, 400),
          frames: [L.r(0, 0, 50, 100), L.r(0, 100, 50, 150), L.r(0, 250, 50, 150)]) {
            // Violation −100 over sizes 100/200/200 with shrink 0/1/1: −50 each for the shrinkable two.
            let b = [L.box(50, 100), L.box(50, 200, shrink: 1), L.box(50, 200, shrink: 1)]
            return (L.stack(.vertical, b), b)
        },
        C("shrink weights size and factor", range: L.exact(400, 400), size: L.size(400, 400),
          frames: [L.r(0, 0, 175, 50), L.r(175, 0, 225, 50)]) {
            // Violation −100; scaled factors 200×1/3 and 300×2/3: a quarter and three quarters of it.
            let b = [L.box(200, 50, shrink: 1), L.box(300, 50, shrink: 2)]
            return (L.stack(b), b)
        },
        C("shrink among mixed children", range: L.exact(400, 400), size: L.size(400, 400),
          frames: [L.r(0, 0, 150, 50), L.r(150, 0, 100, 50), L.r(250, 0, 150, 50)]) {
            // Violation −100 shared by the two shrinkable 200-wide children; the growing one holds.
            let b = [L.box(200, 50, shrink: 1), L.box(100, 50, grow: 1), L.box(200, 50, shrink: 1)]
            return (L.stack(b), b)
        },
        C("shrink stops at zero", range: L.exact(40, 50), size: L.size(40, 50),
          frames: [L.r(0, 0, 0, 50), L.r(0, 0, 50, 50)]) {
            // Violation −50 all on the 50-wide first child (the second cannot shrink).
            let b = [L.box(50, 50, shrink: 1), L.box(50, 50)]
            return (L.stack(b), b)
        },
        C("overflow without shrink keeps sizes", range: L.range(110, 0, 110, 300), size: L.size(110, 50),
          frames: [L.r(0, 0, 50, 50), L.r(50, 0, 50, 50), L.r(100, 0, 50, 50)]) {
            let b = three50(); return (L.stack(b), b)
        },
        C("flexBasis in points replaces the intrinsic length", range: L.range(300, 0, 300, 150), size: L.size(300, 50),
          frames: [L.r(0, 0, 100, 50), L.r(100, 0, 50, 50)]) {
            let b: [ASDisplayNode] = [L.intrinsic(20, 50), L.box(50, 50)]
            b[0].style.flexBasis = ASDimensionMake(100)
            return (L.stack(b), b)
        },
        C("fractional flexBasis resolves against the stack", range: L.range(200, 0, 200, CGFloat.infinity), size: L.size(200, 50),
          frames: [L.r(0, 0, 100, 50), L.r(100, 0, 50, 50)]) {
            let b: [ASDisplayNode] = [L.intrinsic(20, 50), L.intrinsic(50, 50)]
            b[0].style.flexBasis = ASDimensionMake("50%")
            return (L.stack(b), b)
        },
        C("flexBasis then grow", range: L.exact(300, 50), size: L.size(300, 50),
          frames: [L.r(0, 0, 200, 50), L.r(200, 0, 100, 50)]) {
            let b: [ASDisplayNode] = [L.intrinsic(10, 50), L.intrinsic(10, 50)]
            for node in b { node.style.flexBasis = ASDimensionMake(50); node.style.flexGrow = 1 }
            b[1].style.flexGrow = 0
            b[1].style.flexBasis = ASDimensionMake(100)
            return (L.stack(b), b)
        },
        C("single flexible child with a fixed stack length (optimised flexing)", range: L.exact(300, 50), size: L.size(300, 50),
          frames: [L.r(0, 0, 50, 50), L.r(50, 0, 250, 50)]) {
            let b: [ASDisplayNode] = [L.box(50, 50), L.intrinsic(80, 50)]
            b[1].style.flexGrow = 1; b[1].style.flexShrink = 1
            return (L.stack(b), b)
        },
        C("optimised flexing shrinks the flexible child to fit", range: L.exact(100, 50), size: L.size(100, 50),
          frames: [L.r(0, 0, 80, 50), L.r(80, 0, 20, 50)]) {
            let b: [ASDisplayNode] = [L.box(80, 50), L.intrinsic(80, 50)]
            b[1].style.flexGrow = 1; b[1].style.flexShrink = 1
            return (L.stack(b), b)
        },
        C("thirds round up to the pixel grid: 36.67 → 37", range: L.exact(110, 50), size: L.size(110, 50),
          frames: [L.r(0, 0, 37, 50), L.r(37, 0, 37, 50), L.r(74, 0, 37, 50)]) {
            let b = (0..<3).map { _ in L.box(0, 50) { $0.width = ASDimensionMakeWithFraction(1.0 / 3.0) } }
            return (L.stack(b), b)
        },
        C("127.27 rounds up to 127.5 at scale 2", range: L.range(0, 0, 300, 300), size: L.size(127.5, 10),
          frames: [L.r(0, 0, 127.5, 10)]) {
            let b = [L.box(127.27, 10)]; return (L.stack(b), b)
        },
        C("fraction width resolves against a definite stack", range: L.exact(200, 100), size: L.size(200, 100),
          frames: [L.r(0, 0, 50, 100), L.r(50, 0, 100, 100)]) {
            let b: [ASDisplayNode] = [L.intrinsic(10, 10), L.intrinsic(10, 10)]
            b[0].style.width = ASDimensionMake("25%")
            b[1].style.width = ASDimensionMake("50%")
            return (L.stack(b), b)
        },
        C("baselineFirst aligns ascenders", range: L.range(0, 0, 300, 300), size: L.size(100, 40),
          frames: [L.r(0, 0, 50, 40), L.r(50, 20, 50, 20)]) {
            let b = [L.box(50, 40) { $0.ascender = 30 }, L.box(50, 20) { $0.ascender = 10 }]
            return (L.stack(align: .baselineFirst, b), b)
        },
        C("baselineLast aligns descenders", range: L.range(0, 0, 300, 300), size: L.size(100, 43),
          frames: [L.r(0, 0, 50, 40), L.r(50, 23, 50, 20)]) {
            let b = [L.box(50, 40) { $0.descender = -5 }, L.box(50, 20) { $0.descender = -8 }]
            return (L.stack(align: .baselineLast, b), b)
        },
        C("baseline with a non-baseline child", range: L.range(0, 0, 300, 300), size: L.size(150, 60),
          frames: [L.r(0, 0, 50, 40), L.r(50, 20, 50, 20), L.r(100, 0, 50, 60)]) {
            let b = [L.box(50, 40) { $0.ascender = 30 }, L.box(50, 20) { $0.ascender = 10 }, L.box(50, 60) { $0.alignSelf = .start }]
            return (L.stack(align: .baselineFirst, b), b)
        },
        C("wrap breaks lines", range: L.range(0, 0, 120, 300), size: L.size(100, 100),
          frames: [L.r(0, 0, 50, 50), L.r(50, 0, 50, 50), L.r(0, 50, 50, 50)]) {
            let b = three50(); return (L.stack(wrap: .wrap, b), b)
        },
        C("wrap with lineSpacing", range: L.range(0, 0, 120, 300), size: L.size(100, 110),
          frames: [L.r(0, 0, 50, 50), L.r(50, 0, 50, 50), L.r(0, 60, 50, 50)]) {
            let b = three50(); return (L.stack(wrap: .wrap, lineSpacing: 10, b), b)
        },
        C("wrap counts spacing when breaking", range: L.range(0, 0, 115, 300), size: L.size(50, 150),
          frames: [L.r(0, 0, 50, 50), L.r(0, 50, 50, 50), L.r(0, 100, 50, 50)]) {
            let b = three50(); return (L.stack(spacing: 20, wrap: .wrap, b), b)
        },
        C("wrap with spacing fitting two", range: L.range(0, 0, 120, 300), size: L.size(120, 100),
          frames: [L.r(0, 0, 50, 50), L.r(70, 0, 50, 50), L.r(0, 50, 50, 50)]) {
            let b = three50(); return (L.stack(spacing: 20, wrap: .wrap, b), b)
        },
        C("wrap counts spacingBefore", range: L.range(0, 0, 120, 300), size: L.size(110, 100),
          frames: [L.r(0, 0, 50, 50), L.r(60, 0, 50, 50), L.r(0, 50, 50, 50)]) {
            let b = three50(); b[1].style.spacingBefore = 10
            return (L.stack(wrap: .wrap, b), b)
        },
        C("wrap justifies each line", range: L.range(120, 0, 120, 300), size: L.size(120, 100),
          frames: [L.r(10, 0, 50, 50), L.r(60, 0, 50, 50), L.r(35, 50, 50, 50)]) {
            let b = three50(); return (L.stack(justify: .center, wrap: .wrap, b), b)
        },
        C("wrap alignContent center", range: L.range(0, 200, 120, 200), size: L.size(100, 200),
          frames: [L.r(0, 50, 50, 50), L.r(50, 50, 50, 50), L.r(0, 100, 50, 50)]) {
            let b = three50(); return (L.stack(wrap: .wrap, alignContent: .center, b), b)
        },
        C("wrap alignContent end", range: L.range(0, 200, 120, 200), size: L.size(100, 200),
          frames: [L.r(0, 100, 50, 50), L.r(50, 100, 50, 50), L.r(0, 150, 50, 50)]) {
            let b = three50(); return (L.stack(wrap: .wrap, alignContent: .end, b), b)
        },
        C("wrap alignContent spaceBetween", range: L.range(0, 200, 120, 200), size: L.size(100, 200),
          frames: [L.r(0, 0, 50, 50), L.r(50, 0, 50, 50), L.r(0, 150, 50, 50)]) {
            let b = three50(); return (L.stack(wrap: .wrap, alignContent: .spaceBetween, b), b)
        },
        C("wrap alignContent spaceAround", range: L.range(0, 200, 120, 200), size: L.size(100, 200),
          frames: [L.r(0, 25, 50, 50), L.r(50, 25, 50, 50), L.r(0, 125, 50, 50)]) {
            let b = three50(); return (L.stack(wrap: .wrap, alignContent: .spaceAround, b), b)
        },
        C("wrap alignContent stretch grows lines", range: L.range(0, 200, 120, 200), size: L.size(100, 200),
          frames: [L.r(0, 0, 50, 50), L.r(50, 0, 50, 50), L.r(0, 100, 50, 50)]) {
            let b: [ASDisplayNode] = (0..<3).map { _ in L.intrinsic(50, 50) }
            return (L.stack(align: .start, wrap: .wrap, alignContent: .stretch, b), b)
        },
        C("wrap with stretch items takes the cross minimum in the first pass", range: L.range(0, 200, 120, 200), size: L.size(100, 200),
          frames: [L.r(0, 0, 50, 200), L.r(50, 0, 50, 200), L.r(0, 200, 50, 200)]) {
            let b: [ASDisplayNode] = (0..<3).map { _ in L.intrinsic(50, 50) }
            return (L.stack(wrap: .wrap, alignContent: .stretch, b), b)
        },
        C("wrap alignContent stretch keeps explicit heights", range: L.range(0, 200, 120, 200), size: L.size(100, 200),
          frames: [L.r(0, 0, 50, 50), L.r(50, 0, 50, 50), L.r(0, 100, 50, 50)]) {
            let b = three50(); return (L.stack(wrap: .wrap, alignContent: .stretch, b), b)
        },
        C("wrap alignContent with lineSpacing", range: L.range(0, 200, 120, 200), size: L.size(100, 200),
          frames: [L.r(0, 45, 50, 50), L.r(0, 105, 50, 50)]) {
            let b = three50(); return (L.stack(wrap: .wrap, alignContent: .center, lineSpacing: 10, b), [b[0], b[2]])
        },
        C("wrap alignContent spaceBetween falls back to start on overflow", range: L.range(0, 0, 120, 80), size: L.size(100, 80),
          frames: [L.r(0, 0, 50, 50), L.r(0, 50, 50, 50)]) {
            let b = three50(); return (L.stack(wrap: .wrap, alignContent: .spaceBetween, b), [b[0], b[2]])
        },
        C("wrap alignContent spaceAround falls back to center on overflow", range: L.range(0, 0, 120, 80), size: L.size(100, 80),
          frames: [L.r(0, -10, 50, 50), L.r(0, 40, 50, 50)]) {
            let b = three50(); return (L.stack(wrap: .wrap, alignContent: .spaceAround, b), [b[0], b[2]])
        },
        C("wrap lines align items within the line", range: L.range(0, 0, 120, 300), size: L.size(100, 90),
          frames: [L.r(0, 10, 50, 30), L.r(50, 0, 50, 40), L.r(0, 40, 50, 50)]) {
            let b = [L.box(50, 30), L.box(50, 40), L.box(50, 50)]; return (L.stack(align: .end, wrap: .wrap, b), b)
        },
        C("vertical wrap makes columns", range: L.range(0, 0, 300, 120), size: L.size(100, 100),
          frames: [L.r(0, 0, 50, 50), L.r(0, 50, 50, 50), L.r(50, 0, 50, 50)]) {
            let b = three50(); return (L.stack(.vertical, wrap: .wrap, b), b)
        },
        C("a child that changes cross size when flexed", range: L.range(150, 0, 150, CGFloat.infinity), size: L.size(150, 50),
          frames: [L.r(0, 0, 100, 50), L.r(100, 0, 50, 50)]) {
            let b: [ASDisplayNode] = [L.intrinsic(40, 50), L.box(50, 50)]
            b[0].style.flexGrow = 1
            return (L.stack(align: .start, b), b)
        },
        C("align center with a flexed main dimension", range: L.range(150, 0, 150, 100), size: L.size(150, 50),
          frames: [L.r(0, 15, 100, 20), L.r(100, 0, 50, 50)]) {
            let b: [ASDisplayNode] = [L.intrinsic(40, 20), L.box(50, 50)]
            b[0].style.flexGrow = 1
            return (L.stack(align: .center, b), b)
        },
        C("nested stack with stretch does not exceed the width", range: L.range(0, 0, 300, CGFloat.infinity), size: L.size(100, 20),
          frames: [L.r(0, 0, 100, 20)]) {
            let inner: [ASDisplayNode] = [L.intrinsic(100, 20)]
            inner[0].style.flexGrow = 1
            let row = L.stack(inner)
            row.style.flexGrow = 1
            return (L.stack(.vertical, [row]), inner)
        },
        C("horizontalAlignment right on a horizontal stack justifies to the end", range: L.range(300, 0, 300, 300), size: L.size(300, 50),
          frames: [L.r(250, 0, 50, 50)]) {
            let b = [L.box(50, 50)]
            let s = L.stack(b); s.horizontalAlignment = .right
            return (s, b)
        },
        C("verticalAlignment center on a horizontal stack aligns items", range: L.range(0, 100, 300, 100), size: L.size(50, 100),
          frames: [L.r(0, 25, 50, 50)]) {
            let b = [L.box(50, 50)]
            let s = L.stack(b); s.verticalAlignment = .center
            return (s, b)
        },
        C("verticalAlignment bottom on a vertical stack justifies to the end", range: L.range(0, 100, 300, 100), size: L.size(50, 100),
          frames: [L.r(0, 50, 50, 50)]) {
            let b = [L.box(50, 50)]
            let s = L.stack(.vertical, b); s.verticalAlignment = .bottom
            return (s, b)
        },
        C("horizontalAlignment middle on a vertical stack centres items", range: L.range(200, 0, 200, 300), size: L.size(200, 50),
          frames: [L.r(75, 0, 50, 50)]) {
            let b = [L.box(50, 50)]
            let s = L.stack(.vertical, b); s.horizontalAlignment = .middle
            return (s, b)
        },
        C("bare ASLayoutSpec as a flexible spacer", range: L.exact(300, 50), size: L.size(300, 50),
          frames: [L.r(0, 0, 50, 50), L.r(50, 0, 200, 50), L.r(250, 0, 50, 50)]) {
            let spacer = ASLayoutSpec(); spacer.style.flexGrow = 1
            let a = L.box(50, 50), c = L.box(50, 50)
            return (L.stack([a, spacer, c]), [a, spacer, c])
        },
        C("vertical stack of mixed widths with spacing", range: L.range(0, 0, 300, 300), size: L.size(80, 100),
          frames: [L.r(0, 0, 80, 30), L.r(0, 38, 40, 20), L.r(0, 66, 60, 34)]) {
            let b = [L.box(80, 30), L.box(40, 20), L.box(60, 34)]; return (L.stack(.vertical, spacing: 8, align: .start, b), b)
        },
        C("concurrent stack matches the serial numbers", range: L.exact(350, 350), size: L.size(350, 350),
          frames: [L.r(0, 0, 150, 50), L.r(150, 0, 50, 50), L.r(200, 0, 150, 50)]) {
            let b = [L.box(50, 50, grow: 1), L.box(50, 50), L.box(50, 50, grow: 1)]
            let s = L.stack(b); s.isConcurrent = true
            return (s, b)
        },
    ]
}

@Suite struct StackLayoutTests {
    @Test(arguments: StackLayoutCases.cases)
    func stack(_ layoutCase: LayoutCase) { layoutCase.check() }
}
