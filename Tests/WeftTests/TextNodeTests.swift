import Foundation
import Testing
import Weft
import WeftTesting

@Suite struct TextNodeTests {
    typealias T = TestSupport

    @Test func plainText() {
        expectGolden(T.hostedText(T.attributed("Hello, Weft!"), width: 120), named: "nodes/ASTextNode/plain")
    }

    @Test func characterAttributes() {
        let text = NSMutableAttributedString(attributedString: T.attributed("Bold ", weight: .bold))
        text.append(NSAttributedString(string: "italic ", attributes: [.font: UIFont.italicSystemFont(ofSize: 14)]))
        text.append(T.attributed("blue ", color: .systemBlue))
        text.append(T.attributed("under", extra: [.underlineStyle: NSUnderlineStyle.single.rawValue, .underlineColor: UIColor.systemRed]))
        text.append(T.attributed(" double", extra: [.underlineStyle: NSUnderlineStyle.double]))
        text.append(T.attributed(" struck", extra: [.strikethroughStyle: 1]))
        text.append(T.attributed(" kern", extra: [.kern: 4.0]))
        text.append(T.attributed(" marked", extra: [.backgroundColor: UIColor.systemYellow]))
        text.append(T.attributed(" up", extra: [.baselineOffset: 4]))
        text.append(T.attributed(" faint", color: UIColor(white: 0, alpha: 0.3)))
        expectGolden(T.hostedText(text, width: 200), named: "nodes/ASTextNode/attributes")
    }

    @Test(arguments: [NSTextAlignment.left, .center, .right, .justified, .natural])
    func alignment(_ alignment: NSTextAlignment) {
        let style = NSMutableParagraphStyle()
        style.alignment = alignment
        let node = T.textNode(T.attributed("Alignment puts leftover space where the paragraph style says, line by line.",
                                           size: 12, extra: [.paragraphStyle: style]), width: 150)
        node.frame.size.width = 150
        expectGolden(T.host(CGSize(width: 158, height: node.frame.height + 8), node), named: "nodes/ASTextNode/alignment-\(alignment)")
    }

    @Test func lineSpacingAndMultiple() {
        let spaced = NSMutableParagraphStyle()
        spaced.lineSpacing = 8
        let tall = NSMutableParagraphStyle()
        tall.lineHeightMultiple = 1.6
        let a = T.textNode(T.attributed("Eight points of line spacing between these lines.", size: 12, extra: [.paragraphStyle: spaced]), width: 110)
        let b = T.textNode(T.attributed("A line height multiple of 1.6 on each line here.", size: 12, extra: [.paragraphStyle: tall]), width: 110)
        b.frame.origin.x = 120
        expectGolden(T.host(CGSize(width: 234, height: max(a.frame.maxY, b.frame.maxY) + 4), a, b), named: "nodes/ASTextNode/line-spacing")
        #expect(a.lineCount == 4 && b.lineCount == 3, "\(a.lineCount) \(b.lineCount)")
    }

    @Test func tailTruncationToMaximumLines() {
        let node = T.textNode(T.attributed("The quick brown fox jumps over the lazy dog and keeps on running far beyond this box."), width: 140, lines: 2)
        #expect(node.isTruncated && node.lineCount == 2)
        expectGolden(T.host(CGSize(width: 148, height: node.frame.height + 8), node), named: "nodes/ASTextNode/truncation-tail")
    }

    @Test func customTruncationText() {
        let node = ASTextNode()
        node.attributedText = T.attributed("Long posts end with a link to read the rest of them, like this one does.")
        node.truncationAttributedText = T.attributed(" … more", weight: .bold, color: .systemBlue)
        node.maximumNumberOfLines = 2
        node.frame = CGRect(origin: CGPoint(x: 4, y: 4), size: node.calculateSizeThatFits(CGSize(width: 150, height: CGFloat.infinity)))
        #expect(node.isTruncated)
        expectGolden(T.host(CGSize(width: 158, height: node.frame.height + 8), node), named: "nodes/ASTextNode/truncation-custom")
    }

