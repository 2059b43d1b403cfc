// Texture's Tests/ASImageNodeTests.m. `[layerDelegate actionForLayer:forKey:]` becomes
// `layerDelegate?.action(for:forKey:)`: Weft's `CALayerDelegate` has no Objective-C optional requirements.
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

    func testImage_didEnterHierarchy() {
        MainActor.assumeIsolated {
            let imageMock = Self.image()

            let imageNode = ASImageTestNode()
            imageNode.isLayerBacked = true
            imageNode.image = imageMock

            let layer = imageNode.layer
            XCTAssertNotNil(layer)
            let layerDelegate = layer.delegate

            let initialSetNeedsDisplayCount = imageNode.setNeedsDisplayCount
            XCTAssertEqual(initialSetNeedsDisplayCount, 1)

            _ = layerDelegate?.action(for: layer, forKey: kCAOnOrderIn)

            XCTAssertEqual(imageNode.setNeedsDisplayCount, initialSetNeedsDisplayCount)

            _ = layerDelegate?.action(for: layer, forKey: kCAOnOrderOut)
        }
    }

    func testTemplateImage_didEnterHierarchy() {
        MainActor.assumeIsolated {
            let imageMock = Self.image().withRenderingMode(.alwaysTemplate)

            let imageNode = ASImageTestNode()
            imageNode.isLayerBacked = true
            imageNode.image = imageMock

            let layer = imageNode.layer
            XCTAssertNotNil(layer)
            let layerDelegate = layer.delegate

            let initialSetNeedsDisplayCount = imageNode.setNeedsDisplayCount
            XCTAssertEqual(initialSetNeedsDisplayCount, 1)

            _ = layerDelegate?.action(for: layer, forKey: kCAOnOrderIn)

            XCTAssertEqual(imageNode.setNeedsDisplayCount, initialSetNeedsDisplayCount + 1)

            _ = layerDelegate?.action(for: layer, forKey: kCAOnOrderOut)
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
