import Foundation
import Testing
@testable import Weft

/// Insets, relative, corner and absolute specs right to left, and nested specs; expected frames
/// are the left-to-right ones (in the comments) mirrored in the spec's width, except absolute.
@Suite struct RTLSpecLayoutTests {
    @Test func insetsSwapLeftAndRight() {
        // 50×20 child, insets top 1, left 10, bottom 3, right 30: the spec is 90×24, the child
        // LTR at (10, 1) → RTL at 90 − 10 − 50 = 30, the right inset's width from the left.
        let child = L.box(50, 20)
        let inset = ASInsetLayoutSpec(insets: UIEdgeInsets(top: 1, left: 10, bottom: 3, right: 30), child: child)
        let (size, frames) = RTL.frames(inset, [child], in: RTL.upTo(200))
        #expect(size == CGSize(width: 90, height: 24))
        #expect(frames == [CGRect(x: 30, y: 1, width: 50, height: 20)])
        #expect(RTL.frames(inset, [child], in: RTL.upTo(200), traits: RTL.leftToRight).frames == [CGRect(x: 10, y: 1, width: 50, height: 20)])
    }

    @Test func anInfiniteLeftInsetPinsTheChildToTheLeft() {
        // LTR, left = ∞ pins the 50-wide child to the right of the 200-wide spec (x 150 − 5 = 145).
        let child = L.box(50, 20)
        let inset = ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: .infinity, bottom: 0, right: 5), child: child)
        #expect(RTL.frames(inset, [child], in: RTL.upTo(200), traits: RTL.leftToRight).frames.first??.minX == 145)
        #expect(RTL.frames(inset, [child], in: RTL.upTo(200)).frames.first??.minX == 5)
    }

    @Test(arguments: [(ASRelativeLayoutSpecPosition.start, CGFloat(80)), (.end, 0), (.center, 40)])
    func relativeHorizontalPositionsAreLeadingAndTrailing(_ position: ASRelativeLayoutSpecPosition, _ x: CGFloat) {
        // A 20×10 child in 100×100, at the bottom: LTR start 0, end 80, centre 40.
        let child = L.box(20, 10)
        let relative = ASRelativeLayoutSpec(horizontalPosition: position, verticalPosition: .end, sizingOption: [], child: child)
        let range = ASSizeRange(min: CGSize(width: 100, height: 100), max: CGSize(width: 100, height: 100))
        #expect(RTL.frames(relative, [child], in: range).frames == [CGRect(x: x, y: 90, width: 20, height: 10)])
    }

    @Test func cornerBadgesMoveToTheLeadingCorner() {
        // 100×50 child, 20×20 badge at the top right, offset (2, 3): LTR badge at (92, −7) →
        // RTL 100 − 92 − 20 = −12: the top left, its offset pointing left.
        let child = L.box(100, 50), badge = L.box(20, 20)
        let corner = ASCornerLayoutSpec(child: child, corner: badge, location: .topRight)
        corner.offset = CGPoint(x: 2, y: 3)
        let (size, frames) = RTL.frames(corner, [child, badge], in: RTL.upTo(300))
        #expect(size == CGSize(width: 100, height: 50))
        #expect(frames == [CGRect(x: 0, y: 0, width: 100, height: 50), CGRect(x: -12, y: -7, width: 20, height: 20)])
    }

    @Test func aWrappingCornerMirrorsInTheUnion() {
        // LTR: the union of (0, 0, 100, 50) and the badge (90, −10, 20, 20) is 110×60; shifted,
        // child (0, 10), badge (90, 0) → RTL in 110: child 10, badge 0.
        let child = L.box(100, 50), badge = L.box(20, 20)
        let corner = ASCornerLayoutSpec(child: child, corner: badge, location: .topRight)
        corner.wrapsCorner = true
        let (size, frames) = RTL.frames(corner, [child, badge], in: RTL.upTo(300))
        #expect(size == CGSize(width: 110, height: 60))
        #expect(frames == [CGRect(x: 10, y: 10, width: 100, height: 50), CGRect(x: 0, y: 0, width: 20, height: 20)])
    }

    @Test func absolutePositionsStayPhysical() {
        let a = L.box(20, 20) { $0.layoutPosition = CGPoint(x: 10, y: 5) }
        let b = L.box(30, 10) { $0.layoutPosition = CGPoint(x: 60, y: 40) }
        let absolute = ASAbsoluteLayoutSpec(children: [a, b])
        let range = ASSizeRange(min: CGSize(width: 100, height: 100), max: CGSize(width: 100, height: 100))
        #expect(RTL.frames(absolute, [a, b], in: range).frames == [CGRect(x: 10, y: 5, width: 20, height: 20), CGRect(x: 60, y: 40, width: 30, height: 10)])
    }

    @Test func nestedSpecsEachMirrorInTheirOwnWidth() {
        // Inset left 10 around a row [30, 40] with spacing 5, 200 wide: the row is 190 wide,
        // LTR at x 10 with boxes at 0 and 35 → the row at 200 − 10 − 190 = 0, boxes at
        // 190 − 0 − 30 = 160 and 190 − 35 − 40 = 115: the left inset is kept at the right.
        let a = L.box(30, 30), b = L.box(40, 30)
        let row = ASStackLayoutSpec(direction: .horizontal, spacing: 5, children: [a, b])
        let inset = ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 0), child: row)
        #expect(RTL.frames(inset, [a, b], in: RTL.width(200)).frames.map { $0?.minX } == [160, 115])
        #expect(RTL.frames(inset, [a, b], in: RTL.width(200), traits: RTL.leftToRight).frames.map { $0?.minX } == [10, 45])
    }
}
