// Texture's Tests/ASButtonNodeTests.mm.
import XCTest
import Weft

final class ASButtonNodeTests: XCTestCase {
    func testAccessibility() {
        // Setup a button with some title.
        var buttonNode: ASButtonNode! = nil
        buttonNode = ASButtonNode()
        let title = "foo"
        buttonNode.setTitle(title, with: nil, with: nil, for: .normal)

        // Verify accessibility properties.
        XCTAssertTrue(buttonNode.accessibilityTraits == .button,
                      "Should have button accessibility trait, instead has \(buttonNode.accessibilityTraits)")
        XCTAssertTrue(buttonNode.defaultAccessibilityTraits == .button,
                      "Default accessibility traits should return button accessibility trait, instead returns \(buttonNode.defaultAccessibilityTraits)")
        XCTAssertTrue(buttonNode.accessibilityLabel == title,
                      "Accessibility label is incorrectly set to \n\(String(describing: buttonNode.accessibilityLabel))\n when it should be \n\(title)\n")
        XCTAssertTrue(buttonNode.defaultAccessibilityLabel == title,
                      "Default accessibility label incorrectly returns \n\(String(describing: buttonNode.defaultAccessibilityLabel))\n when it should be \n\(title)\n")

        // Disable the button and verify that accessibility traits has been updated correctly.
        buttonNode.isEnabled = false
        let disabledButtonTrait: UIAccessibilityTraits = [.button, .notEnabled]
        XCTAssertTrue(buttonNode.accessibilityTraits == disabledButtonTrait,
                      "Should have disabled button accessibility trait, instead has \(buttonNode.accessibilityTraits)")
        XCTAssertTrue(buttonNode.defaultAccessibilityTraits == disabledButtonTrait,
                      "Default accessibility traits should return disabled button accessibility trait, instead returns \(buttonNode.defaultAccessibilityTraits)")
    }

    /// Test the accessbility label consistency for buttons that do not have a title
    /// In this test case, the button is empty but its titleNode is not nil.
    /// If we give this button an accessibility label and then change its state,
    /// we still want the accessbility unchanged, instead of going back to the default accessibility label.
    func testAccessibilityWithoutATitle() {
        let buttonNode = ASButtonNode()
        buttonNode.accessibilityLabel = "My Test"
        // Make sure the title node is not nil.
        buttonNode.titleNode.placeholderColor = UIColor.white
        buttonNode.isSelected = true
        XCTAssertTrue(buttonNode.accessibilityLabel == "My Test")
    }

    func testUpdateTitle() {
        let title = NSAttributedString(string: "MyTitle")
        let buttonNode = ASButtonNode()
        buttonNode.setAttributedTitle(title, for: .normal)
        XCTAssertTrue(buttonNode.attributedTitle(for: .normal)!.isEqual(to: title))
        XCTAssert(buttonNode.titleNode.attributedText!.isEqual(to: title))
    }
}
