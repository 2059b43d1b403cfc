// Texture's Tests/ASTextNodeTests.mm.
import XCTest
import Weft

// MARK: - ASTextNodeTestDelegate

final class ASTextNodeTestDelegate: NSObject, ASTextNodeDelegate {
    private(set) var tappedLinkAttribute: String?
    private(set) var tappedLinkValue: Any?

    func textNode(_ textNode: ASTextNode, tappedLinkAttribute attribute: String, value: Any, at point: CGPoint, textRange: NSRange) {
        tappedLinkAttribute = attribute
        tappedLinkValue = value
    }

    func textNode(_ textNode: ASTextNode, shouldHighlightLinkAttribute attribute: String, value: Any, at point: CGPoint) -> Bool {
        return true
    }
}

/// Texture's ASTestCase.h helper.
func CGSizeEqualToSizeWithIn(_ size1: CGSize, _ size2: CGSize, _ delta: CGFloat) -> Bool {
    return abs(size1.width - size2.width) < delta && abs(size1.height - size2.height) < delta
}

// MARK: - ASTextNodeTests

final class ASTextNodeTests: XCTestCase {
    var textNode: ASTextNode!
    var attributedText: NSAttributedString!

    override func setUp() {
        super.setUp()

        // Reset experimental features to test the first version of ASTextNode.
        let config = ASConfiguration()
        config.experimentalFeatures = []
        ASConfigurationManager.test_reset(with: config)

        textNode = ASTextNode()

        var desc = UIFontDescriptor(name: "Didot", size: 18)
        let arr: [[UIFontDescriptor.FeatureKey: Int]] = [
            [UIFontDescriptor.FeatureKey.featureIdentifier: kLetterCaseType,
             UIFontDescriptor.FeatureKey.typeIdentifier: kSmallCapsSelector],
        ]
        desc = desc.addingAttributes([UIFontDescriptor.AttributeName.featureSettings: arr])
        let f = UIFont(descriptor: desc, size: 0)
        let d: [NSAttributedString.Key: Any] = [.font: f]
        let mas = NSMutableAttributedString(string: "Lorem ipsum dolor sit amet, consectetur adipisicing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum.", attributes: d)
        let para = NSMutableParagraphStyle()
        para.alignment = .center
        para.lineSpacing = 1.0
        mas.addAttribute(.paragraphStyle, value: para, range: NSRange(location: 0, length: mas.length - 1))

        // Vary the linespacing on the last line
        let lastLinePara = NSMutableParagraphStyle()
        lastLinePara.alignment = para.alignment
        lastLinePara.lineSpacing = 5.0
        mas.addAttribute(.paragraphStyle, value: lastLinePara, range: NSRange(location: mas.length - 1, length: 1))

        attributedText = mas
        textNode.attributedText = attributedText
    }

    // MARK: ASTextNode

    func testAllocASTextNode() {
        let node = ASTextNode()
        XCTAssertTrue(type(of: node) == ASTextNode.self, "ASTextNode alloc should return an instance of ASTextNode, instead returned \(type(of: node))")
    }

    func testTruncation() {
        XCTAssertTrue(textNode.shouldTruncate(forConstrainedSize: ASSizeRangeMake(CGSize(width: 100, height: 100))), "")

        textNode.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertTrue(textNode.isTruncated, "Text Node should be truncated")
    }

    func testSettingTruncationMessage() {
        let truncation = NSAttributedString(string: "...", attributes: nil)
        textNode.truncationAttributedText = truncation
        XCTAssertTrue(textNode.truncationAttributedText!.isEqual(to: truncation), "Failed to set truncation message")
    }

    func testSettingAdditionalTruncationMessage() {
        let additionalTruncationMessage = NSAttributedString(string: "read more", attributes: nil)
        textNode.additionalTruncationMessage = additionalTruncationMessage
        XCTAssertTrue(textNode.additionalTruncationMessage!.isEqual(to: additionalTruncationMessage), "Failed to set additionalTruncationMessage message")
    }

