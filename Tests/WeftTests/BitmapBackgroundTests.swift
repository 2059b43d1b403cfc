import Foundation
import Testing
@testable import Weft

/// `Bitmap(size:scale:background:drawing:)`: an opaque background over whole pixels is painted over
/// recycled memory without clearing it first, and every pixel is what clearing and filling give.
@Suite struct BitmapBackgroundTests {
    static func filledTheOldWay(_ size: CGSize, scale: CGFloat, _ background: UIColor) throws -> Bitmap {
        try Bitmap(size: size, scale: scale) { context in
            context.fill(CGRect(origin: .zero, size: size), with: background)
            context.fill(CGRect(x: 2, y: 1, width: 5, height: 3), with: UIColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        }
    }

    static func filledTheNewWay(_ size: CGSize, scale: CGFloat, _ background: UIColor) throws -> Bitmap {
        try Bitmap(size: size, scale: scale, background: background) { context in
            context.fill(CGRect(x: 2, y: 1, width: 5, height: 3), with: UIColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        }
    }

    @Test(arguments: [UIColor.white, UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1), UIColor(white: 0.5, alpha: 0.4)],
          [CGSize(width: 37, height: 23), CGSize(width: 10.5, height: 7.25)])
    func sameAsClearingAndFilling(background: UIColor, size: CGSize) throws {
        for _ in 0..<3 {
            // Dirty memory of the same size class goes back to the pool first.
            _ = try SinglePassPNGTests.randomBitmap(width: Int((size.width * 2).rounded(.up)), height: Int((size.height * 2).rounded(.up)),
                                                    texture: .noise, seed: 7)
            let expected = try Self.filledTheOldWay(size, scale: 2, background)
            let actual = try Self.filledTheNewWay(size, scale: 2, background)
            #expect(actual.hasSamePixels(as: expected))
        }
    }

    @Test func aPartlyCoveredEdgeStaysTranslucent() throws {
        let bitmap = try Self.filledTheNewWay(CGSize(width: 10.5, height: 4), scale: 1, .white)
        #expect(bitmap.pixelWidth == 11)
        #expect(bitmap.pixel(x: 10, y: 0).map { $0 >> 24 } == 0x80)
        #expect(bitmap.pixel(x: 9, y: 0) == 0xFFFF_FFFF)
    }
}
