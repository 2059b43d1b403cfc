import CFuzzOracles
import Foundation
import FuzzSupport
import Weft

// The JPEG decoder (TurboJPEG) through UIKit's entry points: bytes → UIImage(data:) and UIImage(decoding:),
// then re-encoding.
// Oracles: no crash or sanitizer report; both entry points agree; a decoded image has a size
// inside Bitmap's limits and survives a round trip through Weft's encoder with the same size and
// pixels; and every pixel is TurboJPEG's own decode of the bytes (same flags, called directly),
// exactly: as BGRA for RGB, YCbCr and grey files; for CMYK and YCCK ones, its CMYK values turned
// to RGB by JPEGDecoder's documented rule, plain or inverted (an Adobe segment decides). The
// decode may be turned upright by the EXIF orientation, so the pixels must equal the reference
// under one of the eight orientations; which one Weft reads is its unit tests' business.

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
    let data = Data(raw)

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
    let words = image.bitmap.argbWords
    precondition(again?.bitmap.argbWords == words, "the re-encoded PNG decodes to other pixels")

    guard let references = turboJPEGPixels(raw) else { preconditionFailure("Weft decodes what TurboJPEG alone does not") }
    let size = (image.bitmap.pixelWidth, image.bitmap.pixelHeight)
    precondition(references.contains { $0.matches(size, words) }, "\(size.0)×\(size.1): the pixels are none of TurboJPEG's, in any orientation")
    return 0
}

/// Pixels as `0xAARRGGBB` words, row after row.
struct Pixels {
    let size: (Int, Int)
    let words: [UInt32]

    /// Turned a quarter clockwise.
    func rotated() -> Pixels {
        let (w, h) = size
        var out = [UInt32](repeating: 0, count: words.count)
        for y in 0..<h {
            for x in 0..<w { out[x * h + (h - 1 - y)] = words[y * w + x] }
        }
        return Pixels(size: (h, w), words: out)
    }

    /// Mirrored left to right.
    func mirrored() -> Pixels {
        let (w, h) = size
        return Pixels(size: size, words: (0..<h).flatMap { y in words[y * w..<(y + 1) * w].reversed() })
    }

    /// Whether `words` of `size` are these pixels shown in one of the eight ways EXIF's orientations
    /// name: four quarter turns, each mirrored or not (built from the two, not from EXIF's table,
    /// so the oracle does not repeat the code it checks).
    func matches(_ other: (Int, Int), _ words: [UInt32]) -> Bool {
        [self, mirrored()].contains { start in
            var turned = start
            for turn in 0..<4 {
                if turned.size == other && turned.words == words { return true }
                if turn < 3 { turned = turned.rotated() }
            }
            return false
        }
    }
}

/// TurboJPEG's decode with Weft's flags: one picture for RGB, YCbCr and grey files, the two CMYK
/// readings for CMYK and YCCK ones; nil when TurboJPEG fails or warns.
func turboJPEGPixels(_ bytes: [UInt8]) -> [Pixels]? {
    guard let handle = tjInitDecompress() else { return nil }
    defer { tjDestroy(handle) }
    var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
    guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0,
          width > 0, height > 0 else { return nil }
    let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
    let count = Int(width) * Int(height)
    var out = [UInt8](repeating: 0, count: count * 4)
    let format = cmyk ? TJPF_CMYK : TJPF_BGRA
    guard tjDecompress2(handle, bytes, UInt(bytes.count), &out, width, width * 4, height, Int32(format.rawValue),
                        Int32(TJFLAG_LIMITSCANS)) == 0 else { return nil }
    let size = (Int(width), Int(height))
    func word(red: UInt8, green: UInt8, blue: UInt8) -> UInt32 { 0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
    guard cmyk else {
        return [Pixels(size: size, words: (0..<count).map { word(red: out[$0 * 4 + 2], green: out[$0 * 4 + 1], blue: out[$0 * 4]) })]
    }
    // JPEGDecoder's rule: R = (255 − C)(255 − K) / 255 rounded, G from M, B from Y; inverted files
    // store 255 − ink, so there R = C × K / 255.
    return [false, true].map { inverted in
        Pixels(size: size, words: (0..<count).map { i in
            let ink = (0..<4).map { Int(out[i * 4 + $0]) }.map { inverted ? $0 : 255 - $0 }
            func times(_ a: Int, _ b: Int) -> UInt8 { UInt8((a * b + 127) / 255) }
            return word(red: times(ink[0], ink[3]), green: times(ink[1], ink[3]), blue: times(ink[2], ink[3]))
        })
    }
}
