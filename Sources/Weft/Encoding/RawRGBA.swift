import CWeftPNG
import Foundation

/// The bytes of `VideoFormat.raw`: a frame's pixels as R, G, B, A bytes, straight alpha
/// (un-premultiplied by cairo's rule through CWeftPNG's `weft_unpremultiply_rgba`, as the PNG
/// encoders do), `width × 4` bytes a row with no padding, rows top to bottom.
enum RawRGBA {
    /// `bitmap`'s pixels in that layout (frame `index` from 0, for the error when there is no
    /// memory for them). Thread-safe: reads the immutable bitmap only.
    static func bytes(of bitmap: Bitmap, frame index: Int) throws(OutputError) -> Data {
        let width = bitmap.pixelWidth, height = bitmap.pixelHeight, rowBytes = width * 4
        let count = rowBytes * height
        guard count > 0 else { return Data() }
        // Uninitialised (every byte is written below): zero-filling 12 MB a frame would cost as much as converting it.
        guard let buffer = malloc(count) else {
            throw .cannotEncode(format: .raw, reason: "no memory for the \(count) bytes of frame \(index + 1)")
        }
        bitmap.withUnsafeBytes { pixels in
            for y in 0..<height {
                weft_unpremultiply_rgba((pixels.baseAddress! + y * bitmap.bytesPerRow).assumingMemoryBound(to: UInt8.self),
                                        (buffer + y * rowBytes).assumingMemoryBound(to: UInt8.self), width)
            }
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
    }
}
