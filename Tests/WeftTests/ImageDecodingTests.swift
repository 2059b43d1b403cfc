import CWeft
import Foundation
import Testing
import Weft

@Suite struct ImageDecodingTests {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("weft-images-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Encodes `bitmap` as JPEG with TurboJPEG, so the tests need no binary fixtures.
    static func jpeg(_ bitmap: Bitmap, quality: Int32 = 90) -> Data {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = bitmap.withUnsafeBytes { pixels in
            tjCompress2(handle, pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(bitmap.pixelWidth), Int32(bitmap.bytesPerRow),
                        Int32(bitmap.pixelHeight), Int32(TJPF_BGRA.rawValue), &output, &size, Int32(TJSAMP_444.rawValue), quality, 0)
        }
        precondition(status == 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(output) }
        return Data(bytes: output!, count: Int(size))
    }

    @Test func decodesJPEG() throws {
        let source = TestSupport.gradientImage(width: 48, height: 32).bitmap
        let image = try UIImage(decoding: Self.jpeg(source, quality: 100), scale: 2)
        #expect(image.bitmap.pixelWidth == 48 && image.bitmap.pixelHeight == 32 && image.scale == 2 && image.size == CGSize(width: 24, height: 16))
        #expect(image.bitmap.isOpaque)
        // JPEG is lossy: compare a flat area's colour loosely.
        let pixel = try #require(image.bitmap.pixel(x: 2, y: 2))
        #expect(pixel >> 24 == 0xFF && (pixel >> 16) & 0xFF < 24 && pixel & 0xFF < 24)
    }

    @Test func decodesPNGFilesWithScaleSuffix() throws {
        let url = Self.folder.appendingPathComponent("icon@2x.png")
        try PNGEncoder().encode(TestSupport.gradientImage(width: 20, height: 10).bitmap).write(to: url)
        let image = try UIImage(contentsOf: url)
        #expect(image.scale == 2 && image.size == CGSize(width: 10, height: 5))
        #expect(UIImage(contentsOfFile: url.path) != nil)
    }

    @Test func missingFileIsNamed() {
        let path = Self.folder.appendingPathComponent("nope.png").path
        #expect(throws: ImageDecodingError.fileNotFound(path: path)) { try UIImage(contentsOf: URL(fileURLWithPath: path)) }
        #expect(UIImage(contentsOfFile: path) == nil)
    }

    @Test func unknownBytesAreUnsupported() {
        #expect(throws: ImageDecodingError.unsupportedFormat(source: "data (5 bytes)")) { try UIImage(decoding: Data("hello".utf8)) }
        #expect(throws: ImageDecodingError.unsupportedFormat(source: "data (0 bytes)")) { try UIImage(decoding: Data()) }
        #expect(UIImage(data: Data([1, 2, 3])) == nil)
    }

    @Test func corruptPNGIsAnErrorNotACrash() throws {
        var png = PNGEncoder().encode(TestSupport.gradientImage().bitmap)
        let truncated = png.prefix(png.count / 2)
        #expect { try UIImage(decoding: Data(truncated)) } throws: { error in
            guard case ImageDecodingError.corrupt(format: "PNG", _, _) = error else { return false }
            return true
        }
        png[png.count / 2] ^= 0xFF
        png[png.count / 2 + 1] ^= 0xFF
        #expect(throws: ImageDecodingError.self) { try UIImage(decoding: png) }
        #expect(throws: ImageDecodingError.self) { try UIImage(decoding: Data(png.prefix(12))) }
    }

    @Test func enormousPNGHeaderIsRejectedBeforeDecoding() {
        var png = PNGEncoder().encode(TestSupport.gradientImage().bitmap)
        png.replaceSubrange(16..<24, with: [0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00])  // 65536 × 65536
        #expect(throws: ImageDecodingError.tooLarge(source: "data (\(png.count) bytes)", pixelWidth: 65536, pixelHeight: 65536)) {
            try UIImage(decoding: png)
        }
    }

    @Test func corruptJPEGIsAnErrorNotACrash() {
        let jpeg = Self.jpeg(TestSupport.gradientImage().bitmap)
        #expect { try UIImage(decoding: Data(jpeg.prefix(jpeg.count / 3))) } throws: { error in
            guard case ImageDecodingError.corrupt(format: "JPEG", _, _) = error else { return false }
            return true
        }
        #expect(throws: ImageDecodingError.self) { try UIImage(decoding: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0])) }
    }

    @Test func invalidScaleIsNamed() {
        let png = PNGEncoder().encode(TestSupport.gradientImage().bitmap)
        #expect(throws: ImageDecodingError.invalidScale(-1)) { try UIImage(decoding: png, scale: -1) }
    }
}
