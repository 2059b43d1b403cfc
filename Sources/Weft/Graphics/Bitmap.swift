import CWeft
import CWeftPNG
import Foundation
import Synchronization

/// An immutable raster: cairo ARGB32 pixels, premultiplied alpha, native-endian 32-bit words
/// (bytes B, G, R, A in memory on little-endian machines), `bytesPerRow` apart.
///
/// A bitmap is drawn once, by the closure given to its initializer, and never changes after.
/// Sendable; use from any context (many threads may read one bitmap at once).
public final class Bitmap: @unchecked Sendable {
    // SAFETY: the surface is written only inside `init`, before `self` is shared; afterwards it is
    // only read, and cairo allows concurrent reads of a finished image surface through separate patterns.
    let surface: OpaquePointer

    public let pixelWidth: Int
    public let pixelHeight: Int
    public let bytesPerRow: Int
    /// Device pixels per point.
    public let scale: CGFloat
    /// `isOpaque` once worked out: 0 not yet, 1 opaque, 2 not. The pixels never change, so the
    /// first answer holds; two threads asking at once both scan and store the same answer.
    private let opacity = Atomic<UInt8>(0)
    /// What `derived(_:_:)` has made from the pixels, by its type.
    private let derivations = Mutex<[ObjectIdentifier: any Sendable]>([:])

    /// The size in points.
    public var size: CGSize { CGSize(width: CGFloat(pixelWidth) / scale, height: CGFloat(pixelHeight) / scale) }

    /// The scales Weft renders at.
    public static let scaleRange: ClosedRange<CGFloat> = 0.25...8
    /// cairo's limit for an image surface's side.
    public static let maximumSide = 32767
    /// The most memory one bitmap may take.
    public static let maximumBytes = 1 << 30

    /// A bitmap of `size` points at `scale`, cleared to transparent, then drawn by `drawing`.
    /// The pixel size is `size × scale` rounded up.
    public convenience init(size: CGSize, scale: CGFloat, drawing: (GraphicsContext) throws -> Void = { _ in }) throws {
        let (w, h) = try Bitmap.pixelSize(for: size, scale: scale)
        try self.init(pixelWidth: w, pixelHeight: h, scale: scale, drawing: drawing)
    }

    /// A bitmap of exact pixel dimensions; the context given to `drawing` is in points.
    public init(pixelWidth: Int, pixelHeight: Int, scale: CGFloat, drawing: (GraphicsContext) throws -> Void = { _ in }) throws {
        guard DisplayScale(scale) != nil else { throw GraphicsError.invalidScale(scale) }
        guard pixelWidth >= 0, pixelHeight >= 0, pixelWidth <= Bitmap.maximumSide, pixelHeight <= Bitmap.maximumSide,
              pixelWidth * pixelHeight * 4 <= Bitmap.maximumBytes
        else { throw GraphicsError.tooLarge(pixelWidth: pixelWidth, pixelHeight: pixelHeight) }
        guard let surface = PixelBufferPool.shared.makeSurface(pixelWidth: pixelWidth, pixelHeight: pixelHeight) else {
            throw GraphicsError.cairo("no image surface of \(pixelWidth)×\(pixelHeight) pixels")
        }
        self.surface = surface
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.bytesPerRow = Int(cairo_image_surface_get_stride(surface))
        self.scale = scale
        if pixelWidth > 0 && pixelHeight > 0 {
            let context = GraphicsContext(surface: surface, scale: scale)
            defer { context.finish() }
            try drawing(context)
        }
        cairo_surface_flush(surface)
    }

    /// Adopts a finished ARGB32 surface (from a decoder); takes over its reference.
    init(adopting surface: OpaquePointer, scale: CGFloat) {
        cairo_surface_flush(surface)
        self.surface = surface
        self.pixelWidth = Int(cairo_image_surface_get_width(surface))
        self.pixelHeight = Int(cairo_image_surface_get_height(surface))
        self.bytesPerRow = Int(cairo_image_surface_get_stride(surface))
        self.scale = scale
    }

