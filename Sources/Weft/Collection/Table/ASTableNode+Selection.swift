import Foundation

extension ASTableNode {
    /// Whether rows can be selected; Texture's `allowsSelection` (see the collection's).
    public var allowsSelection: Bool {
        get { collection.allowsSelection }
        set { collection.allowsSelection = newValue }
    }

    /// Whether several rows can be selected at once; Texture's `allowsMultipleSelection`.
    public var allowsMultipleSelection: Bool {
        get { collection.allowsMultipleSelection }
        set { collection.allowsMultipleSelection = newValue }
    }

    /// Selects the row (its node's `isSelected` becomes true) and scrolls to it unless `scrollPosition`
    /// is `.none`; nil deselects every row. Texture's `selectRow(at:animated:scrollPosition:)`.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: UITableView.ScrollPosition) {
        collection.selectItem(at: indexPath, animated: animated, scrollPosition: scrollPosition == .none ? [] : scrollPosition.collectionPosition)
    }

    /// Deselects the row; Texture's `deselectRow(at:animated:)`.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        collection.deselectItem(at: indexPath, animated: animated)
    }

    /// The first selected row, or nil; Texture's `indexPathForSelectedRow`.
    public var indexPathForSelectedRow: IndexPath? { collection.indexPathsForSelectedItems?.first }

    /// The selected rows in order, or nil when none is; Texture's `indexPathsForSelectedRows`.
    public var indexPathsForSelectedRows: [IndexPath]? { collection.indexPathsForSelectedItems }
}

extension ASTableView {
    /// The table node's; UIKit's `indexPathForSelectedRow`.
    public var indexPathForSelectedRow: IndexPath? { tableNode?.indexPathForSelectedRow }

    /// The table node's; UIKit's `indexPathsForSelectedRows`.
    public var indexPathsForSelectedRows: [IndexPath]? { tableNode?.indexPathsForSelectedRows }

    /// UIKit's `selectRow(at:animated:scrollPosition:)`, through the table node.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: UITableView.ScrollPosition) {
        tableNode?.selectRow(at: indexPath, animated: animated, scrollPosition: scrollPosition)
    }

    /// UIKit's `deselectRow(at:animated:)`, through the table node.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        tableNode?.deselectRow(at: indexPath, animated: animated)
    }
}
