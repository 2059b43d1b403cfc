import Foundation
import Testing
import Weft

/// UIKit's accessibility defaults on the views Weft has.
@MainActor @Suite struct ViewAccessibilityTests {
    @Test func labelIsAStaticTextElementLabelledByItsText() {
        let label = UILabel()
        label.text = "Hello"
        #expect(label.isAccessibilityElement && label.accessibilityLabel == "Hello" && label.accessibilityTraits == .staticText)
        label.attributedText = NSAttributedString(string: "Styled")
        #expect(label.accessibilityLabel == "Styled")
        label.accessibilityLabel = "Greeting"
        label.accessibilityTraits = .header
        #expect(label.accessibilityLabel == "Greeting" && label.accessibilityTraits == .header)
    }

    @Test func otherViewsAreNotElements() {
        let view = UIView()
        #expect(!view.isAccessibilityElement && view.accessibilityLabel == nil && view.accessibilityTraits == .none)
        #expect(view.accessibilityIdentifier == nil && !view.accessibilityElementsHidden && !view.accessibilityViewIsModal)
        let image = UIImageView(frame: .zero)
        #expect(!image.isAccessibilityElement && image.accessibilityTraits == .image)
    }

    @Test func accessibilityFrameIsInTheRootViewsCoordinates() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let middle = UIView(frame: CGRect(x: 10, y: 20, width: 200, height: 200))
        middle.bounds.origin = CGPoint(x: 5, y: 5)
        let leaf = UIView(frame: CGRect(x: 30, y: 40, width: 50, height: 60))
        root.addSubview(middle)
        middle.addSubview(leaf)
        #expect(leaf.accessibilityFrame == CGRect(x: 35, y: 55, width: 50, height: 60))
        #expect(root.accessibilityFrame == CGRect(x: 0, y: 0, width: 300, height: 300))
    }
}
