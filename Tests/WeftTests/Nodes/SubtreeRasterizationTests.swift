import Foundation
import Testing
@testable import Weft

@Suite struct SubtreeRasterizationTests {
    /// A 20×10 node with a red and a blue square, the blue one reaching 5 points past its right edge.
    private func tree() -> (root: ASDisplayNode, red: ASDisplayNode, blue: ASDisplayNode) {
        let root = ASDisplayNode()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        root.backgroundColor = .white
        let red = TestSupport.box(CGRect(x: 0, y: 0, width: 10, height: 10), .red)
        let blue = TestSupport.box(CGRect(x: 15, y: 0, width: 10, height: 10), .blue)
        root.addSubnode(red)
        root.addSubnode(blue)
        return (root, red, blue)
    }

    /// The subtree drawn into the node's own contents gives the picture the separate layers give,
    /// and the node's layer tree composites no subnode of its own.
    @Test func aRasterizedSubtreeLooksTheSame() throws {
        let plain = try tree().root.renderBitmap(scale: 2)
        let (root, _, _) = tree()
        root.enableSubtreeRasterization()
        #expect(root.rasterizesSubtree)
        let rasterized = try root.renderBitmap(scale: 2)
        #expect(rasterized.hasSamePixels(as: plain))
        #expect(root.contents != nil && root.compositeLayer(scale: 2)?.sublayers.isEmpty == true)
    }

    /// Changing a subnode's appearance or contents redraws the rasterized contents.
    @Test func aChangeBelowRedrawsTheRasterizedContents() throws {
        let (root, red, _) = tree()
        root.enableSubtreeRasterization()
        _ = try root.renderBitmap(scale: 1)
        red.backgroundColor = .green
        let recoloured = try root.renderBitmap(scale: 1)
        #expect(recoloured.pixel(x: 5, y: 5) == 0xFF00_FF00)
        red.frame = CGRect(x: 0, y: 0, width: 4, height: 10)
        let moved = try root.renderBitmap(scale: 1)
        #expect(moved.pixel(x: 7, y: 5) == 0xFFFF_FFFF && moved.pixel(x: 2, y: 5) == 0xFF00_FF00)
    }

    /// Nodes under a rasterizing node do not display on their own; the rasterizing node's display
    /// draws them, and `setNeedsDisplay()` below makes it draw again.
    @Test func subnodesDisplayOnlyThroughTheRasterizingNode() throws {
        let root = ASDisplayNode()
        root.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let leaf = ASDisplayNode()
        leaf.frame = root.bounds
        leaf.displaysAsynchronously = false
        leaf.displayBlock = { bounds, context, _ in context.fill(Path(rect: bounds), with: .red) }
        root.addSubnode(leaf)
        root.enableSubtreeRasterization()
        root.displaysAsynchronously = false
        leaf.setInterfaceState([.preload, .display])
        #expect(leaf.contents == nil, "no display of its own")
        root.setInterfaceState([.preload, .display])
        #expect(root.contents?.pixel(x: 5, y: 5) == 0xFFFF_0000 && leaf.contents != nil)
        leaf.displayBlock = { bounds, context, _ in context.fill(Path(rect: bounds), with: .blue) }
        leaf.setNeedsDisplay()
        #expect(root.contents?.pixel(x: 5, y: 5) == 0xFF00_00FF)
    }

    /// As in Texture, rasterization must be enabled before anything loads and not twice in one subtree.
    @MainActor @Test func misuseIsReportedAndChangesNothing() {
        let (root, red, _) = tree()
        root.enableSubtreeRasterization()
        red.debugName = "nested-rasterization"
        let (_, nested) = WeftDiagnostics.collect(matching: "nested-rasterization") { red.enableSubtreeRasterization() }
        #expect(nested.count == 1 && !red.rasterizesSubtree)
        let loaded = ASDisplayNode()
        loaded.debugName = "loaded-rasterization"
        _ = loaded.view
        let (_, late) = WeftDiagnostics.collect(matching: "loaded-rasterization") { loaded.enableSubtreeRasterization() }
        #expect(late.count == 1 && !loaded.rasterizesSubtree)
    }
}
