import Foundation
import Weft

/// A realistic feed cell described with layout specs: a header row (avatar, name, time), a photo
/// at a fixed ratio, and a footer of wrapped text. Used by the samples, the tests and `make bench`.
public final class FeedCell: ASCellNode, @unchecked Sendable {
    // SAFETY: the subnodes are created in `init` and never replaced; nodes are thread-safe.
    public let avatar = ASImageNode()
    public let name = ASTextNode()
    public let time = ASTextNode()
    public let photo = ASImageNode()
    public let footer = ASTextNode()

    /// A cell for post `index`; the text and the photo's colours vary with it.
    public init(index: Int, avatarImage: UIImage, photoImage: UIImage) {
        super.init()
        automaticallyManagesSubnodes = true
        backgroundColor = .white
        avatar.image = avatarImage
        avatar.style.preferredSize = CGSize(width: 36, height: 36)
        avatar.cornerRadius = 18
        name.attributedText = NSAttributedString(string: FeedCell.names[index % FeedCell.names.count],
                                                 attributes: [.font: UIFont.boldSystemFont(ofSize: 15), .foregroundColor: UIColor.label])
        time.attributedText = NSAttributedString(string: "\(index % 59 + 1)m",
                                                 attributes: [.font: UIFont.systemFont(ofSize: 13), .foregroundColor: UIColor.systemGray])
        photo.image = photoImage
        footer.attributedText = NSAttributedString(string: FeedCell.captions[index % FeedCell.captions.count] + " #\(index)",
                                                   attributes: [.font: UIFont.systemFont(ofSize: 14), .foregroundColor: UIColor.darkGray])
        footer.maximumNumberOfLines = 3
    }

    public override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let spacer = ASLayoutSpec()
        spacer.style.flexGrow = 1
        name.style.flexShrink = 1
        let header = ASStackLayoutSpec(direction: .horizontal, spacing: 8, alignItems: .center, children: [avatar, name, spacer, time])
        let picture = ASRatioLayoutSpec(ratio: 0.6, child: photo)
        let column = ASStackLayoutSpec(direction: .vertical, spacing: 10, alignItems: .stretch, children: [header, picture, footer])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 12, left: 16, bottom: 12, right: 16), child: column)
    }

    static let names = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson", "김영희", "Edsger Dijkstra", "Barbara Liskov"]
    static let captions = [
        "Looms weave patterns from punched cards; the Analytical Engine weaves algebra the same way.",
        "A ship in port is safe, but that is not what ships are built for.",
        "We can only see a short distance ahead, but we can see plenty there that needs to be done.",
        "Like what you do, and then you will do your best.",
        "오늘도 좋은 하루 보내세요! 새 사진을 올렸어요.",
        "Simplicity is prerequisite for reliability.",
        "The most important thing is to keep the abstractions clean and the modules small.",
    ]
}
