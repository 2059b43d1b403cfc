import Foundation

/// How a frame's background is painted, decided once per frame: for a whole frame
/// (`Bitmap(size:scale:background:covered:drawing:)`) and for each band of a frame drawn band by
/// band (`FrameComposition.renderBands`), so both paint the same pixels.
///
/// When `color` is opaque and the size is a whole number of pixels, it is painted over every
/// pixel (`covering`), so the memory drawn into need not be cleared first (clearing 12 MB a frame
/// cost as much as a tenth of compositing it); otherwise the memory must be cleared and `color`
/// is filled as `GraphicsContext.fill` fills. The pixels are the same either way. Where `covering`,
/// the pixels that opaque cells cover whole are left out (`region`): painting there gives the same
/// bytes, and skipping it saves writing most of a frame twice.
/// Sendable value; use from any context.
struct FrameBackground: Sendable {
    let color: UIColor?
    /// The frame's size in points.
    let size: CGSize
    let pixelWidth: Int
    let pixelHeight: Int
    /// True when `paint` sets every pixel (outside the covered ones), so nothing need be cleared.
    let covering: Bool
    /// Where `covering` and some pixels are covered: the pixels to paint. Nil: every pixel.
    private let region: PixelRegion?

    /// Throws `GraphicsError` for a size or scale a bitmap cannot have.
    init(size: CGSize, scale: CGFloat, color: UIColor?, covered: [PixelRegion.Rect]) throws {
        let (width, height) = try Bitmap.pixelSize(for: size, scale: scale)
        guard width * height * 4 <= Bitmap.maximumBytes else { throw GraphicsError.tooLarge(pixelWidth: width, pixelHeight: height) }
        let wholePixels = size.width * scale == CGFloat(width) && size.height * scale == CGFloat(height)
        self.color = color
        self.size = size
        pixelWidth = width
        pixelHeight = height
        covering = wholePixels && (color.map { $0.alpha >= 1 } ?? false)
        region = covering && !covered.isEmpty ? PixelRegion(width: width, height: height, excluding: covered) : nil
    }

    /// Paints the background into `context`, a context over the frame's pixels (or over a band of
    /// them, in the whole frame's coordinates and clipped to the band's rows).
    func paint(into context: GraphicsContext) {
        guard let color else { return }
        if covering {
            if let region { context.paint(color, in: region) } else { context.paint(color) }
        } else {
            context.fill(CGRect(origin: .zero, size: size), with: color)
        }
    }
}
