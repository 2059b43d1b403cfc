import Foundation
import Testing
@testable import Weft
import WeftTesting

/// Core Animation properties drawn where Core Animation draws them: transforms about the anchor
/// point, zPosition among siblings, part-by-part opacity and shadows.
@Suite struct LayerCompositingTests {
    /// A square rotated 45° about its centre, one scaled about a corner anchor, and a parent whose
    /// subnode transform moves its child.
    @Test func transforms() {
        let rotated = TestSupport.box(CGRect(x: 8, y: 8, width: 24, height: 24), .systemBlue)
        rotated.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let scaled = TestSupport.box(CGRect(x: 44, y: 8, width: 24, height: 24), .systemRed)
        scaled.anchorPoint = .zero
        scaled.frame = CGRect(x: 44, y: 8, width: 24, height: 24)
        scaled.transform = CATransform3DMakeScale(0.5, 1, 1)
        let parent = TestSupport.box(CGRect(x: 76, y: 4, width: 32, height: 32), UIColor(white: 0.85, alpha: 1))
        parent.subnodeTransform = CATransform3DMakeTranslation(6, 6, 0)
        parent.addSubnode(TestSupport.box(CGRect(x: 0, y: 0, width: 14, height: 14), .systemGreen))
        expectGolden(TestSupport.host(CGSize(width: 112, height: 40), rotated, scaled, parent), named: "nodes/Layers/transform")
    }

    /// A higher zPosition draws above later siblings; equal values keep the subnode order.
    @Test func zPositionOrdersSiblings() throws {
        let back = TestSupport.box(CGRect(x: 4, y: 4, width: 24, height: 24), .systemRed)
        back.zPosition = 1
        let middle = TestSupport.box(CGRect(x: 14, y: 10, width: 24, height: 24), .systemGreen)
        let front = TestSupport.box(CGRect(x: 24, y: 16, width: 24, height: 24), .systemBlue)
        let host = TestSupport.host(CGSize(width: 52, height: 44), back, middle, front)
        expectGolden(host, named: "nodes/Layers/zposition")
        // Red, raised, covers the green/blue overlap it shares with them.
        let bitmap = try host.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 26, y: 18) == (try TestSupport.box(CGRect(x: 0, y: 0, width: 1, height: 1), .systemRed).renderBitmap(scale: 1)).pixel(x: 0, y: 0))
    }

    /// Shadows from a rounded background and from a shadow path (set on the layer: Texture's node
    /// has no `shadowPath`).
    @MainActor @Test func shadows() {
        let card = TestSupport.box(CGRect(x: 10, y: 10, width: 30, height: 24), .white)
        card.cornerRadius = 6
        card.shadowOpacity = 0.5
        card.shadowRadius = 3
        card.shadowOffset = CGSize(width: 0, height: 2)
        let pathed = TestSupport.box(CGRect(x: 54, y: 10, width: 30, height: 24), .systemYellow)
        pathed.shadowOpacity = 0.8
        pathed.shadowColor = UIColor.systemBlue.cgColor
        pathed.layer.shadowPath = Path(ellipseIn: CGRect(x: -4, y: 14, width: 38, height: 14))
        pathed.shadowRadius = 2
        let host = TestSupport.host(CGSize(width: 96, height: 46), card, pathed, background: UIColor(white: 0.93, alpha: 1))
        expectGolden(host, named: "nodes/Layers/shadow")
    }

    /// Without group opacity, overlapping subnodes show through each other.
    @Test func opacityWithoutAGroupShowsOverlaps() throws {
        func render(grouped: Bool) throws -> Bitmap {
            let parent = TestSupport.box(CGRect(x: 0, y: 0, width: 30, height: 20), .clear)
            parent.backgroundColor = nil
            parent.addSubnode(TestSupport.box(CGRect(x: 0, y: 0, width: 20, height: 20), .systemRed))
            parent.addSubnode(TestSupport.box(CGRect(x: 10, y: 0, width: 20, height: 20), .systemBlue))
            parent.alpha = 0.5
            parent.allowsGroupOpacity = grouped
            return try TestSupport.host(CGSize(width: 30, height: 20), parent).renderBitmap(scale: 1)
        }
        let grouped = try render(grouped: true), parts = try render(grouped: false)
        // Outside the overlap both agree; inside it, only the ungrouped one lets red through.
        #expect(grouped.pixel(x: 5, y: 10) == parts.pixel(x: 5, y: 10))
        #expect(grouped.pixel(x: 15, y: 10) != parts.pixel(x: 15, y: 10))
    }

    /// A tree with no layer effects captures none, so it keeps every fast path.
    @Test func plainTreesCaptureNoEffects() {
        let host = TestSupport.host(CGSize(width: 20, height: 20), TestSupport.box(CGRect(x: 0, y: 0, width: 10, height: 10), .red))
        host.zPosition = 0
        host.allowsEdgeAntialiasing = true
        let layer = host.compositeLayer(asRoot: true)
        #expect(layer?.effects == nil && layer?.sublayers.first?.effects == nil)
        host.subnodes[0].transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        #expect(host.compositeLayer(asRoot: true)?.sublayers.first?.effects != nil)
    }

    /// A layer of its own added to a node's layer draws above the subnodes, shape layers included.
    @MainActor @Test func hostedLayersDraw() throws {
        let host = TestSupport.host(CGSize(width: 20, height: 20))
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        shape.path = Path(rect: CGRect(x: 5, y: 5, width: 10, height: 10))
        shape.fillColor = UIColor.systemRed.cgColor
        host.layer.addSublayer(shape)
        let red = try TestSupport.box(CGRect(x: 0, y: 0, width: 1, height: 1), .systemRed).renderBitmap(scale: 1).pixel(x: 0, y: 0)
        let bitmap = try host.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 10, y: 10) == red && bitmap.pixel(x: 1, y: 1) != red)
    }
}
