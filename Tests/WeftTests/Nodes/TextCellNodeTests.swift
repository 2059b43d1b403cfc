import Foundation
import Testing
import Weft

/// Texture's `ASTextCellNode`: 18 pt system font, insets 11 / 15.
@Suite struct TextCellNodeTests {
    @Test func defaultsAreTextures() {
        let cell = ASTextCellNode()
        #expect(cell.textInsets == UIEdgeInsets(top: 11, left: 15, bottom: 11, right: 15))
        #expect(cell.textAttributes[.font] as? UIFont == UIFont.systemFont(ofSize: 18))
        #expect(cell.text == nil && cell.textNode.attributedText == nil)
    }

    @Test func textIsDrawnWithTheAttributesInsideTheInsets() {
        let cell = ASTextCellNode()
        cell.text = "Row 1"
        #expect(cell.textNode.attributedText?.string == "Row 1")
        #expect(cell.textNode.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == UIFont.systemFont(ofSize: 18))
        let layout = cell.layoutThatFits(ASSizeRange(min: CGSize(width: 320, height: 0), max: CGSize(width: 320, height: CGFloat.infinity)))
        let lineHeight = ASCeilPixelValue(UIFont.systemFont(ofSize: 18).lineHeight)
        #expect(layout.size == CGSize(width: 320, height: lineHeight + 22))
        cell.frame = CGRect(origin: .zero, size: layout.size)
        cell.layoutIfNeeded()
        #expect(cell.textNode.frame.origin == CGPoint(x: 15, y: 11))
        #expect(cell.subnodes.first === cell.textNode)
    }

    @Test func customAttributesAndInsets() {
        let font = UIFont.systemFont(ofSize: 12)
        let cell = ASTextCellNode(attributes: [.font: font], insets: .zero)
        cell.text = "Small"
        #expect(cell.textNode.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == font)
        cell.textAttributes = [.font: UIFont.systemFont(ofSize: 30)]
        #expect(cell.textNode.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == UIFont.systemFont(ofSize: 30))
        cell.textInsets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        cell.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        cell.layoutIfNeeded()
        #expect(cell.textNode.frame.origin == CGPoint(x: 2, y: 1))
        cell.text = nil
        #expect(cell.textNode.attributedText == nil)
    }
}
