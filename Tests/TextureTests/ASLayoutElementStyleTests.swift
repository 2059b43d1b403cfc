// Texture's Tests/ASLayoutElementStyleTests.mm.
import XCTest
import Weft

// MARK: - ASLayoutElementStyleTestsDelegate

final class ASLayoutElementStyleTestsDelegate: NSObject, ASLayoutElementStyleDelegate {
    var propertyNameChanged: String?

    func style(_ style: ASLayoutElementStyle, propertyDidChange propertyName: String) {
        self.propertyNameChanged = propertyName
    }
}

// MARK: - ASLayoutElementStyleTests

final class ASLayoutElementStyleTests: XCTestCase {
    func testSettingSize() {
        let style = ASLayoutElementStyle()

        style.width = ASDimensionMake(100)
        style.height = ASDimensionMake(100)
        XCTAssertTrue(ASDimensionEqualToDimension(style.width, ASDimensionMake(100)))
        XCTAssertTrue(ASDimensionEqualToDimension(style.height, ASDimensionMake(100)))

        style.minWidth = ASDimensionMake(100)
        style.minHeight = ASDimensionMake(100)
        XCTAssertTrue(ASDimensionEqualToDimension(style.width, ASDimensionMake(100)))
        XCTAssertTrue(ASDimensionEqualToDimension(style.height, ASDimensionMake(100)))

        style.maxWidth = ASDimensionMake(100)
        style.maxHeight = ASDimensionMake(100)
        XCTAssertTrue(ASDimensionEqualToDimension(style.width, ASDimensionMake(100)))
        XCTAssertTrue(ASDimensionEqualToDimension(style.height, ASDimensionMake(100)))
    }

    func testSettingSizeViaCGSize() {
        let style = ASLayoutElementStyle()

        ASXCTAssertEqualSizes(style.preferredSize, CGSize.zero)

        let size = CGSize(width: 100, height: 100)

        style.preferredSize = size
        ASXCTAssertEqualSizes(style.preferredSize, size)
        XCTAssertTrue(ASDimensionEqualToDimension(style.width, ASDimensionMakeWithPoints(size.width)))
        XCTAssertTrue(ASDimensionEqualToDimension(style.height, ASDimensionMakeWithPoints(size.height)))

        style.minSize = size
        XCTAssertTrue(ASDimensionEqualToDimension(style.minWidth, ASDimensionMakeWithPoints(size.width)))
        XCTAssertTrue(ASDimensionEqualToDimension(style.minHeight, ASDimensionMakeWithPoints(size.height)))

        style.maxSize = size
        XCTAssertTrue(ASDimensionEqualToDimension(style.maxWidth, ASDimensionMakeWithPoints(size.width)))
        XCTAssertTrue(ASDimensionEqualToDimension(style.maxHeight, ASDimensionMakeWithPoints(size.height)))
    }

    func testSettingSizeViaLayoutSize() {
        let style = ASLayoutElementStyle()

        let layoutSize = ASLayoutSizeMake(ASDimensionMake(100), ASDimensionMake(100))

        style.preferredLayoutSize = layoutSize
        XCTAssertTrue(ASDimensionEqualToDimension(style.width, layoutSize.width))
        XCTAssertTrue(ASDimensionEqualToDimension(style.height, layoutSize.height))
        XCTAssertTrue(ASDimensionEqualToDimension(style.preferredLayoutSize.width, layoutSize.width))
        XCTAssertTrue(ASDimensionEqualToDimension(style.preferredLayoutSize.height, layoutSize.height))

        style.minLayoutSize = layoutSize
        XCTAssertTrue(ASDimensionEqualToDimension(style.minWidth, layoutSize.width))
        XCTAssertTrue(ASDimensionEqualToDimension(style.minHeight, layoutSize.height))
        XCTAssertTrue(ASDimensionEqualToDimension(style.minLayoutSize.width, layoutSize.width))
        XCTAssertTrue(ASDimensionEqualToDimension(style.minLayoutSize.height, layoutSize.height))

        style.maxLayoutSize = layoutSize
        XCTAssertTrue(ASDimensionEqualToDimension(style.maxWidth, layoutSize.width))
        XCTAssertTrue(ASDimensionEqualToDimension(style.maxHeight, layoutSize.height))
        XCTAssertTrue(ASDimensionEqualToDimension(style.maxLayoutSize.width, layoutSize.width))
        XCTAssertTrue(ASDimensionEqualToDimension(style.maxLayoutSize.height, layoutSize.height))
    }

    func testSettingPropertiesWillCallDelegate() {
        let delegate = ASLayoutElementStyleTestsDelegate()
        let style = ASLayoutElementStyle(delegate: delegate)
        XCTAssertTrue(ASDimensionEqualToDimension(style.width, ASDimensionAuto))
        style.width = ASDimensionMake(100)
        XCTAssertTrue(ASDimensionEqualToDimension(style.width, ASDimensionMake(100)))
        XCTAssertTrue(delegate.propertyNameChanged == ASLayoutElementStyleWidthProperty)
    }
}
