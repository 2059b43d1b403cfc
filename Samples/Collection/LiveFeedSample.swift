import Foundation
import Weft

extension CollectionSample {
    /// A feed that grows as it scrolls: it starts with one page of `pageSize` posts and, when
    /// Texture's batch-fetching rule says the end is near (within `leadingScreensForBatching`, 2
    /// screens), appends the next page, up to `pages` pages. Each page is inserted as a lone
    /// (animated) edit, so the frames show the new posts fade in; scripted edits
    /// (`weft frames --edit`, `FrameSequence.editing(atFrame:_:)`) change its posts too. The
    /// same scroll gives the same frames every run: a frame waits for the fetch begun before it.
    @MainActor
    public static func liveFeed(viewport: CGSize, pageSize: Int, pages: Int = 8) -> CollectionSample {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 8
        layout.headerReferenceSize = CGSize(width: 0, height: 36)
        let node = ASCollectionNode(frame: CGRect(origin: .zero, size: viewport), collectionViewLayout: layout)
        node.backgroundColor = UIColor(white: 0.93, alpha: 1)
        node.registerSupplementaryNode(ofKind: UICollectionView.elementKindSectionHeader)
        let source = LiveFeedDataSource(posts: PostList(sections: 1, itemsPerSection: max(1, pageSize)), pageSize: max(1, pageSize), pages: pages)
        node.dataSource = source
        node.delegate = source
        return CollectionSample(name: "livefeed", collectionNode: node, dataSource: source, posts: source.posts)
    }
}

/// The live feed's posts and its batch fetching: a page at a time, on the main actor after a frame.
final class LiveFeedDataSource: ASCollectionDataSource, ASCollectionDelegate {
    let posts: PostList
    let pageSize: Int, pages: Int
    init(posts: PostList, pageSize: Int, pages: Int) {
        self.posts = posts
        self.pageSize = pageSize
        self.pages = pages
    }

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int { posts.numberOfSections }
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { posts.count(inSection: section) }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        FeedDataSource.post(posts.id(at: indexPath))
    }
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        let width = collectionNode.bounds.width
        return ASSizeRange(min: CGSize(width: width, height: 0), max: CGSize(width: width, height: .infinity))
    }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNodeBlock {
        { SectionHeaderCell(title: "Latest") }
    }

    /// Fetches until `pages` pages are loaded (scripted inserts count toward them).
    func shouldBatchFetch(for collectionNode: ASCollectionNode) -> Bool {
        posts.count(inSection: 0) < pageSize * pages
    }

    /// On the fetch's background queue, as Texture calls it: the next page is appended to the
    /// posts, then inserted.
    func collectionNode(_ collectionNode: ASCollectionNode, willBeginBatchFetchWith context: ASBatchContext) {
        let added = posts.append(pageSize)
        collectionNode.insertItems(at: added)
        context.completeBatchFetching(true)
    }
}
