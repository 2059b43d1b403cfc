import CWeft
import Foundation
import Testing
@testable import Weft

/// The single-pass encoder (`PNGEncoder.Method.singlePass`, Sources/CWeftPNG): every file it writes
/// must decode with a stock decoder (cairo's, which is libpng) to the pixels the libdeflate path and
/// cairo's own writer decode to, and its AVX2 and portable code must write the same bytes.
@Suite struct SinglePassPNGTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every PNG committed in the repository: the goldens and the fixtures.
    static func committedPNGs() -> [URL] {
        var found: [URL] = []
        for folder in ["golden", "Tests"] {
            let root = repository.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "png" { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Encodes `bitmap` both ways (AVX2 where the CPU has it, and portable C) and checks the bytes
    /// agree and decode, with cairo's libpng reader, to what the libdeflate path decodes to.
    static func checkRoundTrip(_ bitmap: Bitmap, _ name: String) throws {
        let png = try PNGEncoder.encodeSinglePass(bitmap, portable: false)
        let portable = try PNGEncoder.encodeSinglePass(bitmap, portable: true)
        // Without AVX2 both calls run the portable code, and the comparison says nothing.
        if PNGEncoder.singlePassUsesAVX2 {
            #expect(png == portable, "\(name): the AVX2 and portable encoders wrote different bytes")
        }
        let decoded = try UIImage(decoding: png).bitmap
        let reference = try UIImage(decoding: PNGEncoder().encode(bitmap)).bitmap
        #expect(decoded.pixelWidth == bitmap.pixelWidth && decoded.pixelHeight == bitmap.pixelHeight, "\(name): size changed")
        #expect(decoded.hasSamePixels(as: reference), "\(name): decodes to other pixels than the libdeflate path")
        if bitmap.isOpaque {
            #expect(decoded.hasSamePixels(as: bitmap), "\(name): an opaque image must round-trip exactly")
            #expect(png[25] == 2, "\(name): opaque images are RGB")
        } else {
            #expect(png[25] == 6, "\(name): translucent images are RGBA")
        }
    }

    @Test func everyCommittedPNGRoundTrips() throws {
        let files = Self.committedPNGs()
        #expect(files.count >= 100, "found only \(files.count) PNGs under \(Self.repository.path)")
        for file in files {
            let bitmap = try UIImage(contentsOf: file).bitmap
            try Self.checkRoundTrip(bitmap, file.lastPathComponent)
            // Decoded again and re-encoded: a second pass changes nothing.
            let again = try UIImage(decoding: PNGEncoder.frames.encode(bitmap)).bitmap
            #expect(try UIImage(decoding: PNGEncoder.frames.encode(again)).bitmap.hasSamePixels(as: again), "\(file.lastPathComponent)")
        }
    }

    enum Texture: String, CaseIterable {
        case noise, translucentNoise, flat, runs, stripes
    }

    /// Premultiplied pixels of `texture`, from `seed`.
    static func randomBitmap(width: Int, height: Int, texture: Texture, seed: UInt64) throws -> Bitmap {
        var random = SeededGenerator(seed: seed)
        let pixels = (0..<(width * height)).map { index -> UInt32 in
            switch texture {
            case .noise:
                return 0xFF00_0000 | UInt32(truncatingIfNeeded: random.next()) & 0xFF_FFFF
            case .translucentNoise:
                let alpha = UInt32(truncatingIfNeeded: random.next() % 4 == 0 ? 255 : random.next() % 256)
                func channel() -> UInt32 { alpha == 0 ? 0 : UInt32(random.next() % UInt64(alpha + 1)) }
                return alpha << 24 | channel() << 16 | channel() << 8 | channel()
            case .flat:
                return 0xFF33_6699
            case .runs:
                // UI-like: long runs of a few colours, broken now and then, some rows repeated.
                let row = index / width
                let colours: [UInt32] = [0xFFFF_FFFF, 0xFFDB_DBDB, 0xFF20_2020, 0xFF8E_8E8E]
                return random.next() % 40 == 0 ? UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000 : colours[(row / 7 + index % width / 53) % 4]
            case .stripes:
                return index % 3 == 0 ? 0xFF00_0000 : 0xFF00_FF00 | UInt32(index % width % 256)
            }
        }
        return try Bitmap(pixelWidth: width, pixelHeight: height, scale: 1).replacingPixels(with: pixels)
    }

    @Test(arguments: [(1, 1), (2, 2), (7, 3), (33, 17), (5000, 2), (2, 3000), (257, 129), (1170, 40)])
    func randomImagesRoundTrip(width: Int, height: Int) throws {
        for (number, texture) in Texture.allCases.enumerated() {
            let bitmap = try Self.randomBitmap(width: width, height: height, texture: texture, seed: UInt64(width * 7919 + height * 31 + number))
            try Self.checkRoundTrip(bitmap, "\(texture) \(width)×\(height)")
        }
    }

    @Test func aTranslucentPixelLateInAnOpaqueImageMakesItRGBA() throws {
        var pixels = [UInt32](repeating: 0xFF10_2030, count: 300 * 200)
        pixels[pixels.count - 2] = 0x8008_1018
        let bitmap = try Bitmap(pixelWidth: 300, pixelHeight: 200, scale: 1).replacingPixels(with: pixels)
        try Self.checkRoundTrip(bitmap, "one translucent pixel")
    }

    @Test func emptyBitmapsFallBackToTheDeflatePath() throws {
        let empty = try Bitmap(pixelWidth: 0, pixelHeight: 5, scale: 1)
        #expect(throws: OutputError.encodingFailed(reason: "the image is 0×5 pixels; the single-pass encoder needs at least 1×1")) {
            try PNGEncoder.encodeSinglePass(empty, portable: false)
        }
        #expect(PNGEncoder.frames.encode(empty) == PNGEncoder().encode(empty))
    }

    /// The pixel oracle: every file, read back by a decoder that shares no code with the encoder
    /// (`PNGRows`), holds exactly the input un-premultiplied by the rule weft_png.h documents,
    /// computed here from the formula, not from the encoder's table. Inputs include alpha 0, alpha 1
    /// and colours above their alpha (not premultiplied, which the rule maps to 255).
    @Test(arguments: [(1, 1), (3, 1), (1, 9), (31, 7), (64, 5), (100, 3)])
    func smallImagesDecodeToTheUnpremultipliedInput(width: Int, height: Int) throws {
        for translucent in [false, true] {
            var random = SeededGenerator(seed: UInt64(width * 131 + height * 7 + (translucent ? 1 : 0)))
            let pixels = (0..<(width * height)).map { index -> UInt32 in
                let bits = UInt32(truncatingIfNeeded: random.next())
                guard translucent else { return 0xFF00_0000 | bits & 0xFF_FFFF }
                let alpha = index == 0 ? 128 : [0, 1, 128, 255, bits >> 24][Int(bits % 5)]
                return alpha << 24 | bits & 0xFF_FFFF
            }
            let bitmap = try Bitmap(pixelWidth: width, pixelHeight: height, scale: 1).replacingPixels(with: pixels)
            for portable in [false, true] {
                let png = try PNGEncoder.encodeSinglePass(bitmap, portable: portable)
                let rows = try #require(PNGRows(png), "\(width)×\(height): not readable")
                #expect(rows.width == width && rows.height == height && rows.channels == (translucent ? 4 : 3))
                for (index, pixel) in pixels.enumerated() {
                    let expected = Self.unpremultiplied(pixel)
                    let got = rows.pixel(x: index % width, y: index / width)
                    #expect(got == expected, "\(width)×\(height) pixel \(index) \(String(pixel, radix: 16)): \(got) ≠ \(expected)")
                }
            }
        }
    }

    /// weft_png.h's rule: RGBA bytes of premultiplied `0xAARRGGBB`.
    static func unpremultiplied(_ pixel: UInt32) -> [UInt8] {
        let a = Int(pixel >> 24)
        let colours = [pixel >> 16, pixel >> 8, pixel].map { Int($0 & 0xFF) }.map { c -> UInt8 in
            a == 0 ? 0 : c > a ? 255 : UInt8((c * 255 + a / 2) / a)
        }
        return colours + [UInt8(a)]
    }

    @Test func framesOfUIAreFarSmallerThanRaw() throws {
        let bitmap = try Self.randomBitmap(width: 1170, height: 400, texture: .runs, seed: 1)
        let png = PNGEncoder.frames.encode(bitmap)
        #expect(png.count < 1170 * 400 * 3 / 8, "\(png.count) bytes")
    }
}

extension Bitmap {
    /// A copy of this bitmap's size holding `pixels` (premultiplied `0xAARRGGBB`, row by row).
    func replacingPixels(with pixels: [UInt32]) throws -> Bitmap {
        let width = pixelWidth
        return try Bitmap(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale) { context in
            let surface = cairo_get_target(context.cr)!
            cairo_surface_flush(surface)
            let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
            for (index, pixel) in pixels.enumerated() {
                (data + (index / width) * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0[index % width] = pixel }
            }
            cairo_surface_mark_dirty(surface)
        }
    }
}
