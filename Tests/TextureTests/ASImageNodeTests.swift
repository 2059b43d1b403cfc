// Texture's Tests/ASImageNodeTests.m: the tint-colour tests (see README.md for the two left out).
// OCMock's class mock of UIImage becomes a real image; where Texture stubs `renderingMode` to
// return `.alwaysTemplate`, the image is made with `withRenderingMode(.alwaysTemplate)`.
import XCTest
import Weft

private final class ASImageTestNode: ASImageNode {
    private(set) var setNeedsDisplayCount = 0

    override func setNeedsDisplay() {
        // Do not call super so that the background mechanics do not fire up.
        setNeedsDisplayCount += 1
    }
}

final class ASImageNodeTests: XCTestCase {
    private static func image() -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
            UIColor.black.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
    }

    func testImage_tintColorDidChange() {
        let imageMock = Self.image()

        let imageNode = ASImageTestNode()
        imageNode.image = imageMock

        let initialSetNeedsDisplayCount = imageNode.setNeedsDisplayCount
        XCTAssertEqual(initialSetNeedsDisplayCount, 1)

        imageNode.tintColorDidChange()
        XCTAssertEqual(imageNode.setNeedsDisplayCount, initialSetNeedsDisplayCount)
    }

    func testTemplateImage_tintColorDidChange() {
        let imageMock = Self.image().withRenderingMode(.alwaysTemplate)

        let imageNode = ASImageTestNode()
        imageNode.image = imageMock

        let initialSetNeedsDisplayCount = imageNode.setNeedsDisplayCount
        XCTAssertEqual(initialSetNeedsDisplayCount, 1)

        imageNode.tintColorDidChange()
        XCTAssertEqual(imageNode.setNeedsDisplayCount, initialSetNeedsDisplayCount + 1)
    }
}