    deinit { cairo_surface_destroy(surface) }

    /// The pixel size for `size` points at `scale`: each side × scale, rounded up, after checking both.
    public static func pixelSize(for size: CGSize, scale: CGFloat) throws -> (width: Int, height: Int) {
        guard DisplayScale(scale) != nil else { throw GraphicsError.invalidScale(scale) }
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw GraphicsError.invalidSize(size)
        }
        // A tolerance keeps 33.333… pt × 3 at 100 px instead of 101.
        func pixels(_ points: CGFloat) -> CGFloat { max(0, (points * scale - 1e-4).rounded(.up)) }
        let w = pixels(size.width), h = pixels(size.height)
        guard w <= CGFloat(maximumSide), h <= CGFloat(maximumSide) else {
            throw GraphicsError.tooLarge(pixelWidth: Int(min(w, 1e9)), pixelHeight: Int(min(h, 1e9)))
        }
        return (Int(w), Int(h))
    }

    /// Reads the raw pixel memory: `pixelHeight` rows of `bytesPerRow` bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let data = cairo_image_surface_get_data(surface) else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeRawBufferPointer(start: data, count: bytesPerRow * pixelHeight))
    }

    /// The premultiplied pixel at (x, y) as `0xAARRGGBB`; nil outside the bitmap.
    public func pixel(x: Int, y: Int) -> UInt32? {
        guard x >= 0, x < pixelWidth, y >= 0, y < pixelHeight else { return nil }
        return withUnsafeBytes { $0.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self) }
    }

    /// True when both bitmaps have the same pixel size and the same pixels (row padding ignored).
    public func hasSamePixels(as other: Bitmap) -> Bool {
        guard pixelWidth == other.pixelWidth, pixelHeight == other.pixelHeight else { return false }
        guard pixelWidth > 0, pixelHeight > 0 else { return true }
        let rowBytes = pixelWidth * 4
        return withUnsafeBytes { a in
            other.withUnsafeBytes { b in
                for y in 0..<pixelHeight where memcmp(a.baseAddress! + y * bytesPerRow, b.baseAddress! + y * other.bytesPerRow, rowBytes) != 0 {
                    return false
                }
                return true
            }
        }
    }

    /// A `T` worked out from the pixels, made by `make` the first time it is asked for and then
    /// kept as long as the bitmap: the pixels never change, so it never goes stale (mp4 keeps a
    /// backing store's yuv420p rows so: `StoreYUV`). Made under the bitmap's lock, so a second
    /// caller waits for the first rather than making it again; `make` must not ask this bitmap
    /// for a derivation.
    func derived<T: Sendable>(_ type: T.Type, _ make: () -> T) -> T {
        derivations.withLock { made in
            if let found = made[ObjectIdentifier(type)] as? T { return found }
            let value = make()
            made[ObjectIdentifier(type)] = value
            return value
        }
    }

    /// True when every pixel is fully opaque. Scanned once (stopping after the first row with a
    /// pixel that is not), then remembered: compositing asks it of every backing store in every frame.
    public var isOpaque: Bool {
        switch opacity.load(ordering: .relaxed) {
        case 1: return true
        case 2: return false
        default:
            let opaque = scanOpaque()
            opacity.store(opaque ? 1 : 2, ordering: .relaxed)
            return opaque
        }
    }

    /// In C (`weft_argb_is_opaque`), stopping at the first row with a pixel that is not: a new
    /// backing store is scanned whole in every frame it first appears in, and every PNG encode
    /// asks, in debug builds as in release.
    private func scanOpaque() -> Bool {
        withUnsafeBytes { raw in
            weft_argb_is_opaque(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), bytesPerRow, pixelWidth, pixelHeight) != 0
        }
    }
}
