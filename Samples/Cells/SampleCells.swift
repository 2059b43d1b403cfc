import Foundation
import Weft

/// A section header: a bold title on a tinted bar.
public final class SectionHeaderCell: ASCellNode, @unchecked Sendable {
    // SAFETY: the subnode is created in `init` and never replaced.
    let title = ASTextNode()

    public init(title text: String) {
        super.init()
        automaticallyManagesSubnodes = true
        backgroundColor = UIColor(hex: 0xE8EEF6)
        title.attributedText = NSAttributedString(string: text, attributes: [.font: UIFont.boldSystemFont(ofSize: 15), .foregroundColor: UIColor.systemIndigo])
    }

    public override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let centered = ASRelativeLayoutSpec(horizontalPosition: .start, verticalPosition: .center, sizingOption: .default, child: title)
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16), child: centered)
    }
}

/// A text-only post: a name and a paragraph.
public final class TextPostCell: ASCellNode, @unchecked Sendable {
    // SAFETY: the subnodes are created in `init` and never replaced.
    let name = ASTextNode()
    let body = ASTextNode()

    public init(index: Int) {
        super.init()
        automaticallyManagesSubnodes = true
        backgroundColor = .white
        name.attributedText = NSAttributedString(string: FeedCell.names[(index + 3) % FeedCell.names.count],
                                                 attributes: [.font: UIFont.boldSystemFont(ofSize: 15)])
        body.attributedText = NSAttributedString(string: String(repeating: FeedCell.captions[index % FeedCell.captions.count] + " ", count: 1 + index % 3),
                                                 attributes: [.font: UIFont.systemFont(ofSize: 14), .foregroundColor: UIColor.darkGray])
        body.maximumNumberOfLines = 4
    }

    public override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let column = ASStackLayoutSpec(direction: .vertical, spacing: 6, alignItems: .stretch, children: [name, body])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 12, left: 16, bottom: 12, right: 16), child: column)
    }
}

/// A photo at a given ratio with a one-line caption, for the mosaic and the gallery.
public final class MosaicCell: ASCellNode, @unchecked Sendable {
    // SAFETY: the subnodes are created in `init` and never replaced.
    let photo = ASImageNode()
    let caption = ASTextNode()
    let ratio: CGFloat

    public init(index: Int, photo image: UIImage, ratio: CGFloat) {
        self.ratio = ratio
        super.init()
        automaticallyManagesSubnodes = true
        backgroundColor = .white
        cornerRadius = 6
        clipsToBounds = true
        photo.image = image
        caption.attributedText = NSAttributedString(string: "Photo \(index + 1)", attributes: [.font: UIFont.systemFont(ofSize: 12), .foregroundColor: UIColor.darkGray])
        caption.maximumNumberOfLines = 1
    }

    public override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let picture = ASRatioLayoutSpec(ratio: ratio, child: photo)
        picture.style.flexShrink = 1
        let text = ASInsetLayoutSpec(insets: UIEdgeInsets(top: 4, left: 6, bottom: 6, right: 6), child: caption)
        return ASStackLayoutSpec(direction: .vertical, alignItems: .stretch, children: [picture, text])
    }
}
