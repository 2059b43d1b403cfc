// A feed screen as an app writes it with only `import Weft`: a controller hosting a collection of
// posts (avatar, name, time, a photo, a wrapped caption) under a flow layout, photos drawn as
// gradients. `make bench` snapshots it on an iPhone 13 through swift-snapshot-testing.
import Weft

/// One post: a header row, a photo at a fixed ratio, a caption of up to three lines.
final class PostCellNode: ASCellNode, @unchecked Sendable {
    // SAFETY: the subnodes are made in `init` and never replaced; nodes guard their own state.
    let avatar = ASImageNode()
    let name = ASTextNode()
    let time = ASTextNode()
    let photo = ASImageNode()
    let caption = ASTextNode()

    init(index: Int, avatarImage: UIImage, photoImage: UIImage) {
        super.init()
        automaticallyManagesSubnodes = true
        backgroundColor = .white
        (avatar.image, photo.image) = (avatarImage, photoImage)
        avatar.style.preferredSize = CGSize(width: 36, height: 36)
        avatar.cornerRadius = 18
        name.attributedText = Self.text(Self.names[index % Self.names.count], .boldSystemFont(ofSize: 15), .label)
        time.attributedText = Self.text("\(index % 59 + 1)m", .systemFont(ofSize: 13), .systemGray)
        caption.attributedText = Self.text(Self.captions[index % Self.captions.count], .systemFont(ofSize: 14), .darkGray)
        caption.maximumNumberOfLines = 3
    }

    static func text(_ string: String, _ font: UIFont, _ color: UIColor) -> NSAttributedString {
        NSAttributedString(string: string, attributes: [.font: font, .foregroundColor: color])
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let spacer = ASLayoutSpec()
        spacer.style.flexGrow = 1
        name.style.flexShrink = 1
        let header = ASStackLayoutSpec(direction: .horizontal, spacing: 8, alignItems: .center, children: [avatar, name, spacer, time])
        let picture = ASRatioLayoutSpec(ratio: 0.6, child: photo)
        let column = ASStackLayoutSpec(direction: .vertical, spacing: 10, alignItems: .stretch, children: [header, picture, caption])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 12, left: 16, bottom: 12, right: 16), child: column)
    }

    static let names = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson", "김영희", "Edsger Dijkstra"]
    static let captions = [
        "Looms weave patterns from punched cards; the Analytical Engine weaves algebra the same way.",
        "A ship in port is safe, but that is not what ships are built for.",
        "We can only see a short distance ahead, but we can see plenty there that needs to be done.",
        "오늘도 좋은 하루 보내세요! 새 사진을 올렸어요.",
        "Simplicity is prerequisite for reliability.",
    ]
}

/// The feed: 40 posts in a vertical flow layout.
public final class FeedController: ASDKViewController<ASCollectionNode>, ASCollectionDataSource, ASCollectionDelegate {
    let avatars: [UIImage]
    let photos: [UIImage]

    public override init() {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 8
        avatars = [UIColor.systemOrange, .systemPurple, .systemTeal].map { FeedController.gradient(CGSize(width: 36, height: 36), $0) }
        photos = [UIColor.systemBlue, .systemGreen, .systemPink, .systemIndigo].map { FeedController.gradient(CGSize(width: 358, height: 215), $0) }
        super.init(node: ASCollectionNode(collectionViewLayout: layout))
        node.backgroundColor = UIColor(white: 0.93, alpha: 1)
        node.dataSource = self
        node.delegate = self
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// A photo stand-in: a diagonal gradient from `color` to white.
    static func gradient(_ size: CGSize, _ color: UIColor) -> UIImage {
        UIGraphicsImageRenderer(size: size).image { context in
            let gradient = Gradient.linear(from: .zero, to: CGPoint(x: size.width, y: size.height), stops: Gradient.evenlySpaced([color, .white]))
            context.cgContext.fill(Path(rect: CGRect(origin: .zero, size: size)), with: gradient)
        }
    }

    public func numberOfSections(in collectionNode: ASCollectionNode) -> Int { 1 }

    public func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 40 }

    public func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let index = indexPath.item
        let avatar = avatars[index % avatars.count], photo = photos[index % photos.count]
        return { PostCellNode(index: index, avatarImage: avatar, photoImage: photo) }
    }

    public func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        let width = collectionNode.bounds.width
        return ASSizeRange(min: CGSize(width: width, height: 0), max: CGSize(width: width, height: .infinity))
    }
}
