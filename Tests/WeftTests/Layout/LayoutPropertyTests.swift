import Foundation
import Testing
@testable import Weft

/// Random spec trees over small leaves, rebuilt identically from a seed.
enum RandomSpecTree {
    /// Options of a family of trees: `bounded` trees (no ratio specs, plain overlays and backgrounds,
    /// at most three children of at most 10 pt, three levels) cannot outgrow a 600 pt range, so none
    /// of their children overflow.
    static func make(seed: UInt64, concurrent: Bool, bounded: Bool = false) -> any ASLayoutElement {
        var rng = SeededGenerator(seed: seed)
        return element(depth: bounded ? 3 : 4, rng: &rng, concurrent: concurrent, bounded: bounded)
    }

    static func element(depth: Int, rng: inout SeededGenerator, concurrent: Bool, bounded: Bool) -> any ASLayoutElement {
        func child() -> any ASLayoutElement { element(depth: depth - 1, rng: &rng, concurrent: concurrent, bounded: bounded) }
        let leafMax = bounded ? 10 : 20
        if depth == 0 || Int.random(in: 0..<10, using: &rng) < 3 {
            let node = L.intrinsic(CGFloat(Int.random(in: 1...leafMax, using: &rng)), CGFloat(Int.random(in: 1...leafMax, using: &rng)))
            if Bool.random(using: &rng) { node.style.flexGrow = CGFloat(Int.random(in: 0...2, using: &rng)) }
            if Bool.random(using: &rng) { node.style.alignSelf = [.auto, .start, .end, .center, .stretch].randomElement(using: &rng)! }
            return node
        }
        var kind = Int.random(in: 0..<8, using: &rng)
        if bounded && kind == 5 { kind = 0 }
        switch kind {
        case 0, 1, 2:
            let stack = ASStackLayoutSpec(
                direction: Bool.random(using: &rng) ? .horizontal : .vertical,
                spacing: CGFloat(Int.random(in: 0...8, using: &rng)),
                justifyContent: [.start, .center, .end, .spaceBetween, .spaceAround].randomElement(using: &rng)!,
                alignItems: [.start, .end, .center, .stretch].randomElement(using: &rng)!,
                flexWrap: Bool.random(using: &rng) ? .wrap : .noWrap,
                alignContent: [.start, .center, .end, .spaceBetween, .spaceAround, .stretch].randomElement(using: &rng)!,
                lineSpacing: CGFloat(Int.random(in: 0...6, using: &rng)),
                children: (0..<Int.random(in: 1...(bounded ? 3 : 4), using: &rng)).map { _ in child() })
            stack.isConcurrent = concurrent
            return stack
        case 3:
            let v = (0..<4).map { _ in CGFloat(Int.random(in: 0...10, using: &rng)) }
            return ASInsetLayoutSpec(insets: UIEdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3]), child: child())
        case 4:
            return ASCenterLayoutSpec(centeringOptions: [.none, .X, .Y, .XY].randomElement(using: &rng)!,
                                      sizingOptions: [.default, .minimumX, .minimumY, .minimumXY].randomElement(using: &rng)!, child: child())
        case 5:
            return ASRatioLayoutSpec(ratio: [0.5, 0.75, 1, 1.5, 2].randomElement(using: &rng)!, child: child())
        case 6:
            // Bounded trees decorate with a plain node, which takes exactly the child's size; a
            // decoration spec could hold content larger than that, which is overflow.
            let decoration = bounded ? ASDisplayNode() : child()
            return Bool.random(using: &rng)
                ? ASOverlayLayoutSpec(child: child(), overlay: decoration)
                : ASBackgroundLayoutSpec(child: child(), background: decoration)
        default:
            return ASWrapperLayoutSpec(layoutElements: [child(), child()])
        }
    }

    static func range(seed: UInt64) -> ASSizeRange {
        var rng = SeededGenerator(seed: seed ^ 0xABCDEF)
        let minW = CGFloat(Int.random(in: 0...100, using: &rng)), minH = CGFloat(Int.random(in: 0...100, using: &rng))
        return ASSizeRange(min: CGSize(width: minW, height: minH),
                           max: CGSize(width: minW + CGFloat(Int.random(in: 400...800, using: &rng)), height: minH + CGFloat(Int.random(in: 400...800, using: &rng))))
    }
}

@Suite struct LayoutPropertyTests {
    static let seeds = Array(UInt64(1)...UInt64(60))

    @Test(arguments: seeds)
    func sizeStaysWithinTheRange(seed: UInt64) {
        let range = RandomSpecTree.range(seed: seed)
        let layout = withScreenScale(2) { RandomSpecTree.make(seed: seed, concurrent: false).layoutThatFits(range) }
        #expect(layout.size.width >= range.min.width && layout.size.width <= range.max.width, "\(layout.recursiveDescription)")
        #expect(layout.size.height >= range.min.height && layout.size.height <= range.max.height, "\(layout.recursiveDescription)")
        #expect(layout.issues.isEmpty)
    }

    @Test(arguments: seeds)
    func childrenStayInsideTheirParent(seed: UInt64) {
        let layout = withScreenScale(2) { RandomSpecTree.make(seed: seed, concurrent: false, bounded: true).layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 600, height: 600))) }
        func check(_ layout: ASLayout) {
            let bounds = CGRect(origin: .zero, size: layout.size).insetBy(dx: -0.01, dy: -0.01)
            for sublayout in layout.sublayouts {
                #expect(bounds.contains(sublayout.frame), "\(sublayout) outside \(layout)\n\(layout.recursiveDescription)")
                check(sublayout)
            }
        }
        check(layout)
    }

    @Test(arguments: seeds)
    func layoutIsDeterministicAndConcurrentEqualsSerial(seed: UInt64) {
        let range = RandomSpecTree.range(seed: seed)
        let first = withScreenScale(2) { RandomSpecTree.make(seed: seed, concurrent: false).layoutThatFits(range).recursiveDescription }
        let again = withScreenScale(2) { RandomSpecTree.make(seed: seed, concurrent: false).layoutThatFits(range).recursiveDescription }
        #expect(first == again)
        // Concurrent stacks measure children on other threads, which see the process-wide scale (2 by default).
        let concurrent = withScreenScale(ASScreenScale()) { RandomSpecTree.make(seed: seed, concurrent: true).layoutThatFits(range).recursiveDescription }
        let serial = withScreenScale(ASScreenScale()) { RandomSpecTree.make(seed: seed, concurrent: false).layoutThatFits(range).recursiveDescription }
        #expect(concurrent == serial)
    }
}
