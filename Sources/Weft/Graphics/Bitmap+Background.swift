import CWeft
import Foundation

extension Bitmap {
    /// A bitmap of `size` points at `scale`, filled with `background`, then drawn by `drawing`;
    /// for frames, whose background covers every pixel.
    ///
    /// When `background` is opaque and the size is a whole number of pixels, it is painted over
    /// every pixel, so the pooled memory is not cleared first (clearing 12 MB a frame cost as much
    /// as a tenth of compositing it); otherwise the memory is cleared and `background` filled as
    /// `GraphicsContext.fill` fills. The pixels are the same either way.
    ///
    /// `covered` lists pixels that `drawing` paints opaque whatever is beneath (opaque cells on
    /// whole pixels); an opaque background is painted only outside them, which gives the same
    /// bytes as painting it everywhere and saves writing most of a frame twice.
    convenience init(size: CGSize, scale: CGFloat, background: UIColor?, covered: [PixelRegion.Rect] = [],
                     drawing: (GraphicsContext) -> Void) throws {
        let (width, height) = try Bitmap.pixelSize(for: size, scale: scale)
        guard width * height * 4 <= Bitmap.maximumBytes else { throw GraphicsError.tooLarge(pixelWidth: width, pixelHeight: height) }
        let wholePixels = size.width * scale == CGFloat(width) && size.height * scale == CGFloat(height)
        let covering = wholePixels && (background.map { $0.alpha >= 1 } ?? false)
        guard let surface = PixelBufferPool.shared.makeSurface(pixelWidth: width, pixelHeight: height, cleared: !covering) else {
            throw GraphicsError.cairo("no image surface of \(width)×\(height) pixels")
        }
        if width > 0 && height > 0 {
            let context = GraphicsContext(surface: surface, scale: scale)
            if let background {
                if covering && covered.isEmpty {
                    context.paint(background)
                } else if covering {
                    context.paint(background, in: PixelRegion(width: width, height: height, excluding: covered))
                } else {
                    context.fill(CGRect(origin: .zero, size: size), with: background)
                }
            }
            drawing(context)
            context.finish()
        }
        self.init(adopting: surface, scale: scale)
    }
}
