import CWeftPNG
import Foundation

/// The single-pass encoder's C entry (Sources/CWeftPNG), its status turned into an `OutputError`
/// that says what was wrong and with which numbers: a refused size is a caller's bug or an absurd
/// image, and "encoding failed" alone would not tell which.
enum SinglePassPNG {
    /// Encodes `pixels` (cairo ARGB32, `bytesPerRow` bytes a row) as a PNG file and hands its bytes
    /// to `body`, which must not keep them: they are the calling thread's buffer, reused by its next
    /// call. `flags` are `WEFT_PNG_PORTABLE` and `WEFT_PNG_RGBA`.
    static func encode<R>(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int, flags: Int32,
                          _ body: (UnsafeBufferPointer<UInt8>) -> R) throws(OutputError) -> R {
        // size_t in C: a negative Int would arrive as a huge size, and be reported as one.
        guard width > 0, height > 0 else { throw failure(Int32(WEFT_PNG_BAD_SIZE), pixels.count, width, height, bytesPerRow) }
        guard bytesPerRow >= 0 else { throw failure(Int32(WEFT_PNG_BAD_STRIDE), pixels.count, width, height, bytesPerRow) }
        var png: UnsafePointer<UInt8>?
        var count = 0
        let status = weft_png_encode(pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), pixels.count, width, height,
                                     bytesPerRow, flags, &png, &count)
        guard status == Int32(WEFT_PNG_OK), let png else { throw failure(status, pixels.count, width, height, bytesPerRow) }
        return body(UnsafeBufferPointer(start: png, count: count))
    }

    /// The error for `status`, naming the sizes that caused it.
    static func failure(_ status: Int32, _ byteCount: Int, _ width: Int, _ height: Int, _ bytesPerRow: Int) -> OutputError {
        let size = "\(width)×\(height) pixels"
        // a × b exactly, or roughly where Int would wrap.
        func product(_ a: Int, _ b: Int) -> String {
            let (value, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? "about \(Double(a) * Double(b))" : "\(value)"
        }
        let side = 2_147_483_647
        let reason: String
        switch status {
        case Int32(WEFT_PNG_BAD_SIZE):
            reason = "the image is \(size); the single-pass encoder needs at least 1×1"
        case Int32(WEFT_PNG_TOO_LARGE) where width > side || height > side:
            reason = "the image is \(size), too large for PNG: at most \(side) pixels a side"
        case Int32(WEFT_PNG_TOO_LARGE):
            reason = "the image is \(size), too large for the single-pass encoder: its worst case, 15 bits for each of "
                + "height × (width × 4 + 1) = \(product(height, width * 4 + 1)) filtered bytes, must fit one IDAT chunk (2 GiB)"
        case Int32(WEFT_PNG_BAD_STRIDE):
            reason = "rows of \(bytesPerRow) bytes are too short for \(width) pixels of 4 bytes (\(product(width, 4)) bytes)"
        case Int32(WEFT_PNG_SHORT_BUFFER):
            reason = "\(byteCount) bytes of pixels are too few for \(height) rows of \(bytesPerRow) bytes, the last "
                + "\(product(width, 4)) bytes long, of a \(size) image"
        case Int32(WEFT_PNG_NO_MEMORY):
            reason = "no memory for the single-pass encoder's buffers for \(size)"
        default:
            reason = "the single-pass encoder returned status \(status) for \(size)"
        }
        return .encodingFailed(reason: reason)
    }
}
