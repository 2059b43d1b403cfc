import Dispatch
import Foundation
import Synchronization

/// One element of a collection (an item or a supplementary element): how its node is made, the
/// range it is measured in, and, once allocated, the node and its measured size; Texture's
/// `ASCollectionElement`. Nodes are allocated at most once, on demand or ahead of time.
/// Thread-safe: the node and size are guarded by the element's lock.
public final class ASCollectionElement: @unchecked Sendable {
    // SAFETY: `source` and `constrainedSize` are immutable; the allocated node is behind `allocated`.
    public let indexPath: IndexPath
    /// The supplementary kind, or nil for an item.
    public let supplementaryElementKind: String?
    /// The range the node is measured in.
    public let constrainedSize: ASSizeRange
    let source: CellSource
    private let allocated = Mutex<(node: ASCellNode, size: CGSize)?>(nil)

    init(indexPath: IndexPath, kind: String?, source: CellSource, constrainedSize: ASSizeRange) {
        self.indexPath = indexPath
        self.supplementaryElementKind = kind
        self.source = source
        self.constrainedSize = constrainedSize
    }

    /// Whether the node has been made.
    public var isNodeAllocated: Bool { allocated.withLock { $0 != nil } }

    /// The node if it has been made; never allocates.
    public var allocatedNode: ASCellNode? { allocated.withLock { $0?.node } }

    /// The node, made (by running its block on this thread) and measured if it was not yet.
    public var node: ASCellNode { allocate().node }

    /// The node's measured size, allocating it if needed.
    public var size: CGSize { allocate().size }

    /// Makes and measures the node unless that is done; returns both.
    @discardableResult
    func allocate() -> (node: ASCellNode, size: CGSize) {
        if let done = allocated.withLock({ $0 }) { return done }
        let node: ASCellNode
        switch source {
        case .block(let block): node = block()
        case .node(let ready): node = ready
        case .returnedNil: node = ASCellNode()
        }
        node.indexPath = indexPath
        node.supplementaryElementKind = supplementaryElementKind
        let size = node.layoutThatFits(constrainedSize).size
        node.frame = CGRect(origin: .zero, size: size)
        node.layoutIfNeeded()
        return allocated.withLock { current in
            // Two threads may race to allocate; the first result stands.
            if let current { return current }
            current = (node, size)
            return (node, size)
        }
    }

    /// Allocates the nodes of `elements` concurrently (one thread per core), or one after another
    /// on one background thread when `serial`.
    static func allocate(_ elements: [ASCollectionElement], serial: Bool) {
        let pending = elements.filter { !$0.isNodeAllocated }
        guard !pending.isEmpty else { return }
        if serial {
            DispatchQueue(label: "weft.collection.node-creation").sync { for element in pending { element.allocate() } }
        } else {
            DispatchQueue.concurrentPerform(iterations: pending.count) { pending[$0].allocate() }
        }
    }
}

/// A collection node's loaded elements, per section; Texture's `ASElementMap`.
/// Sendable value; use from any context.
public struct ASElementMap: Sendable {
    public struct Section: Sendable {
        public var items: [ASCollectionElement] = []
        public var supplementary: [String: ASCollectionElement] = [:]
    }

    public internal(set) var sections: [Section] = []

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    /// The item element at `indexPath`, or nil out of range.
    public func element(at indexPath: IndexPath) -> ASCollectionElement? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section),
              sections[indexPath.section].items.indices.contains(indexPath.item) else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    /// The supplementary element of `kind` in `section`, or nil.
    public func supplementaryElement(ofKind kind: String, section: Int) -> ASCollectionElement? {
        sections.indices.contains(section) ? sections[section].supplementary[kind] : nil
    }

    /// Every element, items and supplementary, section by section.
    public var allElements: [ASCollectionElement] {
        sections.flatMap { Array($0.supplementary.values).sorted { ($0.supplementaryElementKind ?? "") < ($1.supplementaryElementKind ?? "") } + $0.items }
    }
}
