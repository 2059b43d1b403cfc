import Foundation

/// The view of an `ASTableNode`; Texture's `ASTableView`, a `UITableView`. Its separator settings
/// are the node's: setting `tableNode.view.separatorStyle = .none`, as Texture apps do, changes
/// the node's frames. So are its `frame` and `bounds` (whose origin is the content offset), its
/// background, offset and inset: a controller hosting the table sizes it through this view.
/// Main-actor isolated.
@preconcurrency @MainActor
public final class ASTableView: UITableView {
    /// The node this view belongs to.
    public var tableNode: ASTableNode? { scrollingNode as? ASTableNode }

    init(tableNode: ASTableNode) {
        super.init(frame: tableNode.frame, style: tableNode.tableStyle)
        scrollingNode = tableNode
        tableNode.collection.viewMadeIfNeeded.hostingView = self
    }

    /// UIKit's layout pass; in a window it shows the rows for the visible rect, as a collection
    /// view's does (see ASCollectionView+WindowLayout.swift).
    public override func layoutIfNeeded() {
        super.layoutIfNeeded()
        tableNode?.collection.viewMadeIfNeeded.layoutForWindow()
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

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
