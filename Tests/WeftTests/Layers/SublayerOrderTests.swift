import Foundation
import Testing
@testable import Weft

/// One ordered list of sublayers per layer, as in Core Animation: a node's layer interleaves its
/// subnodes' layers with the layers and views added to it, a view's subviews are the views among
/// its layer's sublayers, and drawing follows the list.
@Suite struct SublayerOrderTests {
    /// The names of `layer`'s sublayers, back to front (a node's layer is named by its node's `debugName`).
    private func order(_ layer: CALayer) -> String {
        (layer.sublayers ?? []).map { $0.name ?? "?" }.joined(separator: ",")
    }

    private func named(_ name: String) -> ASDisplayNode {
        let node = ASDisplayNode()
        node.debugName = name
        return node
    }

    private func plainLayer(_ name: String, _ frame: CGRect = .zero, _ color: UIColor? = nil) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.frame = frame
        layer.backgroundColor = color?.cgColor
        return layer
    }

    /// The pixel `color` paints on white, as a plain view draws it.
    @MainActor private func pixel(of color: UIColor) throws -> UInt32? {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: 1))
        view.backgroundColor = color
        return try view.renderBitmap(scale: 1).pixel(x: 0, y: 0)
    }

    /// A layer added to a plain view's layer is drawn, in list order between two subviews: each
    /// later one covers the overlap with the earlier.
    @MainActor @Test func aLayerAddedToAPlainViewDrawsBetweenItsSubviews() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 10))
        root.backgroundColor = .white
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        back.backgroundColor = .systemRed
        let front = UIView(frame: CGRect(x: 14, y: 0, width: 20, height: 10))
        front.backgroundColor = .systemBlue
        let middle = plainLayer("middle", CGRect(x: 7, y: 0, width: 20, height: 10), .systemGreen)
        root.addSubview(back)
        root.layer.addSublayer(middle)
        root.addSubview(front)
        #expect(root.subviews == [back, front])
        #expect(root.layer.sublayers?.map(ObjectIdentifier.init) == [back.layer, middle, front.layer].map(ObjectIdentifier.init))

        let (red, green, blue, white) = (try pixel(of: .systemRed), try pixel(of: .systemGreen), try pixel(of: .systemBlue), try pixel(of: .white))
        var bitmap = try root.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 3, y: 5) == red)
        #expect(bitmap.pixel(x: 10, y: 5) == green)
        #expect(bitmap.pixel(x: 17, y: 5) == blue && bitmap.pixel(x: 30, y: 5) == blue)
        #expect(bitmap.pixel(x: 37, y: 5) == white)

        // Below the back view, the layer shows only where no view covers it.
        root.layer.insertSublayer(middle, below: back.layer)
        #expect(root.layer.sublayers?.first === middle && root.subviews == [back, front])
        bitmap = try root.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 10, y: 5) == red && bitmap.pixel(x: 17, y: 5) == blue)

        // Clipped by its view, as the view's subviews are.
        let clipped = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        clipped.backgroundColor = .white
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        container.clipsToBounds = true
        container.layer.addSublayer(plainLayer("overflowing", CGRect(x: 5, y: 0, width: 10, height: 10), .systemGreen))
        clipped.addSubview(container)
        bitmap = try clipped.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 7, y: 5) == green && bitmap.pixel(x: 12, y: 5) == white)
    }

    /// A layer inserted between two subnodes draws between them when the node renders.
    @Test func aLayerBetweenSubnodesDrawsBetweenThem() throws {
        let back = TestSupport.box(CGRect(x: 0, y: 0, width: 20, height: 10), .systemRed)
        let front = TestSupport.box(CGRect(x: 14, y: 0, width: 20, height: 10), .systemBlue)
        let host = TestSupport.host(CGSize(width: 40, height: 10), back, front)
        let middle = plainLayer("middle", CGRect(x: 7, y: 0, width: 20, height: 10), .systemGreen)
        host.layerObject.insertSublayer(middle, above: back.layerObject)
        #expect(host.layerObject.sublayers?.map(ObjectIdentifier.init) == [back.layerObject, middle, front.layerObject].map(ObjectIdentifier.init))

        func color(_ color: UIColor) throws -> UInt32? {
            try TestSupport.box(CGRect(x: 0, y: 0, width: 1, height: 1), color).renderBitmap(scale: 1).pixel(x: 0, y: 0)
        }
        var bitmap = try host.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 3, y: 5) == (try color(.systemRed)))
        #expect(bitmap.pixel(x: 10, y: 5) == (try color(.systemGreen)))
        #expect(bitmap.pixel(x: 17, y: 5) == (try color(.systemBlue)))

        // zPosition still sorts: raised, the layer covers the front subnode.
        middle.zPosition = 1
        bitmap = try host.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 17, y: 5) == (try color(.systemGreen)))
    }

    /// A view inserted between a node's subnodes takes its place in the list, but views draw
    /// where the view tree is rendered, above the node's subnodes; a node's render leaves it out.
    @MainActor @Test func aViewAmongSubnodesDrawsAboveThemInTheViewTree() throws {
        let back = TestSupport.box(CGRect(x: 0, y: 0, width: 20, height: 10), .systemRed)
        let front = TestSupport.box(CGRect(x: 14, y: 0, width: 20, height: 10), .systemBlue)
        let host = TestSupport.host(CGSize(width: 40, height: 10), back, front)
        let middle = UIView(frame: CGRect(x: 7, y: 0, width: 20, height: 10))
        middle.backgroundColor = .systemGreen
        host.view.insertSubview(middle, aboveSubview: back.view)
        #expect(host.view.subviews == [back.view, middle, front.view])
        #expect(host.layer.sublayers?.map(ObjectIdentifier.init) == [back.layer, middle.layer, front.layer].map(ObjectIdentifier.init))
        let (red, green, blue) = (try pixel(of: .systemRed), try pixel(of: .systemGreen), try pixel(of: .systemBlue))
        let viewTree = try host.view.renderBitmap(scale: 1)
        #expect(viewTree.pixel(x: 3, y: 5) == red && viewTree.pixel(x: 17, y: 5) == green && viewTree.pixel(x: 30, y: 5) == blue)
        let nodeTree = try host.renderBitmap(scale: 1)
        #expect(nodeTree.pixel(x: 10, y: 5) == red && nodeTree.pixel(x: 17, y: 5) == blue)
    }

    /// Subnode edits after layers were added among the subnodes keep the order Texture's index
    /// arithmetic gives: at an index, directly above the subnode before it; below a subnode,
    /// directly below it; above one, directly above it; added, on top; replaced, in its place.
    @MainActor @Test func subnodeEditsKeepTexturesOrderAmongAddedLayers() {
        let parent = named("parent")
        let (a, b, c, d, e, f, g, h) = (named("a"), named("b"), named("c"), named("d"), named("e"), named("f"), named("g"), named("h"))
        let (p, q) = (plainLayer("p"), plainLayer("q"))
        let layer = parent.layerObject
        parent.addSubnode(a)
        parent.addSubnode(b)
        layer.insertSublayer(p, above: a.layerObject)
        layer.addSublayer(q)
        #expect(order(layer) == "a,p,b,q")
        parent.insertSubnode(c, at: 1)
        #expect(order(layer) == "a,c,p,b,q")
        parent.insertSubnode(d, at: 0)
        #expect(order(layer) == "d,a,c,p,b,q")
        parent.insertSubnode(e, belowSubnode: b)
        #expect(order(layer) == "d,a,c,p,e,b,q")
        parent.insertSubnode(f, aboveSubnode: c)
        #expect(order(layer) == "d,a,c,f,p,e,b,q")
        parent.addSubnode(g)
        #expect(order(layer) == "d,a,c,f,p,e,b,q,g")
        parent.replaceSubnode(e, withSubnode: h)
        #expect(order(layer) == "d,a,c,f,p,h,b,q,g")
        c.removeFromSupernode()
        a.removeFromSupernode()
        #expect(order(layer) == "d,f,p,h,b,q,g")
        // A subnode moving along its own supernode leaves its place first.
        parent.insertSubnode(f, aboveSubnode: b)
        #expect(order(layer) == "d,p,h,b,f,q,g")
        #expect(parent.subnodes.map { $0.debugName ?? "" } == ["d", "h", "b", "f", "g"])
        p.removeFromSuperlayer()
        #expect(order(layer) == "d,h,b,f,q,g" && p.superlayer == nil && q.superlayer === layer)
        // A node's layer inserted at a sublayer index is a sublayer there, not a subnode (Texture's layers do not hitch up).
        layer.insertSublayer(a.layerObject, at: 5)
        #expect(order(layer) == "d,h,b,f,q,a,g" && parent.subnodes.map { $0.debugName ?? "" } == ["d", "h", "b", "f", "g"])
        #expect(a.supernode == nil && a.layerObject.superlayer === layer)
        // A node's view inserted into a node's view becomes a subnode at that sublayer index, as
        // Texture's `_ASDisplayView` hitches itself up.
        parent.view.insertSubview(c.view, at: 2)
        #expect(order(layer) == "d,h,c,b,f,q,a,g" && parent.subnodes.map { $0.debugName ?? "" } == ["d", "h", "c", "b", "f", "g"])
        #expect(c.view.superview === parent.view)
        c.view.removeFromSuperview()
        #expect(c.supernode == nil && order(layer) == "d,h,b,f,q,a,g")
    }

    /// Subnode edits and layer inserts racing on one node from several threads leave one
    /// consistent list: every subnode and layer that stayed, once each.
    @Test func racingEditsKeepOneConsistentList() {
        // Nodes and layers guard their own state (the tree-edit lock, each node's and layer's mutex).
        nonisolated(unsafe) let parent = named("parent")
        nonisolated(unsafe) let layer = parent.layerObject
        nonisolated(unsafe) let nodes = (0..<64).map { named("n\($0)") }
        nonisolated(unsafe) let layers = (0..<64).map { plainLayer("l\($0)") }
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            parent.insertSubnode(nodes[i], at: i % 3)
            layer.insertSublayer(layers[i], at: UInt32(i % 5))
            if i % 4 == 0 {
                nodes[i].removeFromSupernode()
                layers[i].removeFromSuperlayer()
            }
        }
        let list = layer.sublayers ?? []
        #expect(list.count == 96 && Set(list.map(ObjectIdentifier.init)).count == 96)
        #expect(parent.subnodes.count == 48 && list.allSatisfy { $0.superlayer === layer })
    }

    /// Removing a view or a layer takes it out of both `subviews` and `sublayers`; moving a
    /// subview to the front or back moves its layer in the list.
    @MainActor @Test func removingAViewOrALayerUpdatesSubviewsAndSublayers() {
        let parent = named("parent"), a = named("a")
        parent.addSubnode(a)
        let view = UIView(), layer = plainLayer("l")
        parent.view.addSubview(view)
        parent.layer.addSublayer(layer)
        #expect(parent.view.subviews == [a.view, view])
        #expect(parent.layer.sublayers?.map(ObjectIdentifier.init) == [a.layer, view.layer, layer].map(ObjectIdentifier.init))
        view.removeFromSuperview()
        #expect(parent.view.subviews == [a.view] && view.superview == nil && view.layer.superlayer == nil)
        #expect(parent.layer.sublayers?.map(ObjectIdentifier.init) == [a.layer, layer].map(ObjectIdentifier.init))
        layer.removeFromSuperlayer()
        #expect(parent.layer.sublayers?.map(ObjectIdentifier.init) == [ObjectIdentifier(a.layer)])

        let root = UIView(), x = UIView(), y = UIView(), middle = plainLayer("m")
        root.addSubview(x)
        root.layer.addSublayer(middle)
        root.addSubview(y)
        root.sendSubviewToBack(y)
        #expect(root.layer.sublayers?.map(ObjectIdentifier.init) == [y.layer, x.layer, middle].map(ObjectIdentifier.init))
        root.bringSubviewToFront(y)
        #expect(root.layer.sublayers?.map(ObjectIdentifier.init) == [x.layer, middle, y.layer].map(ObjectIdentifier.init))
        root.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(root.subviews == [y, x] && root.layer.sublayers?[1] === middle)
        root.insertSubview(x, belowSubview: y)
        #expect(root.subviews == [x, y] && root.layer.sublayers?.last === middle)
        // A subview's layer taken out of the list is no subview any more.
        y.layer.removeFromSuperlayer()
        #expect(root.subviews == [x] && root.layer.sublayers?.count == 2 && y.superview == nil)
        // A sibling that is no subview is reported, and the view goes on top.
        let stranger = UIView()
        let (_, reports) = WeftDiagnostics.collect(matching: "insertSubview(_:aboveSubview:)") { root.insertSubview(stranger, aboveSubview: y) }
        #expect(reports.count == 1 && root.subviews == [x, stranger])
    }

    /// A node's layer added to another node's layer, or to a plain view's, is drawn through its
    /// node: laid out and displayed by the render, though it is no subnode (as in Texture, where
    /// Core Animation displays every layer in the tree).
    @MainActor @Test func aNodesLayerAddedAsASublayerIsLaidOutAndDrawn() throws {
        /// A node whose spec places a blue box 10 pt in from its left edge: blank unless laid out.
        func insetBlueNode(_ frame: CGRect) -> ASDisplayNode {
            let node = ASDisplayNode(), inner = TestSupport.box(.zero, .systemBlue)
            node.frame = frame
            node.automaticallyManagesSubnodes = true
            node.layoutSpecBlock = { _, _ in ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 0), child: inner) }
            return node
        }
        let (white, blue) = (try pixel(of: .white), try pixel(of: .systemBlue))
        let host = TestSupport.box(CGRect(x: 0, y: 0, width: 30, height: 10), .white)
        let added = insetBlueNode(CGRect(x: 10, y: 0, width: 20, height: 10))
        host.layer.addSublayer(added.layer)
        #expect(host.subnodes.isEmpty && added.supernode == nil && added.layer.superlayer === host.layer)
        let nodeTree = try host.renderBitmap(scale: 1)
        #expect(nodeTree.pixel(x: 15, y: 5) == white && nodeTree.pixel(x: 25, y: 5) == blue)

        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 10))
        plain.backgroundColor = .white
        let between = CALayer()
        between.frame = CGRect(x: 10, y: 0, width: 20, height: 10)
        // Kept in a local: a layer holds its node weakly, as Texture's does.
        let again = insetBlueNode(CGRect(x: 0, y: 0, width: 20, height: 10))
        between.addSublayer(again.layer)
        plain.layer.addSublayer(between)
        let viewTree = try plain.renderBitmap(scale: 1)
        #expect(viewTree.pixel(x: 15, y: 5) == white && viewTree.pixel(x: 25, y: 5) == blue)
        withExtendedLifetime(again) {}
    }
}
