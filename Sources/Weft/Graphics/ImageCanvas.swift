import CWeft
import Foundation

/// A bitmap being drawn step by step, for UIKit's image contexts (`UIGraphicsBeginImageContext`,
/// `UIGraphicsImageRenderer`): drawing goes on between calls, and `snapshot()` copies what is
/// there so far into an immutable `Bitmap`.
///
/// The pixels are ARGB32, premultiplied, cleared to transparent; an opaque canvas starts black,
/// and its snapshots have black composited under them, so every pixel is opaque (what a Core
/// Graphics bitmap without alpha keeps).
/// Owned by the thread that made it; never crosses threads. Not Sendable.
final class ImageCanvas {
    private let surface: OpaquePointer
    /// The context drawing goes into, in points.
    let context: GraphicsContext
    let size: CGSize
    let scale: CGFloat
    let opaque: Bool

    /// A canvas of `size` points at `scale`; throws `GraphicsError` for a size or scale Weft cannot draw.
    init(size: CGSize, scale: CGFloat, opaque: Bool) throws(GraphicsError) {
        let (w, h): (Int, Int)
        do { (w, h) = try Bitmap.pixelSize(for: size, scale: scale) } catch { throw error as? GraphicsError ?? .invalidSize(size) }
        guard w > 0, h > 0 else { throw .invalidSize(size) }
        guard w * h * 4 <= Bitmap.maximumBytes else { throw .tooLarge(pixelWidth: w, pixelHeight: h) }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo("no image surface of \(w)×\(h) pixels")
        }
        self.surface = surface
        self.size = size
        self.scale = scale
        self.opaque = opaque
        context = GraphicsContext(surface: surface, scale: scale)
        if opaque { context.paint(.black) }
    }

    deinit {
        context.finish()
        cairo_surface_destroy(surface)
    }

    /// What has been drawn so far, as an immutable bitmap at the canvas's scale.
    func snapshot() throws -> Bitmap {
        cairo_surface_flush(surface)
        return try Bitmap(pixelWidth: Int(cairo_image_surface_get_width(surface)),
                          pixelHeight: Int(cairo_image_surface_get_height(surface)), scale: scale) { target in
            target.copyPixels(of: surface, opaque: opaque)
        }
    }
}
