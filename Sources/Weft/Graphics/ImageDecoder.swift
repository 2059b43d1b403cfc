import Foundation

/// Turns PNG or JPEG bytes into a `Bitmap`, choosing the decoder by the bytes' signature.
/// Stateless; use from any context.
enum ImageDecoder {
    static func decode(_ data: Data, scale: CGFloat, source: String) throws(ImageDecodingError) -> Bitmap {
        guard scale.isFinite, Bitmap.scaleRange.contains(scale) else { throw .invalidScale(scale) }
        if data.starts(with: PNGDecoder.signature) {
            return try PNGDecoder.decode(data, scale: scale, source: source)
        }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            return try JPEGDecoder.decode(data, scale: scale, source: source)
        }
        throw .unsupportedFormat(source: source)
    }

    static func decode(contentsOfFile path: String, scale: CGFloat? = nil) throws(ImageDecodingError) -> Bitmap {
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        return try decode(data, scale: scale ?? scaleSuffix(of: path), source: path)
    }

    /// UIKit's file-name convention: `photo@2x.png` is a scale-2 image.
    static func scaleSuffix(of path: String) -> CGFloat {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        for scale in [3, 2] where name.hasSuffix("@\(scale)x") { return CGFloat(scale) }
        return 1
    }

    static func checkSize(width: Int, height: Int, source: String) throws(ImageDecodingError) {
        guard width > 0, height > 0, width <= Bitmap.maximumSide, height <= Bitmap.maximumSide,
              width * height * 4 <= Bitmap.maximumBytes
        else { throw .tooLarge(source: source, pixelWidth: width, pixelHeight: height) }
    }
}
