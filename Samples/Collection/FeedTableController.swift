import Foundation
import Weft

/// The feed as a table, hosted in a view controller as Texture's documentation writes one: the
/// controller makes its `ASTableNode` in `init`, is its data source and delegate, and touches the
/// table's view in `viewDidLoad()`. Sections are days with a header title ("Day 1") and a footer
/// title (how many posts), rows are the feed's own `FeedCell`s and `TextPostCell`s (the same
/// `ASCellNode` subclasses the collection samples use), under UITableView's default separators.
/// Main-actor isolated, as every controller and data source.
public final class FeedTableController: ASDKViewController<ASTableNode>, ASTableDataSource, ASTableDelegate {
    let posts: PostList

    /// `sections` days of `rowsPerSection` posts.
    public init(sections: Int, rowsPerSection: Int) {
        posts = PostList(sections: sections, itemsPerSection: rowsPerSection)
        super.init(node: ASTableNode(style: .plain))
        node.dataSource = self
        node.delegate = self
    }

    public required init?(coder: NSCoder) {
        posts = PostList(sections: 0, itemsPerSection: 0)
        super.init(coder: coder)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        node.view.backgroundColor = UIColor(white: 0.97, alpha: 1)
        node.view.allowsSelection = false
    }

    public func numberOfSections(in tableNode: ASTableNode) -> Int { posts.numberOfSections }
    public func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { posts.count(inSection: section) }

    public func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        FeedDataSource.post(posts.id(at: indexPath))
    }

    public func tableNode(_ tableNode: ASTableNode, titleForHeaderInSection section: Int) -> String? { "Day \(section + 1)" }

    public func tableNode(_ tableNode: ASTableNode, titleForFooterInSection section: Int) -> String? {
        let count = posts.count(inSection: section)
        return count == 1 ? "1 post" : "\(count) posts"
    }

    /// Rows take the height their content needs; the table forces the width.
    public func tableNode(_ tableNode: ASTableNode, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(min: .zero, max: CGSize(width: CGFloat.infinity, height: .infinity))
    }
}
