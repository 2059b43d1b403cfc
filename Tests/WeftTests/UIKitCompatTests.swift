import Foundation
import Testing
@testable import Weft

@Suite struct UIKitCompatTests {
    @Test func colorsFromHexAndComponents() throws {
        let color = UIColor(hex: 0x336699)
        #expect(abs(color.red - 0.2) < 1e-9 && abs(color.green - 0.4) < 1e-9 && abs(color.blue - 0.6) < 1e-9)
        #expect(UIColor(hexString: "#369") == color)
        #expect(UIColor(hexString: "33669980")?.alpha == CGFloat(0x80) / 255)
        #expect(UIColor(hexString: "#12345") == nil)
        #expect(UIColor(hexString: "zzzzzz") == nil)
        #expect(UIColor(red: 2, green: -1, blue: .nan, alpha: 0.5) == UIColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(UIColor.white.withAlphaComponent(0.25).alpha == 0.25)
    }

    @Test func indexPathsSpeakUIKit() {
        var path = IndexPath(item: 3, section: 1)
        #expect(path.item == 3 && path.section == 1 && path.row == 3)
        path.row = 5
        #expect(path == IndexPath(row: 5, section: 1))
    }

    @Test func fontsParsePostScriptNames() throws {
        let bold = try #require(UIFont(name: "Helvetica-BoldOblique", size: 15))
        #expect(bold.familyName == "Helvetica" && bold.weight == .bold && bold.isItalic && bold.pointSize == 15)
        #expect(UIFont(name: "", size: 10) == nil)
        #expect(UIFont.systemFont(ofSize: -3).pointSize == UIFont.systemFontSize)
        #expect(UIFont.boldSystemFont(ofSize: 12).weight.cssWeight == 700)
        #expect(UIFont.systemFont(ofSize: 12, weight: .semibold).weight.cssWeight == 600)
    }

    @Test func paragraphStylesCopy() {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        style.lineSpacing = 4
        let copy = style.mutableCopy()
        copy.alignment = .right
        #expect(style.alignment == .center && copy.alignment == .right && copy.lineSpacing == 4)
        #expect(NSParagraphStyle.default.lineBreakMode == .byWordWrapping)
    }

    @Test func edgeInsetsInsetRects() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50).inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(rect == CGRect(x: 2, y: 1, width: 94, height: 46))
    }

    @Test func attributedRunsBecomeUTF8Ranges() {
        let text = NSMutableAttributedString(string: "한글 ok", attributes: [.font: UIFont.systemFont(ofSize: 10)])
        text.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 3, length: 2))
        let content = TextContent(text)
        #expect(content.runs.map(\.range) == [0..<7, 7..<9])
        #expect(content.runs[1].style?.color == .red)
    }
}
