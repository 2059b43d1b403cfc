import Foundation
import Testing
@testable import Weft

/// `Bitmap.isEncoded(in:)`, which lets a passing snapshot or golden comparison skip decoding the
/// reference: true exactly when the file is `PNGEncoder()`'s file of the bitmap, false for any
/// difference, and false (so the caller decodes) for files in forms it does not read.
@Suite struct PNGIdentityTests {
    static func bitmaps() throws -> [(String, Bitmap)] {
        var bitmaps: [(String, Bitmap)] = []
        for (index, width) in PNGDeflateEncoderTests.widths.enumerated() {
            for (name, ground) in [("clear", nil), ("opaque", UIColor.white), ("translucent", UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6))] {
                let bitmap = try PNGDeflateEncoderTests.randomBitmap(width: width, height: 5 + index, ground: ground, seed: UInt64(31 * index + 3))
                bitmaps.append(("\(width)×\(5 + index) \(name)", bitmap))
            }
        }
        return bitmaps
    }

    @Test(arguments: [PNGEncoder.Filter.sub, .none], [0, 1, 9])
    func anEncodersOwnFileHoldsItsBitmap(filter: PNGEncoder.Filter, level: Int) throws {
        for (name, bitmap) in try Self.bitmaps() {
            #expect(bitmap.isEncoded(in: PNGEncoder(compressionLevel: level, filter: filter).encode(bitmap)), "\(name)")
        }
    }

    @Test func onePixelOffByOneLevelIsNotTheFile() throws {
        for (name, bitmap) in try Self.bitmaps() where bitmap.pixelWidth > 1 {
            let file = PNGEncoder().encode(bitmap)
            // A copy (the file decoded) with the last pixel that is not clear one level off in
            // blue, still premultiplied (blue never passes alpha). Un-premultiplying keeps levels
            // apart, so the file must differ.
            let changed = try UIImage(decoding: file).bitmap
            let changedOne = changed.withUnsafeBytes { bytes -> Bool in
                for y in (0..<changed.pixelHeight).reversed() {
                    for x in (0..<changed.pixelWidth).reversed() {
                        let pixel = UnsafeMutableRawPointer(mutating: bytes.baseAddress!) + y * changed.bytesPerRow + x * 4
                        let alpha = pixel.load(fromByteOffset: 3, as: UInt8.self), blue = pixel.load(as: UInt8.self)
                        guard alpha > 0 else { continue }
                        pixel.storeBytes(of: blue < alpha ? blue + 1 : blue - 1, as: UInt8.self)
                        return true
                    }
                }
                return false
            }
            guard changedOne else { continue }
            #expect(!changed.isEncoded(in: file), "\(name)")
        }
    }

    @Test func anotherSizeIsNotTheFile() throws {
        let bitmap = try PNGDeflateEncoderTests.randomBitmap(width: 9, height: 6, ground: .white, seed: 1)
        let file = PNGEncoder().encode(bitmap)
        let wider = try Bitmap(pixelWidth: 10, pixelHeight: 6, scale: 1)
        let taller = try Bitmap(pixelWidth: 9, pixelHeight: 7, scale: 1)
        #expect(!wider.isEncoded(in: file))
        #expect(!taller.isEncoded(in: file))
        #expect(!(try Bitmap(pixelWidth: 0, pixelHeight: 0, scale: 1)).isEncoded(in: PNGEncoder().encode(try Bitmap(pixelWidth: 0, pixelHeight: 0, scale: 1))))
    }

    /// Files of the same pixels that this check does not read (another encoder's filters, a
    /// colour chunk) answer false, and so do damaged and truncated ones: the caller decodes them.
    @Test func formsItDoesNotReadAreLeftToTheDecoder() throws {
        let bitmap = try PNGDeflateEncoderTests.randomBitmap(width: 33, height: 12, ground: .white, seed: 5)
        let file = [UInt8](PNGEncoder().encode(bitmap))
        #expect(bitmap.isEncoded(in: Data(file)))
        // The single-pass encoder chooses Up and Paeth rows too.
        let singlePass = PNGEncoder(method: .singlePass).encode(bitmap)
        #expect(try UIImage(decoding: singlePass).bitmap.hasSamePixels(as: bitmap))
        #expect(!bitmap.isEncoded(in: singlePass))
        // A gAMA chunk after IHDR could change the pixels a decoder gives.
        #expect(!bitmap.isEncoded(in: Data(Self.inserting(chunk: "gAMA", data: [0, 0, 0xB1, 0x8F], into: file))))
        // A text chunk cannot.
        #expect(bitmap.isEncoded(in: Data(Self.inserting(chunk: "tEXt", data: Array("Comment\0weft".utf8), into: file))))
        // Damage: a flipped bit in the image data (its CRC no longer matches), a cut file, no IEND.
        var flipped = file
        flipped[60] ^= 0x10
        #expect(!bitmap.isEncoded(in: Data(flipped)))
        #expect(!bitmap.isEncoded(in: Data(file.dropLast(12))))
        #expect(!bitmap.isEncoded(in: Data(file.prefix(40))))
        #expect(!bitmap.isEncoded(in: Data()))
        #expect(!bitmap.isEncoded(in: Data(repeating: 0x89, count: 100)))
    }

    /// The image data split over several IDAT chunks, as other encoders write it, reads the same.
    @Test func imageDataOverSeveralChunks() throws {
        let bitmap = try PNGDeflateEncoderTests.randomBitmap(width: 70, height: 11, ground: nil, seed: 9)
        let file = [UInt8](PNGEncoder().encode(bitmap))
        let chunks = Self.chunks(file)
        let idat = try #require(chunks.first { $0.type == "IDAT" })
        var split: [UInt8] = Array(file.prefix(8))
        for chunk in chunks {
            if chunk.type == "IDAT" {
                let third = chunk.data.count / 3
                for part in [chunk.data[..<third], chunk.data[third..<2 * third], chunk.data[(2 * third)...]] {
                    split += Self.chunk("IDAT", Array(part))
                }
            } else {
                split += Self.chunk(chunk.type, chunk.data)
            }
        }
        #expect(idat.data.count > 3)
        #expect(bitmap.isEncoded(in: Data(split)))
        #expect(try UIImage(decoding: Data(split)).bitmap.hasSamePixels(as: bitmap))
    }

    static func chunks(_ file: [UInt8]) -> [(type: String, data: [UInt8])] {
        var chunks: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= file.count {
            let length = file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: file[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append((type, Array(file[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        return chunks
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc = ~crc
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return be32(UInt32(data.count)) + body + be32(crc)
    }

    /// `file` with a chunk added after IHDR (8 + 25 bytes in).
    static func inserting(chunk type: String, data: [UInt8], into file: [UInt8]) -> [UInt8] {
        Array(file.prefix(33)) + chunk(type, data) + Array(file.dropFirst(33))
    }
}
