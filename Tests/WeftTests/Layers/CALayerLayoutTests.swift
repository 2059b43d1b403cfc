import Foundation
import Synchronization
import Testing
@testable import Weft

/// Counts the layouts a layer's delegate is asked for.
private final class LayoutCountingDelegate: CALayerDelegate, @unchecked Sendable {
    // SAFETY: `count` is behind its mutex.
    let count = Mutex(0)
    func layoutSublayers(of layer: CALayer) { count.withLock { $0 += 1 } }
}

@Suite struct CALayerLayoutTests {
    /// A layer of its own needs layout until a pass lays it out, which asks its delegate; marking
    /// it again asks again. Sublayers that need layout are laid out in the same pass.
    @Test func aLayerOfItsOwnIsLaidOutWhenMarked() {
        let layer = CALayer(), sublayer = CALayer()
        let delegate = LayoutCountingDelegate(), subDelegate = LayoutCountingDelegate()
        layer.delegate = delegate
        sublayer.delegate = subDelegate
        layer.addSublayer(sublayer)
        #expect(layer.needsLayout() && sublayer.needsLayout())
        layer.layoutIfNeeded()
        #expect(!layer.needsLayout() && !sublayer.needsLayout())
        #expect(delegate.count.withLock { $0 } == 1 && subDelegate.count.withLock { $0 } == 1)
        layer.layoutIfNeeded()
        #expect(delegate.count.withLock { $0 } == 1, "nothing to do")
        sublayer.setNeedsLayout()
        layer.layoutIfNeeded()
        #expect(delegate.count.withLock { $0 } == 1 && subDelegate.count.withLock { $0 } == 2)
    }

    /// A node's layer needs layout while its node does: new, after `setNeedsLayout()` and after
    /// its size changed; a layout pass of the node (or of the layer) clears it.
    @Test func aNodesLayerNeedsLayoutWhileItsNodeDoes() {
        let node = ASDisplayNode()
        node.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        #expect(node.layerObject.needsLayout())
        node.layoutIfNeeded()
        #expect(!node.layerObject.needsLayout())
        node.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        #expect(node.layerObject.needsLayout())
        node.layerObject.layoutIfNeeded()
        #expect(!node.layerObject.needsLayout())
        node.layerObject.setNeedsLayout()
        #expect(node.layerObject.needsLayout())
    }

    /// A layer of its own shows a `UIImage` set as its contents, stretched over its bounds, among
    /// a node's; a value that is no image is kept and reported, and a node's layer's contents are
    /// the node's drawing.
    @Test func contentsOfALayerOfItsOwnAreDrawn() throws {
        let host = TestSupport.host(CGSize(width: 10, height: 10))
        let layer = CALayer()
        layer.frame = CGRect(x: 2, y: 2, width: 4, height: 4)
        layer.contents = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        host.layerObject.addSublayer(layer)
        let bitmap = try host.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 3, y: 3) == 0xFFFF_0000 && bitmap.pixel(x: 5, y: 5) == 0xFFFF_0000 && bitmap.pixel(x: 7, y: 7) == 0xFFFF_FFFF)

        let (_, odd) = WeftDiagnostics.collect(matching: "neither a UIImage") { layer.contents = "not an image" }
        #expect(odd.count == 1 && layer.contents as? String == "not an image")
        let node = ASDisplayNode()
        node.debugName = "contents-node"
        let (_, ignored) = WeftDiagnostics.collect(matching: "contents-node") { node.layerObject.contents = layer.contents }
        #expect(ignored.count == 1 && node.layerObject.contents == nil)
    }

    /// `displayNodeRecursiveDescription()` lists each node's debug description, with its address,
    /// a level of " | " deeper per level.
    @Test func theRecursiveDescriptionListsTheTree() {
        let root = ASDisplayNode(), child = ASDisplayNode(), grandchild = ASDisplayNode()
        root.debugName = "root"
        child.addSubnode(grandchild)
        root.addSubnode(child)
        let lines = root.displayNodeRecursiveDescription().split(separator: "\n")
        #expect(lines.count == 3 && lines[0].hasPrefix("<ASDisplayNode: 0x") && lines[0].contains("\"root\""))
        #expect(lines[1].hasPrefix(" | <ASDisplayNode: ") && lines[2].hasPrefix(" |  | <ASDisplayNode: "))
        #expect(root.layerObject.debugDescription.contains(root.debugDescription))

        var deepest = ASDisplayNode()
        let top = deepest
        for _ in 0..<3_000 {
            let next = ASDisplayNode()
            deepest.addSubnode(next)
            deepest = next
        }
        #expect(top.displayNodeRecursiveDescription().split(separator: "\n").count == 3_001)
    }
}
