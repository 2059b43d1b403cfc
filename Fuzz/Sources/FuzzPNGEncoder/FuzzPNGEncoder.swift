import CFuzzOracles
import CWeftPNG
import Foundation
import FuzzSupport

// Weft's single-pass PNG encoder (Sources/CWeftPNG), called directly: bytes → width, height,
// stride (any, odd ones included), where the rows start in the buffer (so loads are unaligned),
// and premultiplied BGRA words as cairo stores them: opaque, translucent, premultiplied or not
// (a colour above its alpha). The rest of the input, repeated, is the pixels, so small inputs make
// large images with the runs and repeated rows the match finder looks for.
// Oracles: a size the encoder must refuse gets its status (WEFT_PNG_BAD_STRIDE, _SHORT_BUFFER);
// every other image encodes; the AVX2 and portable code write the same bytes; libpng decodes the
// file to the input un-premultiplied by the rule weft_png.h documents, every pixel, as RGB exactly
// when every pixel is opaque and RGBA was not asked for.

@main
enum FuzzerMain {
    static func main() { runLibFuzzer(testOneInput) }
}

/// weft_png.h's rule for one colour byte `c` of a pixel of alpha `a`.
func unpremultiplied(_ c: UInt32, alpha a: UInt32) -> UInt8 {
    a == 0 ? 0 : c > a ? 255 : UInt8((c * 255 + a / 2) / a)
}

/// The encoder's file, copied out of the thread's buffer; nil with the status when it refuses.
func encode(_ buffer: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, flags: Int32) -> (Data?, Int32) {
    var png: UnsafePointer<UInt8>?
    var count = 0
    let status = weft_png_encode(buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, width, height, stride,
                                 flags, &png, &count)
    return (png.map { Data(bytes: $0, count: count) }, status)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(UnsafeRawBufferPointer(start: start, count: count))
    // Up to 11,000 pixels wide (RGB and RGBA rows over 32 KB, which match only a pixel back), over
    // 64 rows (the tables then fit to every eighth), 64 K pixels in all: larger images find nothing
    // new and would cut the executions a second.
    let width = 1 + Int(input.uint16()) % 11000
    let height = 1 + Int(input.uint16()) % min(256, max(1, (1 << 16) / width))
    let mode = input.byte()
    let padding = Int(input.byte() % 9)  // bytes after each row: odd strides too
    let offset = Int(input.byte() % 4)  // where the first row starts
    let alpha = mode & 3  // 0: opaque, 1: premultiplied, 2 and 3: any bytes
    let flags = mode & 4 != 0 ? Int32(WEFT_PNG_RGBA) : 0
    var pattern = Array(UnsafeRawBufferPointer(start: start, count: count).dropFirst(min(count, 7)))
    if pattern.isEmpty { pattern = [0x80] }

    let stride = width * 4 + padding
    var bytes = [UInt8](repeating: 0, count: offset + (height - 1) * stride + width * 4)
    // Plain loops: closures and tuples cost a metadata lookup a pixel in an unoptimised build.
    var words = [UInt32](repeating: 0, count: width * height)
    var position = 0, opaque = true
    for index in 0..<words.count {
        var word: UInt32 = 0
        for _ in 0..<4 {
            word = word << 8 | UInt32(pattern[position])
            position = position + 1 == pattern.count ? 0 : position + 1
        }
        if alpha == 0 { word |= 0xFF00_0000 }
        if alpha == 1 {
            let a = word >> 24
            word = a << 24 | ((word >> 16) & 0xFF) * a / 255 << 16 | ((word >> 8) & 0xFF) * a / 255 << 8 | (word & 0xFF) * a / 255
        }
        words[index] = word
        opaque = opaque && word >> 24 == 0xFF
    }
    bytes.withUnsafeMutableBytes { out in
        for index in 0..<words.count {
            out.storeBytes(of: words[index].littleEndian, toByteOffset: offset + index / width * stride + index % width * 4, as: UInt32.self)
        }
    }

    bytes.withUnsafeBytes { all in
        let pixels = UnsafeRawBufferPointer(rebasing: all[offset...])
        // Refusals: a stride one byte short, and the buffer one byte short.
        let short = encode(pixels, width: width, height: height, stride: width * 4 - 1, flags: flags).1
        precondition(short == Int32(WEFT_PNG_BAD_STRIDE), "stride \(width * 4 - 1) for \(width) px: status \(short)")
        let cut = encode(UnsafeRawBufferPointer(rebasing: pixels.dropLast()), width: width, height: height, stride: stride, flags: flags).1
        precondition(cut == Int32(WEFT_PNG_SHORT_BUFFER), "\(pixels.count - 1) bytes for \(width)×\(height) stride \(stride): status \(cut)")

        let (fast, status) = encode(pixels, width: width, height: height, stride: stride, flags: flags)
        guard let fast else { preconditionFailure("\(width)×\(height) stride \(stride): status \(status)") }
        let (portable, _) = encode(pixels, width: width, height: height, stride: stride, flags: flags | Int32(WEFT_PNG_PORTABLE))
        precondition(portable == fast, "\(width)×\(height): the AVX2 and portable encoders wrote different files")

        precondition(fast[25] == (opaque && flags == 0 ? 2 : 6), "\(width)×\(height): colour type \(fast[25]), opaque \(opaque)")
        var decodedWidth: UInt32 = 0, decodedHeight: UInt32 = 0
        let decoded = fast.withUnsafeBytes {
            oracle_png_decode_rgba($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count, 1 << 20, &decodedWidth, &decodedHeight)
        }
        guard let decoded else { preconditionFailure("\(width)×\(height): libpng cannot decode the file") }
        defer { free(decoded) }
        precondition(Int(decodedWidth) == width && Int(decodedHeight) == height, "decoded as \(decodedWidth)×\(decodedHeight)")
        for index in 0..<words.count {
            let word = words[index], a = word >> 24, p = decoded + index * 4
            guard p[0] != unpremultiplied((word >> 16) & 0xFF, alpha: a) || p[1] != unpremultiplied((word >> 8) & 0xFF, alpha: a)
                || p[2] != unpremultiplied(word & 0xFF, alpha: a) || UInt32(p[3]) != a else { continue }
            preconditionFailure("\(width)×\(height) pixel \(index) (0x\(String(word, radix: 16))): RGBA \((0..<4).map { p[$0] })")
        }
    }
    return 0
}
