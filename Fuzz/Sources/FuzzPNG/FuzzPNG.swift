import CFuzzOracles
import Foundation
import FuzzSupport
import Weft

// The PNG decoder through UIKit's entry points: bytes → UIImage(data:) and UIImage(decoding:),
// then re-encoding. Chunk CRCs are fixed first (PNGChunks) so mutations reach libpng's parser.
// Oracles: no crash or sanitizer report; both entry points agree; a decoded image has a size
// inside Bitmap's limits and survives a round trip through Weft's encoder with the same size; and
// where libpng itself (called directly, with the transforms cairo's reader asks for) decodes the
// same bytes, every pixel is libpng's, premultiplied by cairo's rule, and the re-encoded file
// decodes to the same pixels again.

@main
enum FuzzerMain {
    static func main() {
        // Repaired input is reported on standard error by default; a fuzzer makes millions.
        WeftDiagnostics.printsToStandardError = false
        runLibFuzzer(testOneInput)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let raw = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let data = Data(raw.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? PNGChunks.fixingCRCs(raw) : raw)

    let image = UIImage(data: data)
    let decoded: UIImage?
    do {
        decoded = try UIImage(decoding: data)
    } catch {
        // Every error must say something; an empty description would be a useless message.
        precondition(!String(describing: error).isEmpty, "empty error description")
        decoded = nil
    }
    precondition((image == nil) == (decoded == nil), "UIImage(data:) and UIImage(decoding:) disagree")
    guard let image else { return 0 }

    let pixels = (Int(image.size.width * image.scale), Int(image.size.height * image.scale))
    precondition(pixels.0 > 0 && pixels.1 > 0 && pixels.0 <= Bitmap.maximumSide && pixels.1 <= Bitmap.maximumSide,
                 "decoded size \(pixels) outside Bitmap's limits")
    let again = UIImage(data: image.pngData())
    precondition(again?.size == image.size, "re-encoded PNG of \(image.size) decodes as \(String(describing: again?.size))")

    // cairo fails on some files libpng decodes (a warning is an error to cairo), never the reverse
    // with the same transforms: compare where both decode.
    var width: UInt32 = 0, height: UInt32 = 0
    let reference = data.withUnsafeBytes {
        oracle_png_decode_rgba($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count, 1 << 26, &width, &height)
    }
    guard let reference else { return 0 }
    defer { free(reference) }
    let bitmap = image.bitmap, words = bitmap.argbWords
    precondition(Int(width) == bitmap.pixelWidth && Int(height) == bitmap.pixelHeight,
                 "Weft decodes \(bitmap.pixelWidth)×\(bitmap.pixelHeight), libpng \(width)×\(height)")
    for (index, word) in words.enumerated() {
        let rgba = (0..<4).map { Int(reference[index * 4 + $0]) }
        let expected = premultiplied(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3])
        precondition(word == expected, "pixel \(index): Weft 0x\(String(word, radix: 16)), libpng RGBA \(rgba) → 0x\(String(expected, radix: 16))")
    }
    precondition(again?.bitmap.argbWords == words, "the re-encoded PNG decodes to other pixels")
    return 0
}

/// cairo's premultiplication of a PNG pixel (cairo-png.c, multiply_alpha): c × a / 255, rounded.
func premultiplied(red: Int, green: Int, blue: Int, alpha: Int) -> UInt32 {
    guard alpha > 0 else { return 0 }
    func multiply(_ c: Int) -> UInt32 {
        guard alpha < 255 else { return UInt32(c) }
        let t = alpha * c + 0x80
        return UInt32((t + (t >> 8)) >> 8)
    }
    return UInt32(alpha) << 24 | multiply(red) << 16 | multiply(green) << 8 | multiply(blue)
}
