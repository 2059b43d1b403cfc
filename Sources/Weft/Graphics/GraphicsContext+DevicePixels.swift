import CWeft
import Foundation

/// Drawing that knows which device pixels something will replace: a layer's background need not
/// be filled where an opaque sublayer then sets every pixel (`CompositeLayer.draw`), as a frame's
/// background is not painted under opaque cells (`FrameBackground`).
extension GraphicsContext {
    /// The target's pixels, for drawing that sets device pixels itself in one pass (the golden
    /// difference image marks each differing pixel so, instead of a fill a pixel): `body` gets the
    /// first byte of the target's cairo ARGB32 pixels and its bytes per row. The transform and the
    /// clip do not apply. What was drawn before is flushed to the pixels first, and cairo is told
    /// after that they changed. The pointer is valid only inside `body`.
    package func withUnsafeMutableTargetPixels(_ body: (UnsafeMutableRawPointer, Int) -> Void) {
        let surface = cairo_get_target(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        body(UnsafeMutableRawPointer(data), Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
    }

    /// The transform when it only translates and scales both axes alike: device pixels per point,
    /// and where the user-space origin lies, in points from the device's; nil otherwise (rotated,
    /// skewed, scaled unevenly).
    var uniformTransform: (scale: CGFloat, origin: CGPoint)? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.xx == m.yy else { return nil }
        return (CGFloat(m.xx), CGPoint(x: m.x0 / m.xx, y: m.y0 / m.yy))
    }

    /// The device pixels `rect` (in user space) lies on whole (`PixelRegion.wholePixels`) under a
    /// `uniformTransform`; nil otherwise.
    func devicePixels(of rect: CGRect) -> PixelRegion.Rect? {
        guard let (scale, origin) = uniformTransform else { return nil }
        return PixelRegion.wholePixels(rect.offsetBy(dx: origin.x, dy: origin.y), scale: scale)
    }

    /// Fills `rect` with `color` everywhere but the device pixels `spared`, which the caller then
    /// sets whatever lies beneath (opaque copies and fills). Every other pixel gets the bytes of
    /// `fill(_:with:)`: the rectangle is filled as pieces that meet on pixel boundaries, each
    /// piece keeping `rect`'s own edges where it has them, so each pixel is covered by one piece
    /// exactly as much as by `rect`. (A clip would not do: cairo rasterizes a clipped fill
    /// another way, and its partly covered edge pixels come out a level apart.) Under a clip with
    /// soft or partial edges (a rounded ancestor) it fills everywhere: there a spared edge pixel
    /// would blend what lies beneath with the sublayer, not with the fill.
    func fill(_ rect: CGRect, with color: UIColor, sparing spared: [PixelRegion.Rect]) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard !spared.isEmpty, m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0, rect.width > 0, rect.height > 0, clipIsWholePixels
        else { return fill(rect, with: color) }
        let (deviceLeft, deviceTop) = (rect.minX * m.xx + m.x0, rect.minY * m.yy + m.y0)
        let (deviceRight, deviceBottom) = (rect.maxX * m.xx + m.x0, rect.maxY * m.yy + m.y0)
        let (left, top) = (deviceLeft.rounded(.down), deviceTop.rounded(.down))
        let (right, bottom) = (deviceRight.rounded(.up), deviceBottom.rounded(.up))
        guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite, right > left, bottom > top,
              abs(left) < 1e9, abs(top) < 1e9, abs(right) < 1e9, abs(bottom) < 1e9 else { return fill(rect, with: color) }
        let (originX, originY, width, height) = (Int(left), Int(top), Int(right - left), Int(bottom - top))
        // The region is worked out over the pixels the rectangle touches, from their top left.
        let holes = spared.map { PixelRegion.Rect(x: $0.x - originX, y: $0.y - originY, width: $0.width, height: $0.height) }
        for piece in PixelRegion(width: width, height: height, excluding: holes).rects {
            // A piece's edge on the touched pixels' edge is the rectangle's own; any other lies on
            // a pixel boundary, given in points (it maps back onto that boundary in cairo's fixed point).
            let minX = piece.x == 0 ? rect.minX : (CGFloat(originX + piece.x) - m.x0) / m.xx
            let minY = piece.y == 0 ? rect.minY : (CGFloat(originY + piece.y) - m.y0) / m.yy
            let maxX = piece.x + piece.width == width ? rect.maxX : (CGFloat(originX + piece.x + piece.width) - m.x0) / m.xx
            let maxY = piece.y + piece.height == height ? rect.maxY : (CGFloat(originY + piece.y + piece.height) - m.y0) / m.yy
            fill(CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY), with: color)
        }
    }

    /// True when the clip (or the surface's extent, with none) is a set of whole device pixels,
    /// each either drawn or not: cairo lists a clip as rectangles only when it is such a region.
    var clipIsWholePixels: Bool {
        let list = cairo_copy_clip_rectangle_list(cr)
        defer { cairo_rectangle_list_destroy(list) }
        return list?.pointee.status == CAIRO_STATUS_SUCCESS
    }
}