    func testCalculatedSizeIsGreaterThanOrEqualToConstrainedSize() {
        for i in stride(from: 10, to: 500, by: 50) {
            let constrainedSize = CGSize(width: i, height: i)
            let calculatedSize = textNode.layoutThatFits(ASSizeRangeMake(.zero, constrainedSize)).size
            XCTAssertTrue(calculatedSize.width <= constrainedSize.width, "Calculated width (\(calculatedSize.width)) should be less than or equal to constrained width (\(constrainedSize.width))")
            XCTAssertTrue(calculatedSize.height <= constrainedSize.height, "Calculated height (\(calculatedSize.height)) should be less than or equal to constrained height (\(constrainedSize.height))")
        }
    }

    func testRecalculationOfSizeIsSameAsOriginallyCalculatedSize() {
        for i in stride(from: 10, to: 500, by: 50) {
            let constrainedSize = CGSize(width: i, height: i)
            let calculatedSize = textNode.layoutThatFits(ASSizeRangeMake(.zero, constrainedSize)).size
            let recalculatedSize = textNode.layoutThatFits(ASSizeRangeMake(.zero, constrainedSize)).size

            XCTAssertTrue(CGSizeEqualToSizeWithIn(calculatedSize, recalculatedSize, 4.0), "Recalculated size \(recalculatedSize) should be same as original size \(calculatedSize)")
        }
    }

    func testRecalculationOfSizeIsSameAsOriginallyCalculatedFloatingPointSize() {
        var i: CGFloat = 10
        while i < 500 {
            let constrainedSize = CGSize(width: i, height: i)
            let calculatedSize = textNode.layoutThatFits(ASSizeRangeMake(.zero, constrainedSize)).size
            let recalculatedSize = textNode.layoutThatFits(ASSizeRangeMake(.zero, constrainedSize)).size

            XCTAssertTrue(CGSizeEqualToSizeWithIn(calculatedSize, recalculatedSize, 11.0), "Recalculated size \(recalculatedSize) should be same as original size \(calculatedSize)")
            i *= 1.3
        }
    }

