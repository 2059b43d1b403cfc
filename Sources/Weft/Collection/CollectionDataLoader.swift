import Foundation

/// Loads a collection's data the way Texture's data controller does: the data source is asked on
/// the caller's thread for counts, node blocks and constrained sizes; node blocks then run
/// concurrently on background threads (one per core, or one thread with `.serializeNodeCreation`),
/// each node measured with its constrained size and laid out there too (see
/// `ASCollectionElement.allocate`). One node per element, never reused.
struct CollectionDataLoader {
    let collectionNode: ASCollectionNode
    let dataSource: (any ASCollectionDataSource)?
    let delegate: (any ASCollectionDelegate)?
    let layout: UICollectionViewLayout
    let viewport: CGSize
    let supplementaryKinds: [String]
    let serialize: Bool

    /// Whether every node is made and measured while loading (a `UICollectionViewLayout` needs all
    /// sizes, as in Texture), or later, for the elements near the viewport.
    let eager: Bool

    func load() throws(CollectionError) -> ASElementMap {
        let sectionCount = dataSource?.numberOfSections(in: collectionNode) ?? 0
        guard sectionCount >= 0 else { throw .negativeSectionCount(sectionCount) }
        var map = ASElementMap()
        for section in 0..<sectionCount {
            let count = dataSource?.collectionNode(collectionNode, numberOfItemsInSection: section) ?? 0
            guard count >= 0 else { throw .negativeItemCount(section: section, count: count) }
            var entry = ASElementMap.Section()
            for kind in supplementaryKinds(in: section) {
                guard let range = supplementaryRange(kind: kind, section: section) else { continue }
                let indexPath = IndexPath(item: 0, section: section)
                entry.supplementary[kind] = ASCollectionElement(indexPath: indexPath, kind: kind, source: try source(at: indexPath, kind: kind), constrainedSize: range)
            }
            for item in 0..<count {
                let indexPath = IndexPath(item: item, section: section)
                entry.items.append(ASCollectionElement(indexPath: indexPath, kind: nil, source: try source(at: indexPath, kind: nil),
                                                       constrainedSize: itemRange(at: indexPath)))
            }
            map.sections.append(entry)
        }
        if eager { ASCollectionElement.allocate(map.allElements, serial: serialize) }
        return map
    }

    /// The same elements with fresh constrained sizes: nodes already made are kept and measured
    /// again; the rest keep their blocks. Texture's `relayoutItems()`.
    func remeasure(_ old: ASElementMap) -> ASElementMap {
        var map = ASElementMap()
        func renewed(_ element: ASCollectionElement, range: ASSizeRange?) -> ASCollectionElement {
            ASCollectionElement(indexPath: element.indexPath, kind: element.supplementaryElementKind,
                                source: element.allocatedNode.map(CellSource.node) ?? element.source,
                                constrainedSize: range ?? element.constrainedSize)
        }
        for (section, entry) in old.sections.enumerated() {
            var fresh = ASElementMap.Section()
            for (kind, element) in entry.supplementary {
                fresh.supplementary[kind] = renewed(element, range: supplementaryRange(kind: kind, section: section))
            }
            fresh.items = entry.items.map { renewed($0, range: itemRange(at: $0.indexPath)) }
            map.sections.append(fresh)
        }
        let previouslyMade = map.allElements.filter { if case .node = $0.source { return true } else { return false } }
        ASCollectionElement.allocate(eager ? map.allElements : previouslyMade, serial: serialize)
        return map
    }

    private func source(at indexPath: IndexPath, kind: String?) throws(CollectionError) -> CellSource {
        guard let dataSource, let source = dataSource.cellSource(for: collectionNode, at: indexPath, kind: kind) else {
            throw .noNodeSource(indexPath, kind: kind)
        }
        if case .returnedNil = source { throw .nilNode(indexPath, kind: kind) }
        return source
    }

    private func supplementaryKinds(in section: Int) -> [String] {
        let asked = dataSource.flatMap { source in DefaultAnswer.implemented { source.collectionNode(collectionNode, supplementaryElementKindsInSection: section) } }
        return asked ?? supplementaryKinds
    }

    private var vertical: Bool { layout.scrollDirection == .vertical }

    /// Texture's item sizing: the delegate's range; else the layout inspector's (or a layout
    /// delegate's, when it knows item sizes); else a flow layout's `itemSize` when it is not the
    /// 50×50 default; else the collection's width less the section insets, any height (transposed
    /// when scrolling horizontally).
    private func itemRange(at indexPath: IndexPath) -> ASSizeRange {
        if let delegate, let range = DefaultAnswer.implemented({ delegate.collectionNode(collectionNode, constrainedSizeForItemAt: indexPath) }) {
            return range
        }
        if let inspector = collectionNode.layoutInspector {
            return inspector.collectionView(collectionNode.view, constrainedSizeForNodeAt: indexPath)
        }
        if let range = layout.constrainedSizeForItem(at: indexPath, in: collectionNode) { return range }
        let flow = layout as? UICollectionViewFlowLayout
        if let flow, flow.itemSize != UICollectionViewFlowLayout.defaultItemSize {
            return ASSizeRange(exactly: flow.itemSize)
        }
        let inset = flow?.sectionInset ?? .zero
        if vertical {
            return ASSizeRange(min: .zero, max: CGSize(width: max(0, viewport.width - inset.left - inset.right), height: .infinity))
        }
        return ASSizeRange(min: .zero, max: CGSize(width: .infinity, height: max(0, viewport.height - inset.top - inset.bottom)))
    }

    /// A flow header's or footer's range: the delegate's, or the reference size, along the scrolling
    /// axis; exactly the collection's width across it. Nil when its maximum length is 0 (no element).
    private func supplementaryRange(kind: String, section: Int) -> ASSizeRange? {
        let header = kind == UICollectionView.elementKindSectionHeader
        var along: (CGFloat, CGFloat)?
        if let delegate {
            let range = DefaultAnswer.implemented {
                header ? delegate.collectionNode(collectionNode, sizeRangeForHeaderInSection: section)
                       : delegate.collectionNode(collectionNode, sizeRangeForFooterInSection: section)
            }
            if let range { along = vertical ? (range.min.height, range.max.height) : (range.min.width, range.max.width) }
        }
        if along == nil, let flow = layout as? UICollectionViewFlowLayout {
            let reference = header ? flow.headerReferenceSize : flow.footerReferenceSize
            let length = vertical ? reference.height : reference.width
            along = (length, length)
        }
        guard let (low, high) = along, high > 0 else { return nil }
        if vertical {
            return ASSizeRange(min: CGSize(width: viewport.width, height: low), max: CGSize(width: viewport.width, height: high))
        }
        return ASSizeRange(min: CGSize(width: low, height: viewport.height), max: CGSize(width: high, height: viewport.height))
    }
}
