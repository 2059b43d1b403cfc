import CWeft
import Foundation

/// cairo's own PNG writer (libpng, zlib level 6, adaptive filters): the reference that
/// `PNGEncoder` is checked against and measured against in `make bench`.
/// Sendable value; use from any context.
public struct CairoPNGWriter: Sendable {
    public init() {}

    private final class Sink {
        var bytes: [UInt8] = []
    }

    public func encode(_ bitmap: Bitmap) throws(OutputError) -> Data {
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(bitmap.surface, { closure, data, length in
                let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .encodingFailed(reason: String(cString: cairo_status_to_string(status)))
        }
        return Data(sink.bytes)
    }
}
