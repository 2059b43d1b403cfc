import Foundation
import Testing
import Weft

/// UIKit's `UIFont.lineHeight`, from pango's metrics for the resolved face.
@Suite struct FontLineHeightTests {
    @Test func aOneLineTextNodeIsOneLineHeightTall() {
        for size: CGFloat in [12, 18, 30] {
            let font = UIFont.systemFont(ofSize: size)
            let node = ASTextNode()
            node.attributedText = NSAttributedString(string: "Hello", attributes: [.font: font])
            let height = node.calculateSizeThatFits(CGSize(width: CGFloat.infinity, height: .infinity)).height
            #expect(height == ASCeilPixelValue(font.lineHeight), "\(size) pt: \(font.lineHeight)")
        }
    }

    @Test func lineHeightExceedsThePointSizeAndScalesWithIt() {
        let small = UIFont.systemFont(ofSize: 18).lineHeight, large = UIFont.systemFont(ofSize: 36).lineHeight
        #expect(small > 18 && small < 27, "ascent + descent of an 18 pt face: \(small)")
        #expect(abs(large - 2 * small) < 1)
    }

    @Test func buttonFontSizeIsUIKits() {
        #expect(UIFont.buttonFontSize == 18)
    }
}
