import Foundation
import Testing
import Weft

/// A node's view lists its view-backed subnodes' views as subviews, as Texture's does: the node
/// tree, the view tree and the layer tree are one.
@MainActor @Suite struct NodeViewTreeTests {
    @Test func subnodeViewsAreSubviewsBeforeAddedViews() {
        let parent = ASDisplayNode(), a = ASDisplayNode(), layerBacked = ASDisplayNode(), b = ASDisplayNode()
        layerBacked.isLayerBacked = true
        for node in [a, layerBacked, b] { parent.addSubnode(node) }
        let plain = UIView()
        parent.view.addSubview(plain)
        #expect(parent.view.subviews == [a.view, b.view, plain])
        #expect(a.view.superview == parent.view)
        #expect(plain.superview == parent.view)
        #expect(layerBacked.layer.superlayer == parent.layer)
        #expect(a.view.window == nil)
    }

    /// As Texture's `_ASDisplayView`: a node's view in a view hierarchy keeps its node alive, and
    /// lets go of it when it leaves, or when its superview goes: no cycle is left behind.
    @Test func aNodesViewKeepsItsNodeOnlyWhileItHasASuperview() {
        let superview = UIView()
        weak var weakNode: ASDisplayNode?
        do {
            let node = ASDisplayNode()
            superview.addSubview(node.view)
            weakNode = node
        }
        #expect(weakNode != nil)
        let other = UIView()
        other.addSubview(weakNode!.view)
        #expect(weakNode != nil)
        other.subviews.first?.removeFromSuperview()
        #expect(weakNode == nil)

        weak var weakSuperview: UIView?
        do {
            let superview = UIView()
            let node = ASDisplayNode()
            superview.addSubview(node.view)
            weakNode = node
            weakSuperview = superview
        }
        #expect(weakSuperview == nil)
        #expect(weakNode == nil)
    }

    @Test func removingASubnodesViewRemovesTheSubnode() {
        let parent = ASDisplayNode(), child = ASDisplayNode()
        parent.addSubnode(child)
        _ = parent.view
        child.view.removeFromSuperview()
        #expect(child.supernode == nil)
        #expect(parent.view.subviews.isEmpty)
        #expect(child.view.superview == nil)
    }

    /// The subnodes' views are in the window their supernode's view is in, and listing them as
    /// subviews draws nothing twice: a half-transparent subnode stays half transparent.
    @Test func subnodeViewsShareTheWindowAndDrawOnce() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let parent = ASDisplayNode(), child = ASDisplayNode()
        parent.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        child.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        parent.addSubnode(child)
        window.addSubnode(parent)
        #expect(child.view.window === window)
        #expect(parent.view.subviews == [child.view])
        let bitmap = try parent.renderBitmap(scale: 1)
        let pixel = try #require(bitmap.pixel(x: 2, y: 2))
        #expect(abs(Int(pixel >> 24) - 128) <= 1 && abs(Int(pixel >> 16 & 0xFF) - 128) <= 1, "\(String(pixel, radix: 16))")
        #expect(bitmap.pixel(x: 15, y: 15) == 0)
    }

    /// A view block's view lists what it holds first and its node's subnodes' views after, in
    /// the order they draw: the view is the node's contents, under the subnodes.
    @Test func aViewBlocksViewListsItsOwnSubviewsBeforeItsSubnodes() {
        let inner = UIView()
        let parent = ASDisplayNode(viewBlock: {
            let view = UIView()
            view.addSubview(inner)
            return view
        })
        let child = ASDisplayNode()
        parent.addSubnode(child)
        #expect(parent.view.subviews == [inner, child.view])
    }

    /// A view block's view takes the node's properties, and the node still draws its background
    /// once: a half-transparent background stays half transparent.
    @Test func aViewBlocksViewTakesTheNodesBackgroundAndDrawsItOnce() throws {
        let made = UIView()
        let node = ASDisplayNode(viewBlock: { made })
        node.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let translucent = UIColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        node.backgroundColor = translucent
        #expect(node.view === made)
        #expect(made.backgroundColor === translucent)
        node.isUserInteractionEnabled = false
        #expect(!made.isUserInteractionEnabled)
        let bitmap = try node.renderBitmap(scale: 1)
        let pixel = try #require(bitmap.pixel(x: 5, y: 5))
        #expect(abs(Int(pixel >> 24) - 128) <= 1, "\(String(pixel, radix: 16))")
        #expect(made.backgroundColor === translucent)
    }

    /// Nodes are told as their views enter and leave a window (Texture's hierarchy callbacks),
    /// each once, supernodes' `willEnterHierarchy` first.
    @Test func hierarchyCallbacksFollowTheWindow() {
        final class Recording: ASDisplayNode {
            var calls: [String] = []
            override func willEnterHierarchy() { super.willEnterHierarchy(); calls.append("will") }
            override func didEnterHierarchy() { super.didEnterHierarchy(); calls.append("did") }
            override func didExitHierarchy() { super.didExitHierarchy(); calls.append("exit") }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let parent = Recording(), child = Recording()
        parent.addSubnode(child)
        window.addSubnode(parent)
        #expect(parent.calls == ["will", "did"] && child.calls == ["will", "did"])
        #expect(child.interfaceState == .inHierarchy)
        parent.view.removeFromSuperview()
        #expect(parent.calls == ["will", "did", "exit"] && child.calls == ["will", "did", "exit"])
        #expect(child.interfaceState == [])
    }
}
