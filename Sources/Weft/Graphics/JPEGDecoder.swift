import CWeft
import Foundation

/// Decodes JPEG with libjpeg-turbo's TurboJPEG API, which reports errors by return code (plain
/// libjpeg longjmps, which must not cross Swift frames). Stateless; use from any context.
enum JPEGDecoder {
    static func decode(_ data: Data, scale: CGFloat, source: String) throws(ImageDecodingError) -> Bitmap {
        guard let handle = tjInitDecompress() else {
            throw .corrupt(format: "JPEG", source: source, detail: "TurboJPEG could not start")
        }
        defer { tjDestroy(handle) }
        let bytes = [UInt8](data)
        func failure() -> ImageDecodingError {
            .corrupt(format: "JPEG", source: source, detail: String(cString: tjGetErrorStr2(handle)))
        }

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw failure() }
        try ImageDecoder.checkSize(width: Int(width), height: Int(height), source: source)

        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let stride = cairo_image_surface_get_stride(surface)
        cairo_surface_flush(surface)
        // TJPF_BGRA is cairo's ARGB32 on little-endian machines; JPEG is opaque, so no premultiplying.
        let result = bytes.withUnsafeBufferPointer {
            tjDecompress2(handle, $0.baseAddress, UInt(bytes.count), cairo_image_surface_get_data(surface),
                          width, stride, height, Int32(TJPF_BGRA.rawValue), 0)
        }
        // A warning (a truncated file, say) still gives a whole picture of grey: treat it as corrupt.
        guard result == 0 else {
            cairo_surface_destroy(surface)
            throw failure()
        }
        cairo_surface_mark_dirty(surface)
        return Bitmap(adopting: surface, scale: scale)
    }
}
