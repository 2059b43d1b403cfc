import Foundation

/// An immutable image: a `Bitmap` and its scale; UIKit's `UIImage`.
///
/// Decodes PNG and JPEG. UIKit's failable initializers return nil on bad input; the throwing ones
/// (`init(decoding:scale:)`, `init(contentsOf:)`) say why, with the source named.
/// Sendable; use from any context.
public final class UIImage: Sendable {
    /// The pixels; premultiplied ARGB32.
    public let bitmap: Bitmap

    /// Wraps a bitmap; the image's scale is the bitmap's.
    public init(bitmap: Bitmap) { self.bitmap = bitmap }

    /// Decodes PNG or JPEG bytes.
    public convenience init(decoding data: Data, scale: CGFloat = 1) throws(ImageDecodingError) {
        self.init(bitmap: try ImageDecoder.decode(data, scale: scale, source: "data (\(data.count) bytes)"))
    }

    /// Decodes a PNG or JPEG file; a name ending in `@2x` or `@3x` sets the scale, as in UIKit.
    public convenience init(contentsOf url: URL) throws(ImageDecodingError) {
        self.init(bitmap: try ImageDecoder.decode(contentsOfFile: url.path))
    }

    /// UIKit's `init(contentsOfFile:)`: nil when the file is missing or not a readable image.
    public convenience init?(contentsOfFile path: String) {
        guard let bitmap = try? ImageDecoder.decode(contentsOfFile: path) else { return nil }
        self.init(bitmap: bitmap)
    }

    /// UIKit's `init(data:scale:)`: nil when the bytes are not a readable image.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let bitmap = try? ImageDecoder.decode(data, scale: scale, source: "data") else { return nil }
        self.init(bitmap: bitmap)
    }

    /// Device pixels per point.
    public var scale: CGFloat { bitmap.scale }

    /// The size in points.
    public var size: CGSize { bitmap.size }

    /// UIKit's `pngData()`, through Weft's fast encoder.
    public func pngData() -> Data { PNGEncoder().encode(bitmap) }
}
