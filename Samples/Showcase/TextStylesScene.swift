import Foundation
import Weft

extension ShowcaseScenes {
    /// Attributed text: weights, italics, colours, underline, strikethrough, kern, background, alignment, truncation.
    @Sendable static func textStyles() -> ASDisplayNode {
        let root = ASDisplayNode()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 250)
        root.backgroundColor = UIColor(white: 0.97, alpha: 1)
        let styled = NSMutableAttributedString(string: "")
        styled.append(text("Bold ", size: 17, weight: .bold))
        styled.append(NSAttributedString(string: "italic ", attributes: [.font: UIFont.italicSystemFont(ofSize: 17)]))
        styled.append(NSAttributedString(string: "red ", attributes: [.font: UIFont.systemFont(ofSize: 17), .foregroundColor: UIColor.systemRed]))
        styled.append(NSAttributedString(string: "underlined", attributes: [.font: UIFont.systemFont(ofSize: 17), .underlineStyle: NSUnderlineStyle.single.rawValue]))
        styled.append(NSAttributedString(string: " struck", attributes: [.font: UIFont.systemFont(ofSize: 17), .strikethroughStyle: 1]))
        styled.append(NSAttributedString(string: " k e r n", attributes: [.font: UIFont.systemFont(ofSize: 17), .kern: 3]))
        styled.append(NSAttributedString(string: " marked", attributes: [.font: UIFont.systemFont(ofSize: 17), .backgroundColor: UIColor.systemYellow]))
        addText(styled, to: root, at: CGPoint(x: 10, y: 10), width: 300)
        let centered = NSMutableParagraphStyle()
        centered.alignment = .center
        centered.lineSpacing = 6
        addText(NSAttributedString(string: "Centred text with six points between its lines, wrapping over three lines in this box.",
                                   attributes: [.font: UIFont.systemFont(ofSize: 14), .paragraphStyle: centered]),
                to: root, at: CGPoint(x: 10, y: 80), width: 300)
        addText(text("Truncated after two lines: the quick brown fox jumps over the lazy dog, again and again and again until it tires.", size: 14),
                to: root, at: CGPoint(x: 10, y: 160), width: 300, lines: 2)
        let mono = NSAttributedString(string: "let weft = ASTextNode()", attributes: [.font: UIFont.monospacedSystemFont(ofSize: 13, weight: .regular), .foregroundColor: UIColor.systemIndigo])
        addText(mono, to: root, at: CGPoint(x: 10, y: 215), width: 300)
        return root
    }
}
