import Foundation
import Testing
import Weft

/// Which nodes VoiceOver reads and in which order (Texture's `_ASDisplayViewAccessiblity.mm`).
@Suite struct AccessibilityHierarchyTests {
    static func element(_ label: String, _ frame: CGRect, traits: UIAccessibilityTraits = .none) -> ASDisplayNode {
        let node = ASDisplayNode()
        node.frame = frame
        node.isAccessibilityElement = true
        node.accessibilityLabel = label
        node.accessibilityTraits = traits
        return node
    }

    static func group(_ frame: CGRect, _ children: ASDisplayNode...) -> ASDisplayNode {
        let node = ASDisplayNode()
        node.frame = frame
        for child in children { node.addSubnode(child) }
        return node
    }

    static func labels(_ root: ASDisplayNode) -> [String] {
        root.accessibilityElementsInReadingOrder().map { $0.label ?? "" }
    }

    static let screen = CGSize(width: 320, height: 480)

    /// UIKit's `accessibilityCustomActions`: their names are what the element offers.
    @Test func customActionsAreListedByName() {
        let root = Self.group(CGRect(origin: .zero, size: Self.screen), Self.element("Message", CGRect(x: 0, y: 0, width: 100, height: 20)))
        root.subnodes[0].accessibilityCustomActions = [UIAccessibilityCustomAction(name: "Reply", actionHandler: nil),
                                                       UIAccessibilityCustomAction(name: "Delete", actionHandler: { _ in true })]
        #expect(root.accessibilityElementsInReadingOrder().map(\.customActions) == [["Reply", "Delete"]])
    }

    @Test func readsTopToBottomThenLeftToRight() {
        // Added in scrambled order: the order read comes from the frames.
        let root = TestSupport.host(Self.screen,
                                    Self.element("C", CGRect(x: 10, y: 100, width: 50, height: 20)),
                                    Self.element("B", CGRect(x: 200, y: 10, width: 50, height: 20)),
                                    Self.element("A", CGRect(x: 10, y: 10, width: 50, height: 20)),
                                    Self.element("D", CGRect(x: 200, y: 100, width: 50, height: 20)))
        #expect(Self.labels(root) == ["A", "B", "C", "D"])
    }

    @Test func readsRightToLeftWhenTheLayoutDirectionIsRightToLeft() {
        let root = TestSupport.host(Self.screen,
                                    Self.element("left", CGRect(x: 10, y: 10, width: 50, height: 20)),
                                    Self.element("right", CGRect(x: 200, y: 10, width: 50, height: 20)),
                                    Self.element("below", CGRect(x: 10, y: 100, width: 50, height: 20)))
        #expect(Self.labels(root) == ["left", "right", "below"])
        var traits = ASPrimitiveTraitCollectionMakeDefault()
        traits.layoutDirection = .rightToLeft
        ASTraitCollectionPropagateDown(root, traits)
        #expect(Self.labels(root) == ["right", "left", "below"])
    }

    @Test func elementsHideTheirSubtreeAndFramesAreInRootCoordinates() {
        let inner = Self.element("inner", CGRect(x: 0, y: 0, width: 10, height: 10))
        let outer = Self.element("outer", CGRect(x: 40, y: 50, width: 100, height: 100))
        outer.addSubnode(inner)
        let nested = Self.element("nested", CGRect(x: 5, y: 6, width: 20, height: 20))
        let root = TestSupport.host(Self.screen, outer, Self.group(CGRect(x: 100, y: 200, width: 100, height: 100), nested))
        let elements = root.accessibilityElementsInReadingOrder()
        #expect(elements.map(\.label) == ["outer", "nested"])
        #expect(elements.map(\.frame) == [CGRect(x: 40, y: 50, width: 100, height: 100), CGRect(x: 105, y: 206, width: 20, height: 20)])
    }

    @Test func hiddenTransparentAndElementsHiddenNodesAreLeftOut() {
        let hidden = Self.element("hidden", CGRect(x: 0, y: 0, width: 10, height: 10))
        hidden.isHidden = true
        let clear = Self.element("clear", CGRect(x: 0, y: 20, width: 10, height: 10))
        clear.alpha = 0
        let inHiddenSubtree = Self.element("in hidden subtree", CGRect(x: 0, y: 0, width: 10, height: 10))
        let parent = Self.group(CGRect(x: 0, y: 40, width: 50, height: 50), inHiddenSubtree)
        parent.accessibilityElementsHidden = true
        let offscreen = Self.element("offscreen", CGRect(x: 400, y: 0, width: 10, height: 10))
        let root = TestSupport.host(Self.screen, hidden, clear, parent, offscreen,
                                    Self.element("shown", CGRect(x: 0, y: 100, width: 10, height: 10)))
        #expect(Self.labels(root) == ["shown"])
    }

