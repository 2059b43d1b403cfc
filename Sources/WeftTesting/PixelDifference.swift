import CWeftCompare
import Foundation
import Weft

/// The difference image of two equally sized bitmaps: differing pixels in solid red over a faint
/// grey copy of the reference.
enum PixelDifference {
    /// UIKit's `.red`, as cairo fills a whole pixel with it.
    static let red: UInt32 = 0xFFFF_0000

    static func image(_ reference: Bitmap, comparison: PixelComparison) -> Bitmap {
        let width = reference.pixelWidth, height = reference.pixelHeight
        precondition(comparison.pixelWidth == width && comparison.pixelHeight == height, "a difference image of another size's comparison")
        return try! Bitmap(pixelWidth: width, pixelHeight: height, scale: reference.scale) { context in
            context.fill(CGRect(x: 0, y: 0, width: CGFloat(width) / reference.scale, height: CGFloat(height) / reference.scale), with: .white)
            context.draw(reference, in: CGRect(origin: .zero, size: reference.size), alpha: 0.2)
            // Each differing pixel set whole: the bytes a pixel-sized red fill gives, in one pass.
            context.withUnsafeMutableTargetPixels { pixels, bytesPerRow in
                comparison.mask.withUnsafeBufferPointer { mask in
                    weft_compare_mark(pixels.assumingMemoryBound(to: UInt8.self), bytesPerRow, mask.baseAddress, width, height, red)
                }
            }
        }
    }
}
