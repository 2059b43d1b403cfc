import CWeft
import Foundation

/// Decodes PNG with cairo's reader (libpng underneath, whose longjmp error handling stays inside
/// cairo's C code). Stateless; use from any context.
enum PNGDecoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The bytes being read; cairo's read callback walks through them.
    private final class Reader {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    static func decode(_ data: Data, scale: CGFloat, source: String) throws(ImageDecodingError) -> Bitmap {
        // Check the header first: libpng would try to allocate whatever size a corrupt header claims.
        let bytes = [UInt8](data)
        guard bytes.count >= 33, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw .corrupt(format: "PNG", source: source, detail: "missing IHDR header")
        }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        try ImageDecoder.checkSize(width: be32(16), height: be32(20), source: source)

        let reader = Reader(bytes)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                let length = Int(length)
                guard reader.bytes.count - reader.offset >= length else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.withUnsafeBufferPointer {
                    buffer!.update(from: $0.baseAddress! + reader.offset, count: length)
                }
                reader.offset += length
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())!
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            // cairo reports damaged data as "out of memory"; find the real reason.
            let reported = String(cString: cairo_status_to_string(status))
            let detail = PNGInspector.problem(in: bytes) ?? "the structure and compressed data are intact; cairo reported: \(reported)"
            throw .corrupt(format: "PNG", source: source, detail: detail)
        }
        return Bitmap(adopting: normalizedToARGB32(surface), scale: scale)
    }

    /// cairo reads opaque PNGs as RGB24, whose fourth byte is undefined; copy into ARGB32 so every
    /// bitmap has one format and comparisons see alpha 255.
    private static func normalizedToARGB32(_ surface: OpaquePointer) -> OpaquePointer {
        guard cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32 else { return surface }
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let cr = cairo_create(converted)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        return converted
    }
}
