import Dispatch
import Foundation

/// Loads a collection's data the way Texture's data controller does: the data source is asked on
/// the caller's thread; node blocks then run concurrently on background threads (one per core, or
/// one thread with `.serializeNodeCreation`), and each node is measured with its constrained size
/// and laid out there too. One node per element, never reused.
struct CollectionDataLoader {
    let collectionNode: ASCollectionNode
    let dataSource: (any ASCollectionDataSource)?
    let delegate: (any ASCollectionDelegate)?
    let layout: UICollectionViewLayout
    let viewport: CGSize
    let supplementaryKinds: [String]
    let serialize: Bool

    /// A request to make and measure one element.
    private struct Job: @unchecked Sendable {
        // SAFETY: a job is made on the caller's thread and run by exactly one background thread;
        // a ready node it carries is Sendable, like every node.
        let indexPath: IndexPath
        let kind: String?
        let source: CellSource
        let range: ASSizeRange
    }

    func load() throws(CollectionError) -> CollectionData {
        let sectionCount = dataSource?.numberOfSections(in: collectionNode) ?? 0
        guard sectionCount >= 0 else { throw .negativeSectionCount(sectionCount) }
        var jobs: [Job] = []
        var counts: [Int] = []
        for section in 0..<sectionCount {
            let count = dataSource?.collectionNode(collectionNode, numberOfItemsInSection: section) ?? 0
            guard count >= 0 else { throw .negativeItemCount(section: section, count: count) }
            counts.append(count)
            for kind in supplementaryKinds(in: section) {
                guard let range = supplementaryRange(kind: kind, section: section) else { continue }
                let indexPath = IndexPath(item: 0, section: section)
                jobs.append(Job(indexPath: indexPath, kind: kind, source: try source(at: indexPath, kind: kind), range: range))
            }
            for item in 0..<count {
                let indexPath = IndexPath(item: item, section: section)
                jobs.append(Job(indexPath: indexPath, kind: nil, source: try source(at: indexPath, kind: nil), range: itemRange(at: indexPath)))
            }
        }

        let results = ElementSlots(count: jobs.count)
        let allJobs = jobs
        let work = { @Sendable (index: Int) in
            let job = allJobs[index]
            let node: ASCellNode
            switch job.source {
            case .block(let block): node = block()
            case .node(let ready): node = ready
            case .returnedNil: return
            }
            let size = node.layoutThatFits(job.range).size
            node.frame = CGRect(origin: .zero, size: size)
            node.layoutIfNeeded()
            results.set(index, CollectionElement(node: node, size: size))
        }
        if serialize {
            DispatchQueue(label: "weft.collection.node-creation").sync { for index in jobs.indices { work(index) } }
        } else {
            DispatchQueue.concurrentPerform(iterations: jobs.count, execute: work)
        }

        var data = CollectionData(sections: counts.map { _ in CollectionData.Section() })
        for (index, job) in jobs.enumerated() {
            guard let element = results.get(index) else { continue }
            element.node.indexPath = job.indexPath
            element.node.supplementaryElementKind = job.kind
            if let kind = job.kind {
                data.sections[job.indexPath.section].supplementary[kind] = element
            } else {
                data.sections[job.indexPath.section].items.append(element)
                data.index[ObjectIdentifier(element.node)] = job.indexPath
            }
        }
        return data
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

    /// Texture's item sizing: the delegate's range; else a flow layout's `itemSize` when it is not
    /// the 50×50 default; else the collection's width less the section insets, any height
    /// (transposed when scrolling horizontally).
    private func itemRange(at indexPath: IndexPath) -> ASSizeRange {
        if let delegate, let range = DefaultAnswer.implemented({ delegate.collectionNode(collectionNode, constrainedSizeForItemAt: indexPath) }) {
            return range
        }
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

/// Elements made by concurrent node blocks, one slot per job.
private final class ElementSlots: @unchecked Sendable {
    // SAFETY: each slot is written by exactly one iteration, and read after all have finished.
    private var slots: [CollectionElement?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ element: CollectionElement) { slots.withUnsafeMutableBufferPointer { $0[index] = element } }
    func get(_ index: Int) -> CollectionElement? { slots[index] }
}
