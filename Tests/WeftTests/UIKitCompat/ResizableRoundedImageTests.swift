import Foundation
import Testing
import Weft

/// Resizable images (cap insets, nine-slice stretching) and Texture's
/// `as_resizableRoundedImage(withCornerRadius:cornerColor:fill:)`.
@Suite struct ResizableRoundedImageTests {
    static func render(_ size: CGSize, _ body: () -> Void) -> Bitmap {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: size, format: format).image { _ in body() }.bitmap
    }

    @Test func theRoundedImageIsMinimalAndResizable() {
        let image = withScreenScale(2) { UIImage.as_resizableRoundedImage(withCornerRadius: 4, cornerColor: nil, fill: .red) }
        #expect(image.size == CGSize(width: 9, height: 9) && image.scale == 2)
        #expect(image.capInsets == UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4))
        #expect(image.bitmap.pixel(x: 0, y: 0) == 0, "clear corners")
        #expect(image.bitmap.pixel(x: 9, y: 9) == 0xFFFF_0000)
    }

    @Test func stretchingKeepsTheCornersRound() {
        let image = UIImage.as_resizableRoundedImage(withCornerRadius: 4, cornerColor: nil, fill: .red)
        let bitmap = Self.render(CGSize(width: 60, height: 20)) { image.draw(in: CGRect(x: 0, y: 0, width: 60, height: 20)) }
        #expect(bitmap.pixel(x: 0, y: 0) == 0 && bitmap.pixel(x: 59, y: 19) == 0, "corners stay transparent")
        #expect(bitmap.pixel(x: 30, y: 0) == 0xFFFF_0000, "the top edge is stretched, not rounded")
        #expect(bitmap.pixel(x: 0, y: 10) == 0xFFFF_0000, "the left edge too")
        #expect(bitmap.pixel(x: 30, y: 10) == 0xFFFF_0000)
        // Drawn plainly (the same pixels without caps), the corner would be stretched into a big curve.
        let plain = UIImage(bitmap: image.bitmap)
        let stretched = Self.render(CGSize(width: 60, height: 20)) { plain.draw(in: CGRect(x: 0, y: 0, width: 60, height: 20)) }
        #expect(stretched.pixel(x: 3, y: 1) != 0xFFFF_0000 && bitmap.pixel(x: 3, y: 1) == 0xFFFF_0000)
    }

    @Test func cornerColourAndBorder() {
        let image = UIImage.as_resizableRoundedImage(withCornerRadius: 5, cornerColor: .white, fill: .blue, borderColor: .black,
                                                     borderWidth: 2, roundedCorners: .allCorners, scale: 1)
        #expect(image.scale == 1 && image.bitmap.isOpaque)
        #expect(image.bitmap.pixel(x: 0, y: 0) == 0xFFFF_FFFF, "corners in the corner colour")
        let border = image.bitmap.pixel(x: 5, y: 0) ?? 0
        #expect(border >> 24 == 0xFF && border & 0xFF_FFFF < 0x10, "the border, black, inside the edge (the curves meet here: a trace of blue)")
        #expect(image.bitmap.pixel(x: 5, y: 5) == 0xFF00_00FF)
    }

    @Test func capInsetsAreRepairedAndReported() {
        let image = UIImage(bitmap: try! Bitmap(size: CGSize(width: 4, height: 4), scale: 1))
        let (resizable, reports) = WeftDiagnostics.collect(matching: "resizableImage") {
            image.resizableImage(withCapInsets: UIEdgeInsets(top: -1, left: 3, bottom: .nan, right: 3))
        }
        #expect(resizable.capInsets == UIEdgeInsets(top: 0, left: 3, bottom: 0, right: 1))
        #expect(!reports.isEmpty)
    }

    @Test func anImageNodeStretchesAResizableImage() throws {
        let node = ASImageNode()
        node.image = UIImage.as_resizableRoundedImage(withCornerRadius: 3, cornerColor: nil, fill: .green)
        node.frame = CGRect(x: 0, y: 0, width: 50, height: 10)
        let traits = Traits()
        node.imageModificationBlock = { image, traitCollection in
            traits.record(traitCollection, image.capInsets)
            return image
        }
        let bitmap = try node.renderBitmap(scale: 2)
        #expect(bitmap.pixel(x: 0, y: 0) == 0)
        #expect(bitmap.pixel(x: 50, y: 0) == 0xFF00_FF00, "the top edge runs the whole width")
        #expect(bitmap.pixel(x: 99, y: 10) == 0xFF00_FF00)
        #expect(traits.seen == [ASPrimitiveTraitCollection(displayScale: 2, )])
        #expect(traits.insets == UIEdgeInsets(top: 3, left: 3, bottom: 3, right: 3), "the block gets the resizable image itself")
    }
}

/// What an image modification block was given, from the display thread.
final class Traits: @unchecked Sendable {
    // SAFETY: every access holds `lock`.
    private let lock = NSLock()
    private var _seen: [ASPrimitiveTraitCollection] = []
    private var _insets: UIEdgeInsets?
    func record(_ traits: ASPrimitiveTraitCollection, _ insets: UIEdgeInsets) {
        lock.withLock { _seen.append(traits); _insets = insets }
    }
    var seen: [ASPrimitiveTraitCollection] { lock.withLock { _seen } }
    var insets: UIEdgeInsets? { lock.withLock { _insets } }
}
