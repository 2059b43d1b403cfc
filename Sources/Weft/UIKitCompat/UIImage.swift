import Foundation

/// An immutable image: a `Bitmap` and its scale; UIKit's `UIImage`.
///
/// Decodes PNG and JPEG. UIKit's failable initializers return nil on bad input; the throwing ones
/// (`init(decoding:scale:)`, `init(contentsOf:)`) say why, with the source named.
/// `init(named:)` finds images by name (see `UIImage+Named.swift`); `draw(in:)` and its kin draw
/// into the current UIKit context from any thread, as UIKit's do.
/// Sendable; use from any context.
public final class UIImage: Sendable {
    /// The pixels; premultiplied ARGB32.
    public let bitmap: Bitmap

    /// UIKit's `capInsets`: the caps a resizable image keeps when stretched; `.zero` for a plain image.
    public let capInsets: UIEdgeInsets

    /// The pieces a resizable image is drawn from; nil for a plain image.
    let slices: NineSlice?

    /// UIKit's `renderingMode`: whether views and image nodes draw the image's colours or its
    /// shape in their tint colour (see `UIImage+RenderingMode.swift`); `.automatic` by default.
    public let renderingMode: RenderingMode

    /// Wraps a bitmap; the image's scale is the bitmap's.
    public init(bitmap: Bitmap) {
        self.bitmap = bitmap
        capInsets = .zero
        slices = nil
        renderingMode = .automatic
    }

    private init(bitmap: Bitmap, capInsets: UIEdgeInsets, renderingMode: RenderingMode) {
        self.bitmap = bitmap
        let slices = capInsets == .zero ? nil : NineSlice(bitmap, insets: capInsets)
        self.capInsets = slices?.insets ?? .zero
        self.slices = slices
        self.renderingMode = renderingMode
    }

    /// The same pixels and caps with another rendering mode.
    func with(renderingMode mode: RenderingMode) -> UIImage {
        UIImage(bitmap: bitmap, capInsets: capInsets, renderingMode: mode)
    }

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

    /// How a resizable image fills the space between its caps; UIKit's `UIImage.ResizingMode`.
    /// Only `.stretch` is drawn, so `.tile` is left out rather than drawn as a stretch.
    public enum ResizingMode: Int, Sendable {
        case stretch = 1
    }

    /// UIKit's `resizingMode`; always `.stretch`.
    public var resizingMode: ResizingMode { .stretch }

    /// UIKit's `resizableImage(withCapInsets:)`: the same pixels, drawn (by `draw(in:)`, an image
    /// node, a view) with the corners at their size, the edges stretched along one axis and the
    /// centre along both. Insets are rounded to whole pixels.
    ///
    /// Repairs, reported (area `.image`): a negative or non-finite inset counts as 0, and insets
    /// wider or taller than the image are cut back to it (left and top first).
    public func resizableImage(withCapInsets insets: UIEdgeInsets) -> UIImage {
        func valid(_ value: CGFloat) -> CGFloat { value.isFinite ? max(0, value) : 0 }
        var fixed = UIEdgeInsets(top: valid(insets.top), left: valid(insets.left), bottom: valid(insets.bottom), right: valid(insets.right))
        fixed.left = min(fixed.left, size.width)
        fixed.right = min(fixed.right, size.width - fixed.left)
        fixed.top = min(fixed.top, size.height)
        fixed.bottom = min(fixed.bottom, size.height - fixed.top)
        if fixed != insets {
            WeftDiagnostics.report(.image, "UIImage.resizableImage(withCapInsets:)",
                                   "cap insets \(insets) do not fit an image of \(size) pt; \(fixed) used")
        }
        return UIImage(bitmap: bitmap, capInsets: fixed, renderingMode: renderingMode)
    }

    /// UIKit's `resizableImage(withCapInsets:resizingMode:)`; see `resizableImage(withCapInsets:)`.
    public func resizableImage(withCapInsets insets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        resizableImage(withCapInsets: insets)
    }
}
