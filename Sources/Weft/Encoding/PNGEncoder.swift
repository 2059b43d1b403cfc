import CWeft
import CWeftPNG
import Foundation

/// Weft's PNG encoders: by default rows filtered with SUB and compressed by libdeflate at level 1;
/// with `.singlePass` (what frame sequences use), Weft's own encoder for rendered UI.
///
/// Encoding dominates the cost of every output frame; on photo-like frames the libdeflate path is
/// several times faster than cairo's writer, and the single pass several times faster again
/// (`make bench` has the numbers). Fully opaque bitmaps are written as RGB, others as RGBA with
/// alpha un-premultiplied by cairo's own rule, so a PNG from either method and one from
/// `CairoPNGWriter` decode to the same pixels. Every file declares its colour space with an sRGB
/// chunk (perceptual intent): Weft's colours are sRGB values, as UIKit's are.
/// Sendable value; use from any context (each call has its own compressor, or the calling thread's
/// own buffers).
public struct PNGEncoder: Sendable {
    /// The PNG row filter applied to every row by `.deflate`.
    public enum Filter: UInt8, Sendable {
        case none = 0
        case sub = 1
    }

    /// How the pixels are compressed. Both are lossless and decode to the same pixels.
    public enum Method: Sendable, Equatable {
        /// Every row filtered with `filter`, the whole image compressed by libdeflate at
        /// `compressionLevel`: the smaller files.
        case deflate
        /// One pass over the rows, each filtered (Sub, Up or Paeth, whichever looks cheapest) and
        /// coded while in cache, with Huffman tables fitted to a sample of the image's rows and runs
        /// of repeated pixels as matches; in reusable per-thread buffers, the opacity check folded
        /// into the same pass. About 5–10× faster than `.deflate` at level 1 on 1170×2532 UI frames,
        /// with files about 0.8–1.3× its size (larger on text, smaller on photos and gradients).
        /// `compressionLevel` and `filter` do not apply to it. The same bitmap gives the same bytes
        /// on every CPU and thread.
        case singlePass
    }

    /// libdeflate's level for `.deflate`, 1 (fastest) to 12 (smallest).
    public var compressionLevel: Int
    /// The row filter for `.deflate`.
    public var filter: Filter
    public var method: Method

    public init(compressionLevel: Int = 1, filter: Filter = .sub) {
        self.compressionLevel = min(max(compressionLevel, 0), 12)
        self.filter = filter
        self.method = .deflate
    }

    /// An encoder using `method` (and libdeflate's level 1 with SUB rows for `.deflate`).
    public init(method: Method) {
        self.init()
        self.method = method
    }

    /// True when `.singlePass` runs its AVX2 code on this CPU (otherwise portable C, same bytes).
    public static var singlePassUsesAVX2: Bool { weft_png_has_avx2() != 0 }

    /// The encoder frame sequences use by default: `.singlePass`.
    public static let frames = PNGEncoder(method: .singlePass)

    /// Encodes `bitmap` as a PNG file's bytes.
    public func encode(_ bitmap: Bitmap) -> Data {
        if method == .singlePass, let png = try? Self.encodeSinglePass(bitmap, portable: false) { return png }
        return encodeDeflate(bitmap)
    }

    /// The single-pass encoding. Throws `encodingFailed`, naming the sizes, for a bitmap it does not
    /// take (an empty one, or one whose worst case would pass 2 GB) or when its buffers cannot grow:
    /// `encode` then uses libdeflate. `portable` runs the plain C code instead of the AVX2 code
    /// (the bytes are the same).
    static func encodeSinglePass(_ bitmap: Bitmap, portable: Bool) throws(OutputError) -> Data {
        let result = bitmap.withUnsafeBytes { pixels in
            Result { () throws(OutputError) in
                // Copied out of the thread's buffer, which its next call reuses.
                try SinglePassPNG.encode(pixels, width: bitmap.pixelWidth, height: bitmap.pixelHeight, bytesPerRow: bitmap.bytesPerRow,
                                         flags: portable ? Int32(WEFT_PNG_PORTABLE) : 0) { Data(buffer: $0) }
            }
        }
        return try result.get()
    }

