import Foundation

extension ASTableNode {
    /// A section's header or footer.
    enum SectionEdge {
        case header, footer

        var kind: String { self == .header ? UICollectionView.elementKindSectionHeader : UICollectionView.elementKindSectionFooter }
    }

    /// The frame of a section's header or footer in content coordinates, from the layout as shown
    /// (as `rectForRow(at:)`): UIKit's `rectForHeader(inSection:)`/`rectForFooter(inSection:)`. A
    /// section without one answers a rect of height 0 at the section's top (header) or bottom
    /// (footer), as wide as the table; `.zero` for a section out of range.
    func sectionEdgeRect(_ edge: SectionEdge, section: Int) -> CGRect {
        try? loadDataIfNeeded()
        return collection.withLayout("rect for a section's \(edge)", fallback: CGRect.zero) { layout -> CGRect in
            let elements = collection.layoutElements
            guard section >= 0, section < elements.numberOfSections else { return .zero }
            layout.prepareIfNeeded()
            if elements.supplementaryElement(ofKind: edge.kind, section: section) != nil,
               let frame = layout.layoutAttributesForSupplementaryView(ofKind: edge.kind, at: IndexPath(item: 0, section: section))?.frame {
                return frame
            }
            let width = bounds.width
            let rows = elements.numberOfItems(inSection: section)
            let y: CGFloat
            switch edge {
            case .header:
                y = rows > 0 ? layout.layoutAttributesForItem(at: IndexPath(item: 0, section: section))?.frame.minY ?? 0 : 0
            case .footer:
                y = rows > 0 ? layout.layoutAttributesForItem(at: IndexPath(item: rows - 1, section: section))?.frame.maxY ?? 0 : 0
            }
            return CGRect(x: 0, y: y, width: width, height: 0)
        }
    }
}
