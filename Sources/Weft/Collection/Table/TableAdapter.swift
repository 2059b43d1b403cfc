import Foundation

/// Turns a table's data source and delegate into its collection's: rows become items as wide as
/// the table, titles and header nodes become supplementary elements. Holds both weakly, as the
/// table does. Asked on the main actor, as the collection asks its own data source.
final class TableAdapter: ASCollectionDataSource, ASCollectionDelegate, ForwardingDataSource {
    // SAFETY: the three references are set by the table on its driving thread and read on the main
    // actor while the collection asks its data source, which the driving thread waits for.
    nonisolated(unsafe) weak var table: ASTableNode?
    nonisolated(unsafe) weak var dataSource: (any ASTableDataSource)? {
        didSet { dataSourceSet = dataSource != nil }
    }
    /// A data source was set and not since set to nil (see `ForwardingDataSource`).
    nonisolated(unsafe) private var dataSourceSet = false
    nonisolated var forwardedSourceWasReleased: Bool { dataSourceSet && dataSource == nil }
    nonisolated(unsafe) weak var delegate: (any ASTableDelegate)?

    nonisolated init() {}

    private static let header = UICollectionView.elementKindSectionHeader
    private static let footer = UICollectionView.elementKindSectionFooter

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int {
        guard let table, let dataSource else { return 0 }
        return dataSource.numberOfSections(in: table)
    }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int {
        guard let table, let dataSource else { return 0 }
        return dataSource.tableNode(table, numberOfRowsInSection: section)
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeModelForItemAt indexPath: IndexPath) -> Any? {
        guard let table, let dataSource else { return nil }
        return dataSource.tableNode(table, nodeModelForRowAt: indexPath)
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock? {
        guard let table, let dataSource else {
            DefaultAnswer.mark()
            return nil
        }
        if let block = DefaultAnswer.implemented({ () -> ASCellNodeBlock in dataSource.tableNode(table, nodeBlockForRowAt: indexPath) }) { return block }
        if let block = DefaultAnswer.implemented({ () -> ASCellNodeBlock? in dataSource.tableNode(table, nodeBlockForRowAt: indexPath) }) { return block }
        DefaultAnswer.mark()
        return nil
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode? {
        guard let table, let dataSource else {
            DefaultAnswer.mark()
            return nil
        }
        if let node = DefaultAnswer.implemented({ () -> ASCellNode in dataSource.tableNode(table, nodeForRowAt: indexPath) }) { return node }
        if let node = DefaultAnswer.implemented({ () -> ASCellNode? in dataSource.tableNode(table, nodeForRowAt: indexPath) }) { return node }
        DefaultAnswer.mark()
        return nil
    }

    /// The delegate's range with its width forced to the table's; by default any height, up to
    /// `CGFLOAT_MAX` as Texture's table gives.
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        let width = collectionNode.bounds.width
        guard let table, let delegate,
              let range = DefaultAnswer.implemented({ delegate.tableNode(table, constrainedSizeForRowAt: indexPath) }) else {
            return ASSizeRange(min: CGSize(width: width, height: 0), max: CGSize(width: width, height: .greatestFiniteMagnitude))
        }
        return ASSizeRange(min: CGSize(width: width, height: range.min.height), max: CGSize(width: width, height: range.max.height))
    }

    // MARK: Section headers and footers

    /// What a section's header or footer is made of: a node block from the delegate, else a title,
    /// else a blank node when the delegate gives it a height (UIKit shows an empty header then).
    /// A height of 0 or less means none, whatever it would show.
    private func source(kind: String, section: Int) -> ASCellNodeBlock? {
        guard let table else { return nil }
        let isHeader = kind == Self.header
        let height = height(kind: kind, section: section)
        if let height, height <= 0 { return nil }
        if let delegate {
            let block = isHeader ? delegate.tableNode(table, nodeBlockForHeaderInSection: section)
                                 : delegate.tableNode(table, nodeBlockForFooterInSection: section)
            if let block { return block }
        }
        guard let title = title(kind: kind, section: section), !title.isEmpty else {
            guard height != nil else { return nil }
            let blank: ASCellNodeBlock = { ASCellNode() }
            return blank
        }
        return { TableSectionTitleNode(title: title, isHeader: isHeader) }
    }

    /// The delegate's `tableView(_:heightFor…InSection:)` (UIKit's spelling, which takes the
    /// table's view), or nil when it does not implement it.
    private func height(kind: String, section: Int) -> CGFloat? {
        guard let table, let delegate else { return nil }
        let view = table.viewMadeIfNeeded
        return DefaultAnswer.implemented {
            kind == Self.header ? delegate.tableView(view, heightForHeaderInSection: section) : delegate.tableView(view, heightForFooterInSection: section)
        }
    }

    /// A title from `tableNode(_:titleFor…InSection:)`, else from UIKit's spelling, which takes
    /// the table's view.
    private func title(kind: String, section: Int) -> String? {
        guard let table, let dataSource else { return nil }
        let isHeader = kind == Self.header
        if let title = DefaultAnswer.implemented({
            isHeader ? dataSource.tableNode(table, titleForHeaderInSection: section) : dataSource.tableNode(table, titleForFooterInSection: section)
        }) {
            return title
        }
        // The view without loading the node: Weft asks here, not the app, so an unloaded node is
        // no early access to report (and a view made on its own has its node never loaded).
        let view = table.viewMadeIfNeeded
        return DefaultAnswer.implemented {
            isHeader ? dataSource.tableView(view, titleForHeaderInSection: section) : dataSource.tableView(view, titleForFooterInSection: section)
        } ?? nil
    }

    func collectionNode(_ collectionNode: ASCollectionNode, supplementaryElementKindsInSection section: Int) -> [String] {
        [Self.header, Self.footer].filter { source(kind: $0, section: section) != nil }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNodeBlock {
        source(kind: kind, section: indexPath.section) ?? { ASCellNode() }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForHeaderInSection section: Int) -> ASSizeRange {
        sizeRange(kind: Self.header, section: section, width: collectionNode.bounds.width)
    }

    func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForFooterInSection section: Int) -> ASSizeRange {
        sizeRange(kind: Self.footer, section: section, width: collectionNode.bounds.width)
    }

    /// Exactly the delegate's height when it gives one; else any height.
    private func sizeRange(kind: String, section: Int, width: CGFloat) -> ASSizeRange {
        guard let height = height(kind: kind, section: section), height > 0 else {
            return ASSizeRange(min: .zero, max: CGSize(width: width, height: .infinity))
        }
        return ASSizeRange(min: CGSize(width: 0, height: height), max: CGSize(width: width, height: height))
    }

    // MARK: Batch fetching

    func shouldBatchFetch(for collectionNode: ASCollectionNode) -> Bool {
        guard let table, let delegate else { return false }
        return delegate.shouldBatchFetch(for: table)
    }

    func collectionNode(_ collectionNode: ASCollectionNode, willBeginBatchFetchWith context: ASBatchContext) {
        guard let table, let delegate, DefaultAnswer.implemented({ delegate.tableNode(table, willBeginBatchFetchWith: context) }) != nil else {
            // Texture asks only a delegate that implements it: the collection stops asking.
            collectionNode.settings.withLockedValue { $0.delegateWithoutBatchFetching = ObjectIdentifier(self) }
            context.cancelBatchFetching()
            return
        }
    }
}
