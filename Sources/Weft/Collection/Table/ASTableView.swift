import Foundation

/// The view of an `ASTableNode`; Texture's `ASTableView`, a `UITableView`. Its separator settings
/// are the node's: setting `tableNode.view.separatorStyle = .none`, as Texture apps do, changes
/// the node's frames. So are its `frame` and `bounds` (whose origin is the content offset), its
/// background, offset and inset: a controller hosting the table sizes it through this view.
///
/// Made on its own with `init(frame:style:)` (Texture's, deprecated there in favour of
/// `ASTableNode`), it makes the table node it shows and owns it; the node holds such a view
/// weakly (a node's own view is owned by its node), so neither leaks. Open, as Texture's, so
/// tests and apps may subclass it. Main-actor isolated.
@preconcurrency @MainActor
open class ASTableView: UITableView {
    /// The node this view belongs to, or, for a view made on its own, the node it made (Texture's
    /// answers nil there: its view works without a node, Weft's through the one it owns).
    public var tableNode: ASTableNode? { scrollingNode as? ASTableNode }

    /// The node of a view made on its own (`init(frame:style:)`), which the view owns; nil for a
    /// node's view, which its node owns.
    private var standaloneNode: ASTableNode?

    /// The `UITableViewCell`s `cellForRow(at:)` handed out, by row node, so a row answers the same
    /// cell while its node is shown.
    var rowCells: [ObjectIdentifier: (node: WeakCellNode, cell: UITableViewCell)] = [:]

    init(tableNode: ASTableNode) {
        super.init(frame: tableNode.frame, style: tableNode.tableStyle)
        scrollingNode = tableNode
        tableNode.collection.viewMadeIfNeeded.hostingView = self
    }

    /// Texture's `init(frame:style:)`: a table view made on its own. It makes its own table node,
    /// which it owns and forwards to, so `asyncDataSource`, the edits and the lookups work as on a
    /// node's view.
    public override init(frame: CGRect, style: UITableView.Style) {
        let node = ASTableNode(style: style)
        node.frame = frame
        super.init(frame: frame, style: style)
        scrollingNode = node
        standaloneNode = node
        node.noteOwningView(self)
        node.collection.viewMadeIfNeeded.hostingView = self
    }

    /// UIKit's layout pass; in a window it shows the rows for the visible rect, as a collection
    /// view's does (see ASCollectionView+WindowLayout.swift).
    public override func layoutIfNeeded() {
        super.layoutIfNeeded()
        tableNode?.collection.viewMadeIfNeeded.layoutForWindow()
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// UIKit's `rectForRow(at:)`: the node's (`ASTableNode.rectForRow(at:)`); `.null` without a node.
    public func rectForRow(at indexPath: IndexPath) -> CGRect { tableNode?.rectForRow(at: indexPath) ?? .null }

    /// Texture's `automaticallyAdjustsContentOffset` on the view (deprecated there; Weft does not
    /// warn): the node's.
    public var automaticallyAdjustsContentOffset: Bool {
        get { tableNode?.automaticallyAdjustsContentOffset ?? false }
        set { tableNode?.automaticallyAdjustsContentOffset = newValue }
    }

    public override var separatorStyle: SeparatorStyle {
        get { tableNode?.separators.style ?? .singleLine }
        set { tableNode?.updateSeparators { $0.style = newValue } }
    }

    public override var separatorColor: UIColor? {
        get { tableNode?.separators.color }
        set { tableNode?.updateSeparators { $0.color = newValue } }
    }

    public override var separatorInset: UIEdgeInsets {
        get { tableNode?.separators.inset ?? .zero }
        set {
            let inset = GeometryRepair.insets(newValue, "\(type(of: self))", "separatorInset")
            tableNode?.updateSeparators { $0.inset = inset }
        }
    }

    public override var allowsSelection: Bool {
        get { tableNode?.allowsSelection ?? super.allowsSelection }
        set { if let tableNode { tableNode.allowsSelection = newValue } else { super.allowsSelection = newValue } }
    }

    public override var allowsMultipleSelection: Bool {
        get { tableNode?.allowsMultipleSelection ?? super.allowsMultipleSelection }
        set { if let tableNode { tableNode.allowsMultipleSelection = newValue } else { super.allowsMultipleSelection = newValue } }
    }
}
