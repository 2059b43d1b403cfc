import CWeft
import Foundation

/// Decodes JPEG with libjpeg-turbo's TurboJPEG API, which reports errors by return code (plain
/// libjpeg longjmps, which must not cross Swift frames).
///
/// - Colour: YCbCr, RGB and grayscale decode straight to cairo's format; CMYK and YCCK decode to
///   CMYK and are converted to RGB by the naive rule (no colour management), reading the values as
///   inverted when an Adobe segment is present, as Photoshop and libjpeg-turbo write them.
/// - Orientation: the EXIF orientation is applied to the pixels (see `ImageOrientation`), so the
///   bitmap is upright; a malformed EXIF block is reported (area `.image`) and ignored.
/// - Bounds: the header's size is checked before any pixel memory is taken, and progressive files
///   with an unreasonable number of scans are refused (`TJFLAG_LIMITSCANS`).
/// Stateless; use from any context.
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
        // TurboJPEG accepts a stream that ends before its frame header, with no size: that is a
        // truncated file, not an image too large.
        guard width > 0, height > 0 else {
            throw .corrupt(format: "JPEG", source: source, detail: "the data ends before a frame header gives the image size")
        }
        try ImageDecoder.checkSize(width: Int(width), height: Int(height), source: source)
        let isCMYK: Bool
        switch colorspace {
        case Int32(TJCS_RGB.rawValue), Int32(TJCS_YCbCr.rawValue), Int32(TJCS_GRAY.rawValue): isCMYK = false
        case Int32(TJCS_CMYK.rawValue), Int32(TJCS_YCCK.rawValue): isCMYK = true
        default: throw .unsupportedColorSpace(format: "JPEG", source: source, colorSpace: "TurboJPEG colour space \(colorspace)")
        }
        let metadata = bytes.withUnsafeBufferPointer { JPEGMetadata($0) }
        if let problem = metadata.problem {
            WeftDiagnostics.report(.image, source, "malformed EXIF data (\(problem)); the image is shown unrotated (orientation 1)")
        }

        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let stride = cairo_image_surface_get_stride(surface)
        cairo_surface_flush(surface)
        let flags = Int32(TJFLAG_LIMITSCANS)
        let result: Int32 = bytes.withUnsafeBufferPointer { jpeg in
            guard let pixels = cairo_image_surface_get_data(surface) else { return -1 }
            guard isCMYK else {
                // TJPF_BGRA is cairo's ARGB32 on little-endian machines; JPEG is opaque, so no premultiplying.
                return tjDecompress2(handle, jpeg.baseAddress, UInt(jpeg.count), pixels, width, stride, height,
                                     Int32(TJPF_BGRA.rawValue), flags)
            }
            // CMYK has the same 4 bytes a pixel: decode in place, then convert each pixel.
            let status = tjDecompress2(handle, jpeg.baseAddress, UInt(jpeg.count), pixels, width, stride, height,
                                       Int32(TJPF_CMYK.rawValue), flags)
            if status == 0 {
                convertCMYKToBGRA(pixels, width: Int(width), height: Int(height), stride: Int(stride),
                                  inverted: metadata.hasAdobeSegment)
            }
            return status
        }
        // A warning (a truncated file, say) still gives a whole picture of grey: treat it as corrupt.
        guard result == 0 else {
            let error = cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS ? failure()
                : .corrupt(format: "JPEG", source: source, detail: "no memory for \(width)×\(height) pixels")
            cairo_surface_destroy(surface)
            throw error
        }
        cairo_surface_mark_dirty(surface)
        guard let upright = ImageOrientation.apply(metadata.orientation, to: surface) else {
            throw .corrupt(format: "JPEG", source: source, detail: "no memory to rotate \(width)×\(height) pixels")
        }
        return Bitmap(adopting: upright, scale: scale)
    }

    /// Converts CMYK bytes to opaque BGRA in place: R = (255 − C)(255 − K) / 255, and likewise G from
    /// M and B from Y. Adobe's files store each value inverted (255 − ink), so there R = C·K / 255.
    private static func convertCMYKToBGRA(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, inverted: Bool) {
        for y in 0..<height {
            var p = pixels + y * stride
            for _ in 0..<width {
                var c = Int(p[0]), m = Int(p[1]), yellow = Int(p[2]), k = Int(p[3])
                if !inverted { c = 255 - c; m = 255 - m; yellow = 255 - yellow; k = 255 - k }
                // (a·b + 127) / 255, rounded.
                func mul(_ a: Int, _ b: Int) -> UInt8 { UInt8((a * b + 127) / 255) }
                p[0] = mul(yellow, k); p[1] = mul(m, k); p[2] = mul(c, k); p[3] = 255
                p += 4
            }
        }
    }
}
