import CWeft
import Foundation
import Testing
@testable import Weft

/// The pixel pool keeps what its takers recycle and frees what they stopped asking for. Each test
/// has a pool of its own, so the counts are its alone.
@Suite struct PixelBufferPoolTests {
    private static let small = PixelBufferPool.sizeClass(1), large = PixelBufferPool.sizeClass(200_000)

    /// Takes and gives back a buffer of `bytes`, `times` times.
    private static func cycle(_ pool: PixelBufferPool, _ bytes: Int, times: Int) {
        for _ in 0..<times { pool.give(pool.take(bytes)!.pointer, bytes) }
    }

    @Test func keepsABufferThatIsReused() {
        let pool = PixelBufferPool(retainedLimit: 1 << 30, idleLimit: 8)
        Self.cycle(pool, Self.small, times: 5 * PixelBufferPool.sweepInterval)
        #expect(pool.retainedBytes == Self.small)
    }

    @Test func freesABufferNoTakerReusedWithinTheIdleLimit() {
        let pool = PixelBufferPool(retainedLimit: 1 << 30, idleLimit: 8)
        Self.cycle(pool, Self.large, times: 1)
        #expect(pool.retainedBytes == Self.large)
        // Only the small size is asked for from now on: the large buffer is freed at the next sweep.
        Self.cycle(pool, Self.small, times: PixelBufferPool.sweepInterval)
        #expect(pool.retainedBytes == Self.small)
    }

    @Test func keepsIdleBuffersUntilASweep() {
        let pool = PixelBufferPool(retainedLimit: 1 << 30, idleLimit: 8)
        Self.cycle(pool, Self.large, times: 1)
        Self.cycle(pool, Self.small, times: PixelBufferPool.sweepInterval - 2)
        #expect(pool.retainedBytes == Self.large + Self.small)
    }

    @Test func freesWhatIsBeyondTheRetainedLimit() {
        let pool = PixelBufferPool(retainedLimit: Self.small, idleLimit: 1_000)
        let (first, second) = (pool.take(Self.small)!.pointer, pool.take(Self.small)!.pointer)
        pool.give(first, Self.small)
        pool.give(second, Self.small)
        #expect(pool.retainedBytes == Self.small)
    }

    /// A buffer taken again is cleared memory a surface can use whole, wherever it came from.
    @Test func surfacesAreClearedWhetherFreshOrReused() {
        let pool = PixelBufferPool(retainedLimit: 1 << 30, idleLimit: 8)
        for _ in 0..<3 {
            let buffer = pool.take(Self.small)!.pointer
            let bytes = buffer.assumingMemoryBound(to: UInt8.self)
            bytes[0] = 0xFF
            bytes[Self.small - 1] = 0xFF
            pool.give(buffer, Self.small)
        }
        guard let surface = pool.makeSurface(pixelWidth: 16, pixelHeight: 16) else { Issue.record("no surface"); return }
        defer { cairo_surface_destroy(surface) }
        let data = cairo_image_surface_get_data(surface)!
        #expect((0..<(16 * 16 * 4)).allSatisfy { data[$0] == 0 })
    }
}
