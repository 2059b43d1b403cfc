// Texture's Tests/ASDisplayNodeExtrasTests.mm, and the layer and bridged-property tests of
// Tests/ASDisplayNodeTests.mm (see README.md for which lines are left out and why). Nodes are
// compared with `===`: Weft's `ASDisplayNode` is not an `NSObject`, whose `==` Texture's Swift uses.
import XCTest
import Weft

private final class TestDisplayNode: ASDisplayNode {}

private final class UIDisplayNodeTestView: UIView {}

final class ASDisplayNodeExtrasTests: XCTestCase {
    func testShallowFindSubnodesOfSubclass() {
        let supernode = ASDisplayNode(layerBlock: { CALayer() })
        let count = 10
        var expected: [ASDisplayNode] = []
        for _ in 0..<count {
            let node = TestDisplayNode(layerBlock: { CALayer() })
            supernode.addSubnode(node)
            expected.append(node)
        }
        let found = ASDisplayNodeFindAllSubnodesOfClass(supernode, TestDisplayNode.self)
        XCTAssertTrue(found.elementsEqual(expected, by: ===), "Expecting \(count) \(TestDisplayNode.self) nodes, found \(found.count)")
    }

    func testDeepFindSubnodesOfSubclass() {
        let supernode = ASDisplayNode(layerBlock: { CALayer() })
        let count = 2
        let levels = 2
        var expected: [ASDisplayNode] = []
        expected.reserveCapacity(Self.capacity(forCount: count, levels: levels))
        Self.addSubnodes(to: supernode, number: count, remainingLevels: levels, accumulated: &expected)
        let found = ASDisplayNodeFindAllSubnodesOfClass(supernode, TestDisplayNode.self)
        XCTAssertTrue(found.elementsEqual(expected, by: ===), "Expecting \(count) \(TestDisplayNode.self) nodes, found \(found.count)")
    }

    static func addSubnodes(to supernode: ASDisplayNode, number: Int, remainingLevels level: Int, accumulated expected: inout [ASDisplayNode]) {
        if level == 0 { return }
        for _ in 0..<number {
            let node = TestDisplayNode(layerBlock: { CALayer() })
            supernode.addSubnode(node)
            expected.append(node)
            addSubnodes(to: node, number: number, remainingLevels: level - 1, accumulated: &expected)
        }
    }

    // Graph theory is failing me atm.
    static func capacity(forCount count: Int, levels level: Int) -> Int {
        if level == 0 { return 0 }
        return Int(pow(Double(count), Double(level))) + capacity(forCount: count, levels: level - 1)
    }
}

