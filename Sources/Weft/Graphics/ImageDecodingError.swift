import Foundation

/// Why an image could not be decoded. Each message names the source (a file path, or "data").
public enum ImageDecodingError: Error, Equatable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The path names a directory, a device (`/dev/zero`), a FIFO or a socket: reading it could
    /// block or never end, so it is refused before any byte is read. `kind` says which it is.
    case notARegularFile(path: String, kind: String)
    /// The file is larger than `ImageDecoder.maximumFileBytes`; `bytes` is its size.
    case fileTooLarge(path: String, bytes: Int)
    /// The bytes are empty or neither PNG nor JPEG.
    case unsupportedFormat(source: String)
    /// The bytes start like PNG or JPEG but the decoder rejected them; `detail` is the decoder's reason.
    case corrupt(format: String, source: String, detail: String)
    /// The image is well formed but stored in a colour space Weft cannot convert to RGB.
    case unsupportedColorSpace(format: String, source: String, colorSpace: String)
    /// The header announces an image larger than `Bitmap` allows.
    case tooLarge(source: String, pixelWidth: Int, pixelHeight: Int)
    /// The scale given with the image is not finite and within `Bitmap.scaleRange`.
    case invalidScale(CGFloat)

    public var description: String {
        switch self {
        case .fileNotFound(let path): return "no image file at \(path)"
        case .unreadable(let path, let reason): return "could not read image file \(path): \(reason)"
        case .notARegularFile(let path, let kind): return "\(path) is not a regular file (it is \(kind))"
        case .fileTooLarge(let path, let bytes):
            return "image file \(path) is \(bytes) bytes, larger than the \(ImageDecoder.maximumFileBytes)-byte limit"
        case .unsupportedFormat(let source): return "\(source) is neither PNG nor JPEG"
        case .corrupt(let format, let source, let detail): return "corrupt \(format) in \(source): \(detail)"
        case .unsupportedColorSpace(let format, let source, let colorSpace):
            return "\(format) in \(source) uses the \(colorSpace) colour space, which cannot be decoded"
        case .tooLarge(let source, let w, let h):
            return "image in \(source) is \(w)×\(h) pixels, larger than the \(Bitmap.maximumSide)-pixel, \(Bitmap.maximumBytes >> 20) MiB limit"
        case .invalidScale(let scale): return "invalid image scale \(scale): it must be finite and in \(Bitmap.scaleRange)"
        }
    }
}
