import CWeftPNG
import Foundation
import Synchronization

/// A backing store's pixels as yuv420p rows (`YUV420`'s arithmetic), converted once and copied
/// into each mp4 frame whose rows the store fills (`FrameComposition.directRows`), instead of
/// being converted again in every frame: in a scroll a store stays put while the frames move over
/// it (the bench feed's photo is in about 17 of its 120 frames).
///
/// Luma depends on the pixel alone; chroma on which two rows make a pair, which depends on the
/// parity of the frame row the store starts on, so chroma is kept for both: pair k of parity q is
/// store rows q + 2k and q + 2k + 1. About 2 bytes a pixel beside the store's 4, in memory from
/// `PixelBufferPool.shared` (given back when this goes: no fresh mapping, and no unmapping that
/// stops the other processors, per store).
/// Immutable after `init`; Sendable.
final class StoreYUV: @unchecked Sendable {
    // SAFETY: `memory` is written only in `init`, before `self` is shared; afterwards only read.
    let width: Int
    let height: Int
    private let memory: UnsafeMutablePointer<UInt8>
    private let bytes: Int
    /// Y, `width` bytes a row, every row.
    let luma: UnsafePointer<UInt8>
    /// Cb and Cr, `width / 2` bytes a row, for pairs starting on even store rows ([0]) and odd ([1]).
    let cb: [UnsafePointer<UInt8>]
    let cr: [UnsafePointer<UInt8>]

    /// `store`'s rows (its width even, at least two rows), converted as `weft_yuv420_rows` does;
    /// nil when there is no memory for them.
    init?(_ store: Bitmap, portable: Bool) {
        precondition(store.pixelWidth % 2 == 0 && store.pixelHeight >= 2, "StoreYUV needs an even width and two rows, not \(store.pixelWidth)×\(store.pixelHeight)")
        let (width, height, half) = (store.pixelWidth, store.pixelHeight, store.pixelWidth / 2)
        let pairs = [height / 2, (height - 1) / 2]
        bytes = PixelBufferPool.sizeClass(width * height + 2 * half * (pairs[0] + pairs[1]))
        guard let (taken, _) = PixelBufferPool.shared.take(bytes) else { return nil }
        memory = taken.assumingMemoryBound(to: UInt8.self)
        self.width = width
        self.height = height
        luma = UnsafePointer(memory)
        let cb0 = memory + width * height, cr0 = cb0 + pairs[0] * half, cb1 = cr0 + pairs[0] * half, cr1 = cb1 + pairs[1] * half
        cb = [UnsafePointer(cb0), UnsafePointer(cb1)]
        cr = [UnsafePointer(cr0), UnsafePointer(cr1)]
        store.withUnsafeBytes { pixels in
            // Both passes write the luma rows they share, with the same bytes; between them every
            // row is written (an odd last row by the second).
            for (parity, (blue, red)) in [(cb0, cr0), (cb1, cr1)].enumerated() where pairs[parity] > 0 {
                withUnsafeTemporaryAllocation(of: UnsafePointer<UInt8>?.self, capacity: 2 * pairs[parity]) { rows in
                    for r in 0..<rows.count {
                        rows[r] = UnsafePointer((pixels.baseAddress! + (parity + r) * store.bytesPerRow).assumingMemoryBound(to: UInt8.self))
                    }
                    weft_yuv420_rows(UnsafePointer(rows.baseAddress!), width, rows.count, memory + parity * width, blue, red,
                                     portable ? Int32(WEFT_YUV420_PORTABLE) : 0)
                }
            }
        }
    }

    /// Where the rows from `storeRow` on start in each plane: luma at that row, chroma at the
    /// pair that row starts (of its parity's pairing).
    func planes(from storeRow: Int) -> (luma: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>) {
        let parity = storeRow & 1, pair = (storeRow - parity) / 2, half = width / 2
        return (luma + storeRow * width, cb[parity] + pair * half, cr[parity] + pair * half)
    }

    deinit { PixelBufferPool.shared.give(memory, bytes) }
}

/// A store's `StoreYUV`, made the second time a frame asks for it: a store in one frame only (a
/// fast scroll, a one-frame video) is converted in place, as any other row, and costs no memory.
/// Kept with the store (`Bitmap.derived`). Sendable; its state is under its lock.
final class StoreYUVSlot: Sendable {
    private let state = Mutex<(frames: Int, rows: StoreYUV?)>((0, nil))

    /// The rows of `store` for one more frame, or nil while it has been asked for by one frame only.
    func rows(of store: Bitmap, portable: Bool) -> StoreYUV? {
        state.withLock { state in
            state.frames += 1
            if state.rows == nil, state.frames >= 2 { state.rows = StoreYUV(store, portable: portable) }
            return state.rows
        }
    }

    /// The rows of `store` for one more frame (see `rows(of:portable:)`); nil for a store of
    /// fewer than two rows or an odd width.
    static func rows(of store: Bitmap, portable: Bool) -> StoreYUV? {
        guard store.pixelWidth % 2 == 0, store.pixelHeight >= 2 else { return nil }
        return store.derived(StoreYUVSlot.self) { StoreYUVSlot() }.rows(of: store, portable: portable)
    }
}
