import CWeft
import Foundation

extension Bitmap {
    /// A bitmap of `size` points at `scale`, filled with `background`, then drawn by `drawing`;
    /// for frames, whose background covers every pixel.
    ///
    /// The pooled memory is cleared only when the background does not cover every pixel, and an
    /// opaque background is painted only outside `covered`, pixels that `drawing` paints opaque
    /// whatever is beneath (opaque cells on whole pixels): see `FrameBackground`. The bytes are
    /// those of clearing, painting the background everywhere and drawing.
    convenience init(size: CGSize, scale: CGFloat, background: UIColor?, covered: [PixelRegion.Rect] = [],
                     drawing: (GraphicsContext) -> Void) throws {
        let background = try FrameBackground(size: size, scale: scale, color: background, covered: covered)
        let (width, height) = (background.pixelWidth, background.pixelHeight)
        guard let surface = PixelBufferPool.shared.makeSurface(pixelWidth: width, pixelHeight: height, cleared: !background.covering) else {
            throw GraphicsError.cairo("no image surface of \(width)×\(height) pixels")
        }
        if width > 0 && height > 0 {
            let context = GraphicsContext(surface: surface, scale: scale)
            background.paint(into: context)
            drawing(context)
            context.finish()
        }
        self.init(adopting: surface, scale: scale)
    }
}
