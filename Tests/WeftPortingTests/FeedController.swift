// Texture-style app code, written as iOS apps write it and compiled in Swift 5 language mode
// (this target's setting), with no annotations beyond what Texture on iOS needs: it must compile
// without warnings, as it would with `import AsyncDisplayKit`.
import Foundation
import Weft

/// A feed of text rows that fetches more as it nears its end, with a spinner row while it does:
/// the shape of Texture's own table example.
final class FeedController: ASDKViewController<ASDisplayNode>, ASTableDataSource, ASTableDelegate {
    var itemCount = 20
    var fetchingMore = false
    var fetches = 0

    var tableNode: ASTableNode {
        return node as! ASTableNode
    }

    override init() {
        super.init(node: ASTableNode())
        tableNode.delegate = self
        tableNode.dataSource = self
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("storyboards are not supported")
    }

    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        let rowCount = self.tableNode(tableNode, numberOfRowsInSection: 0)
        if fetchingMore && indexPath.row == rowCount - 1 {
            return {
                let node = LoadingCellNode()
                node.style.height = ASDimensionMake(44.0)
                return node
            }
        }
        return {
            let node = ASTextCellNode()
            node.text = String(format: "[%ld.%ld] says hello!", indexPath.section, indexPath.row)
            return node
        }
    }

    func numberOfSections(in tableNode: ASTableNode) -> Int {
        return 1
    }

    func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int {
        return fetchingMore ? itemCount + 1 : itemCount
    }

    func shouldBatchFetch(for tableNode: ASTableNode) -> Bool {
        return fetches < 1
    }

    func tableNode(_ tableNode: ASTableNode, willBeginBatchFetchWith context: ASBatchContext) {
        fetches += 1
        let oldCount = itemCount
        itemCount += 5
        renderDiff(from: oldCount)
        context.completeBatchFetching(true)
    }

    private func renderDiff(from oldCount: Int) {
        // The updates closure does not escape, as Texture's: no `self.` needed.
        tableNode.performBatchUpdates({
            let added = (oldCount..<itemCount).map { IndexPath(row: $0, section: 0) }
            tableNode.insertRows(at: added, with: .none)
        }, completion: nil)
    }
}

/// "Loading…" beside a spinner, as Texture's TailLoadingCellNode.
final class LoadingCellNode: ASCellNode {
    let spinner = SpinnerNode()
    let text = ASTextNode()

    override init() {
        super.init()
        addSubnode(text)
        let attributes = [NSAttributedString.Key.font: UIFont.systemFont(ofSize: 12),
                          NSAttributedString.Key.foregroundColor: UIColor.lightGray]
        text.attributedText = NSAttributedString(string: "Loading…", attributes: attributes)
        addSubnode(spinner)
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        return ASStackLayoutSpec(direction: .horizontal, spacing: 16, justifyContent: .center, alignItems: .center,
                                 children: [text, spinner])
    }
}

final class SpinnerNode: ASDisplayNode {
    var activityIndicatorView: UIActivityIndicatorView {
        return view as! UIActivityIndicatorView
    }

    override init() {
        super.init()
        setViewBlock {
            UIActivityIndicatorView(style: .gray)
        }
        self.style.preferredSize = CGSize(width: 20.0, height: 20.0)
    }

    override func didLoad() {
        super.didLoad()
        activityIndicatorView.startAnimating()
    }
}
