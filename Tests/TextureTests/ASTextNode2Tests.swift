// Texture's Tests/ASTextNode2Tests.mm.
import XCTest
import Weft

final class ASTextNode2Tests: XCTestCase {
    var textNode: ASTextNode2!
    var attributedText: NSAttributedString!

    override func setUp() {
        super.setUp()
        textNode = ASTextNode2()

        var desc = UIFontDescriptor(name: "Didot", size: 18)
        let arr: [[UIFontDescriptor.FeatureKey: Int]] = [[
            UIFontDescriptor.FeatureKey.featureIdentifier: kLetterCaseType,
            UIFontDescriptor.FeatureKey.typeIdentifier: kSmallCapsSelector,
        ]]
        desc = desc.addingAttributes([UIFontDescriptor.AttributeName.featureSettings: arr])
        let f = UIFont(descriptor: desc, size: 0)
        let d: [NSAttributedString.Key: Any] = [.font: f]
        let mas = NSMutableAttributedString(
            string: "Lorem ipsum dolor sit amet, consectetur adipisicing elit, sed do eiusmod tempor "
                + "incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud "
                + "exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure "
                + "dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. "
                + "Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt "
                + "mollit anim id est laborum.",
            attributes: d)
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

    func testTruncation() {
        XCTAssertTrue((textNode as ASTextNode).shouldTruncate(forConstrainedSize: ASSizeRangeMake(CGSize(width: 100, height: 100))), "Text Node should truncate")

        textNode.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertTrue(textNode.isTruncated, "Text Node should be truncated")
    }

    func testAccessibility() {
        XCTAssertTrue(textNode.isAccessibilityElement, "Should be an accessibility element")
        XCTAssertTrue(textNode.accessibilityTraits == .staticText,
                      "Should have static text accessibility trait, instead has \(textNode.accessibilityTraits)")
        XCTAssertTrue(textNode.defaultAccessibilityTraits == .staticText,
                      "Default accessibility traits should return static text accessibility trait, instead returns \(textNode.defaultAccessibilityTraits)")

        XCTAssertTrue(textNode.accessibilityLabel == attributedText.string,
                      "Accessibility label is incorrectly set to \n\(String(describing: textNode.accessibilityLabel))\n when it should be \n\(attributedText.string)\n")
        XCTAssertTrue(textNode.defaultAccessibilityLabel == attributedText.string,
                      "Default accessibility label incorrectly returns \n\(String(describing: textNode.defaultAccessibilityLabel))\n when it should be \n\(attributedText.string)\n")
    }

    func testRespectingAccessibilitySetting() {
        let textNode = ASTextNode2()
        textNode.attributedText = attributedText
        textNode.isAccessibilityElement = false

        textNode.attributedText = NSAttributedString(string: "new string")
        XCTAssertFalse(textNode.isAccessibilityElement)

        // Ensure removing string on an accessible text node updates the setting.
        let accessibleTextNode = ASTextNode2()
        accessibleTextNode.attributedText = attributedText
        accessibleTextNode.attributedText = nil
        XCTAssertFalse(accessibleTextNode.isAccessibilityElement)
    }

    func testSupportsLayerBacking() {
        let textNode = ASTextNode2()
        textNode.attributedText = NSAttributedString(string: "new string")
        XCTAssertTrue(textNode.supportsLayerBacking)

        let link = "https://texturegroup.com"
        let attributedText = NSMutableAttributedString(string: String(format: "Texture Website: %@", link))
        let linkRange = (attributedText.string as NSString).range(of: link)
        attributedText.addAttribute(.link, value: link, range: linkRange)
        textNode.attributedText = attributedText
        XCTAssertFalse(textNode.supportsLayerBacking)
    }

    func testEmptyStringSize() {
        let constrainedSize = CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude)
        textNode.attributedText = NSAttributedString(string: "")
        let sizeWithEmptyString = textNode.layoutThatFits(ASSizeRangeMake(.zero, constrainedSize)).size
        XCTAssertTrue(ASIsCGSizeValidForSize(sizeWithEmptyString))
        XCTAssertTrue(sizeWithEmptyString.width == 0)
    }
}
