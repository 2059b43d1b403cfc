import CWeftPNG
import Foundation

/// The single-pass encoder for the frames of one sequence (`weft_png_encode_coded`,
/// Sources/CWeftPNG/png_sequence.c): frames share Huffman tables in runs of `runLength`, fitted to
/// the run's first frame, and each row's matches stay within it and the row above, so a row the
/// scroll moved unchanged is the same bits in every later frame of the run and is copied from an
/// earlier frame's file instead of being filtered and coded again. Which earlier frame (the latest
/// coded when a frame starts) depends on the threads' timing; the bytes do not: a copied row is
/// the bits coding it would give. A run's first frame is coded as `PNGEncoder.frames` codes a lone
/// image (so a one-frame sequence is a snapshot's bytes) and copies nothing, nor is copied from;
/// the others are the same pixels as `PNGEncoder.frames` writes, in other bytes. Beyond Texture:
/// Weft's own.
///
/// A block of a sharded sequence whose first frame is inside a run is primed with the run's first
/// frame (`begin(at:)` names it, `prime` takes it), so that its files are the bytes one whole run
/// writes.
///
/// A frame of a collection is composited by copying, from the latest frame composited
/// (`latestComposed`), the rows that show a cell moved unchanged by whole pixels
/// (`FrameComposition.render(reusing:)`); where that frame is also the one its rows' bits are
/// copied from, those rows are taken as equal to it without being compared.
/// Thread safety: `encode`, `prime` and `latestComposed` run on any thread, several at once; the
/// tables, the latest frames and each `Picture`'s coded frame are read and written under
/// `condition`'s lock, which a frame waiting for its run's table waits on.
final class PNGSequenceEncoder: @unchecked Sendable {
    // SAFETY: `firstFrame`, `tables`, `latest`, `latestCoded` and every `Picture.coded` are only
    // touched under `condition`'s lock; `flags` is a constant; `Table` and `CodedFrame` are
    // immutable once made.

    /// Frames in a run: a new table each run follows what the scroll shows, and its first frame
    /// copies no rows.
    static let runLength = 30

    /// The block's first frame (`begin(at:)`).
    private var firstFrame = 0
    /// `WEFT_PNG_PORTABLE` and `WEFT_PNG_RGBA`, as `weft_png_encode` takes them.
    let flags: Int32
    private let condition = NSCondition()
    private var tables: [Int: Result<Table, OutputError>] = [:]
    /// The latest frame composited (the highest index handed to `encode`), for later frames to
    /// copy rows from.
    private var latest: Picture?
    /// The latest frame coded with a run's table, for later frames of its run to copy bits from.
    private var latestCoded: CodedFrame?

    init(portable: Bool = false) {
        flags = portable ? Int32(WEFT_PNG_PORTABLE) : 0
    }

    /// A frame as composited, with the scroll offset it shows (device pixels) and, once coded
    /// with its run's table, its coded rows. Sendable: `coded` is under the encoder's lock.
    final class Picture: @unchecked Sendable {
        // SAFETY: `coded` is only read and written under the owning encoder's `condition` lock.
        let index: Int
        let run: Int
        let offset: Int
        let composed: ComposedFrame
        fileprivate var coded: CodedFrame?

        init(index: Int, run: Int, offset: Int, composed: ComposedFrame) {
            self.index = index
            self.run = run
            self.offset = offset
            self.composed = composed
        }
    }

    /// The latest frame composited so far, for the next frame to copy its unchanged rows from.
    func latestComposed() -> Picture? { condition.withLock { latest } }

    /// Says that frames start at `first` (0 when never called), before any is encoded. Returns the
    /// frame before it whose pixels its run's table is fitted to in a whole run, which the caller
    /// must hand to `prime` (nil: `first` starts a run).
    func begin(at first: Int) -> Int? {
        let start = first / Self.runLength * Self.runLength
        // A run started before the block is primed: its own first frame fits its table.
        condition.withLock { firstFrame = start }
        return start < first ? start : nil
    }

    /// Fits the table of the run of `index`, a frame before the block (`primingFrame`).
    func prime(_ index: Int, _ bitmap: Bitmap) {
        let run = index / Self.runLength
        let table = Result { () throws(OutputError) in try Table(fitting: bitmap, flags: flags) }
        condition.withLock {
            tables[run] = table
            condition.broadcast()
        }
    }

    /// Frame `index` as a PNG file's bytes. `offset` is the frame's scroll offset in device pixels
    /// (row y shows what row y − Δ showed in a frame whose offset was Δ less). Throws
    /// `encodingFailed` for a bitmap the single-pass encoder does not take (see `SinglePassPNG`).
    func encode(_ index: Int, _ bitmap: Bitmap, offset: Int) throws(OutputError) -> Data {
        try encode(index, ComposedFrame(bitmap: bitmap, steady: []), offset: offset, copiedFrom: nil, copied: [])
    }

