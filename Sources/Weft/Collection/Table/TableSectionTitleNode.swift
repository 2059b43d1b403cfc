import Foundation

/// A section header or footer made from a title, drawn as a plain UITableView draws its default
/// ones: a header is 17-pt semibold on a light grey band, a footer 13-pt regular grey text; both
/// inset 16 pt at the sides and 6 pt above and below.
final class TableSectionTitleNode: ASCellNode {
    private let title = ASTextNode()

    init(title text: String, isHeader: Bool) {
        super.init()
        automaticallyManagesSubnodes = true
        if isHeader { backgroundColor = UIColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 1) }
        title.attributedText = NSAttributedString(string: text, attributes: [
            .font: isHeader ? UIFont.systemFont(ofSize: 17, weight: .semibold) : UIFont.systemFont(ofSize: 13),
            .foregroundColor: isHeader ? UIColor.black : UIColor(red: 0x6D / 255, green: 0x6D / 255, blue: 0x72 / 255, alpha: 1),
        ])
        title.debugName = isHeader ? "header title" : "footer title"
        let title = self.title
        layoutSpecBlock = { _, _ in ASInsetLayoutSpec(insets: UIEdgeInsets(top: 6, left: 16, bottom: 6, right: 16), child: title) }
    }
}
