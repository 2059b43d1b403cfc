import CWeft
import Foundation
import Synchronization

/// A frame composited by `FrameComposition.render(reusing:)`, as rows that may lie apart: the
/// rows it composited, in one bitmap of those rows alone, and the rows it took unchanged from an
/// earlier frame, where that frame holds them (in its own rows' bitmaps, which this frame keeps).
/// A scroll's frame so costs the rows it shows anew, not a copy of the 12 MB it shares with the
/// frame before. `bitmap` puts the rows together, once, for a consumer that needs one block.
///
/// Immutable after `init`; Sendable: the rows are read-only memory of the bitmaps it keeps, and
/// the put-together bitmap is made under its lock.
final class ComposedFrame: @unchecked Sendable {
    // SAFETY: `rows` is written only in `init`, before `self` is shared, and points into the
    // immutable bitmaps `owners` keeps alive; `whole` is under its own lock.
    let pixelWidth: Int
    let pixelHeight: Int
    let scale: CGFloat
    /// The frame's steady rows (`FrameComposition.steadyRows`), for a later frame to copy.
    let steady: [FrameComposition.SteadyRows]
    /// Where each row's `pixelWidth` × 4 bytes lie (cairo ARGB32), `pixelHeight` of them.
    let rows: UnsafeMutablePointer<UnsafePointer<UInt8>?>
    /// The bitmaps the rows lie in, and which holds each row.
    private let owners: [Bitmap]
    private let owner: [Int32]
    private let whole: Mutex<Bitmap?>

    /// A frame composited whole.
    init(bitmap: Bitmap, steady: [FrameComposition.SteadyRows]) {
        pixelWidth = bitmap.pixelWidth
        pixelHeight = bitmap.pixelHeight
        scale = bitmap.scale
        self.steady = steady
        let rows = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: max(1, bitmap.pixelHeight))
        bitmap.withUnsafeBytes { pixels in
            let base = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self)
            for y in 0..<bitmap.pixelHeight { rows[y] = base.map { UnsafePointer($0 + y * bitmap.bytesPerRow) } }
        }
        self.rows = rows
        owners = [bitmap]
        owner = [Int32](repeating: 0, count: bitmap.pixelHeight)
        whole = Mutex(bitmap)
    }

    /// A frame of `height` rows of `width` pixels: row y is row `place(y)` of `composited` (which
    /// `composited` then holds) or, where `place` gives nil, row y + `shift(y)` of `earlier`.
    init(width: Int, height: Int, scale: CGFloat, steady: [FrameComposition.SteadyRows], composited: Bitmap?, earlier: ComposedFrame,
         copied: [FrameComposition.CopiedRows], place: (Int) -> Int?) {
        pixelWidth = width
        pixelHeight = height
        self.scale = scale
        self.steady = steady
        let rows = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: max(1, height))
        var owners: [Bitmap] = [], owner = [Int32](repeating: 0, count: height)
        var index: [ObjectIdentifier: Int32] = [:]
        func own(_ bitmap: Bitmap) -> Int32 {
            if let found = index[ObjectIdentifier(bitmap)] { return found }
            owners.append(bitmap)
            index[ObjectIdentifier(bitmap)] = Int32(owners.count - 1)
            return Int32(owners.count - 1)
        }
        var shifts = [Int?](repeating: nil, count: height)
        for copy in copied { for y in copy.rows { shifts[y] = copy.shift } }
        composited?.withUnsafeBytes { pixels in
            let base = pixels.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let mine = own(composited!)
            for y in 0..<height where shifts[y] == nil {
                rows[y] = UnsafePointer(base + place(y)! * composited!.bytesPerRow)
                owner[y] = mine
            }
        }
        for y in 0..<height {
            guard let shift = shifts[y] else { continue }
            rows[y] = earlier.rows[y + shift]
            owner[y] = own(earlier.owners[Int(earlier.owner[y + shift])])
        }
        self.rows = rows
        self.owners = owners
        self.owner = owner
        whole = Mutex(nil)
    }

    deinit { rows.deallocate() }

    /// The frame's rows in one bitmap: the one it was composited in, or its rows put together
    /// (once, then kept). Throws `GraphicsError.cairo` when there is no memory for it.
    func bitmap() throws -> Bitmap {
        try whole.withLock { made in
            if let made { return made }
            guard let surface = PixelBufferPool.shared.makeSurface(pixelWidth: pixelWidth, pixelHeight: pixelHeight, cleared: false),
                  let data = cairo_image_surface_get_data(surface) else {
                throw GraphicsError.cairo("no image surface of \(pixelWidth)×\(pixelHeight) pixels")
            }
            let stride = Int(cairo_image_surface_get_stride(surface))
            for y in 0..<pixelHeight { (data + y * stride).update(from: rows[y]!, count: pixelWidth * 4) }
            cairo_surface_mark_dirty(surface)
            let bitmap = Bitmap(adopting: surface, scale: scale)
            made = bitmap
            return bitmap
        }
    }
}
