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
/// Thread safety: `encode` and `prime` run on any thread, several at once; the tables and the
/// latest coded frame are read and written under `condition`'s lock, which a frame waiting for its
/// run's table waits on.
final class PNGSequenceEncoder: @unchecked Sendable {
    // SAFETY: `firstFrame`, `tables` and `latest` are only touched under `condition`'s lock;
    // `flags` is a constant; `Table` and `CodedFrame` are immutable once made.

    /// Frames in a run: a new table each run follows what the scroll shows, and its first frame
    /// copies no rows.
    static let runLength = 30

    /// The block's first frame (`begin(at:)`).
    private var firstFrame = 0
    /// `WEFT_PNG_PORTABLE` and `WEFT_PNG_RGBA`, as `weft_png_encode` takes them.
    let flags: Int32
    private let condition = NSCondition()
    private var tables: [Int: Result<Table, OutputError>] = [:]
    private var latest: CodedFrame?

    init(portable: Bool = false) {
        flags = portable ? Int32(WEFT_PNG_PORTABLE) : 0
    }

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
        let run = index / Self.runLength
        let fitter = max(run * Self.runLength, condition.withLock { firstFrame })
        var table: Result<Table, OutputError>?
        var lone: Result<Data, OutputError>?
        if index == fitter {
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
        let (runTable, reference) = condition.withLock { () -> (Result<Table, OutputError>, CodedFrame?) in
            if let table {
                tables[run] = table
                condition.broadcast()
            }
            // The fitter is this frame, an earlier one of the block, or the one `prime` took: it comes.
            while tables[run] == nil { condition.wait() }
            return (tables[run]!, latest.flatMap { $0.run == run ? $0 : nil })
        }
        if let lone { return try lone.get() }
        let coded = try CodedFrame(bitmap, index: index, run: run, offset: offset, table: try runTable.get(), reference: reference,
                                   flags: flags)
        condition.withLock {
            if latest.map({ $0.run < run || ($0.run == run && $0.index < index) }) ?? true { latest = coded }
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
        let bitmap: Bitmap
        let index: Int
        let run: Int
        let offset: Int
        /// The rows copied from the reference.
        let reused: Int

        init(_ bitmap: Bitmap, index: Int, run: Int, offset: Int, table: Table, reference: CodedFrame?, flags: Int32) throws(OutputError) {
            var coded: OpaquePointer?
            var reused = 0
            let status = bitmap.withUnsafeBytes { pixels in
                let base = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self)
                guard let reference else {
                    return weft_png_encode_coded(table.pointer, base, pixels.count, bitmap.pixelWidth, bitmap.pixelHeight, bitmap.bytesPerRow,
                                                 flags, nil, &coded, &reused)
                }
                return reference.bitmap.withUnsafeBytes { earlier in
                    var from = weft_png_reference(coded: reference.pointer, pixels: earlier.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                                  size: earlier.count, stride: reference.bitmap.bytesPerRow, shift: offset - reference.offset)
                    return weft_png_encode_coded(table.pointer, base, pixels.count, bitmap.pixelWidth, bitmap.pixelHeight, bitmap.bytesPerRow,
                                                 flags, &from, &coded, &reused)
                }
            }
            guard status == Int32(WEFT_PNG_OK), let coded else {
                throw SinglePassPNG.failure(status, bitmap.bytesPerRow * bitmap.pixelHeight, bitmap.pixelWidth, bitmap.pixelHeight, bitmap.bytesPerRow)
            }
            pointer = coded
            self.bitmap = bitmap
            self.index = index
            self.run = run
            self.offset = offset
            self.reused = reused
        }

        /// The PNG file.
        var bytes: Data {
            var count = 0
            let png = weft_png_coded_bytes(pointer, &count)!
            return Data(bytes: png, count: count)
        }

        deinit { weft_png_coded_free(pointer) }
    }
}
