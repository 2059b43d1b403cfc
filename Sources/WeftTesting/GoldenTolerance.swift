import Foundation
import Weft

/// How close a rendering must be to its golden; exact by default.
///
/// The two numbers mean what they mean in swift-snapshot-testing:
/// - `precision`: the fraction of pixels that must match (1 = all of them);
/// - `perceptualPrecision`: how close a pixel must be to count as matching, as 1 − ΔE/100, where ΔE
///   is the CIE 1994 colour distance in Lab (0.98–0.99 is about what the eye can tell apart);
///   1 compares exact bytes.
/// Sendable value; use from any context.
public struct GoldenTolerance: Sendable, Equatable, CustomStringConvertible {
    public var precision: Double
    public var perceptualPrecision: Double

    public init(precision: Double = 1, perceptualPrecision: Double = 1) {
        self.precision = precision
        self.perceptualPrecision = perceptualPrecision
    }

    /// Pixels must be byte-for-byte equal.
    public static let exact = GoldenTolerance()

    /// Nil when both numbers are in 0...1, else why not (showing the value given).
    var problem: String? {
        if !(0...1).contains(precision) { return "precision \(precision) is not in 0…1" }
        if !(0...1).contains(perceptualPrecision) { return "perceptualPrecision \(perceptualPrecision) is not in 0…1" }
        return nil
    }

    public var description: String {
        self == .exact ? "exact" : "precision \(precision), perceptualPrecision \(perceptualPrecision)"
    }
}

/// What a comparison found: how many pixels differ beyond the tolerance, and the largest colour
/// distance met.
struct PixelComparison {
    let differing: Int
    let total: Int
    let largestDeltaE: Double
    /// The differing pixels, as (x, y), for the difference image and node attribution.
    let mask: [Bool]

    func passes(_ tolerance: GoldenTolerance) -> Bool {
        guard total > 0 else { return true }
        return Double(total - differing) / Double(total) >= tolerance.precision
    }

    static func compare(_ expected: Bitmap, _ actual: Bitmap, tolerance: GoldenTolerance) -> PixelComparison {
        let width = expected.pixelWidth, height = expected.pixelHeight
        var mask = [Bool](repeating: false, count: width * height)
        var differing = 0, largest = 0.0
        let maximumDeltaE = (1 - tolerance.perceptualPrecision) * 100
        for y in 0..<height {
            for x in 0..<width {
                let a = expected.pixel(x: x, y: y) ?? 0, b = actual.pixel(x: x, y: y) ?? 0
                guard a != b else { continue }
                let distance = ColorDistance.deltaE94(a, b)
                largest = max(largest, distance)
                if tolerance.perceptualPrecision >= 1 || distance > maximumDeltaE {
                    mask[y * width + x] = true
                    differing += 1
                }
            }
        }
        return PixelComparison(differing: differing, total: width * height, largestDeltaE: largest, mask: mask)
    }
}

/// CIE colour distances between premultiplied ARGB32 pixels, composited over white first so that
/// transparent colours compare as they would be seen.
enum ColorDistance {
    static func deltaE94(_ a: UInt32, _ b: UInt32) -> Double {
        let (l1, a1, b1) = lab(a), (l2, a2, b2) = lab(b)
        let dL = l1 - l2
        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let dC = c1 - c2
        let dA = a1 - a2, dB = b1 - b2
        let dH2 = max(0, dA * dA + dB * dB - dC * dC)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        let alphaPenalty = Double(abs(Int(a >> 24) - Int(b >> 24))) / 255 * 100
        return max((dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot(), alphaPenalty)
    }

    /// Lab (D65) of a premultiplied ARGB32 pixel over white.
    static func lab(_ pixel: UInt32) -> (Double, Double, Double) {
        let alpha = Double(pixel >> 24) / 255
        func channel(_ shift: UInt32) -> Double {
            let premultiplied = Double((pixel >> shift) & 0xFF) / 255
            let srgb = premultiplied + (1 - alpha)
            return srgb <= 0.04045 ? srgb / 12.92 : pow((srgb + 0.055) / 1.055, 2.4)
        }
        let r = channel(16), g = channel(8), b = channel(0)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
