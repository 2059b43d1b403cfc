import Foundation
import Weft

extension CollectionSample {
    /// `make bench`'s feed: `items` cards of `BenchFeedCell` (507, 525 or 543 pt tall) in a
    /// vertical flow with no spacing on white, the scene the browser comparison renders.
    @MainActor
    public static func benchFeed(viewport: CGSize, items: Int) -> CollectionSample {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        let node = ASCollectionNode(frame: CGRect(origin: .zero, size: viewport), collectionViewLayout: layout)
        node.backgroundColor = .white
        let source = BenchFeedDataSource(items: items)
        node.dataSource = source
        node.delegate = source
        return CollectionSample(name: "bench-feed", collectionNode: node, dataSource: source)
    }
}

/// The bench feed's cards; as the delegate, it makes every card as wide as the collection.
final class BenchFeedDataSource: ASCollectionDataSource, ASCollectionDelegate {
    let items: Int
    init(items: Int) { self.items = items }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { items }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let index = indexPath.item
        let avatar = BenchFeedImages.avatars[index % BenchFeedImages.avatars.count]
        let photo = BenchFeedImages.photos[index % BenchFeedImages.photos.count]
        return { BenchFeedCell(index: index, avatarImage: avatar, photoImage: photo) }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        let width = collectionNode.bounds.width
        return ASSizeRange(min: CGSize(width: width, height: 0), max: CGSize(width: width, height: .infinity))
    }
}

/// The bench feed's gradients, made once at @3x: diagonal two-colour gradients, as CSS's
/// `linear-gradient(135deg, …)` draws them.
enum BenchFeedImages {
    static let palette: [(UIColor, UIColor)] = [
        (UIColor(red: 0.98, green: 0.55, blue: 0.25, alpha: 1), UIColor(red: 0.55, green: 0.2, blue: 0.75, alpha: 1)),
        (UIColor(red: 0.2, green: 0.6, blue: 0.95, alpha: 1), UIColor(red: 0.3, green: 0.9, blue: 0.6, alpha: 1)),
        (UIColor(red: 0.95, green: 0.3, blue: 0.45, alpha: 1), UIColor(red: 1, green: 0.85, blue: 0.35, alpha: 1)),
        (UIColor(red: 0.15, green: 0.2, blue: 0.45, alpha: 1), UIColor(red: 0.45, green: 0.75, blue: 0.95, alpha: 1)),
        (UIColor(red: 0.35, green: 0.75, blue: 0.4, alpha: 1), UIColor(red: 0.1, green: 0.35, blue: 0.3, alpha: 1)),
        (UIColor(red: 0.85, green: 0.8, blue: 0.95, alpha: 1), UIColor(red: 0.45, green: 0.35, blue: 0.8, alpha: 1)),
    ]
    static let photos = palette.map { gradient(side: 390, colors: $0) }
    static let avatars = palette.map { gradient(side: 30, colors: ($0.1, $0.0)) }

    static func gradient(side: CGFloat, colors: (UIColor, UIColor)) -> UIImage {
        let size = CGSize(width: side, height: side)
        let bitmap = try! Bitmap(size: size, scale: 3) { context in
            context.fill(Path(rect: CGRect(origin: .zero, size: size)),
                         with: .linear(from: .zero, to: CGPoint(x: side, y: side), stops: Gradient.evenlySpaced([colors.0, colors.1])))
        }
        return UIImage(bitmap: bitmap)
    }
}
