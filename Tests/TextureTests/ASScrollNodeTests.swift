// Texture's Tests/ASScrollNodeTests.mm.
import XCTest
import Weft

final class ASScrollNodeTests: XCTestCase {
    var scrollNode: ASScrollNode!
    var subnode: ASDisplayNode!

    override func setUp() {
        super.setUp()
        let subnode = ASDisplayNode()
        self.subnode = subnode

        scrollNode = ASScrollNode()
        scrollNode.scrollableDirections = ASScrollDirectionVerticalDirections
        scrollNode.automaticallyManagesContentSize = true
        scrollNode.automaticallyManagesSubnodes = true
        scrollNode.layoutSpecBlock = { _, _ in
            ASWrapperLayoutSpec(layoutElement: subnode)
        }
        _ = scrollNode.view
    }

    func testSubnodeLayoutCalculatedWithUnconstrainedMaxSizeInScrollableDirection() {
        let parentSize = CGSize(width: 100, height: 100)
        let sizeRange = ASSizeRangeMake(parentSize)

        scrollNode.layoutThatFits(sizeRange, parentSize: parentSize)

        var subnodeSizeRange = sizeRange
        subnodeSizeRange.max.height = CGFloat.greatestFiniteMagnitude
        XCTAssertEqual(scrollNode.scrollableDirections, ASScrollDirectionVerticalDirections)
        ASXCTAssertEqualSizeRanges(subnode.constrainedSizeForCalculatedLayout, subnodeSizeRange)

        // Same test for horizontal scrollable directions
        scrollNode.scrollableDirections = ASScrollDirectionHorizontalDirections
        scrollNode.layoutThatFits(sizeRange, parentSize: parentSize)

        subnodeSizeRange = sizeRange
        subnodeSizeRange.max.width = CGFloat.greatestFiniteMagnitude

        ASXCTAssertEqualSizeRanges(subnode.constrainedSizeForCalculatedLayout, subnodeSizeRange)
    }

    func testAutomaticallyManagesContentSizeUnderflow() {
        let subnodeSize = CGSize(width: 100, height: 100)
        let parentSize = CGSize(width: 100, height: 200)
        let sizeRange = ASSizeRangeUnconstrained

        subnode.style.preferredSize = subnodeSize

        scrollNode.layoutThatFits(sizeRange, parentSize: parentSize)
        scrollNode.layout()

        ASXCTAssertEqualSizes(scrollNode.calculatedSize, parentSize)
        ASXCTAssertEqualSizes(scrollNode.view.contentSize, subnodeSize)
    }

    func testAutomaticallyManagesContentSizeOverflow() {
        let subnodeSize = CGSize(width: 100, height: 500)
        let parentSize = CGSize(width: 100, height: 200)
        let sizeRange = ASSizeRangeUnconstrained

        subnode.style.preferredSize = subnodeSize

        scrollNode.layoutThatFits(sizeRange, parentSize: parentSize)
        scrollNode.layout()

        ASXCTAssertEqualSizes(scrollNode.calculatedSize, parentSize)
        ASXCTAssertEqualSizes(scrollNode.view.contentSize, subnodeSize)
    }

    func testAutomaticallyManagesContentSizeWithSizeRangeSmallerThanParentSize() {
        let subnodeSize = CGSize(width: 100, height: 100)
        let parentSize = CGSize(width: 100, height: 500)
        let sizeRange = ASSizeRangeMake(CGSize(width: 100, height: 100), CGSize(width: 100, height: 200))

        subnode.style.preferredSize = subnodeSize

        scrollNode.layoutThatFits(sizeRange, parentSize: parentSize)
        scrollNode.layout()

        ASXCTAssertEqualSizes(scrollNode.calculatedSize, sizeRange.max)
        ASXCTAssertEqualSizes(scrollNode.view.contentSize, subnodeSize)
    }

    func testAutomaticallyManagesContentSizeWithSizeRangeSmallerThanParentSizeFillContainer() {
        let subnodeSize = CGSize(width: 100, height: 200)
        let parentSize = CGSize(width: 100, height: 500)
        let sizeRange = ASSizeRangeMake(CGSize(width: 100, height: 200), CGSize(width: 100, height: 200))

        subnode.style.flexGrow = 1.0
        subnode.style.minHeight = ASDimensionMake(.points, 50.0)
        subnode.style.width = ASDimensionMake(.points, 100.0)
        scrollNode.layoutThatFits(sizeRange, parentSize: parentSize)
        scrollNode.layout()

        ASXCTAssertEqualSizes(scrollNode.calculatedSize, sizeRange.max)
        ASXCTAssertEqualSizes(scrollNode.view.contentSize, subnodeSize)
    }

    func testAutomaticallyManagesContentSizeWithSizeRangeBiggerThanParentSize() {
        let subnodeSize = CGSize(width: 100, height: 200)
        let parentSize = CGSize(width: 100, height: 100)
        let sizeRange = ASSizeRangeMake(CGSize(width: 100, height: 150))

        subnode.style.preferredSize = subnodeSize

        scrollNode.layoutThatFits(sizeRange, parentSize: parentSize)
        scrollNode.layout()

        ASXCTAssertEqualSizes(scrollNode.calculatedSize, sizeRange.min)
        ASXCTAssertEqualSizes(scrollNode.view.contentSize, subnodeSize)
    }

    func testAutomaticallyManagesContentSizeWithInvalidCalculatedSizeForLayout() {
        let subnodeSize = CGSize(width: 100, height: 200)
        let parentSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)
        let sizeRange = ASSizeRangeUnconstrained

        subnode.style.preferredSize = subnodeSize

        scrollNode.layoutThatFits(sizeRange, parentSize: parentSize)
        scrollNode.layout()

        ASXCTAssertEqualSizes(scrollNode.calculatedSize, subnodeSize)
        ASXCTAssertEqualSizes(scrollNode.view.contentSize, subnodeSize)
    }

    func testASScrollNodeAccessibility() {
        let scrollNode = ASDisplayNode()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 560))
        window.addSubnode(scrollNode)
        window.makeKeyAndVisible()

        let node = ASDisplayNode()
        node.isAccessibilityContainer = true
        node.accessibilityLabel = "node"
        scrollNode.addSubnode(node)
        node.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let text = ASTextNode2()
        text.attributedText = NSAttributedString(string: "text")
        node.addSubnode(text)

        let text2 = ASTextNode2()
        text2.attributedText = NSAttributedString(string: "text2")
        node.addSubnode(text2)
        _ = scrollNode.view
        XCTAssertNotNil(node.view.accessibilityElements?.first, "node")

        // Following tests will only pass when accessibility is enabled.
        // More details: https://github.com/TextureGroup/Texture/pull/1188
    }
}
