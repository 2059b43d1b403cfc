// More of Texture's Tests/ASDisplayNodeTests.mm: responders, point conversion, reference counting,
// subnode order, interface states, display on resize and layout-spec subnode order (see README.md
// for the tests and lines left out and why). XCTest on Linux cannot discover main-actor test
// methods, so each test enters the main actor it is already on.
import XCTest
import Weft

// Conveniences for making nodes named a certain way (Texture's DeclareNodeNamed).
private func nodeNamed(_ name: String) -> ASDisplayNode {
    let node = ASDisplayNode()
    node.debugName = name
    return node
}

private func orderStringFromSublayers(_ l: CALayer) -> String {
    (l.sublayers ?? []).map { ASLayerToDisplayNode($0)?.debugName ?? "" }.joined(separator: ",")
}

private func orderStringFromSubnodes(_ n: ASDisplayNode) -> String {
    n.subnodes.map { $0.debugName ?? "" }.joined(separator: ",")
}

@MainActor private func orderStringFromSubviews(_ v: UIView) -> String {
    v.subviews.map { ASViewToDisplayNode($0)?.debugName ?? "" }.joined(separator: ",")
}

/// Asserts subnode, subview, sublayer order match what you provide here (Texture's
/// XCTAssertNodeSubnodeSubviewSublayerOrder).
@MainActor private func XCTAssertNodeSubnodeSubviewSublayerOrder(_ n: ASDisplayNode, _ loaded: Bool, _ isLayerBacked: Bool, _ order: String,
                                                                 _ description: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(orderStringFromSubnodes(n), order, "Incorrect node order for \(description)", file: file, line: line)
    if loaded {
        if !isLayerBacked {
            XCTAssertEqual(orderStringFromSubviews(n.view), order, "Incorrect subviews for \(description)", file: file, line: line)
        }
        XCTAssertEqual(orderStringFromSublayers(n.layer), order, "Incorrect sublayers for \(description)", file: file, line: line)
    }
}

private func XCTAssertNodesHaveParent(_ parent: ASDisplayNode?, _ nodes: ASDisplayNode..., file: StaticString = #filePath, line: UInt = #line) {
    for n in nodes {
        XCTAssertTrue(parent === n.supernode, "\(n.debugName ?? "") has the wrong parent", file: file, line: line)
    }
}

private func XCTAssertNodesLoaded(_ nodes: ASDisplayNode..., file: StaticString = #filePath, line: UInt = #line) {
    for n in nodes { XCTAssertTrue(n.isNodeLoaded, "\(n.debugName ?? "") should be loaded", file: file, line: line) }
}

private func XCTAssertNodesNotLoaded(_ nodes: ASDisplayNode..., file: StaticString = #filePath, line: UInt = #line) {
    for n in nodes { XCTAssertFalse(n.isNodeLoaded, "\(n.debugName ?? "") should not be loaded", file: file, line: line) }
}

/// Texture's Tests/ASDisplayNodeTestsHelper.mm `ASDisplayNodeSizeToFitSize`.
private func ASDisplayNodeSizeToFitSize(_ node: ASDisplayNode, _ size: CGSize) {
    let sizeThatFits = node.layoutThatFits(ASSizeRangeMake(size)).size
    node.bounds = CGRect(origin: .zero, size: sizeThatFits)
}

private class ASTestDisplayNode: ASDisplayNode {
    var calculateSizeBlock: ((ASTestDisplayNode, CGSize) -> CGSize)?
    var displayRangeStateChangedToYES = false
    var displayRangeStateChangedToNO = false
    var hasPreloaded = false
    var preloadStateChangedToYES = false
    var preloadStateChangedToNO = false

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        calculateSizeBlock?(self, constrainedSize) ?? .zero
    }

    override func didEnterDisplayState() {
        super.didEnterDisplayState()
        displayRangeStateChangedToYES = true
    }

    override func didExitDisplayState() {
        super.didExitDisplayState()
        displayRangeStateChangedToNO = true
    }

    override func didEnterPreloadState() {
        super.didEnterPreloadState()
        preloadStateChangedToYES = true
        hasPreloaded = true
    }

    override func didExitPreloadState() {
        super.didExitPreloadState()
        preloadStateChangedToNO = true
    }

    override class func display(withParameters parameter: Any?, isCancelled: () -> Bool) -> UIImage? {
        return nil
    }

    // Texture's `_didDisplayCount` and `_displayWillStartCount`, counted on the display queue and
    // read on the main thread: behind a lock here.
    private let displayCounts = NSLock()
    private var _didDisplayCount = 0
    private var _displayWillStartCount = 0
    var didDisplayCount: Int { displayCounts.withLock { _didDisplayCount } }
    var displayWillStartCount: Int { displayCounts.withLock { _displayWillStartCount } }

    override func displayDidFinish() {
        super.displayDidFinish()
        displayCounts.withLock { _didDisplayCount += 1 }
    }

    override func displayWillStartAsynchronously(_ asynchronously: Bool) {
        super.displayWillStartAsynchronously(asynchronously)
        displayCounts.withLock { _displayWillStartCount += 1 }
    }
}

/// Texture's ASDisplayNodeTestsHelper: runs the main run loop in 1 ms slices until `block`
/// returns true, for at most 30 seconds; returns whether it did.
private func ASDisplayNodeRunRunLoopUntilBlockIsTrue(_ block: () -> Bool) -> Bool {
    let timeoutDate = Date().addingTimeInterval(30)
    var passed = false
    while true {
        passed = block()
        if passed { break }
        if Date() > timeoutDate { break }
        _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.001))
    }
    return passed
}

private func stringContainsPointer(_ description: String, _ p: AnyObject) -> Bool {
    description.contains(String(format: "%p", unsafeBitCast(p, to: Int.self)))
}

private final class ASTestResponderNodeWithOverride: ASDisplayNode {
    override func canBecomeFirstResponder() -> Bool { true }
}

private final class UIDisplayNodeTestView: UIView {}

private final class ASTestViewController: ASDKViewController<ASDisplayNode> {
    override var prefersStatusBarHidden: Bool { return true }
}

private final class ASTestWindow: UIWindow {
    func firstResponder() -> Any? { subviews.first }
}

private func _CGPointEqualToPointWithEpsilon(_ point1: CGPoint, _ point2: CGPoint, _ epsilon: CGFloat) -> Bool {
    let absEpsilon = abs(epsilon)
    let xOK = abs(point1.x - point2.x) < absEpsilon
    let yOK = abs(point1.y - point2.y) < absEpsilon
    return xOK && yOK
}

// Adds nodes (breadth-first rather than depth-first addition)
private func _addTonsOfSubnodes(_ parent: ASDisplayNode, _ fanout: Int, _ depth: Int, _ onCreate: (ASDisplayNode) -> Void) {
    if depth == 0 { return }
    for _ in 0..<fanout {
        let subnode = ASDisplayNode()
        parent.addSubnode(subnode)
        onCreate(subnode)
    }
    for i in 0..<fanout {
        _addTonsOfSubnodes(parent.subnodes[i], fanout, depth - 1, onCreate)
    }
}

final class ASDisplayNodeTests: XCTestCase {
    // MARK: Responders

    func testDefaultFirstResponderBehavior() {
        MainActor.assumeIsolated {
            let node = ASTestDisplayNode()
            XCTAssertFalse(node.canBecomeFirstResponder())
            XCTAssertFalse(node.becomeFirstResponder())
        }
    }

