import Foundation
import Weft

/// The feed's posts one per page, in an `ASPagerNode` hosted by a view controller as Texture's
/// documentation writes one: the controller makes the pager in `init` and is its data source
/// (`setDataSource(_:)`, Texture's Swift spelling). Pages are the feed's photo posts, its own
/// `FeedCell`s, each sized to the pager's bounds. Main-actor isolated, as every controller and
/// data source.
public final class FeedPagerController: ASDKViewController<ASPagerNode>, ASPagerDataSource {
    public let pages: Int

    public init(pages: Int) {
        self.pages = pages
        super.init(node: ASPagerNode())
        node.setDataSource(self)
    }

    public required init?(coder: NSCoder) {
        pages = 0
        super.init(coder: coder)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        node.view.backgroundColor = UIColor(white: 0.93, alpha: 1)
    }

    public func numberOfPages(in pagerNode: ASPagerNode) -> Int { pages }

    public func pagerNode(_ pagerNode: ASPagerNode, nodeBlockAt index: Int) -> ASCellNodeBlock {
        // Every third post of the feed is text only; the pages skip those.
        FeedDataSource.post(index / 2 * 3 + index % 2)
    }
}
