import Foundation
import Weft

extension ShowcaseScenes {
    /// A card cell: a round-bordered avatar, a name, a photo with rounded corners and two lines of text.
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
}
