import Foundation

/// Supplies an `ASTableNode`'s sections and rows; Texture's `ASTableDataSource`. Every method is
/// optional and each documented spelling is honoured (a node block as `ASCellNodeBlock` or
/// `ASCellNodeBlock?`, a node as `ASCellNode` or `ASCellNode?`; a block wins over a node).
/// Section titles come from `tableNode(_:titleForHeaderInSection:)`, asked on the driving thread,
/// or from UIKit's `UITableViewDataSource` spelling `tableView(_:titleForHeaderInSection:)`, which
/// takes the (main-actor) view and so is asked only when the table is driven from the main thread.
/// Called on the thread that drives the table.
@preconcurrency @MainActor
public protocol ASTableDataSource: AnyObject {
    func numberOfSections(in tableNode: ASTableNode) -> Int
    func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int
    /// The row's node model (Texture's `tableNode(_:nodeModelForRowAt:)`), asked before its node
    /// block; nil by default. See `ASCollectionDataSource.collectionNode(_:nodeModelForItemAt:)`.
    func tableNode(_ tableNode: ASTableNode, nodeModelForRowAt indexPath: IndexPath) -> Any?
    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock
    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock?
    func tableNode(_ tableNode: ASTableNode, nodeForRowAt indexPath: IndexPath) -> ASCellNode
    func tableNode(_ tableNode: ASTableNode, nodeForRowAt indexPath: IndexPath) -> ASCellNode?
    func tableNode(_ tableNode: ASTableNode, titleForHeaderInSection section: Int) -> String?
    func tableNode(_ tableNode: ASTableNode, titleForFooterInSection section: Int) -> String?
    @MainActor func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    @MainActor func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?

    // Texture's older spellings, on the view (deprecated there, still in real apps): each is asked
    // when its `tableNode` spelling is not implemented.
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: ASTableView, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock
    func tableView(_ tableView: ASTableView, nodeForRowAt indexPath: IndexPath) -> ASCellNode
}

extension ASTableDataSource {
    public func numberOfSections(in tableNode: ASTableNode) -> Int {
        numberOfSections(in: tableNode.viewMadeIfNeeded as UITableView)
    }
    public func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int {
        tableView(tableNode.viewMadeIfNeeded as UITableView, numberOfRowsInSection: section)
    }
    public func tableNode(_ tableNode: ASTableNode, nodeModelForRowAt indexPath: IndexPath) -> Any? { nil }
    public func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        tableView(tableNode.viewMadeIfNeeded, nodeBlockForRowAt: indexPath)
    }
    public func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock? {
        DefaultAnswer.mark()
        return nil
    }
    public func tableNode(_ tableNode: ASTableNode, nodeForRowAt indexPath: IndexPath) -> ASCellNode {
        tableView(tableNode.viewMadeIfNeeded, nodeForRowAt: indexPath)
    }
    public func tableNode(_ tableNode: ASTableNode, nodeForRowAt indexPath: IndexPath) -> ASCellNode? {
        DefaultAnswer.mark()
        return nil
    }
    public func tableNode(_ tableNode: ASTableNode, titleForHeaderInSection section: Int) -> String? {
        DefaultAnswer.mark()
        return nil
    }
    public func tableNode(_ tableNode: ASTableNode, titleForFooterInSection section: Int) -> String? {
        DefaultAnswer.mark()
        return nil
    }
    @MainActor public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        DefaultAnswer.mark()
        return nil
    }
    @MainActor public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        DefaultAnswer.mark()
        return nil
    }
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    public func tableView(_ tableView: ASTableView, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        DefaultAnswer.mark()
        return { ASCellNode() }
    }
    public func tableView(_ tableView: ASTableView, nodeForRowAt indexPath: IndexPath) -> ASCellNode {
        DefaultAnswer.mark()
        return ASCellNode()
    }
}

/// Sizes an `ASTableNode`'s rows; Texture's `ASTableDelegate`. Every method is optional.
@preconcurrency @MainActor
public protocol ASTableDelegate: AnyObject {
    /// The range a row's node is measured in; its width is then forced to the table's width.
    func tableNode(_ tableNode: ASTableNode, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange
    /// A node for a section's header, instead of a title (Weft's, beyond Texture's table, whose
    /// headers are UIKit views). Runs on a background thread, like a row's node block.
    func tableNode(_ tableNode: ASTableNode, nodeBlockForHeaderInSection section: Int) -> ASCellNodeBlock?
    /// A node for a section's footer, instead of a title; see the header.
    func tableNode(_ tableNode: ASTableNode, nodeBlockForFooterInSection section: Int) -> ASCellNodeBlock?
    /// Whether the table may ask for more rows now; true by default. Texture's `shouldBatchFetch(for:)`.
    func shouldBatchFetch(for tableNode: ASTableNode) -> Bool
    /// Fetch more rows, insert them, then call `context.completeBatchFetching(true)`; asked when
    /// the end of the rows comes within `leadingScreensForBatching`, as a collection asks. Texture's
    /// `tableNode(_:willBeginBatchFetchWith:)`. A delegate without it never fetches.
    func tableNode(_ tableNode: ASTableNode, willBeginBatchFetchWith context: ASBatchContext)
    /// Texture's older spelling of `tableNode(_:constrainedSizeForRowAt:)`, asked when that one is
    /// not implemented.
    func tableView(_ tableView: ASTableView, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange
    /// UIKit's `UITableViewDelegate` height of a section's header, which Texture's table passes
    /// through to UIKit: the header is exactly this tall (its title or node, if any, laid out in
    /// it; a blank one otherwise), and a height of 0 or less means none. When not implemented, the
    /// header is as tall as its title or node. Asked with the table's view, on the main actor.
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// UIKit's height of a section's footer; see `tableView(_:heightForHeaderInSection:)`.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
}

extension ASTableDelegate {
    public func tableNode(_ tableNode: ASTableNode, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange {
        tableView(tableNode.viewMadeIfNeeded, constrainedSizeForRowAt: indexPath)
    }
    public func tableView(_ tableView: ASTableView, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange {
        DefaultAnswer.mark()
        return .zero
    }
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        DefaultAnswer.mark()
        return 0
    }
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        DefaultAnswer.mark()
        return 0
    }
    public func tableNode(_ tableNode: ASTableNode, nodeBlockForHeaderInSection section: Int) -> ASCellNodeBlock? { nil }
    public func tableNode(_ tableNode: ASTableNode, nodeBlockForFooterInSection section: Int) -> ASCellNodeBlock? { nil }
    public func shouldBatchFetch(for tableNode: ASTableNode) -> Bool { true }
    public func tableNode(_ tableNode: ASTableNode, willBeginBatchFetchWith context: ASBatchContext) {
        DefaultAnswer.mark()
        context.cancelBatchFetching()
    }
}
