import CWeft
import Foundation
import Testing
@testable import Weft

/// `PNGEncoder()` (libdeflate rows, made in C by `weft_png_encode_libdeflate`) against the
/// encoder written in Swift that it replaced, kept here as the oracle: the same file, byte for
/// byte, for opaque and translucent bitmaps of every width class the AVX2 rows split at, both
/// filters and several levels. And `Bitmap.pngRoundTripped()` against a real encode and decode.
@Suite struct PNGDeflateEncoderTests {
    /// Random rectangles at fractional positions (so their edges take many alpha levels) over a
    /// clear, translucent or opaque ground.
    static func randomBitmap(width: Int, height: Int, ground: UIColor?, seed: UInt64) throws -> Bitmap {
        var random = SeededGenerator(seed: seed)
        return try Bitmap(pixelWidth: width, pixelHeight: height, scale: 1) { context in
            if let ground { context.fill(CGRect(x: 0, y: 0, width: width, height: height), with: ground) }
            for _ in 0..<12 {
                let x = CGFloat.random(in: -4...CGFloat(width), using: &random), y = CGFloat.random(in: -4...CGFloat(height), using: &random)
                let color = UIColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                                    blue: .random(in: 0...1, using: &random), alpha: ground == .white ? 1 : .random(in: 0...1, using: &random))
                context.fill(CGRect(x: x, y: y, width: .random(in: 1...CGFloat(width), using: &random),
                                    height: .random(in: 1...CGFloat(height), using: &random)), with: color)
            }
        }
    }

    static let widths = [1, 2, 7, 8, 9, 31, 33, 70]

    @Test(arguments: [PNGEncoder.Filter.sub, .none], [0, 1, 6])
    func filesAreTheSwiftEncodersByteForByte(filter: PNGEncoder.Filter, level: Int) throws {
        for (index, width) in Self.widths.enumerated() {
            for ground in [nil, UIColor.white, UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6)] {
                let bitmap = try Self.randomBitmap(width: width, height: 5 + index, ground: ground, seed: UInt64(index * 7 + level))
                let encoder = PNGEncoder(compressionLevel: level, filter: filter)
                #expect(encoder.encode(bitmap) == SwiftDeflateOracle.encode(bitmap, level: level, filter: filter.rawValue),
                        "\(width)×\(5 + index), ground \(String(describing: ground)), opaque \(bitmap.isOpaque)")
            }
        }
        let empty = try Bitmap(pixelWidth: 0, pixelHeight: 3, scale: 1)
        #expect(PNGEncoder(compressionLevel: level, filter: filter).encode(empty) == SwiftDeflateOracle.encode(empty, level: level, filter: filter.rawValue))
    }

    @Test func opacityIsEveryPixelsAlpha() throws {
        for width in Self.widths {
            let opaque = try Self.randomBitmap(width: width, height: 4, ground: .white, seed: UInt64(width))
            #expect(opaque.isOpaque, "\(width) px")
            // One pixel of the last row, last column, at alpha 254.
            let one = try Bitmap(pixelWidth: width, pixelHeight: 4, scale: 1) { context in
                context.fill(CGRect(x: 0, y: 0, width: width, height: 4), with: .white)
                context.withSavedState {
                    context.blendMode = .copy
                    context.fill(CGRect(x: width - 1, y: 3, width: 1, height: 1), with: UIColor(white: 1, alpha: 254.0 / 255))
                }
            }
            #expect(!one.isOpaque, "\(width) px")
        }
    }

    @Test func roundTripIsWhatAPNGFileReadsBackAs() throws {
        for (index, width) in Self.widths.enumerated() {
            for ground in [nil, UIColor.white, UIColor(white: 0.5, alpha: 0.3)] {
                let bitmap = try Self.randomBitmap(width: width, height: 6, ground: ground, seed: UInt64(100 + index))
                let decoded = try UIImage(decoding: PNGEncoder().encode(bitmap), scale: 1).bitmap
                let roundTripped = try bitmap.pngRoundTripped()
                #expect(roundTripped.hasSamePixels(as: decoded), "\(width) px, ground \(String(describing: ground))")
                #expect(roundTripped.scale == bitmap.scale)
                if bitmap.isOpaque { #expect(roundTripped === bitmap) }
            }
        }
    }

    /// What lets a golden comparison pass a rendering equal to its decoded reference without
    /// working out the rendering's round trip: every pixel cairo's reader makes (straight colour c
    /// at alpha a, premultiplied) un-premultiplies and premultiplies back to itself.
    @Test func aDecodedPNGIsItsOwnRoundTrip() throws {
        // 256 × 256 RGBA pixels, straight colour = x at alpha = y, every row unfiltered.
        var raw = [UInt8]()
        for a in 0..<256 {
            raw.append(0)
            for c in 0..<256 { raw += [UInt8(c), UInt8(255 - c), UInt8(c / 2), UInt8(a)] }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = [UInt8]()
        header.appendBigEndian(256)
        header.appendBigEndian(256)
        header += [8, 6, 0, 0, 0]
        png.appendChunk("IHDR", header)
        let compressor = libdeflate_alloc_compressor(1)!
        defer { libdeflate_free_compressor(compressor) }
        var compressed = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, raw.count))
        let written = raw.withUnsafeBytes { input in
            compressed.withUnsafeMutableBytes { libdeflate_zlib_compress(compressor, input.baseAddress, raw.count, $0.baseAddress, $0.count) }
        }
        png.appendChunk("IDAT", Array(compressed.prefix(written)))
        png.appendChunk("IEND", [])
        let decoded = try UIImage(decoding: Data(png)).bitmap
        #expect(!decoded.isOpaque)
        #expect(try decoded.pngRoundTripped().hasSamePixels(as: decoded))
    }
}

