import Foundation
import Testing
import Weft

@Suite struct PNGTests {
    /// A bitmap with every kind of pixel: opaque gradients, translucent overlaps, fully clear areas.
    static func translucentBitmap() throws -> Bitmap {
        try Bitmap(size: CGSize(width: 64, height: 40), scale: 2) { context in
            context.fill(Path(rect: CGRect(x: 0, y: 0, width: 48, height: 40)),
                         with: .linear(from: .zero, to: CGPoint(x: 48, y: 0), stops: Gradient.evenlySpaced([.red, .green, .blue])))
            context.fill(Path(ellipseIn: CGRect(x: 20, y: 4, width: 40, height: 30)), with: UIColor(red: 0.3, green: 0.1, blue: 0.9, alpha: 0.37))
            context.fill(CGRect(x: 50, y: 0, width: 14, height: 40), with: UIColor(white: 1, alpha: 0.01))
        }
    }

    @Test(arguments: [PNGEncoder.Filter.sub, .none], [1, 6])
    func fastEncoderAndCairoWriterDecodeToTheSamePixels(filter: PNGEncoder.Filter, level: Int) throws {
        for bitmap in [try Self.translucentBitmap(), TestSupport.gradientImage(width: 33, height: 17, scale: 1).bitmap] {
            let fast = try UIImage(decoding: PNGEncoder(compressionLevel: level, filter: filter).encode(bitmap)).bitmap
            let reference = try UIImage(decoding: try CairoPNGWriter().encode(bitmap)).bitmap
            #expect(fast.hasSamePixels(as: reference))
            #expect(fast.pixelWidth == bitmap.pixelWidth && fast.pixelHeight == bitmap.pixelHeight)
        }
    }

    @Test func opaqueBitmapsRoundTripExactlyAsRGB() throws {
        let bitmap = TestSupport.gradientImage(width: 50, height: 30, scale: 1).bitmap
        #expect(bitmap.isOpaque)
        let png = PNGEncoder().encode(bitmap)
        #expect(png[25] == 2, "colour type byte of IHDR: RGB")
        #expect(try UIImage(decoding: png).bitmap.hasSamePixels(as: bitmap))
    }

    @Test func translucentBitmapsAreRGBAAndStable() throws {
        let bitmap = try Self.translucentBitmap()
        let png = PNGEncoder().encode(bitmap)
        #expect(png[25] == 6, "colour type byte of IHDR: RGBA")
        // Un-premultiplying loses precision once; a second round trip must change nothing.
        let once = try UIImage(decoding: png).bitmap
        let twice = try UIImage(decoding: PNGEncoder().encode(once)).bitmap
        #expect(once.hasSamePixels(as: twice))
    }

    @Test func writesFilesAndNamesUnwritablePaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-png-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/frame.png").path
        try PNGEncoder().write(try Self.translucentBitmap(), toFile: path)
        #expect(FileManager.default.fileExists(atPath: path))
        let blocked = folder.appendingPathComponent("nested/frame.png/inside.png").path
        #expect {
            try PNGEncoder().write(try Self.translucentBitmap(), toFile: blocked)
        } throws: { error in
            guard case OutputError.cannotWrite(let named, _) = error else { return false }
            return named == blocked
        }
    }
}
