import Foundation
import Testing
@testable import Weft
import WeftSamples

/// The frames of a sequence coded by `PNGSequenceEncoder`: rows copied from an earlier frame are
/// the bits coding them gives, so the files do not depend on the reference or the thread count,
/// and every file decodes (libpng through cairo, Python's zlib) to the frame's pixels.
@Suite struct PNGSequenceEncoderTests {
    /// A scroll of `count` frames, 20 pt apart, over the bench feed at @1x (390×844 px).
    static func scroll(_ count: Int) throws -> FrameSequence {
        try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 20 * (count - 1)), frames: count, curve: .linear)
    }

    @MainActor static func writtenFrames(_ sequence: FrameSequence, threads: Int, shard: FrameShard = .whole,
                                         encoder: PNGEncoder = .frames) throws -> [String: Data] {
        let sample = CollectionSample.benchFeed(viewport: CGSize(width: 390, height: 844), items: 12)
        let folder = FramePipelineTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try sample.collectionNode.writeFrames(sequence, scale: 1, toFolder: folder, shard: shard, encoder: encoder, threads: threads)
        return try Dictionary(uniqueKeysWithValues: paths.map { (URL(fileURLWithPath: $0).lastPathComponent, try Data(contentsOf: URL(fileURLWithPath: $0))) })
    }

    /// 36 frames cross a run's end (`runLength` 30): the second run fits its own table.
    @MainActor @Test func framesAreTheSameBytesAtEveryThreadCountAndInEveryShard() throws {
        let sequence = try Self.scroll(36)
        let one = try Self.writtenFrames(sequence, threads: 1)
        #expect(one.count == 36)
        #expect(try Self.writtenFrames(sequence, threads: 2) == one)
        #expect(try Self.writtenFrames(sequence, threads: 4) == one)
        // Blocks starting inside a run (frames 12 and 24 of 36) are primed with the run's first frame.
        var parts: [String: Data] = [:]
        for index in 1...3 { parts.merge(try Self.writtenFrames(sequence, threads: 2, shard: FrameShard(index, of: 3))) { a, _ in a } }
        #expect(parts == one)
    }

    /// Each written frame decodes with libpng to the frame composited alone (opaque: exactly), and
    /// its IDAT inflates with Python's zlib, which checks the combined Adler-32. With
    /// `copiesUnchangedRows` off, each file is the frame's lone encoding.
    @MainActor @Test func framesDecodeToTheFramesPixels() throws {
        let sequence = try Self.scroll(8)
        let written = try Self.writtenFrames(sequence, threads: 2)
        let sample = CollectionSample.benchFeed(viewport: CGSize(width: 390, height: 844), items: 12)
        var frames: [Bitmap] = []
        try sample.collectionNode.renderFrames(sequence, scale: 1) { _, frame in frames.append(frame) }
        var alone = PNGEncoder.frames
        alone.copiesUnchangedRows = false
        let writtenAlone = try Self.writtenFrames(sequence, threads: 2, encoder: alone)
        for (index, frame) in frames.enumerated() {
            let name = String(format: "frame_%05d.png", index + 1)
            #expect(writtenAlone[name] == PNGEncoder.frames.encode(frame), "\(name): coded alone, a snapshot's bytes")
            let png = try #require(written[name])
            #expect(try UIImage(decoding: png).bitmap.hasSamePixels(as: frame), "frame \(index)")
            // A run's first frame is coded as a lone image; the others with its table, rows within rows.
            #expect((png == PNGEncoder.frames.encode(frame)) == (index == 0), "frame \(index)")
            try Self.inflateWithPython(png, rowBytes: frame.pixelWidth * 3 + 1, rows: frame.pixelHeight)
        }
    }

    /// Frames coded with a reference equal frames coded without one, copying most rows, in the
    /// AVX2 and the portable code alike; translucent frames (RGBA) too.
    @Test(arguments: [true, false]) func copiedRowsAreTheBitsCodingGives(opaque: Bool) throws {
        // A tall pattern scrolled by 23 px a frame, under a bar that stays put.
        func frame(_ offset: Int) throws -> Bitmap {
            try Bitmap(pixelWidth: 301, pixelHeight: 400, scale: 1) { context in
                if opaque { context.fill(CGRect(x: 0, y: 0, width: 301, height: 400), with: .white) }
                for band in stride(from: -(offset % 60), to: 400, by: 60) {
                    let row = CGFloat(band)
                    context.fill(CGRect(x: 10, y: row, width: 200, height: 20), with: UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: opaque ? 1 : 0.5))
                    context.fill(CGRect(x: 40, y: row + 30, width: 30, height: 12), with: .black)
                }
                context.fill(CGRect(x: 0, y: 0, width: 301, height: 16), with: .orange)
            }
        }
        let frames = try (0..<4).map { try frame($0 * 23) }
        for portable in [false, true] {
            let encoder = PNGSequenceEncoder(portable: portable)
            let table = try PNGSequenceEncoder.Table(fitting: frames[0], flags: encoder.flags)
            var previous: PNGSequenceEncoder.CodedFrame?
            for (index, bitmap) in frames.enumerated() {
                let coded = try PNGSequenceEncoder.CodedFrame(bitmap, index: index, run: 0, offset: index * 23, table: table, reference: previous,
                                                              flags: encoder.flags)
                let alone = try PNGSequenceEncoder.CodedFrame(bitmap, index: index, run: 0, offset: index * 23, table: table, reference: nil,
                                                              flags: encoder.flags)
                #expect(coded.bytes == alone.bytes, "frame \(index), portable \(portable)")
                #expect(alone.reused == 0)
                if index > 0 { #expect(coded.reused > 300, "frame \(index) copied \(coded.reused) of 400 rows") }
                let decoded = try UIImage(decoding: coded.bytes).bitmap
                let expected = try UIImage(decoding: PNGEncoder.frames.encode(bitmap)).bitmap
                #expect(decoded.hasSamePixels(as: expected), "frame \(index)")
                #expect(coded.bytes[25] == (opaque ? 2 : 6))
                try Self.inflateWithPython(coded.bytes, rowBytes: 301 * (opaque ? 3 : 4) + 1, rows: 400)
                previous = coded
            }
        }
    }

    /// A reference of another table, width or colour type is not copied from.
    @Test func aReferenceOfAnotherTableIsNotUsed() throws {
        let bitmap = try Bitmap(pixelWidth: 64, pixelHeight: 64, scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 64, height: 64), with: .white) }
        let striped = try Bitmap(pixelWidth: 64, pixelHeight: 64, scale: 1) { context in
            for y in stride(from: 0, to: 64, by: 2) { context.fill(CGRect(x: 0, y: y, width: 64, height: 1), with: .red) }
        }
        let table = try PNGSequenceEncoder.Table(fitting: bitmap, flags: 0), other = try PNGSequenceEncoder.Table(fitting: striped, flags: 0)
        let first = try PNGSequenceEncoder.CodedFrame(bitmap, index: 0, run: 0, offset: 0, table: table, reference: nil, flags: 0)
        let same = try PNGSequenceEncoder.CodedFrame(bitmap, index: 1, run: 0, offset: 0, table: table, reference: first, flags: 0)
        #expect(same.reused == 62)
        let elsewhere = try PNGSequenceEncoder.CodedFrame(bitmap, index: 1, run: 1, offset: 0, table: other, reference: first, flags: 0)
        #expect(elsewhere.reused == 0)
        #expect(try UIImage(decoding: elsewhere.bytes).bitmap.hasSamePixels(as: bitmap))
    }

    /// Inflates the file's IDAT data with Python's zlib (which checks the Adler-32) and checks the
    /// size of what comes out.
    static func inflateWithPython(_ png: Data, rowBytes: Int, rows: Int) throws {
        let script = """
            import struct, sys, zlib
            d = sys.stdin.buffer.read(); pos = 8; idat = b""
            while pos < len(d):
                n, = struct.unpack(">I", d[pos:pos + 4]); kind = d[pos + 4:pos + 8]
                if zlib.crc32(d[pos + 4:pos + 8 + n]) != struct.unpack(">I", d[pos + 8 + n:pos + 12 + n])[0]: sys.exit("bad CRC in " + str(kind))
                if kind == b"IDAT": idat += d[pos + 8:pos + 8 + n]
                pos += 12 + n
            print(len(zlib.decompress(idat)))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(png)
        try input.fileHandleForWriting.close()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "Python's zlib refused the file")
        #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == "\(rowBytes * rows)")
    }
}