    private func encodeDeflate(_ bitmap: Bitmap) -> Data {
        let opaque = bitmap.isOpaque
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + bitmap.pixelWidth * channels
        let rawCount = rowBytes * bitmap.pixelHeight
        // Uninitialised buffers: every byte is written below, and zero-filling megabytes costs
        // as much as filtering them.
        let raw = [UInt8](unsafeUninitializedCapacity: rawCount) { out, count in
            bitmap.withUnsafeBytes { pixels in
                for y in 0..<bitmap.pixelHeight {
                    let row = (pixels.baseAddress! + y * bitmap.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    fillRow(out.baseAddress! + y * rowBytes, from: row, width: bitmap.pixelWidth, channels: channels)
                }
            }
            count = rawCount
        }

        var header = [UInt8]()
        header.appendBigEndian(UInt32(bitmap.pixelWidth))
        header.appendBigEndian(UInt32(bitmap.pixelHeight))
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8 bits, RGB or RGBA, deflate, adaptive filters, no interlace

        guard let compressor = libdeflate_alloc_compressor(Int32(compressionLevel)) else {
            fatalError("libdeflate could not allocate a compressor")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, rawCount)
        var png = [UInt8]()
        png.reserveCapacity(8 + 25 + 13 + 12 + bound + 12)
        png += PNGDecoder.signature
        png.appendChunk("IHDR", header)
        png.appendChunk("sRGB", [0])
        // The IDAT chunk is compressed in place: length, type, data, then its CRC.
        let idatStart = png.count
        png.appendBigEndian(0)
        png += Array("IDAT".utf8)
        let dataStart = png.count
        png.append(contentsOf: repeatElement(0, count: bound))
        let written = raw.withUnsafeBytes { input in
            png.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, rawCount, output.baseAddress! + dataStart, bound)
            }
        }
        png.removeSubrange((dataStart + written)...)
        png.withUnsafeMutableBytes { bytes in
            bytes.storeBytes(of: UInt32(written).bigEndian, toByteOffset: idatStart, as: UInt32.self)
        }
        let crc = png.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress! + idatStart + 4, 4 + written) }
        png.appendBigEndian(crc)
        png.appendChunk("IEND", [])
        return Data(png)
    }

    /// Encodes `bitmap` and writes it to `path`, creating the folder.
    public func write(_ bitmap: Bitmap, toFile path: String) throws(OutputError) {
        try encode(bitmap).write(toFile: path)
    }

    /// One row: the filter byte, then RGB(A) bytes un-premultiplied and filtered.
    private func fillRow(_ out: UnsafeMutablePointer<UInt8>, from row: UnsafePointer<UInt32>, width: Int, channels: Int) {
        out[0] = filter.rawValue
        var o = out + 1
        if channels == 3 {
            // Opaque: no un-premultiplying, and SUB subtracts the previous pixel's bytes.
            var pr: UInt8 = 0, pg: UInt8 = 0, pb: UInt8 = 0
            let sub = filter == .sub
            for x in 0..<width {
                let argb = row[x]
                let r = UInt8(truncatingIfNeeded: argb >> 16), g = UInt8(truncatingIfNeeded: argb >> 8), b = UInt8(truncatingIfNeeded: argb)
                if sub {
                    o[0] = r &- pr; o[1] = g &- pg; o[2] = b &- pb
                    pr = r; pg = g; pb = b
                } else {
                    o[0] = r; o[1] = g; o[2] = b
                }
                o += 3
            }
            return
        }
        // Translucent: un-premultiplied by the one implementation of cairo's rule (CWeftPNG's
        // weft_unpremultiply_rgba), then SUB in place from the right, so each byte still sees its
        // left neighbour unfiltered.
        weft_unpremultiply_rgba(UnsafeRawPointer(row).assumingMemoryBound(to: UInt8.self), o, width)
        guard filter == .sub else { return }
        var i = width * 4 - 1
        while i >= 4 {
            o[i] = o[i] &- o[i - 4]
            i -= 1
        }
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    /// A PNG chunk: length, type, data, CRC-32 of type and data.
    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        var crc = typeBytes.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        crc = data.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        append(contentsOf: typeBytes)
        append(contentsOf: data)
        appendBigEndian(crc)
    }
}
