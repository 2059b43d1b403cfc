import Foundation
import Synchronization
import Testing
import Weft
import WeftTesting

@Suite struct ImageNodeTests {
    static func imageNode(_ mode: UIView.ContentMode, frame: CGRect) -> ASImageNode {
        let node = ASImageNode()
        node.image = TestSupport.gradientImage(width: 40, height: 24, scale: 2)
        node.contentMode = mode
        node.backgroundColor = UIColor(white: 0.85, alpha: 1)
        node.frame = frame
        return node
    }

    @Test(arguments: UIView.ContentMode.allCases)
    func contentModes(_ mode: UIView.ContentMode) {
        let wide = Self.imageNode(mode, frame: CGRect(x: 2, y: 2, width: 36, height: 16))
        let tall = Self.imageNode(mode, frame: CGRect(x: 42, y: 2, width: 16, height: 36))
        expectGolden(TestSupport.host(CGSize(width: 60, height: 40), wide, tall), named: "nodes/ASImageNode/contentMode-\(mode)")
    }

    @Test func cropRectAndForcedSize() {
        let topLeft = Self.imageNode(.scaleAspectFill, frame: CGRect(x: 2, y: 2, width: 16, height: 16))
        topLeft.cropRect = CGRect(x: 0, y: 0, width: 0, height: 0)
        let region = Self.imageNode(.scaleAspectFill, frame: CGRect(x: 22, y: 2, width: 16, height: 16))
        region.cropRect = CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)
        let forced = Self.imageNode(.scaleAspectFit, frame: CGRect(x: 42, y: 2, width: 30, height: 16))
        forced.forcedSize = CGSize(width: 10, height: 6)
        #expect(forced.calculateSizeThatFits(CGSize(width: 100, height: 100)) == CGSize(width: 10, height: 6))
        expectGolden(TestSupport.host(CGSize(width: 74, height: 20), topLeft, region, forced), named: "nodes/ASImageNode/crop-forced-size")
    }

    @Test func modificationBlocks() {
        let round = Self.imageNode(.scaleAspectFill, frame: CGRect(x: 2, y: 2, width: 24, height: 24))
        round.imageModificationBlock = ASImageNodeRoundBorderModificationBlock(2, .systemBlue)
        let tinted = Self.imageNode(.scaleAspectFit, frame: CGRect(x: 30, y: 2, width: 24, height: 24))
        tinted.image = SampleBadge.image
        tinted.imageModificationBlock = ASImageNodeTintColorModificationBlock(.systemRed)
        tinted.backgroundColor = nil
        expectGolden(TestSupport.host(CGSize(width: 56, height: 28), round, tinted), named: "nodes/ASImageNode/modification-blocks")
    }

    @Test func intrinsicSizeIsTheImageSize() {
        let node = ASImageNode()
        #expect(node.calculateSizeThatFits(CGSize(width: 5, height: 5)) == .zero)
        node.image = TestSupport.gradientImage(width: 40, height: 24, scale: 2)
        #expect(node.calculateSizeThatFits(CGSize(width: 5, height: 5)) == CGSize(width: 40, height: 24))
        #expect(node.contentMode == .scaleAspectFill && node.clipsToBounds && !node.isOpaque)
    }

    @Test func corruptImageReportsAndShowsThePlaceholder() throws {
        let node = ASImageNode()
        let reported = Mutex<ImageDecodingError?>(nil)
        node.onImageError = { error in reported.withLock { $0 = error } }
        node.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        node.placeholderColor = .systemPink
        node.setImage(data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]))
        #expect(node.image == nil)
        #expect(node.imageError != nil && reported.withLock { $0 } == node.imageError)
        let bitmap = try node.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 5, y: 5) == 0xFFFF_2D55)
        node.setImage(contentsOfFile: "/nonexistent/photo.jpg")
        #expect(node.imageError == .fileNotFound(path: "/nonexistent/photo.jpg"))
        node.image = TestSupport.gradientImage()
        #expect(node.imageError == nil)
    }
}

/// A shape with transparent corners, for the tint test.
enum SampleBadge {
    static let image = UIImage(bitmap: try! Bitmap(size: CGSize(width: 24, height: 24), scale: 2) { context in
        context.fill(Path(ellipseIn: CGRect(x: 2, y: 2, width: 20, height: 20)), with: .black)
        context.clear(CGRect(x: 9, y: 9, width: 6, height: 6))
    })
}
