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

    /// A fresh buffer of a huge page or more asks for transparent huge pages; a smaller one does
    /// not. Read back from the kernel's own account of the mapping (`/proc/self/smaps`, its
    /// "VmFlags" line: `hg` for MADV_HUGEPAGE). Only where the kernel has transparent huge pages.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")))
    func largeFreshBuffersAskForHugePages() throws {
        func flags(of pointer: UnsafeMutableRawPointer) throws -> [Substring] {
            // Read to the end: /proc files report a size of 0.
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps"))
            defer { try? handle.close() }
            let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
            let address = UInt(bitPattern: pointer)
            var inside = false
            for line in smaps.split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                    let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                    inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
                } else if inside, line.hasPrefix("VmFlags:") {
                    return fields.dropFirst().map { $0 }
                }
            }
            throw CocoaError(.fileReadCorruptFile)
        }
        let pool = PixelBufferPool(retainedLimit: 1 << 30)
        let huge = try #require(pool.take(PixelBufferPool.sizeClass(12 << 20)))
        let small = try #require(pool.take(Self.large))
        defer {
            pool.give(huge.pointer, PixelBufferPool.sizeClass(12 << 20))
            pool.give(small.pointer, Self.large)
        }
        #expect(huge.zeroed && small.zeroed)
        #expect(try flags(of: huge.pointer).contains("hg"))
        #expect(try !flags(of: small.pointer).contains("hg"))
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
