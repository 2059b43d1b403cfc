import Foundation
import Synchronization
import Testing
import Weft

/// UIKit's `UIGraphicsImageRenderer`: images from drawing closures, on any thread.
@Suite struct UIGraphicsImageRendererTests {
    static func format(scale: CGFloat, opaque: Bool = false) -> UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = opaque
        return format
    }

    @Test func drawsWithTheFormatsScale() {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 6, height: 4), format: Self.format(scale: 2))
        let image = renderer.image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 3, height: 4))
            context.cgContext.setFillColor(UIColor.blue.cgColor)
            context.cgContext.fill(CGRect(x: 3, y: 0, width: 3, height: 2))
            #expect(context.format.scale == 2)
            #expect(UIGraphicsGetCurrentContext() === context.cgContext)
        }
        #expect(image.size == CGSize(width: 6, height: 4) && image.scale == 2)
        #expect(image.bitmap.pixel(x: 5, y: 7) == 0xFFFF_0000)
        #expect(image.bitmap.pixel(x: 6, y: 3) == 0xFF00_00FF)
        #expect(image.bitmap.pixel(x: 6, y: 4) == 0, "not drawn: transparent")
        #expect(UIGraphicsGetCurrentContext() == nil, "the context is current only inside the closure")
    }

    @Test func theDefaultFormatIsTheScreens() {
        withScreenScale(3) {
            #expect(UIGraphicsImageRendererFormat().scale == 3)
            #expect(UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1)).image { _ in }.scale == 3)
        }
    }

    @Test func boundsOriginIsTheTopLeft() {
        let renderer = UIGraphicsImageRenderer(bounds: CGRect(x: 10, y: 10, width: 4, height: 4), format: Self.format(scale: 1))
        let image = renderer.image { _ in
            UIColor.green.setFill()
            UIRectFill(CGRect(x: 10, y: 10, width: 2, height: 2))
        }
        #expect(image.bitmap.pixel(x: 1, y: 1) == 0xFF00_FF00)
        #expect(image.bitmap.pixel(x: 2, y: 2) == 0)
    }

    @Test func currentImageAndStrokeAndPNG() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 5, height: 5), format: Self.format(scale: 1, opaque: true))
        let data = renderer.pngData { context in
            UIColor.white.setFill()
            context.stroke(CGRect(x: 0, y: 0, width: 5, height: 5))
            #expect(context.currentImage.bitmap.pixel(x: 0, y: 2) == 0xFFFF_FFFF)
            #expect(context.currentImage.bitmap.pixel(x: 2, y: 2) == 0xFF00_0000, "inside the 1-point frame: the opaque black start")
        }
        let image = try #require(UIImage(data: data))
        #expect(image.bitmap.pixel(x: 4, y: 4) == 0xFFFF_FFFF && image.bitmap.isOpaque)
    }

    @Test(arguments: [CGSize.zero, CGSize(width: CGFloat.nan, height: 1)])
    func anUndrawableSizeGivesAnEmptyImageAndAReport(_ size: CGSize) {
        let ran = Mutex(false)
        let (image, reports) = WeftDiagnostics.collect(matching: "UIGraphicsImageRenderer") {
            UIGraphicsImageRenderer(size: size, format: Self.format(scale: 1)).image { _ in ran.withLock { $0 = true } }
        }
        #expect(image.bitmap.pixelWidth == 0 && image.bitmap.pixelHeight == 0)
        #expect(!ran.withLock { $0 })
        #expect(reports.contains { $0.message.contains("cannot be drawn") })
    }

    @Test func oneRendererDrawsOnManyThreadsAtOnce() {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 16, height: 16), format: Self.format(scale: 1))
        let colors: [UIColor] = [.red, .green, .blue, .white]
        let pixels = Mutex<[Int: UInt32]>([:])
        DispatchQueue.concurrentPerform(iterations: 32) { i in
            let color = colors[i % colors.count]
            let image = renderer.image { context in
                for _ in 0..<20 {
                    color.setFill()
                    UIBezierPath(ovalIn: CGRect(x: -8, y: -8, width: 32, height: 32)).fill()
                }
            }
            pixels.withLock { $0[i] = image.bitmap.pixel(x: 8, y: 8) }
        }
        let expected: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF]
        #expect(pixels.withLock { $0 }.allSatisfy { $0.value == expected[$0.key % 4] })
    }
}