/// The `.deflate` encoder as Swift wrote it (rows filled pixel by pixel, chunks appended).
enum SwiftDeflateOracle {
    static func encode(_ bitmap: Bitmap, level: Int, filter: UInt8) -> Data {
        let opaque = bitmap.isOpaque
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + bitmap.pixelWidth * channels
        let rawCount = rowBytes * bitmap.pixelHeight
        var raw = [UInt8](repeating: 0, count: rawCount)
        bitmap.withUnsafeBytes { pixels in
            for y in 0..<bitmap.pixelHeight {
                raw[y * rowBytes] = filter
                var previous: [UInt8] = [0, 0, 0, 0]
                for x in 0..<bitmap.pixelWidth {
                    let argb = pixels.load(fromByteOffset: y * bitmap.bytesPerRow + x * 4, as: UInt32.self)
                    let a = UInt8(argb >> 24)
                    var pixel = [UInt8(truncatingIfNeeded: argb >> 16), UInt8(truncatingIfNeeded: argb >> 8), UInt8(truncatingIfNeeded: argb), a]
                    if !opaque && a != 255 {
                        // cairo's rule: 0 when a = 0, 255 when c > a, else (c × 255 + a / 2) / a.
                        pixel = pixel.prefix(3).map { c in a == 0 ? 0 : c > a ? 255 : UInt8((Int(c) * 255 + Int(a) / 2) / Int(a)) } + [a]
                    }
                    for c in 0..<channels {
                        raw[y * rowBytes + 1 + x * channels + c] = filter == 1 ? pixel[c] &- previous[c] : pixel[c]
                    }
                    previous = pixel
                }
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = [UInt8]()
        header.appendBigEndian(UInt32(bitmap.pixelWidth))
        header.appendBigEndian(UInt32(bitmap.pixelHeight))
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        png.appendChunk("IHDR", header)
        png.appendChunk("sRGB", [0])
        let compressor = libdeflate_alloc_compressor(Int32(level))!
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, rawCount)
        var compressed = [UInt8](repeating: 0, count: bound)
        let written = raw.withUnsafeBytes { input in
            compressed.withUnsafeMutableBytes { libdeflate_zlib_compress(compressor, input.baseAddress, rawCount, $0.baseAddress, bound) }
        }
        png.appendChunk("IDAT", Array(compressed.prefix(written)))
        png.appendChunk("IEND", [])
        return Data(png)
    }
}
