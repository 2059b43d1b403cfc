import Foundation

/// One element of a collection (an item or a supplementary node) and its measured size.
struct CollectionElement {
    let node: ASCellNode
    let size: CGSize
}

/// A collection node's loaded data: per section, its items and supplementary elements.
/// Kept in the collection node's locked state.
struct CollectionData {
    struct Section {
        var items: [CollectionElement] = []
        var supplementary: [String: CollectionElement] = [:]
    }

    var sections: [Section] = []
    /// Where each node is, for `indexPath(for:)`.
    var index: [ObjectIdentifier: IndexPath] = [:]

    func item(at indexPath: IndexPath) -> CollectionElement? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section),
              sections[indexPath.section].items.indices.contains(indexPath.item) else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    func supplementary(_ kind: String, _ section: Int) -> CollectionElement? {
        sections.indices.contains(section) ? sections[section].supplementary[kind] : nil
    }
}
