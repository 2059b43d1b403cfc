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
///
/// A kept buffer that no taker has reused within `idleLimit` takes is freed too (checked every
/// `sweepInterval` takes): the pool keeps what the current work recycles, not the high-water mark
/// of all it ever drew. Without this, the cells displayed together at the start of a scroll (or
/// sizes no longer drawn) stayed in the pool for the life of the process: 31 MB of a
/// million-item feed's 284 MB peak. Counted in takes, not time, so what is kept does not depend
/// on how fast the machine is. Large buffers are mapped memory: freeing one returns it to the
/// system at once.
/// Sendable; use from any context: the free lists and the take count are guarded by one mutex.
final class PixelBufferPool: Sendable {
    static let shared = PixelBufferPool(retainedLimit: 256 << 20)

    let retainedLimit: Int
    /// Takes after which a kept buffer nobody reused is freed.
    let idleLimit: Int
    /// Takes between two sweeps for idle buffers.
    static let sweepInterval = 64

    private struct Free {
        /// Per size class, oldest given back first (takers pop the newest).
        var buffers: [Int: [Memory]] = [:]
        var bytes = 0
        /// Takes so far: the pool's clock.
        var takes = 0
    }

    /// A buffer in the free lists, and the take count when it was given back.
    private struct Memory: @unchecked Sendable {
        // SAFETY: a buffer is in the free lists only while no surface uses it, and leaves them
        // under the mutex to exactly one taker (or to the sweep that frees it).
        let pointer: UnsafeMutableRawPointer
        let bytes: Int
        let givenAt: Int
    }

    private let free: Mutex<Free>

    init(retainedLimit: Int, idleLimit: Int = 512) {
        self.retainedLimit = retainedLimit
        self.idleLimit = idleLimit
        free = Mutex(Free())
    }

    /// A pool of its own (not `shared`) frees what it keeps when it goes: a video writer's
    /// pool of yuv420p frames lives as long as its video.
    deinit {
        free.withLock { state in
            for (bytes, list) in state.buffers { for memory in list { Self.unmap(memory.pointer, bytes) } }
            state.buffers = [:]
            state.bytes = 0
        }
    }

    /// Bytes kept for reuse now (for tests and measurements).
    var retainedBytes: Int { free.withLock { $0.bytes } }

    static func sizeClass(_ bytes: Int) -> Int { (bytes + 0xFFFF) & ~0xFFFF }

    /// An ARGB32 image surface whose memory comes from the pool and returns to it when cairo
    /// finalizes the surface (not merely when Weft lets go of it: cairo may hold references longer).
    /// Cleared to transparent unless `cleared` is false (for a caller that paints every pixel).
    func makeSurface(pixelWidth: Int, pixelHeight: Int, cleared: Bool = true) -> OpaquePointer? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(pixelWidth)))
        let bytes = Self.sizeClass(max(stride * pixelHeight, 1))
        // No memory: the caller reports that it got no surface (`GraphicsError`), it does not trap.
        guard let (buffer, zeroed) = take(bytes) else { return nil }
        // Fresh mappings come zero-filled: clearing them again would only fault every page in early.
        if cleared && !zeroed { memset(buffer, 0, stride * pixelHeight) }
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

    /// A buffer of `bytes` (a size class): a kept one, or fresh memory (`zeroed`, as the system
    /// maps it); nil when the system has none.
    func take(_ bytes: Int) -> (pointer: UnsafeMutableRawPointer, zeroed: Bool)? {
        let (reused, idle) = free.withLock { state -> (Memory?, [Memory]) in
            state.takes += 1
            let idle = state.takes % Self.sweepInterval == 0 ? removeIdle(&state) : []
            guard let buffer = state.buffers[bytes]?.popLast() else { return (nil, idle) }
            state.bytes -= bytes
            return (buffer, idle)
        }
        // Freed outside the mutex: unmapping takes the kernel's time.
        for memory in idle { Self.unmap(memory.pointer, memory.bytes) }
        if let reused { return (reused.pointer, false) }
        return Self.map(bytes).map { ($0, true) }
    }

    /// Fresh pixel memory, mapped from the system rather than taken from malloc: a freed mapping
    /// goes back to the system at once, where glibc's malloc, once a large block was freed,
    /// raises its mapping threshold and serves later large blocks from its heap, whose freed
    /// memory stays in the process (measured: freeing idle buffers through malloc raised a
    /// scroll's peak by 20 to 30 MB instead of lowering it). Zero-filled and page-aligned (the
    /// size classes are whole pages; cairo wants 4-byte alignment, the row copies 64).
    ///
    /// A mapping of `hugePageThreshold` bytes or more asks for transparent huge pages
    /// (`MADV_HUGEPAGE`; systems that set THP to "madvise", Debian's default, use them only when
    /// asked): a frame or a cell's store at @3x is several megabytes, and one fault per 2 MB
    /// instead of one per 4 KB made first touch of such a buffer about 2.5× faster here. Where the
    /// system has no huge pages to give, the advice is ignored and pages come 4 KB at a time.
    private static func map(_ bytes: Int) -> UnsafeMutableRawPointer? {
        guard let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED else {
            return nil
        }
        if bytes >= hugePageThreshold { _ = madvise(memory, bytes, MADV_HUGEPAGE) }
        return memory
    }

    /// The size from which a fresh mapping asks for huge pages: one x86-64 huge page.
    static let hugePageThreshold = 2 << 20

    private static func unmap(_ buffer: UnsafeMutableRawPointer, _ bytes: Int) {
        munmap(buffer, bytes)
    }

    /// Takes out of the free lists the buffers given back more than `idleLimit` takes ago.
    private func removeIdle(_ state: inout Free) -> [Memory] {
        let oldest = state.takes - idleLimit
        var idle: [Memory] = []
        for (size, list) in state.buffers {
            // Oldest first: the idle ones are a prefix.
            let stale = list.prefix { $0.givenAt < oldest }
            guard !stale.isEmpty else { continue }
            idle += stale
            state.bytes -= size * stale.count
            state.buffers[size] = list.count == stale.count ? nil : Array(list.dropFirst(stale.count))
        }
        return idle
    }

    func give(_ buffer: UnsafeMutableRawPointer, _ bytes: Int) {
        let kept = free.withLock { state -> Bool in
            let memory = Memory(pointer: buffer, bytes: bytes, givenAt: state.takes)
            guard state.bytes + bytes <= retainedLimit else { return false }
            state.buffers[bytes, default: []].append(memory)
            state.bytes += bytes
            return true
        }
        if !kept { Self.unmap(buffer, bytes) }
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
