import Foundation

/// A stored layout state's answers to the layout queries without scanning every attribute: stripes along the scrolling axis for
/// rects, and the first attributes of each item and of each (kind, section), which are what the
/// linear scans returned (a supplementary query matches on its section, as before).
/// Items are found through per-section tables of attribute indices (4 bytes an item; a
/// dictionary keyed by IndexPath costs about 150 and dominated a million-item gallery's index),
/// or a dictionary when the index paths are too sparse for tables.
struct CollectionLayoutLookups: @unchecked Sendable {
    // SAFETY: immutable after init; the attributes are the state's, never changed once it is made.
    let elements: LayoutAttributesIndex
    private var itemTables: [[Int32]] = []
    private var sparseItems: [IndexPath: UICollectionViewLayoutAttributes]?
    var supplementaries: [String: [Int: UICollectionViewLayoutAttributes]] = [:]

    init(_ attributes: [UICollectionViewLayoutAttributes], vertical: Bool) {
        elements = LayoutAttributesIndex(attributes, vertical: vertical)
        var extents: [Int: Int] = [:]
        var tabulable = attributes.count < Int(Int32.max)
        for a in attributes where a.representedElementKind == nil {
            guard a.indexPath.count == 2, a.indexPath.section >= 0, a.indexPath.item >= 0 else { tabulable = false; break }
            extents[a.indexPath.section] = max(extents[a.indexPath.section] ?? 0, a.indexPath.item + 1)
        }
        let sections = (extents.keys.max() ?? -1) + 1
        let dense = tabulable && sections + extents.values.reduce(0, +) <= 2 * attributes.count + 1_024
        if dense {
            itemTables = (0..<sections).map { [Int32](repeating: -1, count: extents[$0] ?? 0) }
        } else {
            sparseItems = [:]
        }
        for (index, a) in attributes.enumerated() {
            if let kind = a.representedElementKind {
                if supplementaries[kind]?[a.indexPath.section] == nil { supplementaries[kind, default: [:]][a.indexPath.section] = a }
            } else if dense {
                if itemTables[a.indexPath.section][a.indexPath.item] < 0 { itemTables[a.indexPath.section][a.indexPath.item] = Int32(index) }
            } else if sparseItems?[a.indexPath] == nil {
                sparseItems?[a.indexPath] = a
            }
        }
    }

    func item(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if let sparseItems { return sparseItems[indexPath] }
        guard indexPath.count == 2, itemTables.indices.contains(indexPath.section),
              itemTables[indexPath.section].indices.contains(indexPath.item) else { return nil }
        let index = itemTables[indexPath.section][indexPath.item]
        return index < 0 ? nil : elements.attributes[Int(index)]
    }
}
