import CWeftCompare
import Foundation
import Testing
import Weft
@testable import WeftTesting

/// The golden comparison in C (`weft_compare`, `weft_delta_e94`, the difference image's marks,
/// attribution to nodes) against the Swift it replaced, kept here as the oracle: the same counts,
/// the same ΔE doubles, the same mask, the same difference image bytes, the same node lines.
@Suite struct PixelComparisonTests {
    static func pair(width: Int, height: Int, seed: UInt64) throws -> (Bitmap, Bitmap) {
        let reference = try PNGDeflateEncoderTests.randomBitmap(width: width, height: height, ground: .white, seed: seed)
        let actual = try Bitmap(pixelWidth: width, pixelHeight: height, scale: 1) { context in
            context.draw(reference, in: CGRect(x: 0, y: 0, width: width, height: height))
            var random = SeededGenerator(seed: seed + 1)
            for _ in 0..<6 {
                let color = UIColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                                    blue: .random(in: 0...1, using: &random), alpha: .random(in: 0.02...1, using: &random))
                context.fill(CGRect(x: .random(in: 0...CGFloat(width), using: &random), y: .random(in: 0...CGFloat(height), using: &random),
                                    width: .random(in: 1...12, using: &random), height: .random(in: 1...12, using: &random)), with: color)
            }
        }
        return (reference, actual)
    }

    @Test func deltaEIsTheSwiftFormulasDouble() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let a = UInt32.random(in: 0...UInt32.max, using: &random), b = UInt32.random(in: 0...UInt32.max, using: &random)
            #expect(weft_delta_e94(a, b) == SwiftComparisonOracle.deltaE94(a, b), "\(String(a, radix: 16)) \(String(b, radix: 16))")
        }
    }

    @Test(arguments: [1.0, 0.98, 0.9])
    func countsMaskAndLargestDistanceAreTheSwiftComparisons(perceptualPrecision: Double) throws {
        for seed in UInt64(1)...6 {
            let (reference, actual) = try Self.pair(width: 37 + Int(seed), height: 23, seed: seed)
            let tolerance = GoldenTolerance(perceptualPrecision: perceptualPrecision)
            let comparison = PixelComparison.compare(reference, actual, tolerance: tolerance)
            let oracle = SwiftComparisonOracle.compare(reference, actual, tolerance: tolerance)
            #expect(comparison.differing == oracle.differing)
            #expect(comparison.largestDeltaE == oracle.largestDeltaE)
            #expect(comparison.mask.map { $0 != 0 } == oracle.mask)
            #expect(comparison.total == reference.pixelWidth * reference.pixelHeight)
        }
    }

    @Test(arguments: [1.0, 2.0, 3.0, 2.5])
    func differenceImageIsTheBytesOfAFillPerPixel(scale: CGFloat) throws {
        let (plain, changed) = try Self.pair(width: 40, height: 30, seed: 11)
        let reference = try Bitmap(pixelWidth: 40, pixelHeight: 30, scale: scale) { $0.draw(plain, in: CGRect(x: 0, y: 0, width: 40 / scale, height: 30 / scale)) }
        let actual = try Bitmap(pixelWidth: 40, pixelHeight: 30, scale: scale) { $0.draw(changed, in: CGRect(x: 0, y: 0, width: 40 / scale, height: 30 / scale)) }
        let comparison = PixelComparison.compare(reference, actual, tolerance: .exact)
        #expect(comparison.differing > 0)
        let image = PixelDifference.image(reference, comparison: comparison)
        #expect(image.hasSamePixels(as: try SwiftComparisonOracle.differenceImage(reference, mask: comparison.mask.map { $0 != 0 })))
    }

    @Test(arguments: [1.0, 2.0, 3.0, 2.5])
    func nodeAttributionCountsAreTheSwiftCounts(scale: CGFloat) throws {
        let host = TestSupport.host(CGSize(width: 40, height: 30),
                                    TestSupport.box(CGRect(x: 2.3, y: 1.7, width: 20.4, height: 9.9), .red),
                                    TestSupport.box(CGRect(x: 10, y: 5, width: 25.5, height: 20.2), .blue),
                                    TestSupport.box(CGRect(x: 30, y: 20, width: 0, height: 5), .green))
        let attribution = NodeAttribution(subject: host)
        let width = Int((40 * scale).rounded(.up)), height = Int((34 * scale).rounded(.up))
        let (reference, actual) = try Self.pair(width: width, height: height, seed: 21)
        let comparison = PixelComparison.compare(reference, actual, tolerance: .exact)
        #expect(comparison.differing > 0)
        let described = attribution.describe(comparison, scale: scale)
        #expect(!described.isEmpty)
        #expect(described == SwiftComparisonOracle.describe(attribution, mask: comparison.mask.map { $0 != 0 }, pixelWidth: width,
                                                            pixelHeight: height, scale: scale))
    }
}

/// The comparison as Swift wrote it, pixel by pixel.
enum SwiftComparisonOracle {
    static func compare(_ expected: Bitmap, _ actual: Bitmap, tolerance: GoldenTolerance) -> (differing: Int, largestDeltaE: Double, mask: [Bool]) {
        let width = expected.pixelWidth, height = expected.pixelHeight
        var mask = [Bool](repeating: false, count: width * height)
        var differing = 0, largest = 0.0
        let maximumDeltaE = (1 - tolerance.perceptualPrecision) * 100
        for y in 0..<height {
            for x in 0..<width {
                let a = expected.pixel(x: x, y: y) ?? 0, b = actual.pixel(x: x, y: y) ?? 0
                guard a != b else { continue }
                let distance = deltaE94(a, b)
                largest = max(largest, distance)
                if tolerance.perceptualPrecision >= 1 || distance > maximumDeltaE {
                    mask[y * width + x] = true
                    differing += 1
                }
            }
        }
        return (differing, largest, mask)
    }

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

    static func differenceImage(_ reference: Bitmap, mask: [Bool]) throws -> Bitmap {
        let width = reference.pixelWidth, height = reference.pixelHeight
        return try Bitmap(pixelWidth: width, pixelHeight: height, scale: reference.scale) { context in
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

    static func describe(_ attribution: NodeAttribution, mask: [Bool], pixelWidth: Int, pixelHeight: Int, scale: CGFloat, limit: Int = 8) -> String {
        let regions = attribution.regions
        var counts = [Int](repeating: 0, count: regions.count)
        var outside = 0
        for y in 0..<pixelHeight {
            for x in 0..<pixelWidth where mask[y * pixelWidth + x] {
                let point = CGPoint(x: (CGFloat(x) + 0.5) / scale, y: (CGFloat(y) + 0.5) / scale)
                if let index = regions.lastIndex(where: { $0.frame.contains(point) }) { counts[index] += 1 } else { outside += 1 }
            }
        }
        var lines = counts.indices.filter { counts[$0] > 0 }.sorted { counts[$0] > counts[$1] }
            .map { "\(regions[$0].label): \(counts[$0]) px differ" }
        if lines.count > limit { lines = Array(lines.prefix(limit)) + ["… and \(lines.count - limit) more nodes"] }
        if outside > 0 { lines.append("outside every node: \(outside) px differ") }
        return lines.map { "  " + $0 }.joined(separator: "\n")
    }
}
