import CWeft
import Foundation

/// Turns stored pixels upright by an EXIF orientation, so a decoded camera photo's size and pixels
/// are what UIKit shows (UIImage applies `imageOrientation` when it draws; Weft applies it once,
/// when it decodes).
///
/// EXIF's rule: orientation n says which visual side the stored image's first row and first column
/// are: 1 top/left, 2 top/right, 3 bottom/right, 4 bottom/left, 5 left/top, 6 right/top,
/// 7 right/bottom, 8 left/bottom. 5 to 8 swap width and height.
/// Stateless; use from any context.
enum ImageOrientation {
    /// Whether orientation `n` swaps width and height.
    static func swapsSides(_ n: Int) -> Bool { (5...8).contains(n) }

    /// A new ARGB32 surface with `surface`'s pixels shown upright by `orientation`; `surface` is
    /// destroyed. Orientation 1 (or an invalid value) returns `surface` unchanged. Nil when cairo
    /// cannot make the new surface (out of memory).
    static func apply(_ orientation: Int, to surface: OpaquePointer) -> OpaquePointer? {
        guard (2...8).contains(orientation) else { return surface }
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let (outW, outH) = swapsSides(orientation) ? (h, w) : (w, h)
        let rotated = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(outW), Int32(outH))!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(rotated) == CAIRO_STATUS_SUCCESS,
              let source = cairo_image_surface_get_data(surface), let target = cairo_image_surface_get_data(rotated)
        else {
            cairo_surface_destroy(rotated)
            return nil
        }
        cairo_surface_flush(surface)
        cairo_surface_flush(rotated)
        let inStride = Int(cairo_image_surface_get_stride(surface)) / 4, outStride = Int(cairo_image_surface_get_stride(rotated)) / 4
        let input = UnsafeRawPointer(source).assumingMemoryBound(to: UInt32.self)
        let output = UnsafeMutableRawPointer(target).assumingMemoryBound(to: UInt32.self)
        // For each displayed pixel (x, y), the stored pixel it comes from.
        for y in 0..<outH {
            let row = output + y * outStride
            for x in 0..<outW {
                let sx: Int, sy: Int
                switch orientation {
                case 2: (sx, sy) = (w - 1 - x, y)
                case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                case 4: (sx, sy) = (x, h - 1 - y)
                case 5: (sx, sy) = (y, x)
                case 6: (sx, sy) = (y, h - 1 - x)
                case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                default: (sx, sy) = (w - 1 - y, x)  // 8
                }
                row[x] = input[sy * inStride + sx]
            }
        }
        cairo_surface_mark_dirty(rotated)
        return rotated
    }
}
