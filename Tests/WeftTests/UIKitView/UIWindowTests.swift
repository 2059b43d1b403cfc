import Foundation
import Testing
import Weft

/// A node that records its interface-state callbacks, in order.
final class StateRecordingNode: ASDisplayNode {
    var events: [String] = []
    override func didEnterPreloadState() { super.didEnterPreloadState(); events.append("enterPreload") }
    override func didExitPreloadState() { super.didExitPreloadState(); events.append("exitPreload") }
    override func didEnterDisplayState() { super.didEnterDisplayState(); events.append("enterDisplay") }
    override func didExitDisplayState() { super.didExitDisplayState(); events.append("exitDisplay") }
    override func didEnterVisibleState() { super.didEnterVisibleState(); events.append("enterVisible") }
    override func didExitVisibleState() { super.didExitVisibleState(); events.append("exitVisible") }
}

/// A controller that records its layout and appearance callbacks.
final class CallbackRecordingController: ASDKViewController<ASDisplayNode> {
    var events: [String] = []
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); events.append("willAppear") }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); events.append("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); events.append("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); events.append("didDisappear") }
    override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews(); events.append("willLayout") }
    override func viewDidLayoutSubviews() { super.viewDidLayoutSubviews(); events.append("didLayout") }
}

/// A view that records when it moves between windows.
final class WindowRecordingView: UIView {
    var events: [String] = []
    override func willMove(toWindow newWindow: UIWindow?) { events.append(newWindow == nil ? "willLeave" : "willEnter") }
    override func didMoveToWindow() { events.append(window == nil ? "didLeave" : "didEnter") }
}

@MainActor
@Suite struct UIWindowTests {
    @Test func startsHiddenAndMakeKeyAndVisibleShowsItAndMakesItKey() {
        let first = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(first.isHidden)
        #expect(!first.isKeyWindow)
        first.makeKeyAndVisible()
        #expect(!first.isHidden)
        #expect(first.isKeyWindow)
        let second = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        second.makeKeyAndVisible()
        #expect(second.isKeyWindow)
        #expect(!first.isKeyWindow, "one key window at a time")
    }

    @Test func aNodeAddedToAWindowEntersTheHierarchyAndLeavesItWhenRemoved() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let node = StateRecordingNode()
        let subnode = StateRecordingNode()
        node.addSubnode(subnode)
        #expect(node.interfaceState == [])
        window.addSubnode(node)
        #expect(node.view.window === window)
        #expect(node.interfaceState == .inHierarchy)
        #expect(subnode.interfaceState == .inHierarchy, "subnodes enter with their supernode")
        #expect(node.isVisible && node.isInDisplayState && node.isInPreloadState)
        #expect(node.events == ["enterPreload", "enterDisplay", "enterVisible"])
        let late = StateRecordingNode()
        node.addSubnode(late)
        #expect(late.isVisible, "a subnode added in a window enters at once")
        node.view.removeFromSuperview()
        #expect(node.view.window == nil)
        #expect(node.interfaceState == [] && subnode.interfaceState == [] && late.interfaceState == [])
        #expect(node.events == ["enterPreload", "enterDisplay", "enterVisible", "exitPreload", "exitDisplay", "exitVisible"])
    }

    @Test func aViewMovedIntoAWindowTakesTheNodesBelowItAlong() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let container = WindowRecordingView(frame: window.bounds)
        let node = ASDisplayNode()
        container.addSubnode(node)
        #expect(node.interfaceState == [], "no window, no interface state")
        window.addSubview(container)
        #expect(node.interfaceState == .inHierarchy)
        #expect(container.events == ["willEnter", "didEnter"])
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        other.addSubview(container)
        #expect(node.interfaceState == .inHierarchy, "moving between windows keeps it in the hierarchy")
        container.removeFromSuperview()
        #expect(node.interfaceState == [])
        #expect(container.events == ["willEnter", "didEnter", "willEnter", "didEnter", "willLeave", "didLeave"])
    }

    @Test func theRootControllersNodeFillsTheWindowAndIsInTheHierarchy() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let node = ASDisplayNode()
        let child = ASDisplayNode()
        node.automaticallyManagesSubnodes = true
        node.layoutSpecBlock = { _, _ in ASInsetLayoutSpec(insets: UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10), child: child) }
        let controller = CallbackRecordingController(node: node)
        window.rootViewController = controller
        #expect(controller.events.isEmpty, "a hidden window shows nothing yet")
        window.makeKeyAndVisible()
        #expect(controller.events == ["willAppear", "willLayout", "didLayout", "didAppear"])
        #expect(node.frame == window.bounds)
        #expect(child.frame == CGRect(x: 10, y: 10, width: 300, height: 460))
        #expect(node.isVisible && child.isVisible)

        window.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        window.layoutIfNeeded()
        #expect(node.frame == window.bounds, "the root view follows the window's bounds")
        #expect(child.frame == CGRect(x: 10, y: 10, width: 180, height: 80))

        window.rootViewController = nil
        #expect(controller.events.suffix(2) == ["willDisappear", "didDisappear"])
        #expect(node.interfaceState == [] && child.interfaceState == [])
    }

    @Test func aNavigationControllerAsRootLaysItsTopControllerOutToTheWindow() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let node = ASDisplayNode()
        window.rootViewController = UINavigationController(rootViewController: ASDKViewController(node: node))
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(node.frame == window.bounds)
        #expect(node.isVisible)
    }

    @Test func aNodeInAWindowDisplaysItsContents() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        window.makeKeyAndVisible()
        let node = ASDisplayNode()
        node.backgroundColor = .red
        node.displaysAsynchronously = false
        node.displayBlock = { bounds, context, _ in context.fill(bounds, with: .blue) }
        node.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        window.addSubnode(node)
        #expect(node.contents != nil, "entering display draws the backing store")
        node.view.removeFromSuperview()
        #expect(node.contents == nil, "leaving display drops it")
    }
}

@MainActor
@Suite struct NodeViewAccessibilityTests {
    @Test func aNodesViewListsWhatVoiceOverReadsInItsTree() throws {
        let node = ASDisplayNode()
        node.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let first = ASTextNode(), second = ASTextNode()
        first.attributedText = NSAttributedString(string: "first")
        second.attributedText = NSAttributedString(string: "second")
        first.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        second.frame = CGRect(x: 0, y: 50, width: 200, height: 40)
        node.addSubnode(first)
        node.addSubnode(second)
        let elements = try #require(node.view.accessibilityElements as? [AccessibilityElement])
        #expect(elements.map(\.label) == ["first", "second"])
        node.view.accessibilityElements = [second]
        #expect(node.accessibilityElements?.first as? ASDisplayNode === second, "setting it sets the node's")
    }
}
