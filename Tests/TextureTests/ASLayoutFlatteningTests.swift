// Texture's Tests/ASLayoutFlatteningTests.mm.
import XCTest
import Weft

final class ASLayoutFlatteningTests: XCTestCase {
    static func layoutWithCustomPosition(_ position: CGPoint, _ element: ASLayoutElement, _ sublayouts: [ASLayout]) -> ASLayout {
        ASLayout(layoutElement: element, size: CGSize(width: 100, height: 100), position: position, sublayouts: sublayouts)
    }

    static func layout(_ element: ASLayoutElement, _ sublayouts: [ASLayout]) -> ASLayout {
        layoutWithCustomPosition(.zero, element, sublayouts)
    }

    func testThatFlattenedLayoutContainsOnlyDirectSubnodesInValidOrder() {
        let layout = Self.layout
        var flattenedLayout: ASLayout!

        do {
            var subnodes: [ASDisplayNode] = []
            var layoutSpecs: [ASLayoutSpec] = []
            var indirectSubnodes: [ASDisplayNode] = []

            let subnode = { () -> ASDisplayNode in subnodes.append(ASDisplayNode()); return subnodes.last! }
            let layoutSpec = { () -> ASLayoutSpec in layoutSpecs.append(ASLayoutSpec()); return layoutSpecs.last! }
            let indirectSubnode = { () -> ASDisplayNode in indirectSubnodes.append(ASDisplayNode()); return indirectSubnodes.last! }

            let sublayouts: [ASLayout] = [
                layout(subnode(), [
                    layout(indirectSubnode(), []),
                ]),
                layout(layoutSpec(), [
                    layout(subnode(), []),
                    layout(layoutSpec(), [
                        layout(layoutSpec(), []),
                        layout(subnode(), []),
                    ]),
                    layout(layoutSpec(), []),
                ]),
                layout(layoutSpec(), [
                    layout(subnode(), [
                        layout(indirectSubnode(), []),
                        layout(indirectSubnode(), [
                            layout(indirectSubnode(), []),
                        ]),
                    ]),
                ]),
                layout(subnode(), []),
            ]

            let rootNode = ASDisplayNode()
            let originalLayout = ASLayout(layoutElement: rootNode, size: CGSize(width: 1000, height: 1000), sublayouts: sublayouts)
            flattenedLayout = originalLayout.filteredNodeLayoutTree()
            let flattenedSublayouts = flattenedLayout.sublayouts
            let sublayoutsCount = flattenedSublayouts.count

            XCTAssertTrue(originalLayout.layoutElement === flattenedLayout.layoutElement, "The root node should be reserved")
            XCTAssertTrue(ASPointIsNull(flattenedLayout.position), "Position of the root layout should be null")
            XCTAssertEqual(subnodes.count, sublayoutsCount, "Flattened layout should only contain direct subnodes")
            for i in 0..<sublayoutsCount {
                XCTAssertTrue(subnodes[i] === flattenedSublayouts[i].layoutElement, "Sublayouts should be in correct order (flattened in DFS fashion)")
            }
        }

        for sublayout in flattenedLayout.sublayouts {
            XCTAssertNotNil(sublayout.layoutElement, "Sublayout elements should be retained")
            XCTAssertEqual(0, sublayout.sublayouts.count, "Sublayouts should not have their own sublayouts")
        }
    }

    // MARK: - Test reusing ASLayouts while flattening

    func testThatLayoutWithNonNullPositionIsNotReused() {
        let rootNode = ASDisplayNode()
        let originalLayout = Self.layoutWithCustomPosition(CGPoint(x: 10, y: 10), rootNode, [])
        let flattenedLayout = originalLayout.filteredNodeLayoutTree()
        XCTAssertFalse(originalLayout === flattenedLayout, "@Layout should be reused")
        XCTAssertTrue(ASPointIsNull(flattenedLayout.position), "Position of a root layout should be null")
    }

    func testThatLayoutWithNullPositionAndNoSublayoutIsReused() {
        let rootNode = ASDisplayNode()
        let originalLayout = Self.layoutWithCustomPosition(ASPointNull, rootNode, [])
        let flattenedLayout = originalLayout.filteredNodeLayoutTree()
        XCTAssertTrue(originalLayout === flattenedLayout, "@Layout should be reused")
        XCTAssertTrue(ASPointIsNull(flattenedLayout.position), "Position of a root layout should be null")
    }

