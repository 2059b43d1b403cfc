import Foundation

/// The bytes of `VideoFormat.raw`: a frame's pixels as R, G, B, A bytes, straight alpha
/// (un-premultiplied by cairo's rule, `Unpremultiply`, as the PNG encoders do), `width × 4` bytes a
/// row with no padding, rows top to bottom.
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
            Unpremultiply.table.withUnsafeBufferPointer { table in
                for y in 0..<height {
                    let row = (pixels.baseAddress! + y * bitmap.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    let o = (buffer + y * rowBytes).assumingMemoryBound(to: UInt8.self)
                    for x in 0..<width {
                        // A native-endian ARGB word, whatever the byte order of the machine.
                        let argb = row[x]
                        let a = UInt8(truncatingIfNeeded: argb >> 24)
                        var r = UInt8(truncatingIfNeeded: argb >> 16), g = UInt8(truncatingIfNeeded: argb >> 8), b = UInt8(truncatingIfNeeded: argb)
                        if a != 0xFF {
                            let base = Int(a) << 8
                            r = table[base | Int(r)]; g = table[base | Int(g)]; b = table[base | Int(b)]
                        }
                        o[4 * x] = r; o[4 * x + 1] = g; o[4 * x + 2] = b; o[4 * x + 3] = a
                    }
                }
            }
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
    }
}
