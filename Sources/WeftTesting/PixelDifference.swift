import Foundation
import Weft

/// The difference image of two equally sized bitmaps: differing pixels in solid red over a faint
/// grey copy of the reference.
enum PixelDifference {
    static func image(_ reference: Bitmap, mask: [Bool]) -> Bitmap {
        let width = reference.pixelWidth, height = reference.pixelHeight
        return try! Bitmap(pixelWidth: width, pixelHeight: height, scale: reference.scale) { context in
            context.fill(CGRect(x: 0, y: 0, width: CGFloat(width) / reference.scale, height: CGFloat(height) / reference.scale), with: .white)
            context.draw(reference, in: CGRect(origin: .zero, size: reference.size), alpha: 0.2)
            let s = 1 / reference.scale
            for y in 0..<height {
                for x in 0..<width where mask[y * width + x] {
                    context.fill(CGRect(x: CGFloat(x) * s, y: CGFloat(y) * s, width: s, height: s), with: .red)
                }
            }
        }
    }
}
