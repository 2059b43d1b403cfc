import Foundation
import Testing
@testable import Weft

/// Core Animation's edge antialiasing of turned layers, and its display-on-resize rule.
@Suite struct EdgeAntialiasingTests {
    /// A blue square turned 30° on white, rendered at scale 1 with the given flags.
    private func turned(antialiased: Bool, mask: CAEdgeAntialiasingMask? = nil) throws -> Bitmap {
        let box = TestSupport.box(CGRect(x: 10, y: 10, width: 20, height: 20), .blue)
        box.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        box.allowsEdgeAntialiasing = antialiased
        if let mask { box.edgeAntialiasingMask = mask }
        return try TestSupport.host(CGSize(width: 40, height: 40), box).renderBitmap(scale: 1)
    }

    /// The pixels that are neither the white host nor the opaque blue box: the blended edges.
    private func blended(_ bitmap: Bitmap) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<bitmap.pixelHeight {
            for x in 0..<bitmap.pixelWidth where ![0xFFFF_FFFF, 0xFF00_00FF].contains(bitmap.pixel(x: x, y: y)) {
                found.append((x, y))
            }
        }
        return found
    }

    @Test func aTurnedLayerHasSteppedEdgesByDefault() throws {
        let bitmap = try turned(antialiased: false)
        #expect(blended(bitmap).isEmpty, "every pixel is wholly in or out")
        #expect(bitmap.pixel(x: 20, y: 20) == 0xFF00_00FF)
    }

    @Test func allowsEdgeAntialiasingBlendsTheEdges() throws {
        #expect(blended(try turned(antialiased: true)).count > 20)
    }

    @Test func anEmptyMaskLeavesEveryEdgeStepped() throws {
        #expect(blended(try turned(antialiased: true, mask: [])).isEmpty)
    }

    /// Only the left edge (minimum x in the layer's space) blends; turned 30° clockwise, it runs
    /// down the left of the picture, so every blended pixel lies left of the centre.
    @Test func theMaskChoosesTheEdges() throws {
        let left = blended(try turned(antialiased: true, mask: [.layerLeftEdge]))
        #expect(left.count > 5)
        #expect(left.allSatisfy { $0.x < 20 }, "blended pixels: \(left)")
        let all = blended(try turned(antialiased: true))
        #expect(left.count < all.count)
    }

    @Test func anUnturnedLayerIsUnaffected() throws {
        let box = TestSupport.box(CGRect(x: 10.5, y: 10, width: 20, height: 20), .blue)
        box.transform = CATransform3DMakeScale(1, 1, 1)
        let bitmap = try TestSupport.host(CGSize(width: 40, height: 40), box).renderBitmap(scale: 1)
        #expect(!blended(bitmap).isEmpty, "a half-pixel edge still blends")
    }

    /// Without `needsDisplayOnBoundsChange` a resize keeps the finished contents (stretched); with
    /// it the node draws again at its new size.
    @Test func needsDisplayOnBoundsChangeRedrawsOnAResize() throws {
        for redraws in [false, true] {
            let node = ASDisplayNode()
            node.needsDisplayOnBoundsChange = redraws
            node.displayBlock = { bounds, context, _ in context.fill(bounds, with: .blue) }
            node.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            _ = try node.renderBitmap(scale: 1)
            #expect(node.contents?.pixelWidth == 10)
            node.frame = CGRect(x: 0, y: 0, width: 30, height: 10)
            _ = try node.renderBitmap(scale: 1)
            #expect(node.contents?.pixelWidth == (redraws ? 30 : 10), "needsDisplayOnBoundsChange \(redraws)")
            node.setNeedsDisplay()
            _ = try node.renderBitmap(scale: 1)
            #expect(node.contents?.pixelWidth == 30)
        }
    }

    @Test func aNodeWithoutContentsDrawsAtItsNewSize() throws {
        let node = ASDisplayNode()
        node.displayBlock = { bounds, context, _ in context.fill(bounds, with: .blue) }
        node.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        node.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        _ = try node.renderBitmap(scale: 1)
        #expect(node.contents?.pixelWidth == 20)
        #expect(ASTextNode().needsDisplayOnBoundsChange, "text nodes redraw on a resize, as Texture's")
    }
}
