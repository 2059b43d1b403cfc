import Foundation
import Testing
@testable import Weft

/// Layout under concurrency, hostile input and deep trees (issue 7).
@Suite struct LayoutReliabilityTests {
    /// A stack of `count` children of varied sizes, some flexible, so every phase that can run
    /// concurrently (measure, flex, stretch) has work.
    private static func stack(count: Int, concurrent: Bool) -> (ASStackLayoutSpec, [ASDisplayNode]) {
        let children = (0..<count).map { index -> ASDisplayNode in
            let node = ASDisplayNode()
            node.style.preferredSize = CGSize(width: CGFloat(10 + index % 7 * 3), height: CGFloat(5 + index % 5 * 4))
            node.style.flexGrow = index % 3 == 0 ? 1 : 0
            node.style.flexShrink = index % 4 == 0 ? 1 : 0
            node.debugName = "child-\(index)"
            return node
        }
        let stack = ASStackLayoutSpec(direction: .horizontal, spacing: 2, justifyContent: .spaceBetween, alignItems: .stretch,
                                      flexWrap: .noWrap, children: children)
        stack.isConcurrent = concurrent
        return (stack, children)
    }

    @Test func concurrentStackWithManyChildrenMatchesSerialLayout() {
        let range = ASSizeRange(min: CGSize(width: 700, height: 40), max: CGSize(width: 700, height: 40))
        let (serial, _) = Self.stack(count: 24, concurrent: false)
        let expected = serial.layoutThatFits(range).recursiveDescription
        for _ in 0..<300 {
            let (concurrent, children) = Self.stack(count: 24, concurrent: true)
            let layout = concurrent.layoutThatFits(range)
            #expect(layout.recursiveDescription == expected)
            withExtendedLifetime(children) {}
        }
    }
}
