import Foundation
import Weft

/// Bytes and files that are not the images they claim to be.
enum ImageCases {
    static let all: [HostileCase] = [
        HostileCase(category: .images, name: "empty-data") {
            try Expect.error(containing: "0 bytes") { try UIImage(decoding: Data()) }
        },
        HostileCase(category: .images, name: "random-bytes") {
            var generator = SplitMix(seed: 7)
            let bytes = Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            try Expect.error(containing: "neither PNG nor JPEG") { try UIImage(decoding: bytes) }
        },
        HostileCase(category: .images, name: "png-signature-only") {
            let png = Fixture.png()
            try Expect.error(containing: "PNG") { try UIImage(decoding: png.prefix(8)) }
        },
        HostileCase(category: .images, name: "png-truncated-everywhere") {
            let png = Fixture.png(width: 16, height: 16)
            for length in stride(from: 9, to: png.count, by: 3) {
                try Expect.error(containing: "PNG") { try UIImage(decoding: png.prefix(length)) }
            }
        },
        HostileCase(category: .images, name: "png-corrupt-idat-is-not-out-of-memory") {
            var png = Fixture.png(width: 64, height: 64)
            guard let idat = png.range(of: Data("IDAT".utf8)) else { throw HostileFailure("no IDAT in the fixture") }
            for i in (idat.upperBound + 2)..<min(idat.upperBound + 40, png.count - 12) { png[i] ^= 0x5A }
            do {
                _ = try UIImage(decoding: png)
                throw HostileFailure("a PNG with corrupt compressed data decoded without an error")
            } catch let error as ImageDecodingError {
                let text = "\(error)".lowercased()
                try Expect.that(!text.contains("memory"), "a corrupt IDAT is reported as \"\(error)\"")
                try Expect.that(text.contains("corrupt"), "a corrupt IDAT is reported as \"\(error)\"")
            }
        },
        HostileCase(category: .images, name: "png-huge-dimensions") {
            var png = Fixture.png()
            // IHDR width and height at bytes 16..<24: 2^31 − 1 each (the CRC no longer matches, as in a hostile file).
            for i in 16..<24 { png[i] = (i == 16 || i == 20) ? 0x7F : 0xFF }
            try Expect.error(containing: "2147483647") { try UIImage(decoding: png) }
        },
        HostileCase(category: .images, name: "jpeg-soi-only") {
            try Expect.error(containing: "JPEG") { try UIImage(decoding: Data([0xFF, 0xD8, 0xFF])) }
        },
        HostileCase(category: .images, name: "jpeg-garbage-after-soi") {
            var generator = SplitMix(seed: 11)
            let bytes = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<2000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            try Expect.error(containing: "JPEG") { try UIImage(decoding: bytes) }
        },
        HostileCase(category: .images, name: "dev-zero-is-not-permission") {
            do {
                _ = try UIImage(contentsOf: URL(fileURLWithPath: "/dev/zero"))
                throw HostileFailure("/dev/zero decoded as an image")
            } catch {
                let text = "\(error)"
                try Expect.that(text.contains("/dev/zero"), "the error \"\(text)\" does not name /dev/zero")
                try Expect.that(!text.lowercased().contains("permission"), "/dev/zero is reported as \"\(text)\"")
            }
        },
        HostileCase(category: .images, name: "directory-as-image") {
            let folder = Fixture.folder()
            try Expect.error(containing: folder) { try UIImage(contentsOf: URL(fileURLWithPath: folder)) }
        },
        HostileCase(category: .images, name: "missing-file") {
            try Expect.error(containing: "/nonexistent/weft.png") { try UIImage(contentsOf: URL(fileURLWithPath: "/nonexistent/weft.png")) }
        },
        HostileCase(category: .images, name: "nan-scale") {
            try Expect.error(containing: "nan") { try UIImage(decoding: Fixture.png(), scale: .nan) }
        },
        HostileCase(category: .images, name: "image-node-with-bad-data-reports") {
            let node = ASImageNode()
            node.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            node.setImage(data: Data("not an image".utf8))
            try Expect.that(node.imageError != nil, "an image node given text as image data reports no imageError")
            try Expect.decodablePNG(try Expect.success("rendering the node") { try node.renderPNG(scale: 1) }, "the placeholder render")
        },
        HostileCase(category: .images, name: "image-node-nan-forced-size") {
            let node = ASImageNode()
            node.debugName = "forced"
            node.image = try UIImage(decoding: Fixture.png())
            try Expect.diagnostic(containing: "nan") { node.forcedSize = CGSize(width: CGFloat.nan, height: 10) }
        },
        HostileCase(category: .images, name: "image-node-nan-crop-rect") {
            let node = ASImageNode()
            node.image = try UIImage(decoding: Fixture.png())
            try Expect.diagnostic(containing: "nan") { node.cropRect = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1) }
        },
        HostileCase(category: .images, name: "image-node-renders-every-content-mode-at-zero-size-image") {
            let node = ASImageNode()
            node.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            node.image = UIImage(bitmap: try Bitmap(pixelWidth: 0, pixelHeight: 0, scale: 1))
            for mode in [UIView.ContentMode.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .topLeft, .bottomRight] {
                node.contentMode = mode
                try Expect.decodablePNG(try Expect.success("rendering a 0×0 image") { try node.renderPNG(scale: 1) }, "a 0×0 image in \(mode)")
            }
        },
    ]
}

/// A small deterministic generator, so a case's bytes are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
