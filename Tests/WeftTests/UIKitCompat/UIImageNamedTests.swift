import Foundation
import Testing
import Weft

/// `UIImage(named:)`: `searchFolders`, then the main bundle; the screen scale's `@2x`/`@3x`
/// variant first, the scale taken from the suffix.
/// Serialized: `UIImage.searchFolders` is process-wide.
@Suite(.serialized) struct UIImageNamedTests {
    /// A folder with `name.png` red at 1x, `name@2x.png` green and `name@3x.png` blue (those given).
    static func folder(_ files: [String: (UIColor, CGFloat)]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("weft-named-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (file, (color, scale)) in files {
            let format = UIGraphicsImageRendererFormat()
            format.scale = scale
            let data = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).pngData { _ in
                color.setFill()
                UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
            }
            try data.write(to: url.appendingPathComponent(file))
        }
        return url
    }

    static func withFolders<R>(_ folders: [URL], _ body: () throws -> R) rethrows -> R {
        let old = UIImage.searchFolders
        UIImage.searchFolders = folders
        defer { UIImage.searchFolders = old }
        return try body()
    }

    static let all: [String: (UIColor, CGFloat)] = ["star.png": (.red, 1), "star@2x.png": (.green, 2), "star@3x.png": (.blue, 3)]

    @Test(arguments: [(CGFloat(1), UInt32(0xFFFF_0000)), (2, 0xFF00_FF00), (3, 0xFF00_00FF)])
    func theScreenScalesVariantWins(_ scale: CGFloat, _ color: UInt32) throws {
        let folder = try Self.folder(Self.all)
        let image = try Self.withFolders([folder]) {
            try withScreenScale(scale) { try #require(UIImage(named: "star")) }
        }
        #expect(image.scale == scale && image.size == CGSize(width: 4, height: 4))
        #expect(image.bitmap.pixel(x: 0, y: 0) == color)
    }

    @Test func aMissingVariantFallsBackLargerFirst() throws {
        let folder = try Self.folder(["dot.png": (.red, 1), "dot@3x.png": (.blue, 3)])
        let image = try Self.withFolders([folder]) {
            try withScreenScale(2) { try #require(UIImage(named: "dot")) }
        }
        #expect(image.scale == 3 && image.bitmap.pixel(x: 0, y: 0) == 0xFF00_00FF)
        let onlyOne = try Self.folder(["one.png": (.red, 1)])
        let plain = try Self.withFolders([onlyOne]) { try withScreenScale(3) { try #require(UIImage(named: "one")) } }
        #expect(plain.scale == 1)
    }

    @Test func anExtensionOrAScaleInTheNameIsTakenAsGiven() throws {
        let folder = try Self.folder(Self.all)
        let (withExtension, three) = Self.withFolders([folder]) {
            withScreenScale(2) { (UIImage(named: "star.png"), UIImage(named: "star@3x")) }
        }
        #expect(try #require(withExtension).scale == 2)
        #expect(try #require(three).scale == 3 && three?.bitmap.pixel(x: 0, y: 0) == 0xFF00_00FF)
    }

    @Test func foldersAreSearchedInOrder() throws {
        let first = try Self.folder(["mark.png": (.green, 1)])
        let second = try Self.folder(["mark.png": (.red, 1), "other.png": (.blue, 1)])
        let (mark, other) = Self.withFolders([first, second]) {
            withScreenScale(1) { (UIImage(named: "mark"), UIImage(named: "other")) }
        }
        #expect(try #require(mark).bitmap.pixel(x: 0, y: 0) == 0xFF00_FF00)
        #expect(try #require(other).bitmap.pixel(x: 0, y: 0) == 0xFF00_00FF)
    }

    @Test func absentOrUnreadableIsNil() throws {
        let folder = try Self.folder([:])
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("broken.png"))
        Self.withFolders([folder]) {
            #expect(UIImage(named: "nowhere-\(UUID().uuidString)") == nil)
            #expect(UIImage(named: "") == nil)
            let (image, reports) = WeftDiagnostics.collect(matching: "broken.png") { UIImage(named: "broken") }
            #expect(image == nil && !reports.isEmpty)
        }
    }
}