// XCTest on Linux runs tests on the main thread but cannot discover main-actor test methods, so
// each test enters the main actor it is already on.
final class ASDisplayNodeLayerTests: XCTestCase {
    @MainActor func checkValuesMatchDefaults(_ node: ASDisplayNode, isLayerBacked: Bool) {
        let targetName = isLayerBacked ? "layer" : "view"
        let hasLoadedView = node.isNodeLoaded ? "with view" : "after loading \(targetName)"

        XCTAssertNil(node.contents, "default contents broken \(hasLoadedView)")
        XCTAssertEqual(false, node.clipsToBounds, "default clipsToBounds broken \(hasLoadedView)")
        XCTAssertEqual(true, node.isOpaque, "default opaque broken \(hasLoadedView)")
        XCTAssertEqual(false, node.needsDisplayOnBoundsChange, "default needsDisplayOnBoundsChange broken \(hasLoadedView)")
        XCTAssertEqual(true, node.allowsGroupOpacity, "default allowsGroupOpacity broken \(hasLoadedView)")
        XCTAssertEqual(false, node.allowsEdgeAntialiasing, "default allowsEdgeAntialiasing broken \(hasLoadedView)")
        XCTAssertEqual([.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge], node.edgeAntialiasingMask, "default edgeAntialisingMask broken \(hasLoadedView)")
        XCTAssertEqual(false, node.isHidden, "default hidden broken \(hasLoadedView)")
        XCTAssertEqual(1.0, node.alpha, "default alpha broken \(hasLoadedView)")
        XCTAssertTrue(CGRect.zero.equalTo(node.bounds), "default bounds broken \(hasLoadedView)")
        XCTAssertTrue(CGRect.zero.equalTo(node.frame), "default frame broken \(hasLoadedView)")
        XCTAssertTrue(CGPoint.zero.equalTo(node.position), "default position broken \(hasLoadedView)")
        XCTAssertEqual(0.0, node.zPosition, "default zPosition broken \(hasLoadedView)")
        XCTAssertEqual(node.isNodeLoaded && isLayerBacked ? 2.0 : 1.0, node.contentsScale, "default contentsScale broken \(hasLoadedView)")
        XCTAssertEqual(UIScreen.main.scale, node.contentsScaleForDisplay, "default contentsScaleForDisplay broken \(hasLoadedView)")
        XCTAssertTrue(CATransform3DEqualToTransform(CATransform3DIdentity, node.transform), "default transform broken \(hasLoadedView)")
        XCTAssertTrue(CATransform3DEqualToTransform(CATransform3DIdentity, node.subnodeTransform), "default subnodeTransform broken \(hasLoadedView)")
        XCTAssertNil(node.backgroundColor, "default backgroundColor broken \(hasLoadedView)")
        XCTAssertEqual(UIView.ContentMode.scaleToFill, node.contentMode, "default contentMode broken \(hasLoadedView)")
        XCTAssertEqual(0.0, node.shadowOpacity, "default shadowOpacity broken \(hasLoadedView)")
        XCTAssertTrue(CGSize(width: 0, height: -3).equalTo(node.shadowOffset), "default shadowOffset broken \(hasLoadedView)")
        XCTAssertEqual(3.0, node.shadowRadius, "default shadowRadius broken \(hasLoadedView)")
        XCTAssertEqual(0.0, node.borderWidth, "default borderWidth broken \(hasLoadedView)")
        XCTAssertEqual(false, node.isDisplaySuspended, "default displaySuspended broken \(hasLoadedView)")
        XCTAssertEqual(true, node.displaysAsynchronously, "default displaysAsynchronously broken \(hasLoadedView)")
        XCTAssertEqual(false, node.asyncdisplaykit_asyncTransactionContainer, "default asyncdisplaykit_asyncTransactionContainer broken \(hasLoadedView)")
        XCTAssertNil(node.debugName, "default name broken \(hasLoadedView)")

        XCTAssertEqual(false, node.isAccessibilityElement, "default isAccessibilityElement is broken \(hasLoadedView)")
        XCTAssertNil(node.accessibilityLabel, "default accessibilityLabel is broken \(hasLoadedView)")
        XCTAssertNil(node.accessibilityHint, "default accessibilityHint is broken \(hasLoadedView)")
        XCTAssertNil(node.accessibilityValue, "default accessibilityValue is broken \(hasLoadedView)")
        XCTAssertEqual(UIAccessibilityTraits.none, node.accessibilityTraits, "default accessibilityTraits is broken \(hasLoadedView)")
        XCTAssertTrue(CGRect.zero.equalTo(node.accessibilityFrame), "default accessibilityFrame is broken \(hasLoadedView)")
        XCTAssertNil(node.accessibilityLanguage, "default accessibilityLanguage is broken \(hasLoadedView)")
        XCTAssertEqual(false, node.accessibilityElementsHidden, "default accessibilityElementsHidden is broken \(hasLoadedView)")
        XCTAssertEqual(false, node.accessibilityViewIsModal, "default accessibilityViewIsModal is broken \(hasLoadedView)")
        XCTAssertEqual(false, node.shouldGroupAccessibilityChildren, "default shouldGroupAccessibilityChildren is broken \(hasLoadedView)")
        XCTAssertNil(node.accessibilityCustomActions, "default acccessibilityCustomActions is broken \(hasLoadedView)")

        if !isLayerBacked {
            XCTAssertEqual(true, node.isUserInteractionEnabled, "default userInteractionEnabled broken \(hasLoadedView)")
            XCTAssertEqual(false, node.isExclusiveTouch, "default exclusiveTouch broken \(hasLoadedView)")
            XCTAssertEqual(true, node.autoresizesSubviews, "default autoresizesSubviews broken \(hasLoadedView)")
            XCTAssertEqual([], node.autoresizingMask, "default autoresizingMask broken \(hasLoadedView)")
            XCTAssertTrue(UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) == node.layoutMargins, "default layoutMargins broken \(hasLoadedView)")
            XCTAssertEqual(false, node.preservesSuperviewLayoutMargins, "default preservesSuperviewLayoutMargins broken \(hasLoadedView)")
            XCTAssertTrue(UIEdgeInsets.zero == node.safeAreaInsets, "default safeAreaInsets broken \(hasLoadedView)")
            XCTAssertEqual(true, node.insetsLayoutMarginsFromSafeArea, "default insetsLayoutMarginsFromSafeArea broken \(hasLoadedView)")
            if node.isNodeLoaded {
                XCTAssertNotNil(node.tintColor, "default tintColor broken \(hasLoadedView)") // It has been populated by the UIView.
            } else {
                XCTAssertNil(node.tintColor, "default tintColor broken \(hasLoadedView)")
            }
        } else {
            XCTAssertEqual(false, node.isUserInteractionEnabled, "layer-backed nodes do not support userInteractionEnabled \(hasLoadedView)")
            XCTAssertEqual(false, node.isExclusiveTouch, "layer-backed nodes do not support exclusiveTouch \(hasLoadedView)")
            XCTAssertNil(node.tintColor, "default tintColor broken \(hasLoadedView)")
        }
    }

    @MainActor func checkDefaultPropertyValues(withLayerBacking isLayerBacked: Bool) {
        let node = ASDisplayNode()

        XCTAssertEqual(false, node.isLayerBacked, "default isLayerBacked broken without view")
        node.isLayerBacked = isLayerBacked
        XCTAssertEqual(isLayerBacked, node.isLayerBacked, "setIsLayerBacked: broken")

        // Assert that the values can be fetched from the node before the view is realized.
        checkValuesMatchDefaults(node, isLayerBacked: isLayerBacked)

        _ = node.layer // Force either view or layer loading
        XCTAssertTrue(node.isNodeLoaded, "Didn't load view")

        // Assert that the values can be fetched from the node after the view is realized.
        checkValuesMatchDefaults(node, isLayerBacked: isLayerBacked)
    }

    func testDefaultPropertyValuesLayer() {
        MainActor.assumeIsolated {
            checkDefaultPropertyValues(withLayerBacking: true)
        }
    }

    func testDefaultPropertyValuesView() {
        MainActor.assumeIsolated {
            checkDefaultPropertyValues(withLayerBacking: false)
        }
    }

    @MainActor func checkValuesMatchSetValues(_ node: ASDisplayNode, isLayerBacked: Bool) {
        let targetName = isLayerBacked ? "layer" : "view"
        let hasLoadedView = node.isNodeLoaded ? "with view" : "after loading \(targetName)"

        XCTAssertEqual(isLayerBacked, node.isLayerBacked, "isLayerBacked broken \(hasLoadedView)")
        XCTAssertEqual(true, node.clipsToBounds, "clipsToBounds broken \(hasLoadedView)")
        XCTAssertEqual(false, node.isOpaque, "opaque broken \(hasLoadedView)")
        XCTAssertEqual(true, node.needsDisplayOnBoundsChange, "needsDisplayOnBoundsChange broken \(hasLoadedView)")
        XCTAssertEqual(false, node.allowsGroupOpacity, "allowsGroupOpacity broken \(hasLoadedView)")
        XCTAssertEqual(true, node.allowsEdgeAntialiasing, "allowsEdgeAntialiasing broken \(hasLoadedView)")
        XCTAssertTrue([.layerLeftEdge, .layerTopEdge] == node.edgeAntialiasingMask, "edgeAntialiasingMask broken: \(hasLoadedView)")
        XCTAssertEqual(true, node.isHidden, "hidden broken \(hasLoadedView)")
        XCTAssertEqual(0.5, node.alpha, "alpha broken \(hasLoadedView)")
        XCTAssertTrue(CGRect(x: 10, y: 15, width: 42, height: 115.2).equalTo(node.bounds), "bounds broken \(hasLoadedView)")
        XCTAssertTrue(CGPoint(x: 10, y: 65).equalTo(node.position), "position broken \(hasLoadedView)")
        XCTAssertEqual(5.6, node.zPosition, "zPosition broken \(hasLoadedView)")
        XCTAssertEqual(0.5, node.contentsScale, "contentsScale broken \(hasLoadedView)")
        XCTAssertTrue(CATransform3DEqualToTransform(CATransform3DMakeScale(0.5, 0.5, 1.0), node.transform), "transform broken \(hasLoadedView)")
        XCTAssertTrue(CATransform3DEqualToTransform(CATransform3DMakeTranslation(1337, 7357, 7007), node.subnodeTransform), "subnodeTransform broken \(hasLoadedView)")
        XCTAssertEqual(UIColor.clear, node.backgroundColor, "backgroundColor broken \(hasLoadedView)")
        XCTAssertEqual(UIColor.orange, node.tintColor, "tintColor broken \(hasLoadedView)")
        XCTAssertEqual(UIView.ContentMode.bottom, node.contentMode, "contentMode broken \(hasLoadedView)")
        XCTAssertEqual(UIColor.cyan.cgColor, node.shadowColor, "shadowColor broken \(hasLoadedView)")
        XCTAssertEqual(0.5, node.shadowOpacity, "shadowOpacity broken \(hasLoadedView)")
        XCTAssertTrue(CGSize(width: 1.0, height: 1.0).equalTo(node.shadowOffset), "shadowOffset broken \(hasLoadedView)")
        XCTAssertEqual(0.5, node.shadowRadius, "shadowRadius broken \(hasLoadedView)")
        XCTAssertEqual(0.5, node.borderWidth, "borderWidth broken \(hasLoadedView)")
        XCTAssertEqual(UIColor.orange.cgColor, node.borderColor.cgColor, "borderColor broken \(hasLoadedView)")
        XCTAssertEqual(true, node.isDisplaySuspended, "displaySuspended broken \(hasLoadedView)")
        XCTAssertEqual(false, node.displaysAsynchronously, "displaySuspended broken \(hasLoadedView)")
        XCTAssertEqual(true, node.asyncdisplaykit_asyncTransactionContainer, "asyncTransactionContainer broken \(hasLoadedView)")
        XCTAssertEqual(false, node.isUserInteractionEnabled, "userInteractionEnabled broken \(hasLoadedView)")
        XCTAssertEqual(!isLayerBacked, node.isExclusiveTouch, "exclusiveTouch broken \(hasLoadedView)")
        XCTAssertEqual("quack like a duck", node.debugName, "debugName broken \(hasLoadedView)")

        XCTAssertEqual(true, node.isAccessibilityElement, "accessibilityElement broken \(hasLoadedView)")
        XCTAssertEqual("Ship love", node.accessibilityLabel, "accessibilityLabel broken \(hasLoadedView)")
        XCTAssertEqual("Awesome things will happen", node.accessibilityHint, "accessibilityHint broken \(hasLoadedView)")
        XCTAssertEqual("1 of 2", node.accessibilityValue, "accessibilityValue broken \(hasLoadedView)")
        XCTAssertEqual([UIAccessibilityTraits.selected, UIAccessibilityTraits.button], node.accessibilityTraits, "accessibilityTraits broken \(hasLoadedView)")
        XCTAssertTrue(CGRect(x: 1, y: 2, width: 3, height: 4).equalTo(node.accessibilityFrame), "accessibilityFrame broken \(hasLoadedView)")
        XCTAssertEqual("mas", node.accessibilityLanguage, "accessibilityLanguage broken \(hasLoadedView)")
        XCTAssertEqual(true, node.accessibilityElementsHidden, "accessibilityElementsHidden broken \(hasLoadedView)")
        XCTAssertEqual(true, node.accessibilityViewIsModal, "accessibilityViewIsModal broken \(hasLoadedView)")
        XCTAssertEqual(true, node.shouldGroupAccessibilityChildren, "shouldGroupAccessibilityChildren broken \(hasLoadedView)")
        XCTAssertEqual(UIAccessibilityNavigationStyle.separate, node.accessibilityNavigationStyle, "accessibilityNavigationStyle broken \(hasLoadedView)")

        XCTAssertTrue(CGPoint(x: 1.0, y: 1.0).equalTo(node.accessibilityActivationPoint), "accessibilityActivationPoint broken \(hasLoadedView)")
        XCTAssertNotNil(node.accessibilityPath, "accessibilityPath broken \(hasLoadedView)")

        if !isLayerBacked {
            XCTAssertEqual(UIView.AutoresizingMask.flexibleLeftMargin, node.autoresizingMask, "autoresizingMask \(hasLoadedView)")
            XCTAssertEqual(false, node.autoresizesSubviews, "autoresizesSubviews broken \(hasLoadedView)")
            XCTAssertTrue(UIEdgeInsets(top: 3, left: 5, bottom: 8, right: 11) == node.layoutMargins, "layoutMargins broken \(hasLoadedView)")
            XCTAssertEqual(true, node.preservesSuperviewLayoutMargins, "preservesSuperviewLayoutMargins broken \(hasLoadedView)")
            XCTAssertEqual(false, node.insetsLayoutMarginsFromSafeArea, "insetsLayoutMarginsFromSafeArea broken \(hasLoadedView)")
        }
    }

    @MainActor func checkSimpleBridgePropertiesSetPropagate(_ isLayerBacked: Bool) {
        nonisolated(unsafe) var node: ASDisplayNode! = nil

        executeOffThread {
            node = ASDisplayNode()
            node.isLayerBacked = isLayerBacked

            node.clipsToBounds = true
            node.isOpaque = false
            node.needsDisplayOnBoundsChange = true
            node.allowsGroupOpacity = false
            node.allowsEdgeAntialiasing = true
            node.edgeAntialiasingMask = [.layerLeftEdge, .layerTopEdge]
            node.isHidden = true
            node.alpha = 0.5
            node.position = CGPoint(x: 10, y: 65)
            node.zPosition = 5.6
            node.bounds = CGRect(x: 10, y: 15, width: 42, height: 115.2)
            node.contentsScale = 0.5
            node.transform = CATransform3DMakeScale(0.5, 0.5, 1.0)
            node.subnodeTransform = CATransform3DMakeTranslation(1337, 7357, 7007)
            node.backgroundColor = UIColor.clear
            node.tintColor = UIColor.orange
            node.contentMode = .bottom
            node.shadowColor = UIColor.cyan.cgColor
            node.shadowOpacity = 0.5
            node.shadowOffset = CGSize(width: 1.0, height: 1.0)
            node.shadowRadius = 0.5
            node.borderWidth = 0.5
            node.borderColor = UIColor(cgColor: UIColor.orange.cgColor)
            node.isDisplaySuspended = true
            node.displaysAsynchronously = false
            node.asyncdisplaykit_asyncTransactionContainer = true
            node.isUserInteractionEnabled = false
            node.debugName = "quack like a duck"

            node.isAccessibilityElement = true

            for i in 0..<4 {
                if i % 2 == 0 {
                    node.accessibilityLabel = nil
                    node.accessibilityHint = nil
                    node.accessibilityValue = nil
                } else {
                    node.accessibilityLabel = "Ship love"
                    node.accessibilityHint = "Awesome things will happen"
                    node.accessibilityValue = "1 of 2"
                }
            }

            node.accessibilityTraits = [.selected, .button]
            node.accessibilityFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
            node.accessibilityLanguage = "mas"
            node.accessibilityElementsHidden = true
            node.accessibilityViewIsModal = true
            node.shouldGroupAccessibilityChildren = true
            node.accessibilityNavigationStyle = .separate
            node.accessibilityActivationPoint = CGPoint(x: 1.0, y: 1.0)
            node.accessibilityPath = UIBezierPath()

            if !isLayerBacked {
                node.isExclusiveTouch = true
                node.autoresizesSubviews = false
                node.autoresizingMask = .flexibleLeftMargin
                node.insetsLayoutMarginsFromSafeArea = false
                node.layoutMargins = UIEdgeInsets(top: 3, left: 5, bottom: 8, right: 11)
                node.preservesSuperviewLayoutMargins = true
            }
        }

        // Assert that the values can be fetched from the node before the view is realized.
        checkValuesMatchSetValues(node, isLayerBacked: isLayerBacked)

        // Assert that the realized view/layer have the correct values.
        _ = node.layer

        checkValuesMatchSetValues(node, isLayerBacked: isLayerBacked)

        // As a final sanity check, change a value on the realized view and ensure it is fetched through the node.
        if isLayerBacked {
            node.layer.isHidden = false
        } else {
            node.view.isHidden = false
        }
        XCTAssertEqual(false, node.isHidden, "After the view is realized, the node should delegate properties to the view.")
    }

    // Set each of the simple bridged UIView properties to a non-default value off-thread, then
    // assert that they are correct on the node and propagated to the UIView realized on-thread.
    func testSimpleUIViewBridgePropertiesSetOffThreadPropagate() {
        MainActor.assumeIsolated {
            checkSimpleBridgePropertiesSetPropagate(false)
        }
    }

    func testSimpleCALayerBridgePropertiesSetOffThreadPropagate() {
        MainActor.assumeIsolated {
            checkSimpleBridgePropertiesSetPropagate(true)
        }
    }

    func testPropertiesSetOffThreadBeforeLoadingExternalView() {
        MainActor.assumeIsolated {
            let view = UIDisplayNodeTestView()

            nonisolated(unsafe) var node: ASDisplayNode! = nil
            executeOffThread {
                node = ASDisplayNode(viewBlock: {
                    return view
                })
                node.backgroundColor = UIColor.blue
                node.tintColor = UIColor.orange
                node.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
                node.autoresizingMask = .flexibleWidth
                node.isUserInteractionEnabled = true
            }

            checkExternalViewAppliedPropertiesMatch(node)
        }
    }

    func testPropertiesSetOnThreadAfterLoadingExternalView() {
        MainActor.assumeIsolated {
            let view = UIDisplayNodeTestView()
            let node = ASDisplayNode(viewBlock: {
                return view
            })

            // Load the backing view first
            _ = node.view

            node.backgroundColor = UIColor.blue
            node.tintColor = UIColor.orange
            node.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
            node.autoresizingMask = .flexibleWidth
            node.isUserInteractionEnabled = true

            checkExternalViewAppliedPropertiesMatch(node)
        }
    }

    @MainActor func checkExternalViewAppliedPropertiesMatch(_ node: ASDisplayNode) {
        let view = node.view

        XCTAssertEqual(UIColor.blue, view.backgroundColor, "backgroundColor not propagated to view")
        XCTAssertEqual(UIColor.orange, view.tintColor, "tintColor not propagated to view")
        XCTAssertTrue(CGRect(x: 10, y: 20, width: 30, height: 40).equalTo(view.frame), "frame not propagated to view")
        XCTAssertEqual(UIView.AutoresizingMask.flexibleWidth, view.autoresizingMask, "autoresizingMask not propagated to view")
        XCTAssertEqual(true, view.isUserInteractionEnabled, "userInteractionEnabled not propagated to view")
    }

    func testPropertiesSetOffThreadBeforeLoadingExternalLayer() {
        MainActor.assumeIsolated {
            nonisolated(unsafe) let layer = CAShapeLayer()

            nonisolated(unsafe) var node: ASDisplayNode! = nil
            executeOffThread {
                node = ASDisplayNode(layerBlock: {
                    return layer
                })
                node.backgroundColor = UIColor.blue
                node.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
            }

            checkExternalLayerAppliedPropertiesMatch(node)
        }
    }

    func testPropertiesSetOnThreadAfterLoadingExternalLayer() {
        MainActor.assumeIsolated {
            let layer = CAShapeLayer()
            let node = ASDisplayNode(layerBlock: {
                return layer
            })

            // Load the backing layer first
            _ = node.layer

            node.backgroundColor = UIColor.blue
            node.frame = CGRect(x: 10, y: 20, width: 30, height: 40)

            checkExternalLayerAppliedPropertiesMatch(node)
        }
    }

    @MainActor func checkExternalLayerAppliedPropertiesMatch(_ node: ASDisplayNode) {
        let layer = node.layer

        XCTAssertTrue(CGColorEqualToColor(UIColor.blue.cgColor, layer.backgroundColor), "backgroundColor not propagated to layer")
        XCTAssertTrue(CGRect(x: 10, y: 20, width: 30, height: 40).equalTo(layer.frame), "frame not propagated to layer")
    }

    // Perform parallel updates of a standard UIView/CALayer and an ASDisplayNode and ensure they are equivalent.
    func testDeriveFrameFromBoundsPositionAnchorPoint() {
        MainActor.assumeIsolated {
            let plainView = UIView(frame: .zero)
            plainView.layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
            plainView.layer.position = CGPoint(x: 10, y: 20)
            plainView.layer.bounds = CGRect(x: 0, y: 0, width: 60, height: 80)

            nonisolated(unsafe) var node: ASDisplayNode! = nil
            executeOffThread {
                node = ASDisplayNode()
                node.anchorPoint = CGPoint(x: 0.25, y: 0.75)
                node.bounds = CGRect(x: 0, y: 0, width: 60, height: 80)
                node.position = CGPoint(x: 10, y: 20)
            }

            XCTAssertTrue(plainView.frame.equalTo(node.frame), "Node frame should match UIView frame before realization.")
            XCTAssertTrue(plainView.frame.equalTo(node.view.frame), "Realized view frame should match UIView frame.")
        }
    }

    // Perform parallel updates of a standard UIView/CALayer and an ASDisplayNode and ensure they are equivalent.
    func testSetFrameSetsBoundsPosition() {
        MainActor.assumeIsolated {
            let plainView = UIView(frame: .zero)
            plainView.layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
            plainView.layer.frame = CGRect(x: 10, y: 20, width: 60, height: 80)

            nonisolated(unsafe) var node: ASDisplayNode! = nil
            executeOffThread {
                node = ASDisplayNode()
                node.anchorPoint = CGPoint(x: 0.25, y: 0.75)
                node.frame = CGRect(x: 10, y: 20, width: 60, height: 80)
            }

            XCTAssertTrue(plainView.layer.position.equalTo(node.position), "Node position should match UIView position before realization.")
            XCTAssertTrue(plainView.layer.bounds.equalTo(node.bounds), "Node bounds should match UIView bounds before realization.")
            XCTAssertTrue(plainView.layer.position.equalTo(node.view.layer.position), "Realized view position should match UIView position before realization.")
            XCTAssertTrue(plainView.layer.bounds.equalTo(node.view.layer.bounds), "Realized view bounds should match UIView bounds before realization.")
        }
    }

    func testRemoveFromViewBackedLoadedSupernode() {
        MainActor.assumeIsolated {
            let a = ASDisplayNode(); a.debugName = "a"
            let b = ASDisplayNode(); b.debugName = "b"
            b.addSubnode(a)
            _ = a.view
            _ = b.view
            for n in [a, b] { XCTAssertTrue(n.isNodeLoaded, "\(n.debugName ?? "") should be loaded") }
            XCTAssertTrue(a.supernode === b)
            XCTAssertEqual(a.view.superview, b.view)

            a.removeFromSupernode()
            XCTAssertNil(a.supernode)
            XCTAssertNil(a.view.superview)
        }
    }

    func testRemoveFromLayerBackedLoadedSupernode() {
        MainActor.assumeIsolated {
            let a = ASDisplayNode(); a.debugName = "a"
            a.isLayerBacked = true
            let b = ASDisplayNode(); b.debugName = "b"
            b.isLayerBacked = true
            b.addSubnode(a)
            _ = a.layer
            _ = b.layer
            for n in [a, b] { XCTAssertTrue(n.isNodeLoaded, "\(n.debugName ?? "") should be loaded") }
            XCTAssertTrue(a.supernode === b)
            XCTAssertEqual(a.layer.superlayer, b.layer)

            a.removeFromSupernode()
            XCTAssertNil(a.supernode)
            XCTAssertNil(a.layer.superlayer)
        }
    }

    func testRemoveLayerBackedFromViewBackedLoadedSupernode() {
        MainActor.assumeIsolated {
            let a = ASDisplayNode(); a.debugName = "a"
            a.isLayerBacked = true
            let b = ASDisplayNode(); b.debugName = "b"
            b.addSubnode(a)
            _ = a.layer
            _ = b.view
            for n in [a, b] { XCTAssertTrue(n.isNodeLoaded, "\(n.debugName ?? "") should be loaded") }
            XCTAssertTrue(a.supernode === b)
            XCTAssertEqual(a.layer.superlayer, b.layer)

            a.removeFromSupernode()
            XCTAssertNil(a.supernode)
            XCTAssertNil(a.layer.superlayer)
        }
    }
}
