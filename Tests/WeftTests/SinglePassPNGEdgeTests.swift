import CWeftPNG
import Foundation
import Testing
@testable import Weft

/// The single-pass encoder reads cairo's premultiplied words straight in its filter pass (opaque
/// frames) or after one un-premultiply per row (translucent ones): files of frame-like widths, odd
/// ones and ones that leave a remainder after the 8-pixel SIMD blocks, over 64 rows (so the tables
/// come from a sample of the rows), must decode to the input un-premultiplied by weft_png.h's rule,
/// pixel for pixel, with the AVX2 and portable code writing the same bytes. The same rule holds for
/// the libdeflate path and raw frames, which share the one un-premultiply (`weft_unpremultiply_rgba`).
@Suite struct SinglePassPNGEdgeTests {
    enum Kind: String, CaseIterable {
        /// Every pixel alpha 255.
        case opaque
        /// Alpha 0 with colour bytes left in (cairo never writes those, but a decoded image can hold
        /// them), alpha 1 with colours 0, 1 and above it, alpha 255, and anything between.
        case translucent
        /// Every pixel alpha 0, most with colour bytes that are not 0: all decode to 0, 0, 0, 0.
        case transparent
        /// Opaque but for one row of edge-case pixels in the middle, after the sampled rows.
        case opaqueButOneRow
    }

    /// Premultiplied `0xAARRGGBB` pixels of `kind`.
    static func pixels(width: Int, height: Int, kind: Kind, seed: UInt64) -> [UInt32] {
        var random = SeededGenerator(seed: seed)
        let edges: [UInt32] = [0x00FF_FFFF, 0x0012_3456, 0x0100_0000, 0x0101_0101, 0x01FF_0102, 0xFF00_0000, 0xFFFF_FFFF, 0x8080_4000, 0x7FFF_0080]
        return (0..<(width * height)).map { index -> UInt32 in
            let bits = UInt32(truncatingIfNeeded: random.next())
            // Runs and gradients, as UI has, broken by noise: every filter and match path is taken.
            let x = index % width, y = index / width
            let ui = random.next() % 7 == 0 ? bits & 0xFF_FFFF : UInt32((x / 13) & 0xFF) << 16 | UInt32((y * 3) & 0xFF) << 8 | 0x40
            switch kind {
            case .opaque:
                return 0xFF00_0000 | ui
            case .translucent:
                if bits % 3 == 0 { return edges[Int(bits >> 8) % edges.count] }
                let alpha = bits >> 24
                let channel = { (c: UInt32) -> UInt32 in alpha == 0 ? 0 : c % (alpha + 1) }
                return alpha << 24 | channel(ui >> 16 & 0xFF) << 16 | channel(ui >> 8 & 0xFF) << 8 | channel(ui & 0xFF)
            case .transparent:
                return ui
            case .opaqueButOneRow:
                return y == height / 2 + 1 ? edges[x % edges.count] : 0xFF00_0000 | ui
            }
        }
    }

    @Test(arguments: [(1170, 70), (1171, 66), (9, 80), (17, 65), (8, 72), (1, 70), (333, 3)])
    func framesDecodeToTheUnpremultipliedInput(width: Int, height: Int) throws {
        for (number, kind) in Kind.allCases.enumerated() {
            let pixels = Self.pixels(width: width, height: height, kind: kind, seed: UInt64(width * 17 + height + number * 1000))
            let bitmap = try Bitmap(pixelWidth: width, pixelHeight: height, scale: 1).replacingPixels(with: pixels)
            let png = try PNGEncoder.encodeSinglePass(bitmap, portable: false)
            let portable = try PNGEncoder.encodeSinglePass(bitmap, portable: true)
            if PNGEncoder.singlePassUsesAVX2 { #expect(png == portable, "\(kind) \(width)×\(height): AVX2 and portable bytes differ") }
            let rows = try #require(PNGRows(png), "\(kind) \(width)×\(height): not readable")
            #expect(rows.width == width && rows.height == height)
            #expect(rows.channels == (kind == .opaque ? 3 : 4), "\(kind) \(width)×\(height): \(rows.channels) channels")
            var wrong = 0
            for (index, pixel) in pixels.enumerated() {
                let expected = SinglePassPNGTests.unpremultiplied(pixel)
                let got = rows.pixel(x: index % width, y: index / width)
                if got != expected {
                    wrong += 1
                    if wrong <= 3 { Issue.record("\(kind) \(width)×\(height) pixel \(index) \(String(pixel, radix: 16)): \(got) ≠ \(expected)") }
                }
            }
            #expect(wrong == 0, "\(kind) \(width)×\(height): \(wrong) pixels wrong")
        }
    }

    /// The libdeflate path and raw frames un-premultiply through the same function, by the same rule.
    @Test func theOtherOutputsUnpremultiplyByTheSameRule() throws {
        let width = 37, height = 5
        let pixels = Self.pixels(width: width, height: height, kind: .translucent, seed: 7)
        let bitmap = try Bitmap(pixelWidth: width, pixelHeight: height, scale: 1).replacingPixels(with: pixels)
        let expected = pixels.flatMap(SinglePassPNGTests.unpremultiplied)
        #expect([UInt8](try RawRGBA.bytes(of: bitmap, frame: 0)) == expected)
        for filter in [PNGEncoder.Filter.sub, .none] {
            let rows = try #require(PNGRows(PNGEncoder(compressionLevel: 1, filter: filter).encode(bitmap)))
            let decoded = (0..<(width * height)).flatMap { rows.pixel(x: $0 % width, y: $0 / width) }
            #expect(decoded == expected, "libdeflate path, \(filter)")
        }
        // Every alpha and colour byte, through the C function directly, in place as well.
        var words: [UInt32] = (0..<(256 * 256)).map { (index: Int) -> UInt32 in
            let alpha = UInt32(index >> 8), colour = UInt32(index & 0xFF)
            return alpha << 24 | colour * 0x01_0101
        }
        let table: [UInt8] = words.flatMap(SinglePassPNGTests.unpremultiplied)
        words.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) in
            let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            weft_unpremultiply_rgba(base, base, 256 * 256)
        }
        let converted: [UInt8] = words.withUnsafeBytes { Array($0) }
        #expect(converted == table)
    }
}
