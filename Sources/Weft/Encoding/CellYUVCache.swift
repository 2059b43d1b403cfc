import Foundation
import Synchronization

/// mp4's converted rows of the cells its frames show (`CellRaster`): each cell drawn alone and
/// converted to yuv420p once (`StoreYUV`, both row pairings), then copied into every frame that
/// shows it unchanged, however far it has moved. A scroll otherwise composites and converts each
/// card again in every frame it is in (in the bench feed's scroll, about 27 frames).
///
/// A cell is found again by what it draws (`CellRaster.drawsSame(as:)`), so a cell whose content
/// changed (a new backing store, another colour) is drawn again. An entry keeps the cell's layers,
/// and with them its backing stores (which keep a freed store's address from being taken for
/// another's), so its bytes count both. An entry goes when no frame has used it for `keptFrames`
/// frames, or, when the entries hold more than `byteLimit` bytes, the ones used longest ago go
/// first. A frame that misses an entry (evicted while a slower worker still had a frame before
/// it) draws the cell again: the same bytes. Each entry is made once: a second worker asking for
/// it waits for the first.
/// Sendable: its state is under its lock, each entry's rows under the entry's own.
final class CellYUVCache: Sendable {
    /// Frames an entry outlives the last frame that used it: a frame's workers run a few frames
    /// apart.
    static let keptFrames = 8
    /// The bytes kept at most: converted rows (about 2 bytes a pixel: 3.8 MB for a bench-feed
    /// card) and the stores they keep (7 MB more for a card, most of it the photo).
    let byteLimit: Int

    private let state = Mutex<State>(State())

    private struct State {
        /// By `CellRaster.drawingHash`, the entries with that hash.
        var entries: [Int: [Entry]] = [:]
        var bytes = 0
    }

    /// One cell's rows, made by the first frame that asks.
    private final class Entry: Sendable {
        let raster: CellRaster
        let hash: Int
        let bytes: Int
        /// The last frame that asked; under the cache's lock.
        let lastFrame: Atomic<Int>
        /// nil until made; then the rows, or nil when they could not be made (no memory).
        let rows = Mutex<CellYUV??>(nil)

        init(_ raster: CellRaster, hash: Int, frame: Int) {
            self.raster = raster
            self.hash = hash
            bytes = raster.pixelWidth * raster.pixelHeight * 2 + raster.layer.storeBytes
            lastFrame = Atomic(frame)
        }
    }

    init(byteLimit: Int = 192 << 20) {
        self.byteLimit = byteLimit
    }

    /// `raster`'s rows for frame `frame` (from 0): made now if no entry draws the same, else the
    /// entry's. Nil when the cell cannot be drawn or converted (no memory): the frame composites
    /// those rows instead. `portable` runs the portable conversion (the same bytes).
    func rows(of raster: CellRaster, frame: Int, portable: Bool) -> CellYUV? {
        let entry = entry(for: raster, frame: frame)
        return entry.rows.withLock { made in
            if let made { return made }
            let rows = (try? raster.render()).flatMap { CellYUV($0, portable: portable) }
            made = .some(rows)
            return rows
        }
    }

    /// The number of cells kept (for tests).
    var count: Int { state.withLock { $0.entries.values.reduce(0) { $0 + $1.count } } }

    private func entry(for raster: CellRaster, frame: Int) -> Entry {
        let hash = raster.drawingHash
        return state.withLock { state in
            let entry: Entry
            if let found = state.entries[hash]?.first(where: { $0.raster.drawsSame(as: raster) }) {
                entry = found
                if found.lastFrame.load(ordering: .relaxed) < frame { found.lastFrame.store(frame, ordering: .relaxed) }
            } else {
                entry = Entry(raster, hash: hash, frame: frame)
                state.entries[hash, default: []].append(entry)
                state.bytes += entry.bytes
            }
            evict(&state, keeping: entry, frame: frame)
            return entry
        }
    }

    /// Drops the entries no frame has used for `keptFrames` frames, then, while over `byteLimit`,
    /// the ones used longest ago; never `kept`.
    private func evict(_ state: inout State, keeping kept: Entry, frame: Int) {
        var all = state.entries.values.flatMap { $0 }
        var dropped = all.filter { $0 !== kept && $0.lastFrame.load(ordering: .relaxed) < frame - Self.keptFrames }
        if state.bytes - dropped.reduce(0, { $0 + $1.bytes }) > byteLimit {
            all.sort { $0.lastFrame.load(ordering: .relaxed) < $1.lastFrame.load(ordering: .relaxed) }
            var bytes = state.bytes
            dropped = []
            for entry in all where entry !== kept && (bytes > byteLimit || entry.lastFrame.load(ordering: .relaxed) < frame - Self.keptFrames) {
                dropped.append(entry)
                bytes -= entry.bytes
            }
        }
        guard !dropped.isEmpty else { return }
        let gone = Set(dropped.map(ObjectIdentifier.init))
        for entry in dropped {
            state.entries[entry.hash]?.removeAll { gone.contains(ObjectIdentifier($0)) }
            if state.entries[entry.hash]?.isEmpty == true { state.entries[entry.hash] = nil }
            state.bytes -= entry.bytes
        }
    }
}

/// A cell's raster as mp4 copies it into frames: its rows converted (`StoreYUV`), and the pixels
/// of its first and last rows, for the row pairs it shares with the rows above and below it when
/// it starts or ends on an odd frame row.
/// Immutable after `init`; Sendable.
final class CellYUV: @unchecked Sendable {
    // SAFETY: `edges` is written only in `init`, before `self` is shared; afterwards only read.
    let rows: StoreYUV
    private let edges: UnsafeMutablePointer<UInt8>
    /// The raster's first and last rows, ARGB32 as cairo's, `rows.width` pixels each.
    let firstRow: UnsafePointer<UInt8>
    let lastRow: UnsafePointer<UInt8>

    /// `raster`'s rows (an even width, two rows or more); nil when there is no memory for them.
    init?(_ raster: Bitmap, portable: Bool) {
        guard let rows = StoreYUV(raster, portable: portable) else { return nil }
        self.rows = rows
        let rowBytes = raster.pixelWidth * 4, edges = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes)
        raster.withUnsafeBytes { pixels in
            edges.update(from: pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), count: rowBytes)
            (edges + rowBytes).update(from: (pixels.baseAddress! + (raster.pixelHeight - 1) * raster.bytesPerRow).assumingMemoryBound(to: UInt8.self),
                                      count: rowBytes)
        }
        self.edges = edges
        firstRow = UnsafePointer(edges)
        lastRow = UnsafePointer(edges + rowBytes)
    }

    deinit { edges.deallocate() }
}