    @Test func aModalSubnodeHidesItsSiblings() {
        let alert = Self.group(CGRect(x: 40, y: 100, width: 240, height: 200),
                               Self.element("Delete?", CGRect(x: 10, y: 10, width: 100, height: 20)),
                               Self.element("Cancel", CGRect(x: 10, y: 100, width: 100, height: 44)))
        let root = TestSupport.host(Self.screen, Self.element("Title", CGRect(x: 0, y: 0, width: 100, height: 20)), alert)
        #expect(Self.labels(root) == ["Title", "Delete?", "Cancel"])
        alert.accessibilityViewIsModal = true
        #expect(Self.labels(root) == ["Delete?", "Cancel"])
    }

    @Test func groupingKeepsAGroupsElementsTogether() {
        // Two cards side by side, each a title over a price: by position alone the titles are read
        // first, then the prices.
        func card(_ x: CGFloat, _ name: String) -> ASDisplayNode {
            Self.group(CGRect(x: x, y: 0, width: 150, height: 100),
                       Self.element("\(name) title", CGRect(x: 0, y: 0, width: 150, height: 20)),
                       Self.element("\(name) price", CGRect(x: 0, y: 50, width: 150, height: 20)))
        }
        let left = card(0, "left"), right = card(160, "right")
        let root = TestSupport.host(Self.screen, left, right)
        #expect(Self.labels(root) == ["left title", "right title", "left price", "right price"])
        left.shouldGroupAccessibilityChildren = true
        right.shouldGroupAccessibilityChildren = true
        #expect(Self.labels(root) == ["left title", "left price", "right title", "right price"])
    }

    @Test func accessibilityElementsOverrideTheOrder() {
        let a = Self.element("A", CGRect(x: 0, y: 0, width: 50, height: 20))
        let b = Self.element("B", CGRect(x: 0, y: 50, width: 50, height: 20))
        let c = Self.element("C", CGRect(x: 0, y: 100, width: 50, height: 20))
        let root = TestSupport.host(Self.screen, a, b, c)
        root.accessibilityElements = [c, a, "not a node", b]
        #expect(Self.labels(root) == ["C", "A", "B"])
    }

    @Test func aTextureContainerJoinsItsSubtreesLabels() {
        let name = TestSupport.textNode(TestSupport.attributed("Jane"), width: 100)
        name.frame = CGRect(x: 10, y: 10, width: 100, height: 20)
        let time = TestSupport.textNode(TestSupport.attributed("2 hours ago"), width: 100)
        time.frame = CGRect(x: 200, y: 10, width: 100, height: 20)
        let body = TestSupport.textNode(TestSupport.attributed("Hello"), width: 100)
        body.frame = CGRect(x: 10, y: 40, width: 100, height: 20)
        let like = ASButtonNode()
        like.setTitle("Like", with: nil, with: nil, for: .normal)
        like.frame = CGRect(x: 10, y: 70, width: 60, height: 44)
        // Added out of order: the label follows the frames.
        let cell = Self.group(CGRect(x: 0, y: 0, width: 320, height: 120), body, like, time, name)
        cell.isAccessibilityContainer = true
        let root = TestSupport.host(Self.screen, cell)
        let elements = root.accessibilityElementsInReadingOrder()
        #expect(elements.count == 1)
        #expect(elements.first?.label == "Jane, 2 hours ago, Hello")
        #expect(elements.first?.customActions == ["Like"])
        #expect(elements.first?.frame == CGRect(x: 0, y: 0, width: 320, height: 120))
        #expect(elements.first?.voiceOverDescription == "Jane, 2 hours ago, Hello. Actions available: Like.")
        cell.accessibilityLabel = "Post by Jane"
        #expect(Self.labels(root) == ["Post by Jane"], "a container's own label replaces the aggregation")
    }

    @Test func voiceOverDescriptionReadsLabelValueTraitsHint() {
        let element = AccessibilityElement(label: "Volume", value: "50%", hint: "Swipe up or down to adjust",
                                           traits: [.adjustable, .selected], frame: .zero, nodeClass: "ASDisplayNode")
        #expect(element.voiceOverDescription == "Selected. Volume: 50%. Adjustable. Swipe up or down to adjust.")
        let button = AccessibilityElement(label: "Sign in", hint: "Double-tap to sign in.", traits: .button, frame: .zero, nodeClass: "ASButtonNode")
        #expect(button.voiceOverDescription == "Sign in. Button. Double-tap to sign in.")
    }
}
