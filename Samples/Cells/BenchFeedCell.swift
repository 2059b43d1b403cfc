import Foundation
import Weft

/// The card of `make bench`'s feed, matching the one the browser comparison renders
/// (`scripts/bench-chromium/feed.html`), so that frames per second and bytes per frame compare the
/// same pixels: a 56 pt header (a 30×30 round gradient avatar, a bold username over a grey
/// location, a right-aligned grey time), a full-width square gradient photo, a footer with 8 pt
/// padding (a bold likes line, 4 pt, then a description clamped to 3 lines with an ellipsis, 12 pt
/// at the bottom) and a 1 pt #dbdbdb separator. All text is DejaVu Sans 14 pt on 18 pt lines;
/// descriptions run 1, 2 or 3 lines, so a card is 507, 525 or 543 pt tall at 390 pt wide.
public final class BenchFeedCell: ASCellNode, @unchecked Sendable {
    // SAFETY: the subnodes are created in `init` and never replaced; nodes are thread-safe.
    let avatar = ASImageNode()
    let username = ASTextNode()
    let location = ASTextNode()
    let time = ASTextNode()
    let photo = ASImageNode()
    let likes = ASTextNode()
    let caption = ASTextNode()
    let separator = ASDisplayNode()
    /// Lines of the description: 1, 2 or 3.
    public let captionLines: Int

    /// The card's height for a description of `lines` lines.
    public static func height(captionLines lines: Int) -> CGFloat { 56 + 390 + 8 + 18 + 4 + 18 * CGFloat(lines) + 12 + 1 }

    /// Card `index` of the feed: its user, description length and colours vary with it.
    public init(index: Int, avatarImage: UIImage, photoImage: UIImage) {
        captionLines = index % 3 + 1
        super.init()
        automaticallyManagesSubnodes = true
        backgroundColor = .white
        avatar.image = avatarImage
        avatar.style.preferredSize = CGSize(width: 30, height: 30)
        avatar.cornerRadius = 15
        avatar.cornerRoundingType = .precomposited
        let user = BenchFeedCell.users[index % BenchFeedCell.users.count]
        username.attributedText = Self.text(user.name, bold: true, color: .black)
        location.attributedText = Self.text(user.place, bold: false, color: Self.grey)
        time.attributedText = Self.text("\(index % 23 + 1)h", bold: false, color: Self.grey)
        photo.image = photoImage
        photo.style.preferredSize = CGSize(width: 390, height: 390)
        likes.attributedText = Self.text("\(1_000 + (index * 7_919) % 9_000) likes", bold: true, color: .black)
        caption.attributedText = Self.text(Self.captions[captionLines - 1][index % Self.captions[captionLines - 1].count], bold: false, color: .black)
        caption.maximumNumberOfLines = 3
        caption.truncationMode = .byTruncatingTail
        // Pinned to whole 18 pt lines, as the browser's line-height: 18px is.
        caption.style.height = ASDimensionMake(18 * CGFloat(captionLines))
        likes.style.height = ASDimensionMake(18)
        separator.backgroundColor = UIColor(red: 0xDB / 255.0, green: 0xDB / 255.0, blue: 0xDB / 255.0, alpha: 1)
        separator.style.height = ASDimensionMake(1)
    }

    public override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let names = ASStackLayoutSpec(direction: .vertical, spacing: 0, alignItems: .start, children: [username, location])
        names.style.flexShrink = 1
        names.style.spacingBefore = 10
        let spacer = ASLayoutSpec()
        spacer.style.flexGrow = 1
        // A zero-width strut makes the row 56 pt tall; the rest centre on it.
        let strut = ASLayoutSpec()
        strut.style.preferredSize = CGSize(width: 0, height: 56)
        let headerRow = ASStackLayoutSpec(direction: .horizontal, spacing: 0, alignItems: .center, children: [strut, avatar, names, spacer, time])
        let header = ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: 12, bottom: 0, right: 12), child: headerRow)
        let footerColumn = ASStackLayoutSpec(direction: .vertical, spacing: 4, alignItems: .stretch, children: [likes, caption])
        let footer = ASInsetLayoutSpec(insets: UIEdgeInsets(top: 8, left: 12, bottom: 12, right: 12), child: footerColumn)
        return ASStackLayoutSpec(direction: .vertical, spacing: 0, alignItems: .stretch, children: [header, photo, footer, separator])
    }

    static let grey = UIColor(red: 0x8E / 255.0, green: 0x8E / 255.0, blue: 0x8E / 255.0, alpha: 1)

    /// DejaVu Sans (the system font) 14 pt, lines 18 pt apart.
    static func text(_ string: String, bold: Bool, color: UIColor) -> NSAttributedString {
        let paragraph = NSMutableParagraphStyle()
        paragraph.lineHeightMultiple = 18 / 16.3
        return NSAttributedString(string: string, attributes: [
            .font: bold ? UIFont.boldSystemFont(ofSize: 14) : UIFont.systemFont(ofSize: 14),
            .foregroundColor: color, .paragraphStyle: paragraph,
        ])
    }

    static let users: [(name: String, place: String)] = [
        ("ada.lovelace", "London"), ("grace_hopper", "Arlington, Virginia"), ("alan.turing", "Manchester"),
        ("katherine.j", "Hampton, Virginia"), ("edsger", "Austin, Texas"), ("barbara.liskov", "Cambridge, Massachusetts"),
    ]

    /// Descriptions by their line count at 366 pt: one line, two lines, and more than three
    /// (clamped to three with an ellipsis).
    static let captions: [[String]] = [
        ["Golden hour over the hills.", "Morning light, no filter.", "Back at the lake again."],
        ["Walked up before sunrise to catch the first light over the valley; worth every step.",
         "The colours changed every minute this evening, from orange to deep violet and blue."],
        ["A long weekend away from screens: we hiked the ridge trail, swam in the cold lake, cooked over a fire and watched the sky turn every colour there is before the stars came out one by one over the hills.",
         "Some days the light does all the work. This one started grey and flat, then the clouds broke apart in the late afternoon and the whole valley lit up in gold for about ten minutes before it faded again."],
    ]
}
