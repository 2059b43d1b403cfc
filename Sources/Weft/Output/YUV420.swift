import Foundation

/// A frame as the planar yuv420p that libx264 codes, BT.709 limited range (Y 16–235, Cb and Cr
/// 16–240): the Y plane, then Cb and Cr at half width and height, each chroma sample the mean of
/// its 2×2 pixels. The colour is the premultiplied colour with alpha dropped: the frame over
/// black, as `VideoFormat.mp4` says. Integer arithmetic with 16-bit coefficients, rounded to
/// nearest, so the same frame gives the same bytes on every machine.
///
/// Why Weft converts: ffmpeg 5 runs its filter graph, swscale's conversion included, on one
/// thread, ahead of x264's encoding threads; converting each frame on the frame driver's workers
/// takes that serial stage out of ffmpeg and sends it 1.5 bytes a pixel instead of 4. Measured on
/// the feed (60 frames at 1170×2532): ffmpeg alone takes 0.71× the processor time with yuv420p
/// input that it takes converting bgr0 itself.
enum YUV420 {
    /// `bitmap`'s pixels in that layout; its sides must be even (`VideoFormat.mp4` pads odd ones
    /// in ffmpeg). Frame `index` (from 0) names the frame when there is no memory for it.
    /// Thread-safe: reads the immutable bitmap only.
    static func bytes(of bitmap: Bitmap, frame index: Int) throws(OutputError) -> Data {
        let width = bitmap.pixelWidth, height = bitmap.pixelHeight
        precondition(width % 2 == 0 && height % 2 == 0, "YUV420.bytes needs even sides, not \(width)×\(height)")
        let lumaCount = width * height, chromaCount = lumaCount / 4, count = lumaCount + 2 * chromaCount
        guard count > 0 else { return Data() }
        // Uninitialised: every byte is written below.
        guard let buffer = malloc(count) else {
            throw .cannotEncode(format: .mp4, reason: "no memory for the \(count) bytes of frame \(index + 1) as yuv420p")
        }
        let out = buffer.assumingMemoryBound(to: UInt8.self)
        let halfWidth = width / 2, stride = bitmap.bytesPerRow
        bitmap.withUnsafeBytes { pixels in
            let base = pixels.baseAddress!
            for pair in 0..<(height / 2) {
                let top = (base + 2 * pair * stride).assumingMemoryBound(to: UInt32.self)
                let bottom = (base + (2 * pair + 1) * stride).assumingMemoryBound(to: UInt32.self)
                let lumaTop = out + 2 * pair * width, lumaBottom = lumaTop + width
                let cb = out + lumaCount + pair * halfWidth, cr = cb + chromaCount
                for x in 0..<halfWidth {
                    // Native-endian ARGB words, whatever the byte order of the machine.
                    let p0 = top[2 * x], p1 = top[2 * x + 1], p2 = bottom[2 * x], p3 = bottom[2 * x + 1]
                    lumaTop[2 * x] = luma(p0)
                    lumaTop[2 * x + 1] = luma(p1)
                    lumaBottom[2 * x] = luma(p2)
                    lumaBottom[2 * x + 1] = luma(p3)
                    let r = channel(p0, 16) &+ channel(p1, 16) &+ channel(p2, 16) &+ channel(p3, 16)
                    let g = channel(p0, 8) &+ channel(p1, 8) &+ channel(p2, 8) &+ channel(p3, 8)
                    let b = channel(p0, 0) &+ channel(p1, 0) &+ channel(p2, 0) &+ channel(p3, 0)
                    // Sums of four: the coefficients' 16 bits plus 2 for the mean.
                    cb[x] = UInt8(truncatingIfNeeded: (-6_596 &* r &- 22_188 &* g &+ 28_784 &* b &+ (128 << 18) &+ (1 << 17)) >> 18)
                    cr[x] = UInt8(truncatingIfNeeded: (28_784 &* r &- 26_145 &* g &- 2_639 &* b &+ (128 << 18) &+ (1 << 17)) >> 18)
                }
            }
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
    }

    @inline(__always) private static func channel(_ argb: UInt32, _ shift: UInt32) -> Int { Int((argb >> shift) & 0xFF) }

    /// BT.709's Y of one pixel, 16–235: 219/255 of (0.2126 R + 0.7152 G + 0.0722 B), plus 16.
    @inline(__always) private static func luma(_ argb: UInt32) -> UInt8 {
        UInt8(truncatingIfNeeded: (11_966 &* channel(argb, 16) &+ 40_254 &* channel(argb, 8) &+ 4_064 &* channel(argb, 0) &+ (16 << 16) &+ (1 << 15)) >> 16)
    }
}
