import Foundation
import Weft

/// A shop's category list in Texture's older, view-based spellings, with an action sheet and a
/// pushed controller on selection: the shape of the Shop example.
final class ShopController: ASDKViewController<ASTableNode>, ASTableDataSource, ASTableDelegate {
    let categories = ["Shoes", "Hats", "Bags"]

    override init() {
        super.init(node: ASTableNode())
        self.title = "Shop"
        self.node.dataSource = self
        self.node.delegate = self
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        self.node.view.separatorStyle = .none
        self.node.allowsSelection = true
        self.navigationItem.backBarButtonItem = UIBarButtonItem(title: "", style: .plain, target: nil, action: nil)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return categories.count
    }

    func tableView(_ tableView: ASTableView, nodeForRowAt indexPath: IndexPath) -> ASCellNode {
        return CategoryCellNode(title: categories[indexPath.row])
    }

    func tableView(_ tableView: ASTableView, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange {
        let width = UIScreen.main.bounds.width
        return ASSizeRangeMake(CGSize(width: width, height: 120))
    }

    func choose(_ indexPath: IndexPath) {
        let alertController = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        let action = UIAlertAction(title: "Open", style: .default, handler: { (action) in
            self.navigationController?.pushViewController(ShopController(), animated: true)
        })
        alertController.addAction(action)
        alertController.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        self.present(alertController, animated: true, completion: nil)
        if let selected = self.node.indexPathForSelectedRow {
            self.node.deselectRow(at: selected, animated: true)
        }
    }
}

/// A category card with a hairline separator placed by hand in `layout()`.
final class CategoryCellNode: ASCellNode {
    let titleNode = ASTextNode()
    let separatorNode = ASDisplayNode()

    init(title: String) {
        super.init()
        self.selectionStyle = .none
        self.backgroundColor = UIColor(white: 0.95, alpha: 1)
        let attributes = [NSAttributedString.Key.font: UIFont.preferredFont(forTextStyle: .headline),
                          NSAttributedString.Key.foregroundColor: UIColor.black]
        self.titleNode.attributedText = NSAttributedString(string: title, attributes: attributes)
        self.separatorNode.backgroundColor = .gray
        self.addSubnode(self.titleNode)
        self.addSubnode(self.separatorNode)
    }

    override func layout() {
        super.layout()
        let separatorHeight = 1 / UIScreen.main.scale
        self.separatorNode.frame = CGRect(x: 0.0, y: 0.0, width: self.calculatedSize.width, height: separatorHeight)
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16), child: self.titleNode)
    }
}
