import Foundation
import Weft

/// A collection sample: the node and the data source it holds weakly, kept alive together.
public final class CollectionSample: @unchecked Sendable {
    // SAFETY: built once, then driven from one thread.
    public let name: String
    /// The sample's node. It holds its data source weakly, as Texture's does, and this sample is
    /// what keeps that alive: keep the sample while the node is used. A node taken out of a
    /// temporary (`CollectionSample.benchFeed(…).collectionNode`) loads no items and draws only
    /// its background (the load reports the released data source).
    public let collectionNode: ASCollectionNode
    let dataSource: AnyObject
    /// The posts of an editable sample (`editableNames`); nil for one with a fixed data source.
    public let posts: PostList?

    init(name: String, collectionNode: ASCollectionNode, dataSource: AnyObject, posts: PostList? = nil) {
        self.name = name
        self.collectionNode = collectionNode
        self.dataSource = dataSource
        self.posts = posts
    }

    /// The built-in samples the `weft` command renders: `feed`, `mosaic`, `gallery`, `grid`,
    /// `livefeed`, `mosaic-interop` (the mosaic with UIKit cells), `pager` (the feed's posts one
    /// per page, an `ASPagerNode`) and `bench-feed` (the feed `make bench` measures).
    public static let names = ["feed", "mosaic", "gallery", "grid", "livefeed", "mosaic-interop", "pager", "bench-feed"]
    /// The samples that are pagers (`pageTurns(toPage:frames:)`).
    public static let pagerNames = ["pager"]
    /// The samples whose posts `apply(_:animated:)` can change.
    public static let editableNames = ["feed", "livefeed"]

    /// Makes `edit`: updates the sample's posts, then tells the collection in one batch (animated
    /// or not), as an app does. Throws, changing nothing, for a sample that cannot be edited or
    /// an index path outside its posts.
    @MainActor
    public func apply(_ edit: SampleEdit, animated: Bool) throws(SampleEditError) {
        guard let posts else { throw .notEditable(sample: name, editable: Self.editableNames) }
        try posts.apply(edit)
        edit.perform(on: collectionNode, animated: animated)
    }

    /// The sample called `name` with a viewport of `viewport` points, or nil for an unknown name.
    @MainActor
    public static func make(_ name: String, viewport: CGSize, items: Int? = nil) -> CollectionSample? {
        switch name {
        case "feed": return feed(viewport: viewport, sections: max(1, (items ?? 600) / 60), itemsPerSection: min(items ?? 60, 60))
        case "mosaic": return mosaic(viewport: viewport, items: items ?? 120)
        case "gallery": return gallery(viewport: viewport, items: items ?? 40)
        case "grid": return grid(viewport: viewport, items: items ?? 10_000)
        case "livefeed": return liveFeed(viewport: viewport, pageSize: items ?? 12)
        case "bench-feed": return benchFeed(viewport: viewport, items: items ?? 1_000)
        case "mosaic-interop": return mosaicInterop(viewport: viewport, items: items ?? 120)
        case "pager": return pager(viewport: viewport, pages: items ?? 8)
        default: return nil
        }
    }

    /// A vertical feed of `sections` × `itemsPerSection` posts (photo posts and text posts) under
    /// section headers, in a flow layout.
    @MainActor
    public static func feed(viewport: CGSize, sections: Int, itemsPerSection: Int) -> CollectionSample {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 8
        layout.headerReferenceSize = CGSize(width: 0, height: 36)
        let node = ASCollectionNode(frame: CGRect(origin: .zero, size: viewport), collectionViewLayout: layout)
        node.backgroundColor = UIColor(white: 0.93, alpha: 1)
        node.registerSupplementaryNode(ofKind: UICollectionView.elementKindSectionHeader)
        let source = FeedDataSource(posts: PostList(sections: sections, itemsPerSection: itemsPerSection))
        node.dataSource = source
        node.delegate = source
        return CollectionSample(name: "feed", collectionNode: node, dataSource: source, posts: source.posts)
    }

