import CWeftPNG
import Foundation

/// A frame as the planar yuv420p that libx264 codes, BT.709 limited range (Y 16–235, Cb and Cr
/// 16–240): the Y plane, then Cb and Cr at half width and height, each chroma sample the mean of
/// its 2×2 pixels. The colour is the premultiplied colour with alpha dropped: the frame over
/// black, as `VideoFormat.mp4` says. The arithmetic (integer, 16-bit coefficients, rounded to
/// nearest) is `weft_yuv420`'s, in C with AVX2 where the CPU has it and portable C otherwise:
/// the same frame gives the same bytes on every machine.
///
/// Why Weft converts: ffmpeg 5 runs its filter graph, swscale's conversion included, on one
/// thread, ahead of x264's encoding threads; converting each frame on the frame driver's workers
/// takes that serial stage out of ffmpeg and sends it 1.5 bytes a pixel instead of 4. Measured on
/// the feed (60 frames at 1170×2532): ffmpeg alone takes 0.71× the processor time with yuv420p
/// input that it takes converting bgr0 itself.
enum YUV420 {
    /// `bitmap`'s pixels in that layout; its sides must be even (`VideoFormat.mp4` pads odd ones
    /// in ffmpeg). Frame `index` (from 0) names the frame when there is no memory for it.
    /// `portable` runs the portable C even where the CPU has AVX2 (for tests: the same bytes).
    /// Thread-safe: reads the immutable bitmap only.
    static func bytes(of bitmap: Bitmap, frame index: Int, portable: Bool = false) throws(OutputError) -> Data {
        let width = bitmap.pixelWidth, height = bitmap.pixelHeight
        precondition(width % 2 == 0 && height % 2 == 0, "YUV420.bytes needs even sides, not \(width)×\(height)")
        let lumaCount = width * height, chromaCount = lumaCount / 4, count = lumaCount + 2 * chromaCount
        guard count > 0 else { return Data() }
        // Uninitialised: every byte is written below.
        guard let buffer = malloc(count) else {
            throw .cannotEncode(format: .mp4, reason: "no memory for the \(count) bytes of frame \(index + 1) as yuv420p")
        }
        let out = buffer.assumingMemoryBound(to: UInt8.self)
        bitmap.withUnsafeBytes { pixels in
            weft_yuv420(pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), bitmap.bytesPerRow, width, height,
                        out, out + lumaCount, out + lumaCount + chromaCount, portable ? Int32(WEFT_YUV420_PORTABLE) : 0)
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
    }

    /// True when this CPU runs the AVX2 conversion.
    static var usesAVX2: Bool { weft_yuv420_has_avx2() != 0 }
}