    func testMeasureWithZeroSizeAndPlaceholder() {
        textNode.placeholderEnabled = true

        XCTAssertNoThrow(textNode.layoutThatFits(ASSizeRangeMake(.zero, .zero)), "Measure with zero size and placeholder enabled should not throw an exception")
        XCTAssertNoThrow(textNode.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 0, height: 100))), "Measure with zero width and placeholder enabled should not throw an exception")
        XCTAssertNoThrow(textNode.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 100, height: 0))), "Measure with zero height and placeholder enabled should not throw an exception")
    }

    func testAccessibility() {
        textNode.attributedText = attributedText
        XCTAssertTrue(textNode.isAccessibilityElement, "Should be an accessibility element")
        XCTAssertTrue(textNode.accessibilityTraits == .staticText, "Should have static text accessibility trait, instead has \(textNode.accessibilityTraits)")

        XCTAssertTrue(textNode.accessibilityLabel == attributedText.string, "Accessibility label is incorrectly set to \n\(String(describing: textNode.accessibilityLabel))\n when it should be \n\(attributedText.string)\n")
    }

    func testRespectingAccessibilitySetting() {
        let textNode = ASTextNode()

        textNode.attributedText = attributedText
        textNode.isAccessibilityElement = false

        textNode.attributedText = NSAttributedString(string: "new string")
        XCTAssertFalse(textNode.isAccessibilityElement)

        // Ensure removing string on an accessible text node updates the setting.
        let accessibleTextNode = ASTextNode()
        accessibleTextNode.attributedText = attributedText
        accessibleTextNode.attributedText = nil
        XCTAssertFalse(accessibleTextNode.isAccessibilityElement)
    }

    func testLinkAttribute() {
        let linkAttributeName = "MockLinkAttributeName"
        let linkAttributeValue = "MockLinkAttributeValue"
        let linkString = "Link"
        let linkRange = NSRange(location: 0, length: linkString.utf16.count)
        let attributedString = NSAttributedString(string: linkString, attributes: [NSAttributedString.Key(rawValue: linkAttributeName): linkAttributeValue])
        textNode.attributedText = attributedString
        textNode.linkAttributeNames = [linkAttributeName]

        let delegate = ASTextNodeTestDelegate()
        textNode.delegate = delegate

        let layout = textNode.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 100, height: 100)))
        textNode.frame = CGRect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)

        var returnedLinkRange = NSRange()
        var returnedAttributeName: NSString?
        let returnedLinkAttributeValue = textNode.linkAttributeValue(at: CGPoint(x: 3, y: 3), attributeName: &returnedAttributeName, range: &returnedLinkRange) as? String
        XCTAssertTrue(linkAttributeName == returnedAttributeName.map(String.init), "Expecting a link attribute name of \(linkAttributeName), returned \(String(describing: returnedAttributeName))")
        XCTAssertTrue(linkAttributeValue == returnedLinkAttributeValue, "Expecting a link attribute value of \(linkAttributeValue), returned \(String(describing: returnedLinkAttributeValue))")
        XCTAssertTrue(NSEqualRanges(linkRange, returnedLinkRange), "Expected a range of \(NSStringFromRange(linkRange)), got a link range of \(NSStringFromRange(returnedLinkRange))")
    }

    func testTapNotOnALinkAttribute() {
        let linkAttributeName = "MockLinkAttributeName"
        let linkAttributeValue = "MockLinkAttributeValue"
        let linkString = "Link notalink"
        let attributedString = NSMutableAttributedString(string: linkString)
        attributedString.addAttribute(NSAttributedString.Key(rawValue: linkAttributeName), value: linkAttributeValue, range: NSRange(location: 0, length: 4))
        textNode.attributedText = attributedString
        textNode.linkAttributeNames = [linkAttributeName]

        let delegate = ASTextNodeTestDelegate()
        textNode.delegate = delegate

        let calculatedSize = textNode.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 100, height: 100))).size
        var returnedLinkRange = NSRange(location: NSNotFound, length: 0)
        let expectedRange = NSRange(location: NSNotFound, length: 0)
        var returnedAttributeName: NSString?
        let pointNearEndOfString = CGPoint(x: calculatedSize.width - 3, y: calculatedSize.height / 2)
        let returnedLinkAttributeValue = textNode.linkAttributeValue(at: pointNearEndOfString, attributeName: &returnedAttributeName, range: &returnedLinkRange)
        XCTAssertNil(returnedAttributeName, "Expecting no link attribute name, returned \(String(describing: returnedAttributeName))")
        XCTAssertNil(returnedLinkAttributeValue, "Expecting no link attribute value, returned \(String(describing: returnedLinkAttributeValue))")
        XCTAssertTrue(NSEqualRanges(expectedRange, returnedLinkRange), "Expected a range of \(NSStringFromRange(expectedRange)), got a link range of \(NSStringFromRange(returnedLinkRange))")

        XCTAssertNil(delegate.tappedLinkAttribute, "Expected the delegate to be told that \(linkAttributeName) was tapped, instead it thinks the tapped attribute is \(String(describing: delegate.tappedLinkAttribute))")
        XCTAssertNil(delegate.tappedLinkValue, "Expected the delegate to be told that the value \(linkAttributeValue) was tapped, instead it thinks the tapped attribute value is \(String(describing: delegate.tappedLinkValue))")
    }

    // MARK: exclusion Paths

    func testSettingExclusionPaths() {
        let exclusionPaths = [UIBezierPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40))]
        textNode.exclusionPaths = exclusionPaths
        // Texture compares with NSArray's isEqualToArray:, UIBezierPath's isEqual: being identity.
        XCTAssertTrue(textNode.exclusionPaths!.elementsEqual(exclusionPaths, by: ===), "Failed to set exclusion paths")
    }

    func testAddingExclusionPathsShouldInvalidateAndIncreaseTheSize() {
        let constrainedSize = CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude)
        let sizeWithoutExclusionPaths = textNode.layoutThatFits(ASSizeRangeMake(.zero, constrainedSize)).size
        textNode.exclusionPaths = [UIBezierPath(rect: CGRect(x: 50, y: 20, width: 30, height: 40))]
        let sizeWithExclusionPaths = textNode.layoutThatFits(ASSizeRangeMake(.zero, constrainedSize)).size

        XCTAssertGreaterThan(sizeWithExclusionPaths.height, sizeWithoutExclusionPaths.height, "Setting exclusions paths should invalidate the calculated size and return a greater size")
    }

    func testEmptyStringSize() {
        let constrainedSize = CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude)
        textNode.attributedText = NSAttributedString(string: "")
        let sizeWithEmptyString = textNode.layoutThatFits(ASSizeRangeMake(.zero, constrainedSize)).size
        XCTAssertTrue(ASIsCGSizeValidForSize(sizeWithEmptyString))
        XCTAssertTrue(sizeWithEmptyString.width == 0)
    }
}
