import CWeft
import CWeftPNG
import Foundation

extension Bitmap {
    /// The pixels a PNG file of this bitmap (`PNGEncoder`, either method) gives back when cairo
    /// reads it: translucent colours un-premultiplied to 8 bits and premultiplied again can land a
    /// level apart, so a golden comparison compares a rendering after this round trip, as its
    /// reference made it. Worked out in C (`weft_argb_png_round_trip`) rather than by encoding and
    /// decoding: an opaque bitmap is its own round trip, a translucent one a single pass. Throws
    /// `GraphicsError` when there is no memory for the result.
    package func pngRoundTripped() throws -> Bitmap {
        if isOpaque { return self }
        let result = try Bitmap(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        // Written before `result` is shared, under cairo's rule for direct access: flushed
        // before, marked dirty after.
        cairo_surface_flush(result.surface)
        withUnsafeBytes { source in
            weft_argb_png_round_trip(source.baseAddress?.assumingMemoryBound(to: UInt8.self), bytesPerRow,
                                     cairo_image_surface_get_data(result.surface), result.bytesPerRow, pixelWidth, pixelHeight)
        }
        cairo_surface_mark_dirty(result.surface)
        return result
    }
}
