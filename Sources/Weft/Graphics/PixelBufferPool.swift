import CWeft
import Foundation
import Synchronization

/// Recycles the pixel memory of bitmaps.
///
/// Fresh memory costs a page fault per 4 KB on first touch, and with several threads the kernel's
/// page-table work serialises them: measured here, a text cell spent more time faulting in its
/// bitmap than drawing it, and two threads were slower than one. Reused memory is only cleared.
/// Buffers are kept by size class (rounded up to 64 KB) up to `retainedLimit` bytes in all;
/// anything beyond is freed.
/// Sendable; use from any context.
final class PixelBufferPool: Sendable {
    static let shared = PixelBufferPool(retainedLimit: 256 << 20)

    let retainedLimit: Int
    private struct Free {
        var buffers: [Int: [Memory]] = [:]
        var bytes = 0
    }

    /// A buffer in the free lists.
    private struct Memory: @unchecked Sendable {
        // SAFETY: a buffer is in the free lists only while no surface uses it, and leaves them
        // under the mutex to exactly one taker.
        let pointer: UnsafeMutableRawPointer
    }

    private let free: Mutex<Free>

    init(retainedLimit: Int) {
        self.retainedLimit = retainedLimit
        free = Mutex(Free())
    }

    static func sizeClass(_ bytes: Int) -> Int { (bytes + 0xFFFF) & ~0xFFFF }

    /// An ARGB32 image surface whose memory comes from the pool and returns to it when cairo
    /// finalizes the surface (not merely when Weft lets go of it: cairo may hold references longer).
    /// Cleared to transparent unless `cleared` is false (for a caller that paints every pixel).
    func makeSurface(pixelWidth: Int, pixelHeight: Int, cleared: Bool = true) -> OpaquePointer? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(pixelWidth)))
        let bytes = Self.sizeClass(max(stride * pixelHeight, 1))
        let buffer = take(bytes)
        if cleared { memset(buffer, 0, stride * pixelHeight) }
        let surface = cairo_image_surface_create_for_data(buffer.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                          Int32(pixelWidth), Int32(pixelHeight), Int32(stride))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            give(buffer, bytes)
            return nil
        }
        let lease = Unmanaged.passRetained(Lease(pool: self, buffer: buffer, bytes: bytes)).toOpaque()
        cairo_surface_set_user_data(surface, &PixelBufferPool.key.value, lease) { lease in
            let lease = Unmanaged<Lease>.fromOpaque(lease!).takeRetainedValue()
            lease.pool.give(lease.buffer, lease.bytes)
        }
        return surface
    }

    private func take(_ bytes: Int) -> UnsafeMutableRawPointer {
        let reused = free.withLock { state -> Memory? in
            guard let buffer = state.buffers[bytes]?.popLast() else { return nil }
            state.bytes -= bytes
            return buffer
        }
        return reused?.pointer ?? UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    }

    private func give(_ buffer: UnsafeMutableRawPointer, _ bytes: Int) {
        let memory = Memory(pointer: buffer)
        let kept = free.withLock { state -> Bool in
            guard state.bytes + bytes <= retainedLimit else { return false }
            state.buffers[bytes, default: []].append(memory)
            state.bytes += bytes
            return true
        }
        if !kept { buffer.deallocate() }
    }

    /// The memory one surface uses, handed back when cairo destroys the surface.
    private final class Lease {
        let pool: PixelBufferPool
        let buffer: UnsafeMutableRawPointer
        let bytes: Int
        init(pool: PixelBufferPool, buffer: UnsafeMutableRawPointer, bytes: Int) {
            self.pool = pool
            self.buffer = buffer
            self.bytes = bytes
        }
    }

    /// cairo identifies user data by the address of a key.
    private final class Key: @unchecked Sendable {
        // SAFETY: cairo only compares the key's address; its contents are never read or written.
        var value = cairo_user_data_key_t()
    }

    private static let key = Key()
}
