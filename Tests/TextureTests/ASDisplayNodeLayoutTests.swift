// Texture's Tests/ASDisplayNodeLayoutTests.mm.
import XCTest
import Weft

final class ASDisplayNodeLayoutTests: XCTestCase {
    func testMeasureOnLayoutIfNotHappenedBefore() {
        let nodeSize = CGSize(width: 100, height: 100)

        let displayNode = ASDisplayNode()
        displayNode.style.width = ASDimensionMake(100)
        displayNode.style.height = ASDimensionMake(100)

        // Use a button node in here as ASButtonNode uses layoutSpecThatFits:
        let buttonNode = ASButtonNode()
        displayNode.addSubnode(buttonNode)

        displayNode.frame = CGRect(origin: .zero, size: nodeSize)
        buttonNode.frame = CGRect(origin: .zero, size: nodeSize)

        ASXCTAssertEqualSizes(displayNode.calculatedSize, .zero, "Calculated size before measurement and layout should be 0")
        ASXCTAssertEqualSizes(buttonNode.calculatedSize, .zero, "Calculated size before measurement and layout should be 0")

        // Trigger view creation and layout pass without a manual -layoutThatFits: call before so the automatic measurement
        // pass will trigger in the layout pass
        displayNode.view.layoutIfNeeded()

        ASXCTAssertEqualSizes(displayNode.calculatedSize, nodeSize, "Automatic measurement pass should have happened in layout pass")
        ASXCTAssertEqualSizes(buttonNode.calculatedSize, nodeSize, "Automatic measurement pass should have happened in layout pass")
    }

    func testMeasureOnLayoutIfNotHappenedBeforeNoRemeasureForSameBounds() {
        let nodeSize = CGSize(width: 100, height: 100)

        let displayNode = ASDisplayNode()
        displayNode.style.width = ASDimensionMake(nodeSize.width)
        displayNode.style.height = ASDimensionMake(nodeSize.height)

        let buttonNode = ASButtonNode()
        displayNode.addSubnode(buttonNode)

        let numberOfLayoutSpecThatFitsCalls = ManagedAtomicCounter()
        displayNode.layoutSpecBlock = { _, _ in
            numberOfLayoutSpecThatFitsCalls.increment()
            return ASInsetLayoutSpec(insets: .zero, child: buttonNode)
        }

        displayNode.frame = CGRect(origin: .zero, size: nodeSize)

        // Trigger initial layout pass without a measurement pass before
        displayNode.view.layoutIfNeeded()
        XCTAssertEqual(numberOfLayoutSpecThatFitsCalls.value, 1, "Should measure during layout if not measured")

        displayNode.layoutThatFits(ASSizeRangeMake(nodeSize, nodeSize))
        XCTAssertEqual(numberOfLayoutSpecThatFitsCalls.value, 1, "Should not remeasure with same bounds")
    }

    func testThatLayoutElementCreatedInLayoutSpecThatFitsDoNotGetDeallocated() {
        let kSize = CGSize(width: 300, height: 300)

        let subNode = ASDisplayNode()
        subNode.automaticallyManagesSubnodes = true
        subNode.layoutSpecBlock = { _, _ in
            let textNode = ASTextNode()
            textNode.attributedText = NSAttributedString(string: "Test Test Test Test Test Test Test Test")
            let insetSpec = ASInsetLayoutSpec(insets: .zero, child: textNode)
            return ASInsetLayoutSpec(insets: .zero, child: insetSpec)
        }

        let rootNode = ASDisplayNode()
        rootNode.automaticallyManagesSubnodes = true
        rootNode.layoutSpecBlock = { _, _ in
            let textNode = ASTextNode()
            textNode.attributedText = NSAttributedString(string: "Test Test Test Test Test")
            let insetSpec = ASInsetLayoutSpec(insets: .zero, child: textNode)

            return ASStackLayoutSpec(direction: .vertical, spacing: 0.0, justifyContent: .start, alignItems: .stretch, children: [insetSpec, subNode])
        }

        rootNode.frame = CGRect(x: 0, y: 0, width: kSize.width, height: kSize.height)
        _ = rootNode.view

        let expectation = self.expectation(description: "Execute measure and layout pass")

        // Texture's node is an NSObject, which Swift 5 code captures in a dispatched block without
        // a word; Weft's is a plain class, so the capture is marked unchecked.
        nonisolated(unsafe) let node = rootNode
        DispatchQueue.global(qos: .default).async {
            node.layoutThatFits(ASSizeRangeMake(kSize))

            DispatchQueue.main.async {
                node.view.layoutIfNeeded()
                expectation.fulfill()
            }
        }

        waitForExpectations(timeout: 5.0) { error in
            if let error {
                XCTFail("Expectation failed: \(error)")
            }
        }
    }
}

/// Stands for the test's `atomic_int`: a counter the layout spec block may bump from any thread.
final class ManagedAtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    /// Adds one and returns the new count.
    @discardableResult func increment() -> Int { lock.lock(); defer { lock.unlock() }; count += 1; return count }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