    func testResponderOverrrideCanBecomeFirstResponder() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: UIScreen.main.bounds)
            let node = ASTestResponderNodeWithOverride()

            // We have to add the text node to a window otherwise the responder methods responses are undefined
            // This will also create the backing view of the node
            window.addSubnode(node)
            window.makeKeyAndVisible()

            XCTAssertTrue(node.canBecomeFirstResponder())
            XCTAssertTrue(node.becomeFirstResponder())
            XCTAssertTrue(node.view.isFirstResponder)
        }
    }

    // MARK: Views made off the main thread

    func testViewCreatedOffThreadCanBeRealizedOnThread() {
        MainActor.assumeIsolated {
            nonisolated(unsafe) var node: ASDisplayNode! = nil
            executeOffThread {
                node = ASDisplayNode()
            }

            let view: UIView? = node.view
            XCTAssertNotNil(view, "Getting node's view on-thread should succeed.")
        }
    }

    func testNodeCreatedOffThreadWithExistingView() {
        MainActor.assumeIsolated {
            let view = UIView()

            nonisolated(unsafe) var node: ASDisplayNode! = nil
            executeOffThread {
                node = ASDisplayNode(viewBlock: {
                    return view
                })
            }

            XCTAssertFalse(node.isLayerBacked, "Can't be layer backed")
            XCTAssertTrue(node.isSynchronous, "Node with plain view should be synchronous")
            XCTAssertFalse(node.isNodeLoaded, "Shouldn't have a view yet")
            XCTAssertTrue(view === node.view, "Getting node's view on-thread should succeed.")
        }
    }

    func testNodeCreatedOffThreadWithLazyView() {
        MainActor.assumeIsolated {
            nonisolated(unsafe) var view: UIView? = nil
            nonisolated(unsafe) var node: ASDisplayNode! = nil
            executeOffThread {
                node = ASDisplayNode(viewBlock: {
                    XCTAssertTrue(Thread.isMainThread, "View block must run on the main queue")
                    view = UIView()
                    return view!
                })
            }

            XCTAssertNil(view, "View block should not be invoked yet")
            _ = node.view
            XCTAssertNotNil(view, "View block should have been invoked")
            XCTAssertTrue(view === node.view, "Getting node's view on-thread should succeed.")
            XCTAssertTrue(node.isSynchronous, "Node with plain view should be synchronous")
        }
    }

    // MARK: Point conversion

    @MainActor func checkConvertPoint(_ point: CGPoint, fromNode: ASDisplayNode, selfNode toNode: ASDisplayNode) -> CGPoint {
        let nodeConversion = toNode.convert(point, from: fromNode)
        let fromView = fromNode.view
        let toView = toNode.view
        let viewConversion = toView.convert(point, from: fromView)
        XCTAssertTrue(_CGPointEqualToPointWithEpsilon(nodeConversion, viewConversion, 0.001), "Conversion mismatch: node: \(nodeConversion) view: \(viewConversion)")
        return nodeConversion
    }

    @MainActor func checkConvertPoint(_ point: CGPoint, toNode: ASDisplayNode, selfNode fromNode: ASDisplayNode) -> CGPoint {
        let nodeConversion = fromNode.convert(point, to: toNode)
        let fromView = fromNode.view
        let toView = toNode.view
        let viewConversion = fromView.convert(point, to: toView)
        XCTAssertTrue(_CGPointEqualToPointWithEpsilon(nodeConversion, viewConversion, 0.001), "Conversion mismatch: node: \(nodeConversion) view: \(viewConversion)")
        return nodeConversion
    }

    func testDisplayNodePointConversionWithFrames() {
        MainActor.assumeIsolated {
            var node: ASDisplayNode
            var innerNode: ASDisplayNode

            // Setup
            var originalPoint = CGPoint.zero, convertedPoint = CGPoint.zero, correctPoint = CGPoint.zero
            node = ASDisplayNode()
            innerNode = ASDisplayNode()
            node.addSubnode(innerNode)

            // Convert point *FROM* outer node's coordinate space to inner node's coordinate space
            node.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
            innerNode.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            originalPoint = CGPoint(x: 105, y: 105)
            correctPoint = CGPoint(x: 95, y: 95)
            convertedPoint = checkConvertPoint(originalPoint, fromNode: node, selfNode: innerNode)
            XCTAssertTrue(convertedPoint.equalTo(correctPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")

            // Setup
            node = ASDisplayNode()
            innerNode = ASDisplayNode()
            node.addSubnode(innerNode)

            // Convert point *FROM* inner node's coordinate space to outer node's coordinate space
            node.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
            innerNode.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            originalPoint = CGPoint(x: 5, y: 5)
            correctPoint = CGPoint(x: 15, y: 15)
            convertedPoint = checkConvertPoint(originalPoint, fromNode: innerNode, selfNode: node)
            XCTAssertTrue(convertedPoint.equalTo(correctPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")

            // Setup
            node = ASDisplayNode()
            innerNode = ASDisplayNode()
            node.addSubnode(innerNode)

            // Convert point in inner node's coordinate space *TO* outer node's coordinate space
            node.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
            innerNode.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            originalPoint = CGPoint(x: 95, y: 95)
            correctPoint = CGPoint(x: 105, y: 105)
            convertedPoint = checkConvertPoint(originalPoint, toNode: node, selfNode: innerNode)
            XCTAssertTrue(convertedPoint.equalTo(correctPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")

            // Setup
            node = ASDisplayNode()
            innerNode = ASDisplayNode()
            node.addSubnode(innerNode)

            // Convert point in outer node's coordinate space *TO* inner node's coordinate space
            node.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            innerNode.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            originalPoint = CGPoint(x: 5, y: 5)
            correctPoint = CGPoint(x: -5, y: -5)
            convertedPoint = checkConvertPoint(originalPoint, toNode: innerNode, selfNode: node)
            XCTAssertTrue(convertedPoint.equalTo(correctPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")
        }
    }

    // Test conversions when bounds is not null.
    // NOTE: Esoteric values were picked to facilitate visual inspection by demonstrating the relevance of certain numbers and lack of relevance of others
    func testDisplayNodePointConversionWithNonZeroBounds() {
        MainActor.assumeIsolated {
            var node: ASDisplayNode
            var innerNode: ASDisplayNode

            // Setup
            var originalPoint = CGPoint.zero, convertedPoint = CGPoint.zero, correctPoint = CGPoint.zero
            node = ASDisplayNode()
            innerNode = ASDisplayNode()
            node.addSubnode(innerNode)

            // Convert point *FROM* outer node's coordinate space to inner node's coordinate space
            node.anchorPoint = .zero
            innerNode.anchorPoint = .zero
            node.bounds = CGRect(x: 20, y: 20, width: 100, height: 100)
            innerNode.position = CGPoint(x: 23, y: 23)
            innerNode.bounds = CGRect(x: 17, y: 17, width: 20, height: 20)
            originalPoint = CGPoint(x: 42, y: 42)
            correctPoint = CGPoint(x: 36, y: 36)
            convertedPoint = checkConvertPoint(originalPoint, fromNode: node, selfNode: innerNode)
            XCTAssertTrue(convertedPoint.equalTo(correctPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")

            // Setup
            node = ASDisplayNode()
            innerNode = ASDisplayNode()
            node.addSubnode(innerNode)

            // Convert point *FROM* inner node's coordinate space to outer node's coordinate space
            node.anchorPoint = .zero
            innerNode.anchorPoint = .zero
            node.bounds = CGRect(x: -1000, y: -1000, width: 1337, height: 1337)
            innerNode.position = CGPoint(x: 23, y: 23)
            innerNode.bounds = CGRect(x: 17, y: 17, width: 200, height: 200)
            originalPoint = CGPoint(x: 5, y: 5)
            correctPoint = CGPoint(x: 11, y: 11)
            convertedPoint = checkConvertPoint(originalPoint, fromNode: innerNode, selfNode: node)
            XCTAssertTrue(convertedPoint.equalTo(correctPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")

            // Setup
            node = ASDisplayNode()
            innerNode = ASDisplayNode()
            node.addSubnode(innerNode)

            // Convert point in inner node's coordinate space *TO* outer node's coordinate space
            node.anchorPoint = .zero
            innerNode.anchorPoint = .zero
            node.bounds = CGRect(x: 20, y: 20, width: 100, height: 100)
            innerNode.position = CGPoint(x: 23, y: 23)
            innerNode.bounds = CGRect(x: 17, y: 17, width: 20, height: 20)
            originalPoint = CGPoint(x: 36, y: 36)
            correctPoint = CGPoint(x: 42, y: 42)
            convertedPoint = checkConvertPoint(originalPoint, toNode: node, selfNode: innerNode)
            XCTAssertTrue(convertedPoint.equalTo(correctPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")

            // Setup
            node = ASDisplayNode()
            innerNode = ASDisplayNode()
            node.addSubnode(innerNode)

            // Convert point in outer node's coordinate space *TO* inner node's coordinate space
            node.anchorPoint = .zero
            innerNode.anchorPoint = .zero
            node.bounds = CGRect(x: -1000, y: -1000, width: 1337, height: 1337)
            innerNode.position = CGPoint(x: 23, y: 23)
            innerNode.bounds = CGRect(x: 17, y: 17, width: 200, height: 200)
            originalPoint = CGPoint(x: 11, y: 11)
            correctPoint = CGPoint(x: 5, y: 5)
            convertedPoint = checkConvertPoint(originalPoint, toNode: innerNode, selfNode: node)
            XCTAssertTrue(convertedPoint.equalTo(correctPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")
        }
    }

    // Test conversions when the anchorPoint is not {0.0, 0.0}.
    func testDisplayNodePointConversionWithNonZeroAnchorPoint() {
        MainActor.assumeIsolated {
            var node: ASDisplayNode
            var innerNode: ASDisplayNode

            // Setup
            var originalPoint = CGPoint.zero, convertedPoint = CGPoint.zero, correctPoint = CGPoint.zero
            node = ASDisplayNode()
            innerNode = ASDisplayNode()
            node.addSubnode(innerNode)

            // Convert point *FROM* outer node's coordinate space to inner node's coordinate space
            node.bounds = CGRect(x: 20, y: 20, width: 100, height: 100)
            innerNode.anchorPoint = CGPoint(x: 0.75, y: 1)
            innerNode.position = CGPoint(x: 23, y: 23)
            innerNode.bounds = CGRect(x: 17, y: 17, width: 20, height: 20)
            originalPoint = CGPoint(x: 42, y: 42)
            correctPoint = CGPoint(x: 51, y: 56)
            convertedPoint = checkConvertPoint(originalPoint, fromNode: node, selfNode: innerNode)
            XCTAssertTrue(_CGPointEqualToPointWithEpsilon(convertedPoint, correctPoint, 0.001), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")

            // Setup
            node = ASDisplayNode()
            innerNode = ASDisplayNode()
            node.addSubnode(innerNode)

            // Convert point *FROM* inner node's coordinate space to outer node's coordinate space
            node.bounds = CGRect(x: -1000, y: -1000, width: 1337, height: 1337)
            innerNode.anchorPoint = CGPoint(x: 0.3, y: 0.3)
            innerNode.position = CGPoint(x: 23, y: 23)
            innerNode.bounds = CGRect(x: 17, y: 17, width: 200, height: 200)
            originalPoint = CGPoint(x: 55, y: 55)
            correctPoint = CGPoint(x: 1, y: 1)
            convertedPoint = checkConvertPoint(originalPoint, fromNode: innerNode, selfNode: node)
            XCTAssertTrue(_CGPointEqualToPointWithEpsilon(convertedPoint, correctPoint, 0.001), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")

            // Setup
            node = ASDisplayNode()
            innerNode = ASDisplayNode()
            node.addSubnode(innerNode)

            // Convert point in inner node's coordinate space *TO* outer node's coordinate space
            node.bounds = CGRect(x: 20, y: 20, width: 100, height: 100)
            innerNode.anchorPoint = CGPoint(x: 0.75, y: 1)
            innerNode.position = CGPoint(x: 23, y: 23)
            innerNode.bounds = CGRect(x: 17, y: 17, width: 20, height: 20)
            originalPoint = CGPoint(x: 51, y: 56)
            correctPoint = CGPoint(x: 42, y: 42)
            convertedPoint = checkConvertPoint(originalPoint, toNode: node, selfNode: innerNode)
            XCTAssertTrue(_CGPointEqualToPointWithEpsilon(convertedPoint, correctPoint, 0.001), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")

            // Setup
            node = ASDisplayNode()
            innerNode = ASDisplayNode()
            node.addSubnode(innerNode)

            // Convert point in outer node's coordinate space *TO* inner node's coordinate space
            node.bounds = CGRect(x: -1000, y: -1000, width: 1337, height: 1337)
            innerNode.anchorPoint = CGPoint(x: 0.3, y: 0.3)
            innerNode.position = CGPoint(x: 23, y: 23)
            innerNode.bounds = CGRect(x: 17, y: 17, width: 200, height: 200)
            originalPoint = CGPoint(x: 1, y: 1)
            correctPoint = CGPoint(x: 55, y: 55)
            convertedPoint = checkConvertPoint(originalPoint, toNode: innerNode, selfNode: node)
            XCTAssertTrue(_CGPointEqualToPointWithEpsilon(convertedPoint, correctPoint, 0.001), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")
        }
    }

    func testDisplayNodePointConversionAgainstSelf() {
        MainActor.assumeIsolated {
            var innerNode: ASDisplayNode
            var originalPoint = CGPoint.zero, convertedPoint = CGPoint.zero

            innerNode = ASDisplayNode()
            innerNode.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            originalPoint = CGPoint(x: 105, y: 105)
            convertedPoint = checkConvertPoint(originalPoint, fromNode: innerNode, selfNode: innerNode)
            XCTAssertTrue(_CGPointEqualToPointWithEpsilon(convertedPoint, originalPoint, 0.001), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(originalPoint) Actual conversion: \(convertedPoint)")

            innerNode = ASDisplayNode()
            innerNode.position = CGPoint(x: 23, y: 23)
            innerNode.bounds = CGRect(x: 17, y: 17, width: 20, height: 20)
            originalPoint = CGPoint(x: 42, y: 42)
            convertedPoint = checkConvertPoint(originalPoint, fromNode: innerNode, selfNode: innerNode)
            XCTAssertTrue(convertedPoint.equalTo(originalPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(originalPoint) Actual conversion: \(convertedPoint)")

            innerNode = ASDisplayNode()
            innerNode.anchorPoint = CGPoint(x: 0.3, y: 0.3)
            innerNode.position = CGPoint(x: 23, y: 23)
            innerNode.bounds = CGRect(x: 17, y: 17, width: 200, height: 200)
            originalPoint = CGPoint(x: 55, y: 55)
            convertedPoint = checkConvertPoint(originalPoint, fromNode: innerNode, selfNode: innerNode)
            XCTAssertTrue(convertedPoint.equalTo(originalPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(originalPoint) Actual conversion: \(convertedPoint)")

            innerNode = ASDisplayNode()
            innerNode.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            originalPoint = CGPoint(x: 95, y: 95)
            convertedPoint = checkConvertPoint(originalPoint, toNode: innerNode, selfNode: innerNode)
            XCTAssertTrue(convertedPoint.equalTo(originalPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(originalPoint) Actual conversion: \(convertedPoint)")

            innerNode = ASDisplayNode()
            innerNode.position = CGPoint(x: 23, y: 23)
            innerNode.bounds = CGRect(x: 17, y: 17, width: 20, height: 20)
            originalPoint = CGPoint(x: 36, y: 36)
            convertedPoint = checkConvertPoint(originalPoint, toNode: innerNode, selfNode: innerNode)
            XCTAssertTrue(convertedPoint.equalTo(originalPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(originalPoint) Actual conversion: \(convertedPoint)")

            innerNode = ASDisplayNode()
            innerNode.anchorPoint = CGPoint(x: 0.75, y: 1)
            innerNode.position = CGPoint(x: 23, y: 23)
            innerNode.bounds = CGRect(x: 17, y: 17, width: 20, height: 20)
            originalPoint = CGPoint(x: 51, y: 56)
            convertedPoint = checkConvertPoint(originalPoint, toNode: innerNode, selfNode: innerNode)
            XCTAssertTrue(convertedPoint.equalTo(originalPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(originalPoint) Actual conversion: \(convertedPoint)")
        }
    }

    func testDisplayNodePointConversionOnDeepHierarchies() {
        let node = ASDisplayNode()

        // 7 deep (six below root); each one positioned at position = (1, 1)
        _addTonsOfSubnodes(node, 2, 6) { createdNode in
            createdNode.position = CGPoint(x: 1, y: 1)
        }

        let deepSubNode = _getDeepSubnodeForRoot(node, withIndices: [1, 1, 1, 1, 1, 1])

        let originalPoint = CGPoint(x: 55, y: 55)
        let correctPoint = CGPoint(x: 61, y: 61)
        let convertedPoint = deepSubNode.convert(originalPoint, to: node)
        XCTAssertTrue(convertedPoint.equalTo(correctPoint), "Unexpected point conversion result. Point: \(originalPoint) Expected conversion: \(correctPoint) Actual conversion: \(convertedPoint)")
    }

    // Convenience function for getting a node deep within a node hierarchy
    func _getDeepSubnodeForRoot(_ root: ASDisplayNode, withIndices indexArray: [Int]) -> ASDisplayNode {
        if indexArray.isEmpty {
            return root
        }

        let subnodes = root.subnodes
        if subnodes.isEmpty {
            XCTFail("Node hierarchy isn't deep enough for given index array")
        }

        let index = indexArray[0]
        let otherIndices = Array(indexArray.dropFirst())

        return _getDeepSubnodeForRoot(subnodes[index], withIndices: otherIndices)
    }

    func testThatConvertPointGoesToWindowWhenPassedNil() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            let node = ASDisplayNode()
            node.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
            window.addSubnode(node)
            let expectedOrigin = CGPoint(x: 10, y: 10)
            ASXCTAssertEqualPoints(node.convert(node.bounds.origin, to: nil), expectedOrigin)
        }
    }

    func testThatConvertPointGoesToWindowWhenPassedNil_layerBacked() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            let node = ASDisplayNode()
            node.isLayerBacked = true
            node.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
            window.addSubnode(node)
            let expectedOrigin = CGPoint(x: 10, y: 10)
            ASXCTAssertEqualPoints(node.convert(node.bounds.origin, to: nil), expectedOrigin)
        }
    }

    // MARK: Reference counting

    func testReferenceCounting() {
        weak var weakNode: ASTestDisplayNode?
        do {
            let node = ASTestDisplayNode()
            weakNode = node
            withExtendedLifetime(node) {}
        }
        XCTAssertNil(weakNode)
    }

    func testAddingNodeToHierarchyRetainsNode() {
        MainActor.assumeIsolated {
            let v = UIView(frame: .zero)
            weak var weakNode: ASTestDisplayNode? = nil
            do {
                let node = ASTestDisplayNode()
                v.addSubview(node.view)
                weakNode = node
                withExtendedLifetime(node) {}
            }
            XCTAssertNotNil(weakNode)
        }
    }

    func testAddingSubnodeDoesNotCreateRetainCycle() {
        weak var weakNode: ASTestDisplayNode?
        weak var weakSubnode: ASTestDisplayNode?
        do {
            let node = ASTestDisplayNode()
            let subnode = ASTestDisplayNode()
            node.addSubnode(subnode)
            weakNode = node
            weakSubnode = subnode

            XCTAssertNotNil(weakNode)
            XCTAssertNotNil(weakSubnode)
            withExtendedLifetime((node, subnode)) {}
        }
        XCTAssertNil(weakNode)
        XCTAssertNil(weakSubnode)
    }

    // MARK: Subnodes

    func testSubnodes() {
        let parent = ASDisplayNode()
        parent.addSubnode(parent) // Not good, test that we recover
        XCTAssertEqual(0, parent.subnodes.count, "We shouldn't have any subnodes")
    }

    func testReplaceSubnodeView() {
        MainActor.assumeIsolated { checkReplaceSubnodeLoaded(true, layerBacked: false) }
    }

    func testReplaceSubnodeNoView() {
        MainActor.assumeIsolated { checkReplaceSubnodeLoaded(false, layerBacked: false) }
    }

    func testReplaceSubnodeNoLayer() {
        MainActor.assumeIsolated { checkReplaceSubnodeLoaded(false, layerBacked: true) }
    }

    func testReplaceSubnodeLayer() {
        MainActor.assumeIsolated { checkReplaceSubnodeLoaded(true, layerBacked: true) }
    }

    @MainActor func checkReplaceSubnodeLoaded(_ loaded: Bool, layerBacked isLayerBacked: Bool) {
        let parent = nodeNamed("parent"), a = nodeNamed("a"), b = nodeNamed("b"), c = nodeNamed("c"), d = nodeNamed("d")

        for n in [parent, a, b, c, d] {
            n.isLayerBacked = isLayerBacked
        }

        parent.addSubnode(a)
        parent.addSubnode(b)
        parent.addSubnode(c)

        if loaded {
            _ = parent.layer
        }

        if loaded {
            XCTAssertFalse(d.isNodeLoaded, "Should not yet be loaded")
        }

        // Shut the type mismatch up
        let nilParent: ASDisplayNode? = nil

        // Check initial state
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,b,c", "initial state")
        XCTAssertNodesHaveParent(parent, a, b, c)
        XCTAssertNodesHaveParent(nilParent, d)

        // Check replace 0th
        parent.replaceSubnode(a, withSubnode: d)

        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "d,b,c", "after replace 0th")
        XCTAssertNodesHaveParent(parent, d, b, c)
        XCTAssertNodesHaveParent(nilParent, a)
        if loaded {
            XCTAssertNodesLoaded(d)
        }

        parent.replaceSubnode(d, withSubnode: a)

        // Check replace 1st
        parent.replaceSubnode(b, withSubnode: d)

        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,d,c", "Replace")
        XCTAssertNodesHaveParent(parent, a, c, d)
        XCTAssertNodesHaveParent(nilParent, b)

        parent.replaceSubnode(d, withSubnode: b)

        // Check replace 2nd
        parent.replaceSubnode(c, withSubnode: d)

        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,b,d", "Replace")
        XCTAssertNodesHaveParent(parent, a, b, d)
        XCTAssertNodesHaveParent(nilParent, c)

        parent.replaceSubnode(d, withSubnode: c)

        //Check initial again
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,b,c", "check should back to initial")
        XCTAssertNodesHaveParent(parent, a, b, c)
        XCTAssertNodesHaveParent(nilParent, d)

        // Check replace 0th with 2nd
        parent.replaceSubnode(a, withSubnode: c)

        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "c,b", "After replace 0th")
        XCTAssertNodesHaveParent(parent, c, b)
        XCTAssertNodesHaveParent(nilParent, a, d)
    }

    func testInsertSubnodeAtIndexView() {
        MainActor.assumeIsolated { checkInsertSubnodeAtIndexWithViewLoaded(true, layerBacked: false) }
    }

    func testInsertSubnodeAtIndexLayer() {
        MainActor.assumeIsolated { checkInsertSubnodeAtIndexWithViewLoaded(true, layerBacked: true) }
    }

    func testInsertSubnodeAtIndexNoView() {
        MainActor.assumeIsolated { checkInsertSubnodeAtIndexWithViewLoaded(false, layerBacked: false) }
    }

    func testInsertSubnodeAtIndexNoLayer() {
        MainActor.assumeIsolated { checkInsertSubnodeAtIndexWithViewLoaded(false, layerBacked: true) }
    }

    @MainActor func checkInsertSubnodeAtIndexWithViewLoaded(_ loaded: Bool, layerBacked isLayerBacked: Bool) {
        let parent = nodeNamed("parent"), a = nodeNamed("a"), b = nodeNamed("b"), c = nodeNamed("c")

        for v in [parent, a, b, c] {
            v.isLayerBacked = isLayerBacked
        }

        // Load parent
        if loaded {
            _ = parent.layer
        }

        // Add another subnode to test creation after parent is loaded
        let d = nodeNamed("d")
        d.isLayerBacked = isLayerBacked
        if loaded {
            XCTAssertFalse(d.isNodeLoaded, "Should not yet be loaded")
        }

        // Shut the type mismatch up
        let nilParent: ASDisplayNode? = nil

        // Check initial state
        XCTAssertEqual(0, parent.subnodes.count, "Should have the right subnode count")

        // Check insert at 0th () => (a,b,c)
        parent.insertSubnode(c, at: 0)
        parent.insertSubnode(b, at: 0)
        parent.insertSubnode(a, at: 0)

        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,b,c", "initial state")
        XCTAssertNodesHaveParent(parent, a, b, c)
        XCTAssertNodesHaveParent(nilParent, d)

        if loaded {
            XCTAssertNodesLoaded(a, b, c)
        } else {
            XCTAssertNodesNotLoaded(a, b, c)
        }

        // Check insert at 1st (a,b,c) => (a,d,b,c)
        parent.insertSubnode(d, at: 1)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,d,b,c", "initial state")
        XCTAssertNodesHaveParent(parent, a, b, c, d)
        if loaded {
            XCTAssertNodesLoaded(d)
        }

        // Reset
        d.removeFromSupernode()
        XCTAssertEqual(3, parent.subnodes.count, "Should have the right subnode count")
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,b,c", "Bad removal of d")
        XCTAssertNodesHaveParent(nilParent, d)

        // Check insert at last position
        parent.insertSubnode(d, at: 3)

        XCTAssertEqual(4, parent.subnodes.count, "Should have the right subnode count")
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,b,c,d", "insert at last position.")
        XCTAssertNodesHaveParent(parent, a, b, c, d)

        // Reset
        d.removeFromSupernode()
        XCTAssertEqual(3, parent.subnodes.count, "Should have the right subnode count")
        XCTAssertTrue(nilParent === d.supernode, "d's parent is messed up")

        // Should have same state as before
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,b,c", "Funny business should not corrupt state")
        XCTAssertNodesHaveParent(parent, a, b, c)
        XCTAssertNodesHaveParent(nilParent, d)

        // Check reordering existing subnodes with the insert API
        // Move c to front
        parent.insertSubnode(c, at: 0)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "c,a,b", "Move to front when already a subnode")
        XCTAssertNodesHaveParent(parent, a, b, c)
        XCTAssertNodesHaveParent(nilParent, d)

        // Move c to middle
        parent.insertSubnode(c, at: 1)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,c,b", "Move c to middle")
        XCTAssertNodesHaveParent(parent, a, b, c)
        XCTAssertNodesHaveParent(nilParent, d)

        // Insert c at the index it's already at
        parent.insertSubnode(c, at: 1)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,c,b", "Funny business should not corrupt state")
        XCTAssertNodesHaveParent(parent, a, b, c)
        XCTAssertNodesHaveParent(nilParent, d)

        // Insert c at 0th when it's already in the array
        parent.insertSubnode(c, at: 2)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,b,c", "Funny business should not corrupt state")
        XCTAssertNodesHaveParent(parent, a, b, c)
        XCTAssertNodesHaveParent(nilParent, d)
    }

    // This tests our resiliancy to having other views and layers inserted into our view or layer
    func testInsertSubviewAtIndexWithMeddlingViewsAndLayersViewBacked() {
        MainActor.assumeIsolated {
            let parent = ASDisplayNode()

            let a = nodeNamed("a"), b = nodeNamed("b"), c = nodeNamed("c")
            let node_d = nodeNamed("d"); let d = node_d.view
            let node_e = nodeNamed("e"); node_e.isLayerBacked = true; let e = node_e.layer

            _ = parent.layer

            // (a,b)
            parent.addSubnode(a)
            parent.addSubnode(b)
            XCTAssertEqual(orderStringFromSublayers(parent.layer), "a,b", "Didn't match")

            // (a,b) => (a,d,b)
            parent.view.insertSubview(d, aboveSubview: a.view)
            XCTAssertEqual(orderStringFromSublayers(parent.layer), "a,d,b", "Didn't match")

            // (a,d,b) => (a,e,d,b)
            parent.layer.insertSublayer(e, above: a.layer)
            XCTAssertEqual(orderStringFromSublayers(parent.layer), "a,e,d,b", "Didn't match")

            // (a,e,d,b) => (a,e,d,c,b)
            parent.insertSubnode(c, belowSubnode: b)
            XCTAssertEqual(orderStringFromSublayers(parent.layer), "a,e,d,c,b", "Didn't match")

            XCTAssertEqual(4, parent.subnodes.count, "Should have the right subnode count")
            XCTAssertEqual(4, parent.view.subviews.count, "Should have the right subview count")
            XCTAssertEqual(5, parent.layer.sublayers?.count, "Should have the right sublayer count")

            e.removeFromSuperlayer()
            XCTAssertEqual(4, parent.layer.sublayers?.count, "Should have the right sublayer count")
            withExtendedLifetime((node_d, node_e)) {}
        }
    }

    func testAppleBugInsertSubview() {
        MainActor.assumeIsolated {
            let node_parent = nodeNamed("parent"); let parent = node_parent.view

            // Texture's DeclareLayerNamed and DeclareViewNamed keep each node in a local (a view
            // and a layer hold their node weakly): `nodes` keeps them here.
            var nodes = [node_parent]
            func layerNamed(_ name: String) -> CALayer {
                let node = nodeNamed(name)
                node.isLayerBacked = true
                nodes.append(node)
                return node.layer
            }
            func viewNamed(_ name: String) -> UIView {
                let node = nodeNamed(name)
                nodes.append(node)
                return node.view
            }
            let aa = layerNamed("aa"), ab = layerNamed("ab")
            let a = viewNamed("a")
            let ba = layerNamed("ba"), bb = layerNamed("bb"), bc = layerNamed("bc"), bd = layerNamed("bd")
            let c = viewNamed("c"), d = viewNamed("d")
            let ea = layerNamed("ea"), eb = layerNamed("eb"), ec = layerNamed("ec")

            parent.layer.addSublayer(aa)
            parent.layer.addSublayer(ab)
            parent.addSubview(a)
            parent.layer.addSublayer(ba)
            parent.layer.addSublayer(bb)
            parent.layer.addSublayer(bc)
            parent.layer.addSublayer(bd)
            parent.addSubview(d)
            parent.layer.addSublayer(ea)
            parent.layer.addSublayer(eb)
            parent.layer.addSublayer(ec)

            XCTAssertEqual(orderStringFromSublayers(parent.layer), "aa,ab,a,ba,bb,bc,bd,d,ea,eb,ec", "Should be in order")

            // Should insert at SUBVIEW index 1, right??
            parent.insertSubview(c, at: 1)

            // You would think that this would be true, but instead it inserts it at the SUBLAYER index 1
            //  XCTAssertEqual(parent.subviews.firstIndex { $0 === c }, 1, "Should have index 1 after insert")
            //  XCTAssertEqual(orderStringFromSublayers(parent.layer), "aa,ab,a,ba,bb,bc,bd,c,d,ea,eb,ec", "Should be in order")

            XCTAssertEqual(orderStringFromSublayers(parent.layer), "aa,c,ab,a,ba,bb,bc,bd,d,ea,eb,ec",
                           "Apple has fixed insertSubview:atIndex:. You must update insertSubnode: etc. APIS to accomidate this.")
            withExtendedLifetime(nodes) {}
        }
    }

    // This tests our resiliancy to having other views and layers inserted into our view or layer
    func testInsertSubviewAtIndexWithMeddlingView() {
        MainActor.assumeIsolated {
            let parent = nodeNamed("parent")
            let a = nodeNamed("a"), b = nodeNamed("b"), c = nodeNamed("c")
            let node_d = nodeNamed("d"); let d = node_d.view

            _ = parent.layer

            // (a,b)
            parent.addSubnode(a)
            parent.addSubnode(b)
            XCTAssertEqual(orderStringFromSublayers(parent.layer), "a,b", "Didn't match")

            // (a,b) => (a,d,b)
            parent.view.insertSubview(d, aboveSubview: a.view)
            XCTAssertEqual(orderStringFromSublayers(parent.layer), "a,d,b", "Didn't match")

            // (a,d,b) => (a,d,>c<,b)
            parent.insertSubnode(c, belowSubnode: b)
            XCTAssertEqual(orderStringFromSublayers(parent.layer), "a,d,c,b", "Didn't match")

            XCTAssertEqual(4, parent.subnodes.count, "Should have the right subnode count")
            XCTAssertEqual(4, parent.view.subviews.count, "Should have the right subview count")
            XCTAssertEqual(4, parent.layer.sublayers?.count, "Should have the right sublayer count")
            withExtendedLifetime(node_d) {}
        }
    }

    func testInsertSubnodeBelowWithView() {
        MainActor.assumeIsolated { checkInsertSubnodeBelowWithView(true, layerBacked: false) }
    }

    func testInsertSubnodeBelowWithNoView() {
        MainActor.assumeIsolated { checkInsertSubnodeBelowWithView(false, layerBacked: false) }
    }

    func testInsertSubnodeBelowWithNoLayer() {
        MainActor.assumeIsolated { checkInsertSubnodeBelowWithView(false, layerBacked: true) }
    }

    func testInsertSubnodeBelowWithLayer() {
        MainActor.assumeIsolated { checkInsertSubnodeBelowWithView(true, layerBacked: true) }
    }

    @MainActor func checkInsertSubnodeBelowWithView(_ loaded: Bool, layerBacked isLayerBacked: Bool) {
        let parent = nodeNamed("parent"), a = nodeNamed("a"), b = nodeNamed("b"), c = nodeNamed("c")

        for v in [parent, a, b, c] {
            v.isLayerBacked = isLayerBacked
        }

        parent.addSubnode(b)

        if loaded {
            _ = parent.layer
        }

        // Shut the type mismatch up
        let nilParent: ASDisplayNode? = nil

        // (b) => (a, b)
        parent.insertSubnode(a, belowSubnode: b)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,b", "Incorrect insertion below")
        XCTAssertNodesHaveParent(parent, a, b)
        XCTAssertNodesHaveParent(nilParent, c)

        // (a,b) => (c,a,b)
        parent.insertSubnode(c, belowSubnode: a)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "c,a,b", "Incorrect insertion below")
        XCTAssertNodesHaveParent(parent, a, b, c)

        // Check inserting below when you're already in the array
        // (c,a,b) => (a,c,b)
        parent.insertSubnode(c, belowSubnode: b)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,c,b", "Incorrect insertion below")
        XCTAssertNodesHaveParent(parent, a, c, b)

        // Check what happens when you try to insert a node below itself (should do nothing)
        // (a,c,b) => (a,c,b)
        parent.insertSubnode(c, belowSubnode: c)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,c,b", "Incorrect insertion below")
        XCTAssertNodesHaveParent(parent, a, c, b)
    }

    func testInsertSubnodeAboveWithView() {
        MainActor.assumeIsolated { checkInsertSubnodeAboveLoaded(true, layerBacked: false) }
    }

    func testInsertSubnodeAboveWithNoView() {
        MainActor.assumeIsolated { checkInsertSubnodeAboveLoaded(false, layerBacked: false) }
    }

    func testInsertSubnodeAboveWithLayer() {
        MainActor.assumeIsolated { checkInsertSubnodeAboveLoaded(true, layerBacked: true) }
    }

    func testInsertSubnodeAboveWithNoLayer() {
        MainActor.assumeIsolated { checkInsertSubnodeAboveLoaded(false, layerBacked: true) }
    }

    @MainActor func checkInsertSubnodeAboveLoaded(_ loaded: Bool, layerBacked isLayerBacked: Bool) {
        let parent = nodeNamed("parent"), a = nodeNamed("a"), b = nodeNamed("b"), c = nodeNamed("c")

        for n in [parent, a, b, c] {
            n.isLayerBacked = isLayerBacked
        }

        parent.addSubnode(a)

        if loaded {
            _ = parent.layer
        }

        // Shut the type mismatch up
        let nilParent: ASDisplayNode? = nil

        // (a) => (a,b)
        parent.insertSubnode(b, aboveSubnode: a)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,b", "Insert subnode above")
        XCTAssertNodesHaveParent(parent, a, b)
        XCTAssertNodesHaveParent(nilParent, c)

        // (a,b) => (a,c,b)
        parent.insertSubnode(c, aboveSubnode: a)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "a,c,b", "After insert c above a")

        // Check inserting above when you're already in the array
        // (a,c,b) => (c,b,a)
        parent.insertSubnode(a, aboveSubnode: b)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "c,b,a", "Check inserting above when you're already in the array")
        XCTAssertNodesHaveParent(parent, a, c, b)

        // Check what happens when you try to insert a node above itself (should do nothing)
        // (c,b,a) => (c,b,a)
        parent.insertSubnode(a, aboveSubnode: a)
        XCTAssertNodeSubnodeSubviewSublayerOrder(parent, loaded, isLayerBacked, "c,b,a", "Insert above self should not change anything")
        XCTAssertNodesHaveParent(parent, a, c, b)
    }

    func testSubnodesFastEnumeration() {
        MainActor.assumeIsolated {
            let parentNode = nodeNamed("parentNode"), a = nodeNamed("a"), b = nodeNamed("b"), c = nodeNamed("c")
            let node_d = nodeNamed("d")
            _ = node_d.view

            let subnodes = [a, b, c, node_d]
            for node in subnodes {
                parentNode.addSubnode(node)
            }

            var i = 0
            for subnode in parentNode.subnodes {
                XCTAssertEqual(subnode, subnodes[i])
                i += 1
            }
        }
    }

    func testSubnodeAddedBeforeLoadingExternalView() {
        MainActor.assumeIsolated {
            let view = UIDisplayNodeTestView()

            nonisolated(unsafe) var parent: ASDisplayNode! = nil
            nonisolated(unsafe) var child: ASDisplayNode! = nil
            executeOffThread {
                parent = ASDisplayNode(viewBlock: {
                    return view
                })
                child = ASDisplayNode()
                parent.addSubnode(child)
            }

            XCTAssertEqual(1, parent.subnodes.count, "Parent should have 1 subnode")
            XCTAssertEqual(parent, child.supernode, "Child has the wrong parent")
            XCTAssertEqual(0, view.subviews.count, "View shouldn't have any subviews")

            _ = parent.view

            XCTAssertEqual(1, view.subviews.count, "View should have 1 subview")
        }
    }

    func testSubnodeAddedAfterLoadingExternalView() {
        MainActor.assumeIsolated {
            let view = UIDisplayNodeTestView()
            let parent = ASDisplayNode(viewBlock: {
                return view
            })

            _ = parent.view

            let child = ASDisplayNode()
            parent.addSubnode(child)

            XCTAssertEqual(1, parent.subnodes.count, "Parent should have 1 subnode")
            XCTAssertEqual(parent, child.supernode, "Child has the wrong parent")
            XCTAssertEqual(1, view.subviews.count, "View should have 1 subview")
        }
    }

    // MARK: Background colour and opacity

    @MainActor func checkBackgroundColorOpaqueRelationshipWithViewLoaded(_ loaded: Bool, layerBacked isLayerBacked: Bool) {
        let node = ASDisplayNode()
        node.isLayerBacked = isLayerBacked

        if loaded {
            // Force load
            _ = node.layer
        }

        XCTAssertTrue(node.isOpaque, "Node should start opaque")
        if isLayerBacked {
            XCTAssertTrue(node.layer.isOpaque, "Set background color should not have made this layer not opaque")
        } else {
            XCTAssertTrue(node.view.isOpaque, "Set background color should not have made this view not opaque")
        }

        node.backgroundColor = UIColor.clear

        // This could be debated, but at the moment we differ from UIView's behavior to change the other property in response
        XCTAssertTrue(node.isOpaque, "Set background color should not have made this not opaque")
        if isLayerBacked {
            XCTAssertTrue(node.layer.isOpaque, "Set background color should not have made this layer not opaque")
        } else {
            XCTAssertTrue(node.view.isOpaque, "Set background color should not have made this view not opaque")
        }
    }

    func testBackgroundColorOpaqueRelationshipView() {
        MainActor.assumeIsolated { checkBackgroundColorOpaqueRelationshipWithViewLoaded(true, layerBacked: false) }
    }

    func testBackgroundColorOpaqueRelationshipLayer() {
        MainActor.assumeIsolated { checkBackgroundColorOpaqueRelationshipWithViewLoaded(true, layerBacked: true) }
    }

    func testBackgroundColorOpaqueRelationshipNoView() {
        MainActor.assumeIsolated { checkBackgroundColorOpaqueRelationshipWithViewLoaded(false, layerBacked: false) }
    }

    func testBackgroundColorOpaqueRelationshipNoLayer() {
        MainActor.assumeIsolated { checkBackgroundColorOpaqueRelationshipWithViewLoaded(false, layerBacked: true) }
    }

    // MARK: Interface states

    // Check that nodes who have no cell node (no range controller)
    // do get their `preload` called, and they do report
    // the preload interface state.
    func testInterfaceStateForNonCellNode() {
        MainActor.assumeIsolated {
            let window = ASTestWindow()
            let node = ASTestDisplayNode()
            XCTAssert(node.interfaceState == [])
            XCTAssert(!node.hasPreloaded)

            window.addSubview(node.view)
            XCTAssert(node.hasPreloaded)
            XCTAssert(node.interfaceState == .inHierarchy)

            node.view.removeFromSuperview()
            // We don't want to call -didExitPreloadState on nodes that aren't being managed by a range controller.
            // Otherwise we get flashing behavior from normal UIKit manipulations like navigation controller push / pop.
            // Still, the interfaceState should be None to reflect the current state of the node.
            // We just don't proactively clear contents or fetched data for this state transition.
            XCTAssert(node.hasPreloaded)
            XCTAssert(node.interfaceState == [])
        }
    }

    func testDidEnterDisplayIsCalledWhenNodesEnterDisplayRange() {
        let node = ASTestDisplayNode()

        node.recursivelySetInterfaceState(.display)

        XCTAssert(node.displayRangeStateChangedToYES)
    }

    func testDidExitDisplayIsCalledWhenNodesExitDisplayRange() {
        let node = ASTestDisplayNode()

        node.recursivelySetInterfaceState(.display)
        node.recursivelySetInterfaceState(.preload)

        XCTAssert(node.displayRangeStateChangedToNO)
    }

    func testDidEnterPreloadIsCalledWhenNodesEnterPreloadRange() {
        let node = ASTestDisplayNode()

        node.recursivelySetInterfaceState(.preload)

        XCTAssert(node.preloadStateChangedToYES)
    }

    // MARK: Description and geometry

    func checkNameInDescriptionIsLayerBacked(_ isLayerBacked: Bool) {
        MainActor.assumeIsolated {
            let node = ASDisplayNode()
            node.isLayerBacked = isLayerBacked

            XCTAssertFalse(node.description.contains("debugName"), "Shouldn't reference 'debugName' in description")
            node.debugName = "big troll eater name"

            XCTAssertTrue(node.description.contains(node.debugName!), "debugName didn't end up in description")
            _ = node.layer
            XCTAssertTrue(node.description.contains(node.debugName!), "debugName didn't end up in description")
        }
    }

    func testNameInDescriptionLayer() {
        checkNameInDescriptionIsLayerBacked(true)
    }

    func testNameInDescriptionView() {
        checkNameInDescriptionIsLayerBacked(false)
    }

    func testBounds() {
        let node = ASDisplayNode()
        node.bounds = CGRect(x: 1, y: 2, width: 3, height: 4)
        node.frame = CGRect(x: 5, y: 6, width: 7, height: 8)

        XCTAssert(node.bounds.origin.x == 1, "Wrong ASDisplayNode.bounds.origin.x")
        XCTAssert(node.bounds.origin.y == 2, "Wrong ASDisplayNode.bounds.origin.y")
        XCTAssert(node.bounds.size.width == 7, "Wrong ASDisplayNode.bounds.size.width")
        XCTAssert(node.bounds.size.height == 8, "Wrong ASDisplayNode.bounds.size.height")
    }

    func testThatNodeGetsRenderedIfItGoesFromZeroSizeToRealSizeButOnlyOnce() throws {
        // logo-square.png from Texture's TestResources becomes an image drawn here.
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20))
        let image: UIImage? = renderer.image { context in
            UIColor.orange.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        let node = ASImageNode()
        node.image = image

        // When rendered at zero-size, we get no contents
        XCTAssert(node.bounds.size.equalTo(.zero))
        node.recursivelyEnsureDisplaySynchronously(true)
        XCTAssertNil(node.contents)

        // When size becomes positive, we got some new contents
        node.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        node.recursivelyEnsureDisplaySynchronously(true)
        let contentsAfterRedisplay = node.contents
        XCTAssertNotNil(contentsAfterRedisplay)

        // When size changes again, we do not get new contents
        node.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        node.recursivelyEnsureDisplaySynchronously(true)
        XCTAssertTrue(contentsAfterRedisplay === node.contents)
    }

    // MARK: Loading, style and layout specs

    func testThatOnDidLoadWorks() {
        MainActor.assumeIsolated {
            let node = ASTestDisplayNode()
            let calls = NSMutableArray()
            node.onDidLoad { _ in
                calls.add(0)
            }
            node.onDidLoad { _ in
                calls.add(1)
            }
            node.onDidLoad { _ in
                calls.add(2)
            }
            _ = node.view
            let expected: NSArray = [0, 1, 2]
            XCTAssertEqual(calls, expected)
        }
    }

    func testSettingPropertiesViaStyllableProtocol() {
        let node = ASDisplayNode()
        let returnedNode = node.styled { style in
            style.width = ASDimensionMake(100)
            style.flexGrow = 1.0
            style.flexShrink = 1.0
        }

        XCTAssertEqual(node, returnedNode)
        ASXCTAssertEqualDimensions(node.style.width, ASDimensionMake(100))
        XCTAssertEqual(node.style.flexGrow, 1.0, "flexGrow should have have the value 1.0")
        XCTAssertEqual(node.style.flexShrink, 1.0, "flexShrink should have have the value 1.0")
    }

    func testThatStackSpecOrdersSubnodesCorrectlyRandomness() {
        MainActor.assumeIsolated {
            // This test ensures that the z-order of nodes matches the stack spec, including after several random relayouts / transitions.
            let node = ASDisplayNode()
            node.automaticallyManagesSubnodes = true

            let a = nodeNamed("a"), b = nodeNamed("b"), c = nodeNamed("c"), d = nodeNamed("d"), e = nodeNamed("e")
            let f = nodeNamed("f"), g = nodeNamed("g"), h = nodeNamed("h"), i = nodeNamed("i"), j = nodeNamed("j")

            var allNodes = [a, b, c, d, e, f, g, h, i, j]
            var testPrevious: [ASDisplayNode] = []
            var testPending: [ASDisplayNode] = []

            let len1 = 1 + Int(arc4random_uniform(9))
            for n in 0..<len1 { // shuffle and add
                allNodes.swapAt(n, n + Int(arc4random_uniform(UInt32(10 - n))))
                testPrevious.append(allNodes[n])
            }

            var testCount = 0
            node.layoutSpecBlock = { node, size in
                let stack = ASStackLayoutSpec.vertical()

                if testCount == 0 {
                    stack.children = testPrevious
                } else {
                    testPending = []
                    let len2 = 1 + Int(arc4random_uniform(9))
                    for n in 0..<len2 { // shuffle and add
                        allNodes.swapAt(n, n + Int(arc4random_uniform(UInt32(10 - n))))
                        testPending.append(allNodes[n])
                    }
                    stack.children = testPending
                }
                testCount += 1

                return stack
            }

            ASDisplayNodeSizeToFitSize(node, CGSize(width: 100, height: 100))
            node.view.layoutIfNeeded()

            // Because automaticallyManagesSubnodes is used, the subnodes array is constructed from the layout spec's children.
            var expected = testPrevious.map { $0.debugName ?? "" }.joined(separator: ",")
            XCTAssert(node.subnodes == testPrevious, "subnodes: \(node.subnodes), array: \(testPrevious)")
            XCTAssertNodeSubnodeSubviewSublayerOrder(node, true /* isLoaded */, false /* isLayerBacked */, expected, "Initial order")

            for n in 0..<25 {
                node.invalidateCalculatedLayout()
                node.view.setNeedsLayout()
                node.view.layoutIfNeeded()

                XCTAssert(node.subnodes == testPending, "subnodes: \(node.subnodes), array: \(testPending)")
                expected = testPending.map { $0.debugName ?? "" }.joined(separator: ",")

                XCTAssertEqual(orderStringFromSubnodes(node), expected, "Incorrect node order for Random order #\(n)")
                XCTAssertEqual(orderStringFromSublayers(node.layer), expected, "Incorrect sublayers for Random order #\(n)")
            }
        }
    }

    func testThatStackSpecOrdersSubnodesCorrectly() {
        MainActor.assumeIsolated {
            // This test ensures that the z-order of nodes matches the stack spec, including after relayout / transition.
            let node = ASDisplayNode()
            node.automaticallyManagesSubnodes = true

            let a = nodeNamed("a"), b = nodeNamed("b"), c = nodeNamed("c"), d = nodeNamed("d"), e = nodeNamed("e")

            let nodesForwardOrder = [a, b, c, d]
            let nodesReverseOrder = [d, c, b, a]
            let addAndMoveOrder = [a, b, e, d, c]

            var testCount = 0
            node.layoutSpecBlock = { node, size in
                let stack = ASStackLayoutSpec.vertical()
                switch testCount {
                case 0:
                    stack.children = nodesForwardOrder
                case 1:
                    stack.children = nodesReverseOrder
                default:
                    stack.children = addAndMoveOrder
                }
                testCount += 1
                return stack
            }

            ASDisplayNodeSizeToFitSize(node, CGSize(width: 100, height: 100))
            node.view.layoutIfNeeded()

            // Because automaticallyManagesSubnodes is used, the subnodes array is constructed from the layout spec's children.
            XCTAssert(node.subnodes == nodesForwardOrder, "subnodes: \(node.subnodes), array: \(nodesForwardOrder)")
            XCTAssertNodeSubnodeSubviewSublayerOrder(node, true /* isLoaded */, false /* isLayerBacked */, "a,b,c,d", "Forward order")

            node.invalidateCalculatedLayout()
            node.view.setNeedsLayout()
            node.view.layoutIfNeeded()

            // In this case, it's critical that the items are in the new order so that event handling and apparent z-position are correct.
            XCTAssert(node.subnodes == nodesReverseOrder, "subnodes: \(node.subnodes), array: \(nodesReverseOrder)")
            XCTAssertNodeSubnodeSubviewSublayerOrder(node, true /* isLoaded */, false /* isLayerBacked */, "d,c,b,a", "Reverse order")

            node.invalidateCalculatedLayout()
            node.view.setNeedsLayout()
            node.view.layoutIfNeeded()
            XCTAssert(node.subnodes == addAndMoveOrder, "subnodes: \(node.subnodes), array: \(addAndMoveOrder)")
            XCTAssertNodeSubnodeSubviewSublayerOrder(node, true /* isLoaded */, false /* isLayerBacked */, "a,b,e,d,c", "AddAndMove order")
        }
    }

    func testThatOverlaySpecOrdersSubnodesCorrectly() {
        MainActor.assumeIsolated {
            let node = ASDisplayNode()
            node.automaticallyManagesSubnodes = true
            let underlay = ASDisplayNode()
            underlay.debugName = "underlay"
            let overlay = ASDisplayNode()
            overlay.debugName = "overlay"
            node.layoutSpecBlock = { node, size in
                // The inset spec here is crucial. If the nodes themselves are children, it passed before the fix.
                ASOverlayLayoutSpec(child: ASInsetLayoutSpec(insets: .zero, child: underlay), overlay: overlay)
            }

            ASDisplayNodeSizeToFitSize(node, CGSize(width: 100, height: 100))
            node.view.layoutIfNeeded()

            let underlayIndex = node.subnodes.firstIndex { $0 === underlay }
            let overlayIndex = node.subnodes.firstIndex { $0 === overlay }
            XCTAssertLessThan(underlayIndex ?? NSNotFound, overlayIndex ?? NSNotFound)
        }
    }

    func testDebugDescription() {
        MainActor.assumeIsolated {
            // View node has subnodes. Make sure all of the nodes are included in the description
            let parent = ASDisplayNode()

            let a = ASDisplayNode()
            a.isLayerBacked = true
            let b = ASDisplayNode()
            b.isLayerBacked = true
            b.frame = CGRect(x: 0, y: 0, width: 100, height: 123)
            let c = ASDisplayNode()

            for child in [a, b, c] {
                parent.addSubnode(child)
            }

            let nodeDescription = parent.displayNodeRecursiveDescription()

            // Make sure [parent recursiveDescription] contains a, b, and c's pointer string
            XCTAssertTrue(stringContainsPointer(nodeDescription, a), "Layer backed node not present in [parent displayNodeRecursiveDescription]")
            XCTAssertTrue(stringContainsPointer(nodeDescription, b), "Layer-backed node not present in [parent displayNodeRecursiveDescription]")
            XCTAssertTrue(stringContainsPointer(nodeDescription, c), "View-backed node not present in [parent displayNodeRecursiveDescription]")

            // Make sure layer names have display node in description
            XCTAssertTrue(stringContainsPointer(a.layer.debugDescription, a), "Layer backed node not present")
            XCTAssertTrue(stringContainsPointer(b.layer.debugDescription, b), "Layer-backed node not present")
        }
    }

    func testPlaceholder() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            let node = ASTestDisplayNode()
            node.placeholderEnabled = true
            node.frame = window.bounds
            window.addSubnode(node)
            window.makeKeyAndVisible()

            let layer = node.layer
            XCTAssertNotNil(layer)
            var hasPlaceholderLayer = false
            for sublayer in layer.sublayers ?? [] {
                if sublayer.zPosition == 9999.0 {
                    hasPlaceholderLayer = true
                    break
                }
            }
            XCTAssertTrue(hasPlaceholderLayer)
        }
    }

    func testThatSubnodesGetDisplayUpdatesIfRasterized() {
        MainActor.assumeIsolated {
            let supernode = ASTestDisplayNode()
            supernode.frame = CGRect(x: 0.0, y: 0.0, width: 100.0, height: 100.0)
            supernode.enableSubtreeRasterization()

            let subnode = ASTestDisplayNode()
            let subSubnode = ASTestDisplayNode()

            supernode.debugName = "supernode"
            subnode.debugName = "subnode"
            let window = UIWindow(frame: UIScreen.main.bounds)
            subnode.addSubnode(subSubnode)
            supernode.addSubnode(subnode)
            window.addSubnode(supernode)
            window.makeKeyAndVisible()

            XCTAssertTrue(ASDisplayNodeRunRunLoopUntilBlockIsTrue({
                return (subnode.didDisplayCount == 1)
            }))

            XCTAssertTrue(ASDisplayNodeRunRunLoopUntilBlockIsTrue({
                return (subSubnode.didDisplayCount == 1)
            }))

            XCTAssertTrue(ASDisplayNodeRunRunLoopUntilBlockIsTrue({
                return (subnode.displayWillStartCount == 1)
            }))

            XCTAssertTrue(ASDisplayNodeRunRunLoopUntilBlockIsTrue({
                return (subSubnode.displayWillStartCount == 1)
            }))
        }
    }

    func testThatItsSafeToAutomeasureANodeMidTransition() {
        MainActor.assumeIsolated {
            let supernode = ASDisplayNode()
            supernode.layoutThatFits(ASSizeRangeMake(CGSize.zero, CGSize(width: 100, height: 100)))
            let node = ASDisplayNode()
            node.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
            supernode.addSubnode(node)

            XCTAssertNil(node.calculatedLayout)
            XCTAssertTrue(node.layer.needsLayout())

            supernode.transitionLayout(withAnimation: false, shouldMeasureAsync: true, measurementCompletion: nil)

            XCTAssertNoThrow(node.view.layoutIfNeeded())
        }
    }

    func testThatBackgroundLayoutSpecOrdersSubnodesCorrectly() {
        MainActor.assumeIsolated {
            let node = ASDisplayNode()
            node.automaticallyManagesSubnodes = true
            let underlay = ASDisplayNode()
            underlay.debugName = "underlay"
            let overlay = ASDisplayNode()
            overlay.debugName = "overlay"
            node.layoutSpecBlock = { node, size in
                // The inset spec here is crucial. If the nodes themselves are children, it passed before the fix.
                ASBackgroundLayoutSpec(child: overlay, background: ASInsetLayoutSpec(insets: .zero, child: underlay))
            }

            ASDisplayNodeSizeToFitSize(node, CGSize(width: 100, height: 100))
            node.view.layoutIfNeeded()

            let underlayIndex = node.subnodes.firstIndex { $0 === underlay }
            let overlayIndex = node.subnodes.firstIndex { $0 === overlay }
            XCTAssertLessThan(underlayIndex ?? NSNotFound, overlayIndex ?? NSNotFound)
        }
    }

    func testThatLayerBackedSubnodesAreMarkedInvisibleBeforeDeallocWhenSupernodesViewIsRemovedFromHierarchyWhileBeingRetained() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: UIScreen.main.bounds)

            var nodeView: UIView? = nil
            do {
                let node = ASDisplayNode()
                nodeView = node.view
                node.debugName = "Node"

                let subnode = ASDisplayNode()
                subnode.isLayerBacked = true
                node.addSubnode(subnode)
                subnode.debugName = "Subnode"

                window.addSubview(nodeView!)
                withExtendedLifetime((node, subnode)) {}
            }

            // nodeView must continue to be retained across this call, but the nodes must not.
            nodeView!.removeFromSuperview()
            withExtendedLifetime(nodeView) {}
        }
    }

    // Running on main thread
    // Cause retain count of node to fall to zero synchronously on a background thread (pausing main thread)
    // ASDealloc2MainObject queues actual call to -dealloc to occur on the main thread
    // Continue execution on main, before the dealloc can run, to dealloc the host view
    // Node is in an invalid state (about to dealloc, not valid to retain) but accesses to sublayer delegates
    // causes attempted retain — unless weak variable works correctly
    func testThatLayerDelegateDoesntDangleAndCauseCrash() {
        MainActor.assumeIsolated {
            var host: UIView? = UIView()

            nonisolated(unsafe) var node: ASDisplayNode? = ASDisplayNode()
            node!.isLayerBacked = true

            host!.addSubnode(node!)
            executeOffThread {
                node = nil
            }
            withExtendedLifetime(host) {}
            host = nil // <- Would crash here, when UIView accesses its sublayers' delegates in -dealloc.
        }
    }

    func testThatSubnodeSafeAreaInsetsAreCalculatedCorrectly() {
        MainActor.assumeIsolated {
            let rootNode = ASDisplayNode()
            let subnode = ASDisplayNode()

            rootNode.automaticallyManagesSubnodes = true
            rootNode.layoutSpecBlock = { node, constrainedSize in
                return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4), child: subnode)
            }

            let viewController = ASTestViewController(node: rootNode)
            viewController.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)

            // It looks like iOS 11 suppresses safeAreaInsets calculation for the views that are not on screen.
            let window = UIWindow()
            window.rootViewController = viewController
            window.isHidden = false

            window.rootViewController!.view.setNeedsLayout()
            window.rootViewController!.view.layoutIfNeeded()

            var expectedRootNodeSafeArea = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            var expectedSubnodeSafeArea = UIEdgeInsets(top: 9, left: 8, bottom: 7, right: 6)

            var windowSafeArea = UIEdgeInsets.zero
            if #available(iOS 11.0, *) {
                windowSafeArea = window.safeAreaInsets
            }

            expectedRootNodeSafeArea = ASConcatInsets(expectedRootNodeSafeArea, windowSafeArea)
            expectedSubnodeSafeArea = ASConcatInsets(expectedSubnodeSafeArea, windowSafeArea)

            XCTAssertTrue(expectedRootNodeSafeArea == rootNode.safeAreaInsets,
                          "expected rootNode.safeAreaInsets to be \(expectedRootNodeSafeArea) but got \(rootNode.safeAreaInsets) (window.safeAreaInsets \(windowSafeArea))")
            XCTAssertTrue(expectedSubnodeSafeArea == subnode.safeAreaInsets,
                          "expected subnode.safeAreaInsets to be \(expectedSubnodeSafeArea) but got \(subnode.safeAreaInsets) (window.safeAreaInsets \(windowSafeArea))")

            window.isHidden = true
        }
    }

    func testScreenScale() {
        MainActor.assumeIsolated {
            XCTAssertEqual(ASScreenScale(), UIScreen.main.scale)
        }
    }

    // MARK: Editable text node

    // `[window firstResponder]` is UIWindow's private API; the port asks the text view and the
    // node whether they are first responder (see README.md).
    func testResponderMethodsBehavior() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: UIScreen.main.bounds)
            let textNode = ASEditableTextNode()

            // We have to add the text node to a window otherwise the responder methods responses are undefined
            // This will also create the backing view of the node
            window.addSubnode(textNode)
            window.makeKeyAndVisible()

            XCTAssertTrue(textNode.canBecomeFirstResponder())
            XCTAssertTrue(textNode.becomeFirstResponder())
            XCTAssertTrue(textNode.textView.isFirstResponder && textNode.isFirstResponder())
            XCTAssertTrue(textNode.resignFirstResponder())

            // If the textNode resigns it's first responder the view should not be the first responder
            XCTAssertFalse(textNode.textView.isFirstResponder || textNode.isFirstResponder())
            XCTAssertFalse(textNode.view.isFirstResponder)
        }
    }
}