    @Test(arguments: [NSLineBreakMode.byTruncatingHead, .byTruncatingMiddle, .byClipping])
    func otherTruncationModes(_ mode: NSLineBreakMode) {
        let node = T.textNode(T.attributed("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"), width: 150, lines: 1, truncation: mode)
        #expect(node.isTruncated && node.lineCount == 1)
        expectGolden(T.host(CGSize(width: 158, height: node.frame.height + 8), node), named: "nodes/ASTextNode/truncation-\(mode)")
    }

    @Test func truncationToTheConstrainedHeight() {
        let node = ASTextNode()
        node.attributedText = T.attributed("One\nTwo\nThree\nFour")
        let size = node.calculateSizeThatFits(CGSize(width: 100, height: 40))
        #expect(node.lineCount == 2 && node.isTruncated && size.height <= 40)
    }

    @Test func korean() {
        expectGolden(T.hostedText(T.attributed("다람쥐 헌 쳇바퀴에 타고파. 한글 텍스트가 줄바꿈됩니다."), width: 150), named: "nodes/ASTextNode/korean")
    }

    @Test func rightToLeft() {
        let arabic = T.textNode(T.attributed("النص العربي يُكتب من اليمين إلى اليسار"), width: 150)
        let hebrew = T.textNode(T.attributed("עברית נכתבת מימין לשמאל"), width: 150)
        hebrew.frame.origin.y = arabic.frame.maxY + 4
        expectGolden(T.host(CGSize(width: 158, height: hebrew.frame.maxY + 4), arabic, hebrew), named: "nodes/ASTextNode/right-to-left")
    }

    @Test func leftAndRightArePhysicalInRightToLeftText() throws {
        func render(_ alignment: NSTextAlignment?) throws -> Bitmap {
            var extra: [NSAttributedString.Key: Any] = [:]
            if let alignment {
                let style = NSMutableParagraphStyle()
                style.alignment = alignment
                extra[.paragraphStyle] = style
            }
            let node = T.textNode(T.attributed("שלום", extra: extra), width: 200)
            node.frame.size.width = 200
            return try T.host(CGSize(width: 208, height: node.frame.height + 8), node).renderBitmap(scale: 1)
        }
        let natural = try render(nil), right = try render(.right), left = try render(.left)
        #expect(right.hasSamePixels(as: natural), "natural alignment of Hebrew is on the right")
        #expect(!left.hasSamePixels(as: natural))
        // With .left, the ink starts near the left edge; with .natural, beyond the middle.
        func firstInkColumn(_ bitmap: Bitmap) -> Int? {
            // The last row may be partly covered (a fractional height), so it is left out.
            (0..<bitmap.pixelWidth).first { x in (0..<bitmap.pixelHeight - 1).contains { bitmap.pixel(x: x, y: $0) != 0xFFFF_FFFF } }
        }
        #expect(try #require(firstInkColumn(left)) < 20)
        #expect(try #require(firstInkColumn(natural)) > 100)
    }

    @Test func combiningMarksAndCJK() {
        expectGolden(T.hostedText(T.attributed("e\u{301} a\u{308} o\u{302}\u{323} Z\u{35C}a · 漢字かな 中文"), width: 200), named: "nodes/ASTextNode/combining-cjk")
    }

    @Test func measurementIsStableAndEmptyTextIsZero() {
        let node = ASTextNode()
        #expect(node.calculateSizeThatFits(CGSize(width: 100, height: 100)) == .zero)
        node.attributedText = T.attributed("Hello")
        let first = node.calculateSizeThatFits(CGSize(width: CGFloat.infinity, height: .infinity))
        let other = ASTextNode()
        other.attributedText = T.attributed("Hello")
        #expect(other.calculateSizeThatFits(CGSize(width: CGFloat.infinity, height: .infinity)) == first)
        #expect(first.width > 30 && first.height > 14 && first.height < 20)
        // Sizes are rounded up to the screen's pixel grid (scale 2).
        #expect((first.width * 2).rounded() == first.width * 2)
        #expect(node.firstBaseline > 10 && node.firstBaseline == node.lastBaseline)
        #expect(!node.isTruncated && node.lineCount == 1)
    }

    @Test func defaultsMatchTexture() {
        let node = ASTextNode()
        #expect(node.maximumNumberOfLines == 0 && node.truncationMode == .byWordWrapping)
        #expect(node.truncationAttributedText?.string == "\u{2026}" && !node.isOpaque)
    }
}
