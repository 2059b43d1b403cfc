import Foundation
import Testing
import Weft

/// Texture's `calculatedSize` and `ASCalculateRootLayout`.
@Suite struct CalculatedSizeTests {
    static func node() -> ASDisplayNode {
        let node = ASDisplayNode()
        node.style.preferredSize = CGSize(width: 40, height: 30)
        return node
    }

    @Test func calculatedSizeIsZeroBeforeTheFirstLayout() {
        #expect(Self.node().calculatedSize == .zero)
    }

    @Test func calculatedSizeIsTheLastLayoutsSize() {
        let node = Self.node()
        let layout = node.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 100)))
        #expect(node.calculatedSize == layout.size && layout.size == CGSize(width: 40, height: 30))
        _ = node.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 20, height: 100)))
        #expect(node.calculatedSize == CGSize(width: 20, height: 30), "the newest layout's size")
        node.invalidateCalculatedLayout()
        #expect(node.calculatedSize == CGSize(width: 20, height: 30), "invalidating keeps it, as in Texture")
    }

    @Test func rootLayoutUsesTheRangeMaximumAsParentSize() {
        let node = ASDisplayNode()
        node.style.width = ASDimensionMake("50%")
        node.style.height = ASDimensionMake(10)
        let range = ASSizeRange(min: .zero, max: CGSize(width: 200, height: 100))
        let layout = ASCalculateRootLayout(node, range)
        #expect(layout.size == CGSize(width: 100, height: 10), "50% of the range's maximum width")
        #expect(ASCalculateLayout(node, range, CGSize(width: 80, height: 80)).size == CGSize(width: 40, height: 10))
        #expect(node.calculatedSize == CGSize(width: 40, height: 10))
    }
}