    /// Texture's CustomCollectionView example: photos of varied shapes in two columns, each placed in
    /// the shorter column, with a header per section.
    @MainActor
    public static func mosaic(viewport: CGSize, items: Int) -> CollectionSample {
        let layout = MosaicLayout()
        let node = ASCollectionNode(frame: CGRect(origin: .zero, size: viewport), collectionViewLayout: layout)
        node.registerSupplementaryNode(ofKind: UICollectionView.elementKindSectionHeader)
        let source = MosaicDataSource(items: items, columnWidth: layout.columnWidth(for: viewport.width))
        node.dataSource = source
        node.delegate = source
        return CollectionSample(name: "mosaic", collectionNode: node, dataSource: source)
    }

    /// The mosaic hosted in a view controller, every third item a UIKit cell (Texture's
    /// CustomCollectionView example with UICollectionViewCell interop). The controller's view is
    /// loaded and sized here, as a window would, so its `viewDidLoad()` registers the cell.
    @MainActor
    public static func mosaicInterop(viewport: CGSize, items: Int) -> CollectionSample {
        let controller = MosaicInteropController(items: items)
        controller.layout(in: viewport)
        return CollectionSample(name: "mosaic-interop", collectionNode: controller.node, dataSource: controller)
    }

    /// The feed's first `pages` posts one per page, in an `ASPagerNode` hosted by a
    /// `FeedPagerController` whose view is loaded and sized here, as a window would.
    @MainActor
    public static func pager(viewport: CGSize, pages: Int) -> CollectionSample {
        let controller = FeedPagerController(pages: pages)
        controller.layout(in: viewport)
        return CollectionSample(name: "pager", collectionNode: controller.node, dataSource: controller)
    }

    /// A horizontally scrolling flow of fixed-size photo cards in two rows.
    @MainActor
    public static func gallery(viewport: CGSize, items: Int) -> CollectionSample {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 120, height: max(40, (viewport.height - 30) / 2))
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let node = ASCollectionNode(frame: CGRect(origin: .zero, size: viewport), collectionViewLayout: layout)
        let source = GalleryDataSource(items: items)
        node.dataSource = source
        return CollectionSample(name: "gallery", collectionNode: node, dataSource: source)
    }
}

extension CollectionSample {
    /// A grid of photo cards laid out by Texture's gallery layout delegate: fixed item sizes, so
    /// only the cards near the viewport are ever made, however many there are.
    @MainActor
    public static func grid(viewport: CGSize, items: Int) -> CollectionSample {
        let source = GridDataSource(items: items, properties: GridGalleryProperties(columns: 3, width: viewport.width))
        let layout = ASCollectionGalleryLayoutDelegate(scrollableDirections: .verticalDirections)
        layout.propertiesProvider = source.properties
        source.layoutDelegate = layout
        let node = ASCollectionNode(layoutDelegate: layout, layoutFacilitator: nil)
        node.frame = CGRect(origin: .zero, size: viewport)
        node.backgroundColor = UIColor(white: 0.95, alpha: 1)
        node.dataSource = source
        return CollectionSample(name: "grid", collectionNode: node, dataSource: source)
    }
}

/// The grid's data, on the main actor as every data source; the gallery properties are asked on
/// the layout's background queue, so they live in an object of their own.
final class GridDataSource: ASCollectionDataSource {
    let items: Int
    let properties: GridGalleryProperties
    var layoutDelegate: ASCollectionGalleryLayoutDelegate?
    init(items: Int, properties: GridGalleryProperties) {
        self.items = items
        self.properties = properties
    }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { items }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let index = indexPath.item
        return { MosaicCell(index: index, photo: SharedImages.photos[index % SharedImages.photos.count], ratio: 1) }
    }
}

