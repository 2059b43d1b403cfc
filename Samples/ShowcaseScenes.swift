import Foundation
import Weft

/// One scene of the node showcase: a name and a node tree with its frame set.
public struct SampleScene: Sendable {
    public let name: String
    public let summary: String
    public let make: @Sendable () -> ASDisplayNode
}

/// The foundation showcase: every node kind and display property, one scene each.
public enum ShowcaseScenes {
    public static let all: [SampleScene] = [
        SampleScene(name: "profile-card", summary: "cell with a round-bordered avatar, text and a photo", make: profileCard),
        SampleScene(name: "text-styles", summary: "attributed text: fonts, colours, kern, underline, strikethrough, truncation", make: textStyles),
        SampleScene(name: "scripts", summary: "Korean, Arabic and Hebrew (right to left), combining marks", make: scripts),
        SampleScene(name: "content-modes", summary: "ASImageNode under every content mode", make: contentModes),
        SampleScene(name: "appearance", summary: "corners, borders, clipping and alpha", make: appearance),
        SampleScene(name: "feed-cell", summary: "a feed cell laid out by layout specs (stack, ratio, inset)", make: feedCell),
    ]

    static func text(_ string: String, size: CGFloat = 14, weight: UIFont.Weight = .regular, color: UIColor = .black) -> NSAttributedString {
        NSAttributedString(string: string, attributes: [.font: UIFont.systemFont(ofSize: size, weight: weight), .foregroundColor: color])
    }

    /// Places a text node at `origin`, sized to fit `width`.
    static func addText(_ attributed: NSAttributedString, to parent: ASDisplayNode, at origin: CGPoint, width: CGFloat, lines: UInt = 0) {
        let node = ASTextNode()
        node.attributedText = attributed
        node.maximumNumberOfLines = lines
        let size = node.calculateSizeThatFits(CGSize(width: width, height: .infinity))
        node.frame = CGRect(origin: origin, size: size)
        parent.addSubnode(node)
    }

    @Sendable static func profileCard() -> ASDisplayNode {
        let card = ASCellNode()
        card.frame = CGRect(x: 0, y: 0, width: 320, height: 300)
        card.backgroundColor = .white
        let avatar = ASImageNode()
        avatar.image = SampleImages.badge()
        avatar.frame = CGRect(x: 12, y: 12, width: 44, height: 44)
        avatar.imageModificationBlock = ASImageNodeRoundBorderModificationBlock(2, .systemBlue)
        card.addSubnode(avatar)
        addText(text("Ada Lovelace", size: 16, weight: .bold), to: card, at: CGPoint(x: 66, y: 14), width: 240)
        addText(text("@ada · 2h", size: 13, color: .systemGray), to: card, at: CGPoint(x: 66, y: 36), width: 240)
        let photo = ASImageNode()
        photo.image = SampleImages.landscape()
        photo.frame = CGRect(x: 12, y: 68, width: 296, height: 160)
        photo.cornerRadius = 8
        card.addSubnode(photo)
        addText(text("The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves.", size: 14),
                to: card, at: CGPoint(x: 12, y: 238), width: 296, lines: 2)
        return card
    }

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

    @Sendable static func scripts() -> ASDisplayNode {
        let root = ASDisplayNode()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 200)
        root.backgroundColor = .white
        addText(text("안녕하세요, 세계! 텍스처 노드로 그린 한국어 문장입니다.", size: 16), to: root, at: CGPoint(x: 10, y: 10), width: 300)
        addText(text("مرحبا بالعالم، هذا نص عربي", size: 16), to: root, at: CGPoint(x: 10, y: 70), width: 300)
        addText(text("שלום עולם, זהו טקסט בעברית", size: 16), to: root, at: CGPoint(x: 10, y: 105), width: 300)
        addText(text("Combining: e\u{0301} a\u{0308} n\u{0303} — Zoë, café, naïve", size: 16), to: root, at: CGPoint(x: 10, y: 140), width: 300)
        return root
    }

    @Sendable static func contentModes() -> ASDisplayNode {
        let root = ASDisplayNode()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 250)
        root.backgroundColor = UIColor(white: 0.92, alpha: 1)
        let image = SampleImages.landscape(size: CGSize(width: 60, height: 40))
        for (index, mode) in UIView.ContentMode.allCases.enumerated() {
            let node = ASImageNode()
            node.image = image
            node.contentMode = mode
            node.backgroundColor = .white
            node.frame = CGRect(x: 8 + CGFloat(index % 4) * 78, y: 8 + CGFloat(index / 4) * 60, width: 70, height: 52)
            root.addSubnode(node)
        }
        return root
    }

    @Sendable static func feedCell() -> ASDisplayNode {
        let cell = FeedCell(index: 4, avatarImage: SampleImages.badge(diameter: 36), photoImage: SampleImages.landscape())
        let height = cell.layoutThatFits(ASSizeRange(min: CGSize(width: 320, height: 0), max: CGSize(width: 320, height: CGFloat.infinity))).size.height
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: height)
        return cell
    }

    @Sendable static func appearance() -> ASDisplayNode {
        let root = ASDisplayNode()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 120)
        root.backgroundColor = .white
        let rounded = ASDisplayNode()
        rounded.frame = CGRect(x: 10, y: 10, width: 90, height: 90)
        rounded.backgroundColor = .systemTeal
        rounded.cornerRadius = 20
        rounded.borderWidth = 4
        rounded.borderColor = .systemIndigo
        root.addSubnode(rounded)
        let clipper = ASDisplayNode()
        clipper.frame = CGRect(x: 115, y: 10, width: 90, height: 90)
        clipper.backgroundColor = .systemOrange
        clipper.cornerRadius = 45
        clipper.clipsToBounds = true
        let inner = ASDisplayNode()
        inner.frame = CGRect(x: 40, y: 40, width: 80, height: 80)
        inner.backgroundColor = .systemPurple
        clipper.addSubnode(inner)
        root.addSubnode(clipper)
        let faded = ASDisplayNode()
        faded.frame = CGRect(x: 220, y: 10, width: 90, height: 90)
        faded.backgroundColor = .systemRed
        faded.alpha = 0.5
        let overlap = ASDisplayNode()
        overlap.frame = CGRect(x: 20, y: 20, width: 50, height: 50)
        overlap.backgroundColor = .systemBlue
        faded.addSubnode(overlap)
        root.addSubnode(faded)
        return root
    }
}
