import CWeftCompare
import Foundation
import Weft

/// What a comparison found: how many pixels differ beyond the tolerance, and the largest colour
/// distance met (CIE94 ΔE over white, `weft_delta_e94`). Worked out in C (`weft_compare`) over
/// the two bitmaps' rows, equal rows skipped whole, so a debug test run compares at release speed.
/// Sendable value; use from any context.
struct PixelComparison: Sendable {
    let differing: Int
    let total: Int
    let largestDeltaE: Double
    /// One byte a pixel, row after row: 1 where the pixels differ beyond the tolerance. For the
    /// difference image and node attribution.
    let mask: [UInt8]
    let pixelWidth: Int
    let pixelHeight: Int

    func passes(_ tolerance: GoldenTolerance) -> Bool {
        guard total > 0 else { return true }
        return Double(total - differing) / Double(total) >= tolerance.precision
    }

    /// Compares two bitmaps of the same pixel size.
    static func compare(_ expected: Bitmap, _ actual: Bitmap, tolerance: GoldenTolerance) -> PixelComparison {
        precondition(expected.pixelWidth == actual.pixelWidth && expected.pixelHeight == actual.pixelHeight,
                     "compared bitmaps of \(expected.pixelWidth)×\(expected.pixelHeight) and \(actual.pixelWidth)×\(actual.pixelHeight) pixels")
        let width = expected.pixelWidth, height = expected.pixelHeight
        var result = weft_comparison()
        let mask = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            expected.withUnsafeBytes { e in
                actual.withUnsafeBytes { a in
                    weft_compare(e.baseAddress?.assumingMemoryBound(to: UInt8.self), expected.bytesPerRow,
                                 a.baseAddress?.assumingMemoryBound(to: UInt8.self), actual.bytesPerRow, width, height,
                                 tolerance.perceptualPrecision >= 1 ? 1 : 0, (1 - tolerance.perceptualPrecision) * 100,
                                 buffer.baseAddress, &result)
                }
            }
            count = width * height
        }
        return PixelComparison(differing: result.differing, total: width * height, largestDeltaE: result.largest_delta_e, mask: mask,
                               pixelWidth: width, pixelHeight: height)
    }
}