    /// `encode(_:_:offset:)` for a frame composited by `FrameComposition.render(reusing:)` from
    /// `reference` (`latestComposed()`), which copied `copied` from it. The bytes are those of
    /// `encode(_:_:offset:)`: copied rows are only not compared.
    func encode(_ index: Int, _ frame: ComposedFrame, offset: Int, copiedFrom reference: Picture?,
                copied: [FrameComposition.CopiedRows]) throws(OutputError) -> Data {
        let run = index / Self.runLength
        let picture = Picture(index: index, run: run, offset: offset, composed: frame)
        let fitter = max(run * Self.runLength, condition.withLock { firstFrame })
        var table: Result<Table, OutputError>?
        var lone: Result<Data, OutputError>?
        if index == fitter {
            // A run's first frame is coded as a lone image, from one block of rows.
            let bitmap: Bitmap
            do {
                bitmap = try frame.bitmap()
            } catch {
                throw .encodingFailed(reason: "\(error)")
            }
            table = Result { () throws(OutputError) in try Table(fitting: bitmap, flags: flags) }
            lone = Result { () throws(OutputError) in
                try bitmap.withUnsafeBytes { pixels in
                    Result { () throws(OutputError) in
                        try SinglePassPNG.encode(pixels, width: bitmap.pixelWidth, height: bitmap.pixelHeight, bytesPerRow: bitmap.bytesPerRow,
                                                 flags: flags) { Data(buffer: $0) }
                    }
                }.get()
            }
        }
        let (runTable, earlier, known) = condition.withLock { () -> (Result<Table, OutputError>, CodedFrame?, Bool) in
            if latest.map({ $0.index < index }) ?? true { latest = picture }
            if let table {
                tables[run] = table
                condition.broadcast()
            }
            // The fitter is this frame, an earlier one of the block, or the one `prime` took: it comes.
            while tables[run] == nil { condition.wait() }
            // The frame copied from, if it is coded with this run's table by now; else the latest so coded.
            if let reference, reference.run == run, let coded = reference.coded { return (tables[run]!, coded, true) }
            return (tables[run]!, latestCoded.flatMap { $0.run == run ? $0 : nil }, false)
        }
        if let lone { return try lone.get() }
        var knownRows: [UInt8] = []
        if known, let earlier {
            knownRows = [UInt8](repeating: 0, count: frame.pixelHeight)
            for copy in copied where copy.shift == offset - earlier.offset {
                for row in copy.rows { knownRows[row] = 1 }
            }
        }
        let coded = try CodedFrame(frame, index: index, run: run, offset: offset, table: try runTable.get(), reference: earlier,
                                   known: knownRows, flags: flags)
        condition.withLock {
            picture.coded = coded
            if latestCoded.map({ $0.run < run || ($0.run == run && $0.index < index) }) ?? true { latestCoded = coded }
        }
        return coded.bytes
    }

    /// Code tables fitted to one frame (`weft_png_table`).
    final class Table: Sendable {
        // SAFETY: never written after `init`; C reads it from any thread.
        nonisolated(unsafe) let pointer: OpaquePointer

        init(fitting bitmap: Bitmap, flags: Int32) throws(OutputError) {
            var table: OpaquePointer?
            let status = bitmap.withUnsafeBytes { pixels in
                weft_png_table_fit(pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), pixels.count, bitmap.pixelWidth,
                                   bitmap.pixelHeight, bitmap.bytesPerRow, flags, &table)
            }
            guard status == Int32(WEFT_PNG_OK), let table else {
                throw SinglePassPNG.failure(status, bitmap.bytesPerRow * bitmap.pixelHeight, bitmap.pixelWidth, bitmap.pixelHeight, bitmap.bytesPerRow)
            }
            pointer = table
        }

        deinit { weft_png_table_free(pointer) }
    }

    /// A coded frame with the pixels it was coded from, for later frames of its run to copy rows from.
    final class CodedFrame: Sendable {
        // SAFETY: never written after `init`; C reads it from any thread.
        nonisolated(unsafe) let pointer: OpaquePointer
        let frame: ComposedFrame
        let index: Int
        let run: Int
        let offset: Int
        /// The rows copied from the reference.
        let reused: Int

        convenience init(_ bitmap: Bitmap, index: Int, run: Int, offset: Int, table: Table, reference: CodedFrame?,
                         flags: Int32) throws(OutputError) {
            try self.init(ComposedFrame(bitmap: bitmap, steady: []), index: index, run: run, offset: offset, table: table, reference: reference,
                          flags: flags)
        }

        /// `known`: empty, or a flag for each row of `frame` that is, by how it was made, the
        /// reference's row at the shifted place (`weft_png_reference.known`).
        init(_ frame: ComposedFrame, index: Int, run: Int, offset: Int, table: Table, reference: CodedFrame?, known: [UInt8] = [],
             flags: Int32) throws(OutputError) {
            precondition(known.isEmpty || known.count == frame.pixelHeight, "a known flag for each row")
            var coded: OpaquePointer?
            var reused = 0
            let (width, height) = (frame.pixelWidth, frame.pixelHeight)
            let status = known.withUnsafeBufferPointer { known in
                guard let reference else {
                    return weft_png_encode_coded_rows(table.pointer, frame.rows, width, height, flags, nil, &coded, &reused)
                }
                var from = weft_png_reference(coded: reference.pointer, pixels: nil, size: 0, stride: 0, shift: offset - reference.offset,
                                              known: known.isEmpty ? nil : known.baseAddress, rows: reference.frame.rows)
                return weft_png_encode_coded_rows(table.pointer, frame.rows, width, height, flags, &from, &coded, &reused)
            }
            guard status == Int32(WEFT_PNG_OK), let coded else {
                throw SinglePassPNG.failure(status, width * 4 * height, width, height, width * 4)
            }
            pointer = coded
            self.frame = frame
            self.index = index
            self.run = run
            self.offset = offset
            self.reused = reused
        }

        /// The PNG file, in the coded frame's own memory (which the bytes keep): no copy of
        /// 140 KB, and of fresh pages, a frame.
        var bytes: Data {
            var count = 0
            let png = weft_png_coded_bytes(pointer, &count)!
            // SAFETY: the memory is never written after `init`, and lives as long as `self`, which
            // the deallocator holds until the bytes are released.
            return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: png), count: count, deallocator: .custom { _, _ in withExtendedLifetime(self) {} })
        }

        deinit { weft_png_coded_free(pointer) }
    }
}