/// The grid's gallery layout: square photo cards with a caption line, 8 pt apart.
final class GridGalleryProperties: ASCollectionGalleryLayoutPropertiesProviding {
    let itemSize: CGSize
    init(columns: Int, width: CGFloat) {
        let side = ((width - 8 * CGFloat(columns + 1)) / CGFloat(columns)).rounded(.down)
        itemSize = CGSize(width: side, height: side + 20)
    }

    func galleryLayoutDelegate(_ delegate: ASCollectionGalleryLayoutDelegate, sizeForElements elements: ASElementMap) -> CGSize { itemSize }
    func minimumLineSpacing(forGalleryLayoutDelegate delegate: ASCollectionGalleryLayoutDelegate, elements: ASElementMap) -> CGFloat { 8 }
    func minimumInteritemSpacing(forGalleryLayoutDelegate delegate: ASCollectionGalleryLayoutDelegate, elements: ASElementMap) -> CGFloat { 8 }
    func sectionInset(forGalleryLayoutDelegate delegate: ASCollectionGalleryLayoutDelegate, elements: ASElementMap) -> UIEdgeInsets {
        UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    }
}

/// The images the collection samples share, made once.
enum SharedImages {
    static let avatar = SampleImages.badge(diameter: 36)
    static let photos = (0..<6).map { SampleImages.landscape(size: CGSize(width: 160, height: 100), scale: 2, hue: CGFloat($0) / 6) }
}

/// The feed's data: every third post is text only. As the delegate, it makes every post as wide
/// as the collection.
final class FeedDataSource: ASCollectionDataSource, ASCollectionDelegate {
    let posts: PostList
    init(posts: PostList) { self.posts = posts }

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int { posts.numberOfSections }
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { posts.count(inSection: section) }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        FeedDataSource.post(posts.id(at: indexPath))
    }

    /// The cell of post `id`: every third one is text only.
    static func post(_ id: Int) -> ASCellNodeBlock {
        if id % 3 == 2 { return { TextPostCell(index: id) } }
        let photo = SharedImages.photos[id % SharedImages.photos.count]
        return { FeedCell(index: id, avatarImage: SharedImages.avatar, photoImage: photo) }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        let width = collectionNode.bounds.width
        return ASSizeRange(min: CGSize(width: width, height: 0), max: CGSize(width: width, height: .infinity))
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNodeBlock {
        let title = "Day \(indexPath.section + 1)"
        return { SectionHeaderCell(title: title) }
    }
}

/// The mosaic's data; it is also the delegate, sizing items to the column width.
final class MosaicDataSource: ASCollectionDataSource, ASCollectionDelegate {
    let items: Int, columnWidth: CGFloat
    init(items: Int, columnWidth: CGFloat) {
        self.items = items
        self.columnWidth = columnWidth
    }

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int { 2 }
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { items / 2 }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let index = indexPath.section * (items / 2) + indexPath.item
        let photo = SharedImages.photos[index % SharedImages.photos.count]
        let ratio: CGFloat = [0.6, 1.2, 0.8, 1.5, 1.0][index % 5]
        return { MosaicCell(index: index, photo: photo, ratio: ratio) }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNodeBlock {
        let title = indexPath.section == 0 ? "Landscapes" : "More landscapes"
        return { SectionHeaderCell(title: title) }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(min: CGSize(width: columnWidth, height: 0), max: CGSize(width: columnWidth, height: .infinity))
    }

    func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForHeaderInSection section: Int) -> ASSizeRange {
        ASSizeRange(min: CGSize(width: 0, height: 40), max: CGSize(width: CGFloat.infinity, height: 40))
    }
}

/// The gallery's data: photo cards sized by the flow layout's `itemSize`.
final class GalleryDataSource: ASCollectionDataSource {
    let items: Int
    init(items: Int) { self.items = items }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { items }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode {
        MosaicCell(index: indexPath.item, photo: SharedImages.photos[indexPath.item % SharedImages.photos.count], ratio: 0.7)
    }
}
