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
    /// For `.singlePass` frames written as a sequence (`writeFrames`): rows that a scroll moved
    /// unchanged are copied from an earlier frame of the sequence, neither composited again nor
    /// coded again (`true`, the default; same pixels, other bytes than coding each frame alone),
    /// or every frame is composited whole and coded alone, as a snapshot is (`false`). Does not
    /// change single images.
    public var copiesUnchangedRows = true

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

    /// Rows, chunks and compression in C (`weft_png_encode_libdeflate`): the same code in debug
    /// and release builds, so a debug test run encodes as fast as a release one.
    private func encodeDeflate(_ bitmap: Bitmap) -> Data {
        var png: UnsafeMutablePointer<UInt8>?
        var count = 0
        let status = bitmap.withUnsafeBytes { pixels in
            weft_png_encode_libdeflate(pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), pixels.count, bitmap.pixelWidth,
                                       bitmap.pixelHeight, bitmap.bytesPerRow, Int32(compressionLevel), Int32(filter.rawValue), &png, &count)
        }
        // A bitmap's own buffer always fits its size, so the only failure is memory.
        guard status == Int32(WEFT_PNG_LIBDEFLATE_OK), let png else {
            fatalError("no memory to encode a \(bitmap.pixelWidth)×\(bitmap.pixelHeight) PNG (status \(status))")
        }
        return Data(bytesNoCopy: png, count: count, deallocator: .free)
    }

    /// Encodes `bitmap` and writes it to `path`, creating the folder.
    public func write(_ bitmap: Bitmap, toFile path: String) throws(OutputError) {
        try encode(bitmap).write(toFile: path)
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
