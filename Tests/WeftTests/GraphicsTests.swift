import Foundation
import Testing
import Weft
import WeftTesting

@Suite struct GraphicsTests {
    @Test(arguments: [
        CGSize(width: -1, height: 10), CGSize(width: CGFloat.nan, height: 10), CGSize(width: 10, height: CGFloat.infinity),
    ])
    func invalidSizesAreErrors(size: CGSize) {
        // NaN is never equal to itself, so match the case rather than the value.
        #expect {
            _ = try Bitmap(size: size, scale: 1)
        } throws: { error in
            guard case GraphicsError.invalidSize = error else { return false }
            return true
        }
    }

    @Test func enormousAndBadScalesAreErrors() {
        #expect(throws: GraphicsError.tooLarge(pixelWidth: 40000, pixelHeight: 10)) {
            _ = try Bitmap(size: CGSize(width: 40000, height: 10), scale: 1)
        }
        #expect(throws: GraphicsError.tooLarge(pixelWidth: 30000, pixelHeight: 30000)) {
            _ = try Bitmap(pixelWidth: 30000, pixelHeight: 30000, scale: 1)
        }
        #expect(throws: GraphicsError.invalidScale(0)) { _ = try Bitmap(size: CGSize(width: 1, height: 1), scale: 0) }
        #expect(throws: GraphicsError.invalidScale(.infinity)) { _ = try Bitmap(size: CGSize(width: 1, height: 1), scale: .infinity) }
        let message = GraphicsError.invalidSize(CGSize(width: -2, height: 3)).description
        #expect(message.contains("-2.0") && message.contains("3.0"))
    }

    @Test func zeroSizeBitmapsAreEmptyNotErrors() throws {
        let bitmap = try Bitmap(size: .zero, scale: 2)
        #expect(bitmap.pixelWidth == 0 && bitmap.pixelHeight == 0)
        #expect(PNGEncoder().encode(bitmap).count > 0)
        #expect(bitmap.pixel(x: 0, y: 0) == nil)
    }

    @Test func pixelSizesRoundUpWithTolerance() throws {
        #expect(try Bitmap.pixelSize(for: CGSize(width: 100.0 / 3.0, height: 10.25), scale: 3) == (100, 31))
    }

    @Test func pathsGradientsClipsAndTransforms() throws {
        let node = ASDisplayNode(displayBlock: { bounds, context, _ in
            context.fill(Path(rect: bounds), with: .linear(from: .zero, to: CGPoint(x: bounds.width, y: bounds.height),
                                                           stops: Gradient.evenlySpaced([.systemTeal, .systemIndigo])))
            context.fill(Path(ellipseIn: CGRect(x: 4, y: 4, width: 24, height: 24)),
                         with: .radial(startCenter: CGPoint(x: 12, y: 12), startRadius: 0, endCenter: CGPoint(x: 16, y: 16), endRadius: 14,
                                       stops: [.init(location: 0, color: .white), .init(location: 1, color: .systemRed)]))
            context.withSavedState {
                context.clip(to: CGRect(x: 32, y: 0, width: 12, height: 32))
                context.fill(Path(roundedRect: CGRect(x: 28, y: 6, width: 24, height: 20), cornerRadius: 6), with: .systemYellow)
            }
            context.withSavedState {
                context.translateBy(x: 56, y: 16)
                context.rotate(by: .pi / 4)
                context.fill(CGRect(x: -6, y: -6, width: 12, height: 12), with: .black)
            }
            var stroke = Path()
            stroke.move(to: CGPoint(x: 4, y: 30))
            stroke.addLine(to: CGPoint(x: 68, y: 30))
            context.stroke(stroke, with: .white, lineWidth: 2)
            context.clear(CGRect(x: 70, y: 0, width: 2, height: 32))
        })
        node.frame = CGRect(x: 0, y: 0, width: 72, height: 32)
        expectGolden(node, named: "graphics/GraphicsContext/paths-gradients-clips")
    }

    @Test func bitmapsDrawnAtFractionalRectsAndAlpha() throws {
        let image = TestSupport.gradientImage(width: 20, height: 12, scale: 2)
        let node = ASDisplayNode(displayBlock: { _, context, _ in
            context.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 12))
            context.draw(image, in: CGRect(x: 22.5, y: 0.5, width: 30, height: 18))
            context.draw(image.bitmap, in: CGRect(x: 0, y: 14, width: 20, height: 12), alpha: 0.5)
            context.fill(CGRect(x: 56, y: 0, width: 20, height: 12), with: .systemGreen, maskedBy: image.bitmap)
        })
        node.frame = CGRect(x: 0, y: 0, width: 76, height: 26)
        expectGolden(node, named: "graphics/GraphicsContext/bitmaps")
    }
}
