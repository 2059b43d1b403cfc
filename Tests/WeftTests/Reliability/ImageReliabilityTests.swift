import CWeft
import Foundation
import Testing
@testable import Weft

/// Hostile and unusual image input: damaged PNG data, files that are not files, EXIF orientation,
/// CMYK JPEGs, the PNG colour-space chunk, and bad image-node geometry.
@Suite struct ImageReliabilityTests {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("weft-image-reliability-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static func uniqueFile(_ name: String) -> URL {
        folder.appendingPathComponent("\(UUID().uuidString)-\(name)")
    }

    // MARK: PNG structure

    /// The chunks of a PNG: type, data offset, length.
    static func chunks(_ png: [UInt8]) -> [(type: String, offset: Int, length: Int)] {
        var result: [(String, Int, Int)] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            result.append((String(decoding: png[offset + 4..<offset + 8], as: UTF8.self), offset + 8, length))
            offset += 12 + length
        }
        return result
    }

    /// Rewrites the CRC of the chunk whose data starts at `offset`, so only its content is damaged.
    static func fixCRC(_ png: inout [UInt8], chunkDataAt offset: Int, length: Int) {
        let crc = png.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress! + offset - 4, 4 + length) }
        for i in 0..<4 { png[offset + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(i))) }
    }

    static func corruptionDetail(_ bytes: [UInt8]) -> String? {
        do {
            _ = try UIImage(decoding: Data(bytes))
            return nil
        } catch {
            guard case .corrupt(format: "PNG", _, let detail) = error else { return "unexpected \(error)" }
            return detail
        }
    }

    @Test func corruptCompressedDataIsNamedNotOutOfMemory() throws {
        var png = [UInt8](PNGEncoder().encode(TestSupport.gradientImage(width: 60, height: 40).bitmap))
        let idat = try #require(Self.chunks(png).first { $0.type == "IDAT" })
        for i in stride(from: idat.offset + 4, to: idat.offset + idat.length - 4, by: 7) { png[i] ^= 0x5A }
        Self.fixCRC(&png, chunkDataAt: idat.offset, length: idat.length)
        let detail = try #require(Self.corruptionDetail(png))
        #expect(detail.contains("compressed image data") && detail.contains("corrupt"), "\(detail)")
        #expect(!detail.contains("memory"), "\(detail)")
    }

    @Test func damagedPNGsSayWhatIsDamaged() throws {
        let png = [UInt8](PNGEncoder().encode(TestSupport.gradientImage(width: 60, height: 40).bitmap))
        let idat = try #require(Self.chunks(png).first { $0.type == "IDAT" })

        // Damage without fixing the CRC: libpng's CRC check is what fails.
        var flipped = png
        flipped[idat.offset + idat.length / 2] ^= 0xFF
        #expect(Self.corruptionDetail(flipped)?.contains("IDAT chunk at byte \(idat.offset - 8) fails its CRC check") == true)

        // Truncated inside the image data.
        let truncated = Array(png.prefix(idat.offset + idat.length / 2))
        #expect(Self.corruptionDetail(truncated)?.contains("the data ends inside the IDAT chunk") == true)

        // A complete zlib stream that holds too little data for the header's size.
        var short = png
        short.replaceSubrange(20..<24, with: [0, 0, 0, 80])  // height 40 → 80
        Self.fixCRC(&short, chunkDataAt: 16, length: 13)
        #expect(Self.corruptionDetail(short)?.contains("ends early") == true, "\(Self.corruptionDetail(short) ?? "")")

        // A row filter type PNG does not define, in a valid zlib stream.
        var raw = [UInt8](repeating: 0, count: 4 * (1 + 4 * 3))
        raw[1 + 4 * 3] = 9
        let rebuilt = Self.png(raw: raw, width: 4, height: 4)
        #expect(Self.corruptionDetail(rebuilt)?.contains("filter type 9") == true, "\(Self.corruptionDetail(rebuilt) ?? "")")
    }

    /// A PNG of `width`×`height` RGB pixels with the given filtered rows, compressed by libdeflate.
    static func png(raw: [UInt8], width: Int, height: Int) -> [UInt8] {
        var ihdr = [UInt8]()
        ihdr.appendBigEndian(UInt32(width))
        ihdr.appendBigEndian(UInt32(height))
        ihdr += [8, 2, 0, 0, 0]
        let compressor = libdeflate_alloc_compressor(6)!
        defer { libdeflate_free_compressor(compressor) }
        var out = [UInt8](repeating: 0, count: 1024)
        let written = raw.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { libdeflate_zlib_compress(compressor, input.baseAddress, input.count, $0.baseAddress, $0.count) }
        }
        var png = PNGDecoder.signature
        png.appendChunk("IHDR", ihdr)
        png.appendChunk("IDAT", Array(out.prefix(written)))
        png.appendChunk("IEND", [])
        return png
    }

    @Test func mutatedPNGsAndJPEGsNeverCrashTheDecoders() {
        var generator = SeededGenerator(seed: 0x5EED)
        let png = [UInt8](PNGEncoder().encode(TestSupport.gradientImage(width: 24, height: 16).bitmap))
        let jpeg = [UInt8](ImageDecodingTests.jpeg(TestSupport.gradientImage(width: 24, height: 16).bitmap))
        let jpegWithExif = Self.withExif(jpeg, Self.exifBlock(orientation: 6, littleEndian: true))
        _ = WeftDiagnostics.collect(matching: "never-matches-\(UUID())") {
            for original in [png, jpeg, jpegWithExif] {
                for _ in 0..<300 {
                    var bytes = original
                    let edits = Int(generator.next() % 6) + 1
                    for _ in 0..<edits {
                        let at = Int(generator.next() % UInt64(bytes.count))
                        switch generator.next() % 3 {
                        case 0: bytes[at] = UInt8(truncatingIfNeeded: generator.next())
                        case 1: bytes.removeSubrange(at...)
                        default: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: at)
                        }
                        if bytes.count < 4 { break }
                    }
                    _ = try? UIImage(decoding: Data(bytes))
                }
            }
        }
    }

    // MARK: Files that are not image files

    @Test func devicesDirectoriesAndFIFOsAreNotRegularFiles() throws {
        #expect(throws: ImageDecodingError.notARegularFile(path: "/dev/zero", kind: "a character device")) {
            try UIImage(contentsOf: URL(fileURLWithPath: "/dev/zero"))
        }
        let directory = Self.uniqueFile("folder.png")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(throws: ImageDecodingError.notARegularFile(path: directory.path, kind: "a directory")) {
            try UIImage(contentsOf: directory)
        }
        let fifo = Self.uniqueFile("pipe.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { unlink(fifo.path) }
        // Opening a FIFO for reading would wait for a writer forever.
        #expect(throws: ImageDecodingError.notARegularFile(path: fifo.path, kind: "a FIFO")) { try UIImage(contentsOf: fifo) }
        #expect(ImageDecodingError.notARegularFile(path: "/dev/zero", kind: "a character device").description
            == "/dev/zero is not a regular file (it is a character device)")
    }

    @Test func hugeFilesAreRefusedWithTheirSize() throws {
        let file = Self.uniqueFile("huge.png")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data(PNGDecoder.signature)))
        defer { try? FileManager.default.removeItem(at: file) }
        let size = WeftLimits.maximumImageFileBytes + 1
        #expect(truncate(file.path, off_t(size)) == 0)  // sparse: no disk space used
        #expect(throws: ImageDecodingError.fileTooLarge(path: file.path, bytes: size)) { try UIImage(contentsOf: file) }
        #expect(ImageDecodingError.fileTooLarge(path: file.path, bytes: size).description.contains("\(size) bytes"))
    }

    @Test func unreadableFilesSayWhy() throws {
        guard getuid() != 0 else { return }  // root reads everything
        let file = Self.uniqueFile("locked.png")
        try PNGEncoder().encode(TestSupport.gradientImage().bitmap).write(to: file)
        chmod(file.path, 0)
        #expect(throws: ImageDecodingError.unreadable(path: file.path, reason: "Permission denied")) { try UIImage(contentsOf: file) }
    }

    // MARK: EXIF orientation

    /// An EXIF APP1 payload (after "Exif\0\0") with one IFD0 entry: orientation `n` as a SHORT.
    static func exifBlock(orientation n: Int, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        return (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
            + u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(n) + u16(0) + u32(0)
    }

    /// `jpeg` with an APP1 segment holding `tiff` spliced in right after SOI.
    static func withExif(_ jpeg: [UInt8], _ tiff: [UInt8]) -> [UInt8] {
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[2...])
    }

    /// 32×16 stored pixels in four flat quadrants, aligned to JPEG's 8×8 blocks.
    static let quadrants: Bitmap = try! Bitmap(pixelWidth: 32, pixelHeight: 16, scale: 1) { context in
        context.fill(CGRect(x: 0, y: 0, width: 16, height: 8), with: UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 16, y: 0, width: 16, height: 8), with: UIColor(red: 0, green: 1, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 8, width: 16, height: 8), with: UIColor(red: 0, green: 0, blue: 1, alpha: 1))
        context.fill(CGRect(x: 16, y: 8, width: 16, height: 8), with: UIColor(red: 1, green: 1, blue: 1, alpha: 1))
    }

    enum Side { case top, bottom, left, right }

    /// EXIF's table: the visual sides of the stored first row and first column, for orientations 1–8.
    static let exifTable: [Int: (row: Side, column: Side)] = [
        1: (.top, .left), 2: (.top, .right), 3: (.bottom, .right), 4: (.bottom, .left),
        5: (.left, .top), 6: (.right, .top), 7: (.right, .bottom), 8: (.left, .bottom),
    ]

    static func near(_ pixel: UInt32?, _ expected: UInt32) -> Bool {
        guard let pixel else { return false }
        return (0..<4).allSatisfy { shift in
            abs(Int((pixel >> (8 * UInt32(shift))) & 0xFF) - Int((expected >> (8 * UInt32(shift))) & 0xFF)) <= 24
        }
    }

    @Test(arguments: 1...8, [true, false])
    func exifOrientationIsApplied(orientation: Int, littleEndian: Bool) throws {
        let jpeg = Self.withExif([UInt8](ImageDecodingTests.jpeg(Self.quadrants, quality: 100)),
                                 Self.exifBlock(orientation: orientation, littleEndian: littleEndian))
        let image = try UIImage(decoding: Data(jpeg), scale: 2)
        let swaps = orientation >= 5
        #expect(image.bitmap.pixelWidth == (swaps ? 16 : 32) && image.bitmap.pixelHeight == (swaps ? 32 : 16))
        #expect(image.size == (swaps ? CGSize(width: 8, height: 16) : CGSize(width: 16, height: 8)))

        let (rowSide, columnSide) = Self.exifTable[orientation]!
        func opposite(_ side: Side) -> Side { [.top: .bottom, .bottom: .top, .left: .right, .right: .left][side]! }
        func corner(_ a: Side, _ b: Side) -> (x: Int, y: Int) {
            let w = image.bitmap.pixelWidth, h = image.bitmap.pixelHeight
            var x = 0, y = 0
            for side in [a, b] {
                switch side {
                case .top: y = 2
                case .bottom: y = h - 3
                case .left: x = 2
                case .right: x = w - 3
                }
            }
            return (x, y)
        }
        // Stored corners: first row & first column red, first row & last column green,
        // last row & first column blue, last row & last column white.
        let expectations: [((Side, Side), UInt32)] = [
            ((rowSide, columnSide), 0xFFFF0000), ((rowSide, opposite(columnSide)), 0xFF00FF00),
            ((opposite(rowSide), columnSide), 0xFF0000FF), ((opposite(rowSide), opposite(columnSide)), 0xFFFFFFFF),
        ]
        for ((a, b), colour) in expectations {
            let at = corner(a, b)
            let pixel = image.bitmap.pixel(x: at.x, y: at.y)
            #expect(Self.near(pixel, colour), "orientation \(orientation): pixel at \(at) is \(String(pixel ?? 0, radix: 16)), expected \(String(colour, radix: 16))")
        }
    }

    @Test func malformedEXIFIsReportedAndIgnored() throws {
        let jpeg = [UInt8](ImageDecodingTests.jpeg(Self.quadrants, quality: 100))
        let good = Self.exifBlock(orientation: 6, littleEndian: false)
        var hugeCount = good
        hugeCount[8] = 0xFF; hugeCount[9] = 0xFF  // 65535 directory entries in a 26-byte block,
        hugeCount[10] = 0x01; hugeCount[11] = 0x00  // the first of them not the orientation
        var farOffset = good
        farOffset[4] = 0x7F  // first directory 2 GB away
        var badValue = good
        badValue[19] = 9
        var wrongType = good
        wrongType[13] = 4  // LONG
        let cases: [(String, [UInt8], String)] = [
            ("short", Array(good.prefix(5)), "too short"),
            ("order", [0x41, 0x41] + Array(good.dropFirst(2)), "byte-order mark"),
            ("magic", Array(good.prefix(2)) + [0, 43] + Array(good.dropFirst(4)), "42"),
            ("count", hugeCount, "entry 1 of 65535 lies outside"),
            ("offset", farOffset, "first directory lies outside"),
            ("value", badValue, "orientation is 9"),
            ("type", wrongType, "type 4"),
            ("truncated-entry", Array(good.prefix(16)), "entry 0 of 1 lies outside"),
            ("truncated-value", Array(good.prefix(19)), "orientation value lies outside"),
        ]
        for (name, tiff, expected) in cases {
            let file = Self.uniqueFile("exif-\(name).jpg")
            try Data(Self.withExif(jpeg, tiff)).write(to: file)
            let (image, diagnostics) = try WeftDiagnostics.collect(matching: file.path) { try UIImage(contentsOf: file) }
            #expect(image.bitmap.pixelWidth == 32 && image.bitmap.pixelHeight == 16, "\(name): shown unrotated")
            #expect(Self.near(image.bitmap.pixel(x: 2, y: 2), 0xFFFF0000), "\(name)")
            #expect(diagnostics.count == 1 && diagnostics.first?.area == .image, "\(name): \(diagnostics)")
            #expect(diagnostics.first?.message.contains(expected) == true, "\(name): \(diagnostics.first?.message ?? "none")")
        }
        // Without EXIF there is nothing to report.
        let plain = Self.uniqueFile("plain.jpg")
        try Data(jpeg).write(to: plain)
        let (_, none) = try WeftDiagnostics.collect(matching: plain.path) { try UIImage(contentsOf: plain) }
        #expect(none.isEmpty)
    }

    // MARK: Colour spaces

    /// A JPEG of CMYK pixels (TurboJPEG writes YCCK with an Adobe segment, values as given).
    static func cmykJPEG(width: Int, height: Int, pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
        var buffer = [UInt8]()
        for y in 0..<height { for x in 0..<width { buffer += pixel(x, y) } }
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(handle, buffer, Int32(width), 0, Int32(height), Int32(TJPF_CMYK.rawValue), &output, &size,
                                 Int32(TJSAMP_444.rawValue), 100, 0)
        precondition(status == 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    @Test func adobeCMYKJPEGsDecode() throws {
        // Adobe stores 255 − ink: full cyan ink is stored C = 0 with the others 255.
        let jpeg = Self.cmykJPEG(width: 32, height: 16) { x, _ in
            x < 16 ? [0, 255, 255, 255] /* cyan */ : [255, 255, 255, 127] /* 50 % black */
        }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let handle = tjInitDecompress()!
        defer { tjDestroy(handle) }
        _ = tjDecompressHeader3(handle, jpeg, UInt(jpeg.count), &width, &height, &subsampling, &colorspace)
        #expect(colorspace == Int32(TJCS_YCCK.rawValue))
        let image = try UIImage(decoding: Data(jpeg))
        #expect(image.bitmap.pixelWidth == 32 && image.bitmap.isOpaque)
        #expect(Self.near(image.bitmap.pixel(x: 4, y: 8), 0xFF00FFFF), "\(String(image.bitmap.pixel(x: 4, y: 8)!, radix: 16))")
        #expect(Self.near(image.bitmap.pixel(x: 24, y: 8), 0xFF7F7F7F), "\(String(image.bitmap.pixel(x: 24, y: 8)!, radix: 16))")
    }

    @Test func plainCMYKJPEGsDecode() throws {
        // With C = M = Y, YCCK stores Y = 255 − C and Cb = Cr = 128. Relabelling the Adobe transform
        // as 0 (CMYK, no transform) makes a CMYK file whose components are exactly those.
        var jpeg = Self.cmykJPEG(width: 16, height: 16) { _, _ in [55, 55, 55, 200] }
        let adobe = try #require((0..<jpeg.count - 16).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xEE })
        #expect(jpeg[adobe + 15] == 2)  // transform: YCCK
        jpeg[adobe + 15] = 0
        let image = try UIImage(decoding: Data(jpeg))
        // Inverted (Adobe) values C = 200, M = Y = 128, K = 200: R = 200·200/255, G = B = 128·200/255.
        #expect(Self.near(image.bitmap.pixel(x: 8, y: 8), 0xFF9D6464), "\(String(image.bitmap.pixel(x: 8, y: 8)!, radix: 16))")
        // Without any Adobe segment the values are ink amounts: R = (255 − 200)(255 − 200)/255.
        var noAdobe = jpeg
        noAdobe[adobe + 4] = 0x58  // "Xdobe": an APP14 segment that is not Adobe's
        let plain = try UIImage(decoding: Data(noAdobe))
        #expect(Self.near(plain.bitmap.pixel(x: 8, y: 8), 0xFF0C1B1B), "\(String(plain.bitmap.pixel(x: 8, y: 8)!, radix: 16))")
    }

    @Test func grayscaleJPEGsStillDecode() throws {
        let gray = [UInt8](repeating: 90, count: 16 * 16)
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        #expect(tjCompress2(handle, gray, 16, 0, 16, Int32(TJPF_GRAY.rawValue), &output, &size, Int32(TJSAMP_GRAY.rawValue), 100, 0) == 0)
        defer { tjFree(output) }
        let image = try UIImage(decoding: Data(bytes: output!, count: Int(size)))
        #expect(Self.near(image.bitmap.pixel(x: 8, y: 8), 0xFF5A5A5A))
    }

    // MARK: PNG colour space

    @Test func writtenPNGsDeclareSRGBAndDecodeToTheSamePixels() throws {
        for bitmap in [try PNGTests.translucentBitmap(), TestSupport.gradientImage(width: 33, height: 17).bitmap] {
            let png = [UInt8](PNGEncoder().encode(bitmap))
            let chunks = Self.chunks(png)
            #expect(chunks.map(\.type) == ["IHDR", "sRGB", "IDAT", "IEND"])
            let srgb = try #require(chunks.first { $0.type == "sRGB" })
            #expect(srgb.length == 1 && png[srgb.offset] == 0, "rendering intent: perceptual")
            var check = png
            Self.fixCRC(&check, chunkDataAt: srgb.offset, length: 1)
            #expect(check == png, "the sRGB chunk's CRC is right")
            let decoded = try UIImage(decoding: Data(png)).bitmap
            let reference = try UIImage(decoding: try CairoPNGWriter().encode(bitmap)).bitmap
            #expect(decoded.hasSamePixels(as: reference))
        }
    }

    // MARK: Image node geometry

    static func imageNode(_ name: String) -> (ASImageNode, String) {
        let node = ASImageNode()
        let unique = "\(name)-\(UUID().uuidString)"
        node.debugName = unique
        return (node, unique)
    }

    @Test func badForcedSizesAreRepairedAndReported() {
        let cases: [(CGSize, CGSize)] = [
            (CGSize(width: CGFloat.nan, height: 10), CGSize(width: 0, height: 10)),
            (CGSize(width: 12, height: -CGFloat.infinity), CGSize(width: 12, height: 0)),
            (CGSize(width: -5, height: -6), .zero),
        ]
        for (given, used) in cases {
            let (node, name) = Self.imageNode("forced")
            let (_, diagnostics) = WeftDiagnostics.collect(matching: name) { node.forcedSize = given }
            #expect(node.forcedSize == used)
            #expect(diagnostics.count == 1 && diagnostics.first?.area == .image, "\(given): \(diagnostics)")
            #expect(diagnostics.first?.message.contains("forcedSize \(given)") == true && diagnostics.first?.message.contains("\(used) used") == true,
                    "\(diagnostics.first?.message ?? "none")")
        }
        let (node, name) = Self.imageNode("forced-fine")
        let (_, none) = WeftDiagnostics.collect(matching: name) { node.forcedSize = CGSize(width: 20, height: 10) }
        #expect(none.isEmpty)
    }

    @Test func forcedSizesTooLargeToDrawAreReportedAndDrawnAtTheBounds() throws {
        let (node, name) = Self.imageNode("forced-huge")
        node.image = TestSupport.gradientImage(width: 40, height: 24)
        node.forcedSize = CGSize(width: 1e6, height: 1e6)
        node.frame = CGRect(x: 0, y: 0, width: 40, height: 24)
        let (bitmap, diagnostics) = try WeftDiagnostics.collect(matching: name) { try node.renderBitmap(scale: 1) }
        #expect(diagnostics.contains { $0.area == .image && $0.message.contains("forcedSize") && $0.message.contains("past Bitmap's limits") }, "\(diagnostics)")
        #expect(bitmap.pixel(x: 38, y: 20) != 0, "the image is drawn, not left blank")
    }

    @Test func badCropRectsAreRepairedAndReported() {
        let cases: [(CGRect, CGRect)] = [
            (CGRect(x: CGFloat.nan, y: 0.25, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0.25, width: 0.5, height: 0.5)),
            (CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 0.5), CGRect(x: 0, y: 0, width: 0, height: 0.5)),
            (CGRect(x: -1, y: 2, width: 0.5, height: 0.5), CGRect(x: 0, y: 1, width: 0.5, height: 0.5)),
        ]
        for (given, used) in cases {
            let (node, name) = Self.imageNode("crop")
            let (_, diagnostics) = WeftDiagnostics.collect(matching: name) { node.cropRect = given }
            #expect(node.cropRect == used)
            #expect(diagnostics.count == 1 && diagnostics.first?.area == .image, "\(given): \(diagnostics)")
            #expect(diagnostics.first?.message.contains("\(used) used") == true, "\(diagnostics.first?.message ?? "none")")
        }
        let (node, name) = Self.imageNode("crop-fine")
        let (_, none) = WeftDiagnostics.collect(matching: name) { node.cropRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5) }
        #expect(none.isEmpty)
    }

    @Test func invalidImageScalesAreReported() {
        let png = PNGEncoder().encode(TestSupport.gradientImage().bitmap)
        for scale in [CGFloat.nan, -2, CGFloat.infinity, 0] {
            let (node, name) = Self.imageNode("scale")
            let (_, diagnostics) = WeftDiagnostics.collect(matching: name) { node.setImage(data: png, scale: scale) }
            #expect(node.imageError == .invalidScale(scale) || (scale.isNaN && node.imageError != nil))
            #expect(diagnostics.count == 1 && diagnostics.first?.area == .image && diagnostics.first?.message.contains("invalid image scale \(scale)") == true,
                    "\(scale): \(diagnostics)")
        }
    }
}