    func testThatLayoutWithNullPositionAndFlattenedNodeSublayoutsIsReused() {
        let layoutWithCustomPosition = Self.layoutWithCustomPosition
        var flattenedLayout: ASLayout!

        do {
            let rootNode = ASDisplayNode()
            var subnodes: [ASDisplayNode] = []
            let subnode = { () -> ASDisplayNode in subnodes.append(ASDisplayNode()); return subnodes.last! }
            let originalLayout = layoutWithCustomPosition(ASPointNull,
                                                          rootNode,
                                                          [
                                                              layoutWithCustomPosition(CGPoint(x: 10, y: 10), subnode(), []),
                                                              layoutWithCustomPosition(CGPoint(x: 20, y: 20), subnode(), []),
                                                              layoutWithCustomPosition(CGPoint(x: 30, y: 30), subnode(), []),
                                                          ])
            flattenedLayout = originalLayout.filteredNodeLayoutTree()
            XCTAssertTrue(originalLayout === flattenedLayout, "@Layout should be reused")
            XCTAssertTrue(ASPointIsNull(flattenedLayout.position), "Position of the root layout should be null")
        }

        for sublayout in flattenedLayout.sublayouts {
            XCTAssertNotNil(sublayout.layoutElement, "Sublayout elements should be retained")
            XCTAssertEqual(0, sublayout.sublayouts.count, "Sublayouts should not have their own sublayouts")
        }
    }

    func testThatLayoutWithNullPositionAndUnflattenedSublayoutsIsNotReused() {
        let layout = Self.layout
        let layoutWithCustomPosition = Self.layoutWithCustomPosition
        var flattenedLayout: ASLayout!

        do {
            let rootNode = ASDisplayNode()
            var subnodes: [ASDisplayNode] = []
            var layoutSpecs: [ASLayoutSpec] = []
            var indirectSubnodes: [ASDisplayNode] = []
            var reusedLayouts: [ASLayout] = []

            let subnode = { () -> ASDisplayNode in subnodes.append(ASDisplayNode()); return subnodes.last! }
            let layoutSpec = { () -> ASLayoutSpec in layoutSpecs.append(ASLayoutSpec()); return layoutSpecs.last! }
            let indirectSubnode = { () -> ASDisplayNode in indirectSubnodes.append(ASDisplayNode()); return indirectSubnodes.last! }
            let reusedLayout = { (subnode: ASDisplayNode) -> ASLayout in reusedLayouts.append(layout(subnode, [])); return reusedLayouts.last! }

            /*
             * Layouts with sublayouts of both nodes and layout specs should not be reused.
             * However, all flattened node sublayouts with valid position should be reused.
             */
            let originalLayout = layoutWithCustomPosition(ASPointNull,
                                                          rootNode,
                                                          [
                                                              reusedLayout(subnode()),
                                                              // The 2 node sublayouts below should be reused although they are in a layout spec sublayout.
                                                              // That is because each of them have an absolute position of zero.
                                                              // This case can happen, for example, as the result of a background/overlay layout spec.
                                                              layout(layoutSpec(), [
                                                                  reusedLayout(subnode()),
                                                                  reusedLayout(subnode()),
                                                              ]),
                                                              layout(subnode(), [
                                                                  layout(layoutSpec(), []),
                                                              ]),
                                                              layout(subnode(), [
                                                                  layout(indirectSubnode(), []),
                                                              ]),
                                                              layoutWithCustomPosition(CGPoint(x: 10, y: 10), subnode(), []),
                                                              // The 2 node sublayouts below shouldn't be reused because they have non-zero absolute positions.
                                                              layoutWithCustomPosition(CGPoint(x: 20, y: 20), layoutSpec(), [
                                                                  layout(subnode(), []),
                                                                  layout(subnode(), []),
                                                              ]),
                                                          ])
            flattenedLayout = originalLayout.filteredNodeLayoutTree()
            let flattenedSublayouts = flattenedLayout.sublayouts
            let sublayoutsCount = flattenedSublayouts.count

            XCTAssertFalse(originalLayout === flattenedLayout, "Original layout should not be reused")
            XCTAssertTrue(originalLayout.layoutElement === flattenedLayout.layoutElement, "The root node should be reserved")
            XCTAssertTrue(ASPointIsNull(flattenedLayout.position), "Position of the root layout should be null")
            XCTAssertTrue(reusedLayouts.count <= sublayoutsCount, "Some sublayouts can't be reused")
            XCTAssertEqual(subnodes.count, sublayoutsCount, "Flattened layout should only contain direct subnodes")
            var numOfActualReusedLayouts = 0
            for i in 0..<sublayoutsCount {
                let sublayout = flattenedSublayouts[i]
                XCTAssertTrue(subnodes[i] === sublayout.layoutElement, "Sublayouts should be in correct order (flattened in DFS fashion)")
                if reusedLayouts.contains(where: { $0 === sublayout }) {
                    numOfActualReusedLayouts += 1
                }
            }
            XCTAssertEqual(numOfActualReusedLayouts, reusedLayouts.count, "Should reuse all layouts that can be reused")
        }

        for sublayout in flattenedLayout.sublayouts {
            XCTAssertNotNil(sublayout.layoutElement, "Sublayout elements should be retained")
            XCTAssertEqual(0, sublayout.sublayouts.count, "Sublayouts should not have their own sublayouts")
        }
    }
}
