import Foundation
import Testing
@testable import Weft

/// Stacks right to left: each expected frame is the left-to-right one (worked out in the comment)
/// mirrored in the stack's width, x' = width − x − w.
@Suite struct RTLStackLayoutTests {
    /// Three boxes 50, 60 and 70 wide (40 tall), spacing 10, in a row exactly 300 wide: 200 used,
    /// 100 free.
    static func row(_ justify: ASStackLayoutJustifyContent, grow: Bool = false) -> (ASStackLayoutSpec, [ASDisplayNode]) {
        let boxes = [L.box(50, 40), L.box(60, 40, grow: grow ? 1 : 0), L.box(70, 40)]
        return (ASStackLayoutSpec(direction: .horizontal, spacing: 10, justifyContent: justify, children: boxes), boxes)
    }

    static func xs(_ frames: [CGRect?]) -> [CGFloat?] { frames.map { $0?.minX } }

    @Test func leftToRightIsUnchanged() {
        let (stack, boxes) = Self.row(.start)
        let (size, frames) = RTL.frames(stack, boxes, in: RTL.width(300), traits: RTL.leftToRight)
        #expect(size == CGSize(width: 300, height: 40))
        #expect(Self.xs(frames) == [0, 60, 130])
    }

    @Test func startIsTheRightEdgeAndTheFirstChildIsRightmost() {
        // LTR 0, 60, 130 → RTL 300−0−50, 300−60−60, 300−130−70.
        let (stack, boxes) = Self.row(.start)
        let (size, frames) = RTL.frames(stack, boxes, in: RTL.width(300))
        #expect(size == CGSize(width: 300, height: 40))
        #expect(frames == [CGRect(x: 250, y: 0, width: 50, height: 40), CGRect(x: 180, y: 0, width: 60, height: 40),
                           CGRect(x: 100, y: 0, width: 70, height: 40)])
    }

    @Test func endIsTheLeftEdge() {
        // LTR 100, 160, 230.
        let (stack, boxes) = Self.row(.end)
        #expect(Self.xs(RTL.frames(stack, boxes, in: RTL.width(300)).frames) == [150, 80, 0])
    }

    @Test func centerIsMirrored() {
        // LTR 50, 110, 180.
        let (stack, boxes) = Self.row(.center)
        #expect(Self.xs(RTL.frames(stack, boxes, in: RTL.width(300)).frames) == [200, 130, 50])
    }

    @Test func spaceBetweenPutsTheFirstChildAtTheRight() {
        // 100 free over two gaps: LTR 0, 110, 230.
        let (stack, boxes) = Self.row(.spaceBetween)
        #expect(Self.xs(RTL.frames(stack, boxes, in: RTL.width(300)).frames) == [250, 130, 0])
    }

    @Test func flexGrowWidensInPlace() {
        // The middle box takes the 100 free: 160 wide; LTR 0, 60, 230.
        let (stack, boxes) = Self.row(.start, grow: true)
        let frames = RTL.frames(stack, boxes, in: RTL.width(300)).frames
        #expect(frames == [CGRect(x: 250, y: 0, width: 50, height: 40), CGRect(x: 80, y: 0, width: 160, height: 40),
                           CGRect(x: 0, y: 0, width: 70, height: 40)])
    }

    @Test func aStackAsWideAsItsChildrenMirrorsInItsOwnWidth() {
        // Up to 300 wide, the row takes 200: LTR 0, 60, 130 → RTL 150, 80, 0.
        let (stack, boxes) = Self.row(.start)
        let (size, frames) = RTL.frames(stack, boxes, in: RTL.upTo(300))
        #expect(size == CGSize(width: 200, height: 40))
        #expect(Self.xs(frames) == [150, 80, 0])
    }

    @Test func spacingBeforeAndAfterFollowTheReading() {
        // spacingBefore 5 on the second box: LTR 0, 65 → RTL 100−0−20, 100−65−20.
        let a = L.box(20, 10), b = L.box(20, 10) { $0.spacingBefore = 5 }
        let stack = ASStackLayoutSpec(direction: .horizontal, children: [a, b])
        #expect(Self.xs(RTL.frames(stack, [a, b], in: RTL.width(100)).frames) == [80, 55])
    }

    @Test(arguments: [(ASStackLayoutAlignItems.start, [CGFloat(60), 40]), (.end, [0, 0]), (.center, [30, 20])])
    func verticalStacksMirrorTheirCrossAxis(_ align: ASStackLayoutAlignItems, _ expected: [CGFloat]) {
        // 100 wide; boxes 40 and 60 wide. LTR start 0, 0; end 60, 40; centre 30, 20 (symmetric).
        let boxes = [L.box(40, 20), L.box(60, 20)]
        let stack = ASStackLayoutSpec(direction: .vertical, alignItems: align, children: boxes)
        let frames = RTL.frames(stack, boxes, in: RTL.width(100)).frames
        #expect(Self.xs(frames) == expected.map { Optional($0) })
        #expect(frames.map { $0?.minY } == [0, 20])
    }

    @Test func wrappedLinesRunFromTheRight() {
        // Four 40-wide boxes wrap two to a line in 100: LTR x 0, 40 on each line → RTL 60, 20.
        let boxes = (0..<4).map { _ in L.box(40, 10) }
        let stack = ASStackLayoutSpec(direction: .horizontal, flexWrap: .wrap, children: boxes)
        let frames = RTL.frames(stack, boxes, in: RTL.width(100)).frames
        #expect(frames.map { $0.map { [$0.minX, $0.minY] } } == [[60, 0], [20, 0], [60, 10], [20, 10]])
    }
}
