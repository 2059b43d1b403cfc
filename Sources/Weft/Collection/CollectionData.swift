import Dispatch
import Foundation
import Synchronization

/// One element of a collection (an item or a supplementary element): how its node is made, the
/// range it is measured in, and, once allocated, the node and its measured size; Texture's
/// `ASCollectionElement`. Each node block runs exactly once, as in Texture, whichever threads ask
/// for the node: the first one runs it, the others wait for its result (see `ElementAllocation`).
/// Thread-safe: the allocation state is guarded by `ElementAllocation.lock`.
public final class ASCollectionElement: @unchecked Sendable {
    // SAFETY: `identity` is immutable; `slot` and `position` are only read and written under
    // `ElementAllocation.lock`.

    /// Where the element is in the collection's visible element map. Not fixed: the data
    /// controller renumbers every element (and its node's `indexPath`) when it applies a batch
    /// that inserts, deletes or moves items or sections before it.
    public var indexPath: IndexPath {
        let (section, item) = ElementAllocation.withLock { (position.section, position.item) }
        return IndexPath(item: Int(item), section: Int(section))
    }
    /// Two 32-bit numbers rather than an `IndexPath` (whose two-number initialiser builds an array
    /// first, and which takes 24 bytes): a long list holds a million elements.
    private var position: (section: Int32, item: Int32)
    /// The supplementary kind, or nil for an item.
    public var supplementaryElementKind: String? { identity.kind }
    /// The kind and node-creation setting: one shared object for all items (see `ElementSlot`,
    /// which says why an element is three words).
    private let identity: ElementIdentity
    /// The content (the node block and range, or, for an item of a long list whose layout does
    /// not need every node, who to ask for them when the element is first needed; see
    /// `ElementResolution`) and the allocation state, in one word.
    private var slot: ElementSlot
    /// The range the node is measured in (asking the data source first if the element is deferred).
    public var constrainedSize: ASSizeRange { resolvedContent().constrainedSize }
    /// The content, as `slot` holds it. Under `ElementAllocation.lock`.
    private var content: ElementContent {
        get { slot.content }
        set { slot = ElementSlot(content: newValue, state: slot.state) }
    }
    /// The allocation state, as `slot` holds it; `ElementAllocation` reads and sets it under its lock.
    var state: ElementAllocation.State {
        get { slot.state }
        set { slot = ElementSlot(content: slot.content, state: newValue) }
    }

    /// Whether the node is made on the one serial node-creation thread (`.serializeNodeCreation`).
    var serialCreation: Bool { identity.serialCreation }

    convenience init(indexPath: IndexPath, kind: String?, source: CellSource, constrainedSize: ASSizeRange,
                     traits: CollectionCellTraits? = nil, serialCreation: Bool = false) {
        self.init(indexPath: indexPath, kind: kind, content: ResolvedElementContent(source: source, constrainedSize: constrainedSize, traits: traits),
                  serialCreation: serialCreation)
    }

    /// The same item (or supplementary element) with a fresh range: its node if made (not handed
    /// its model again), else its block; the node model kept for queries. A relayout's element.
    func renewed(constrainedSize range: ASSizeRange, traits: CollectionCellTraits?, serialCreation serial: Bool? = nil) -> ASCollectionElement {
        let made = allocatedNode
        let old = resolvedContent()
        let content = ResolvedElementContent(source: made.map(CellSource.node) ?? old.source, constrainedSize: range, traits: traits,
                                             nodeModel: old.nodeModel, handsNodeModel: made == nil && old.handsNodeModel)
        return ASCollectionElement(indexPath: indexPath, kind: supplementaryElementKind, content: content, serialCreation: serial ?? serialCreation)
    }

    /// The node model the data source gave for the item; Texture's element `nodeModel`. Nil for a
    /// supplementary element, or when the data source gives none (asking it first if the element
    /// is deferred).
    var nodeModel: Any? { resolvedContent().nodeModel?.value }

    init(indexPath: IndexPath, kind: String? = nil, content: ResolvedElementContent, serialCreation: Bool) {
        self.identity = .of(kind: kind, serialCreation: serialCreation)
        self.position = Self.position(indexPath)
        self.slot = .ready(content)
    }

    /// An item whose node block and range are asked of the data source, through `resolver`, when
    /// the element is first needed (Weft's lazy measurement of long lists).
    convenience init(deferredAt indexPath: IndexPath, resolver: ElementResolver, serialCreation: Bool) {
        let (section, item) = Self.position(indexPath)
        self.init(deferredAtItem: Int(item), section: Int(section), resolver: resolver, serialCreation: serialCreation)
    }

    init(deferredAtItem item: Int, section: Int, resolver: ElementResolver, serialCreation: Bool) {
        self.identity = .of(kind: nil, serialCreation: serialCreation)
        self.position = (Int32(clamping: section), Int32(clamping: item))
        self.slot = .deferred(resolver)
    }

    private static func position(_ indexPath: IndexPath) -> (section: Int32, item: Int32) {
        indexPath.count == 2 ? (Int32(clamping: indexPath.section), Int32(clamping: indexPath.item)) : (0, 0)
    }

    /// The collection's traits box, once the element is resolved.
    var cellTraits: CollectionCellTraits? {
        ElementAllocation.withLock { if case .ready(let content) = content { content.traits } else { nil } }
    }

    /// How the node is made: the block or node the data source gave.
    var source: CellSource { resolvedContent().source }

    /// Whether the data source has not been asked for this element yet.
    var isDeferred: Bool { ElementAllocation.withLock { if case .deferred = content { true } else { false } } }

    /// The resolver of a deferred element; nil once resolved.
    var resolver: ElementResolver? { ElementAllocation.withLock { if case .deferred(let r) = content { r } else { nil } } }

    /// Records what the data source answered for a deferred element (first answer wins).
    func resolve(with resolved: ResolvedElementContent) {
        ElementAllocation.withLock { if case .deferred = content { content = .ready(resolved) } }
    }

    private func resolvedContent() -> ResolvedElementContent {
        if case .ready(let ready) = ElementAllocation.withLock({ content }) { return ready }
        ElementResolution.resolve([self])
        guard case .ready(let ready) = ElementAllocation.withLock({ content }) else {
            preconditionFailure("ElementResolution.resolve leaves every element it is given resolved")
        }
        return ready
    }

    /// Moves the element (and its node, if made) to `indexPath`; called when a batch is applied.
    func renumber(section: Int, item: Int) {
        let node = ElementAllocation.withLock { () -> ASCellNode? in
            position = (Int32(clamping: section), Int32(clamping: item))
            if case .done(let node, _) = state { return node } else { return nil }
        }
        if let node { node.indexPath = IndexPath(item: item, section: section) }
    }

    /// Whether the node has been made.
    public var isNodeAllocated: Bool { allocatedNode != nil }

    /// The node if it has been made; never allocates.
    public var allocatedNode: ASCellNode? {
        ElementAllocation.withLock { if case .done(let node, _) = state { return node } else { return nil } }
    }

    /// The node, made (by running its block on this thread, or by waiting for the thread that
    /// runs it) and measured if it was not yet.
    public var node: ASCellNode { allocate().node }

    /// The node's measured size, allocating it if needed (a node given up after it was measured
    /// is not made again for its size).
    public var size: CGSize { measuredSize() }

    /// The measured size, nil when the node was never measured; makes nothing.
    var knownSize: CGSize? {
        ElementAllocation.withLock { switch state { case .done(_, let size), .released(let size): size; case .pending, .allocating: nil } }
    }

    /// Whether the node has been measured (it may have been given up since).
    var isMeasured: Bool {
        ElementAllocation.withLock { switch state { case .done, .released: true; case .pending, .allocating: false } }
    }

    /// Gives up the made node, keeping its measured size, when its block can make it again (a node
    /// the data source handed over ready is kept). Returns the node given up.
    func releaseNode() -> ASCellNode? {
        guard case .block = source else { return nil }
        let released = ElementAllocation.withLock { () -> ASCellNode? in
            guard case .done(let node, let size) = state else { return nil }
            state = .released(size: size)
            return node
        }
        // Given up, it is no longer this collection's to measure again.
        released?.measuredLayoutVersion = nil
        return released
    }

    /// Makes and measures the node unless that is done; returns both. The block runs outside the
    /// lock, so it may call back into the collection; a block that (directly or through other
    /// blocks) waits for its own element gets an empty placeholder node instead of a deadlock.
    @discardableResult
    func allocate() -> (node: ASCellNode, size: CGSize) {
        if let made = ElementAllocation.allocatedNow(self) { return made }
        // Never nil here: without `sizeSuffices` a claim does not answer `.measured`.
        return made(sizeSuffices: false).made!
    }

    /// The measured size, making the node only if the element was never measured: a node given
    /// up keeps its size, and one being measured ahead is waited for, not made twice.
    @discardableResult
    func measuredSize() -> CGSize {
        if let size = knownSize { return size }
        return made(sizeSuffices: true).size
    }

    /// Makes and measures the node on a node-creation thread, unless another thread does (then
    /// waits for it); `made` is nil only when `sizeSuffices` and the element had been measured.
    private func made(sizeSuffices: Bool) -> (made: (node: ASCellNode, size: CGSize)?, size: CGSize) {
        // A deferred element asks the data source (on the main actor) before any thread makes its node.
        if isDeferred { ElementResolution.resolve([self]) }
        // Node blocks never run on the thread that drives the collection: that thread waits for
        // a node-creation thread instead.
        guard ElementAllocation.isNodeCreationThread else {
            if let made = ElementAllocation.onNodeCreationThread(serial: serialCreation, { self.made(sizeSuffices: sizeSuffices) }) { return made }
            // The wait gave up (reported): this frame shows a placeholder; the node, once made, is kept.
            let stand = placeholder(reporting: false)
            return (stand, stand.size)
        }
        switch ElementAllocation.claim(self, sizeSuffices: sizeSuffices) {
        case .done(let node, let size): return ((node, size), size)
        case .measured(let size): return (nil, size)
        case .cycle: let made = placeholder(reporting: true); return (made, made.size)
        case .gaveUp: let made = placeholder(reporting: false); return (made, made.size)
        case .claimed: break
        }
        let made = make()
        ElementAllocation.finish(self, as: .done(node: made.node, size: made.size))
        // A renumbering that ran while the block did could not reach the node yet.
        made.node.indexPath = indexPath
        return (made, made.size)
    }

    /// Measures the node ahead of need, on a node-creation thread (`BackgroundMeasurement`): makes
    /// it unless another thread has, and keeps it, so the frame that shows it does not run its
    /// block and lay it out a second time (with node release, `BackgroundMeasurement` gives up the
    /// nodes the frames do not reach). Only for resolved elements whose block can make the node
    /// again; others are left alone. Returns whether it made one.
    @discardableResult
    func measureAhead() -> Bool {
        guard !isDeferred, case .block = source, ElementAllocation.isNodeCreationThread else { return false }
        guard case .claimed = ElementAllocation.claim(self) else { return false }
        let made = make()
        ElementAllocation.finish(self, as: .done(node: made.node, size: made.size))
        made.node.indexPath = indexPath
        return true
    }

    /// Runs the block (or takes the ready node) and measures the node with its constrained size.
    private func make() -> (node: ASCellNode, size: CGSize) {
        let node: ASCellNode
        let traits = cellTraits
        let handedNodeModel = { () -> NodeModelBox? in
            let content = resolvedContent()
            return content.handsNodeModel ? content.nodeModel : nil
        }()
        switch source {
        case .block(let block):
            node = UITraitCollection.withCurrent(traits?.collection ?? .unspecified) { ElementAllocation.runBlock(block) }
        case .node(let ready): node = ready
        case .returnedNil: node = ASCellNode()
        case .uikitCell: node = UIKitCellNode()
        }
        node.indexPath = indexPath
        node.supplementaryElementKind = supplementaryElementKind
        node.interactionDelegate = traits?.collectionNode
        // Measured with the collection's traits, as Texture's data controller hands them down.
        if let traits = traits?.value { TraitPropagation.propagate(traits, from: node, walkingUnchanged: false) }
        // Then the model, as Texture's element sets it after the traits, before any layout.
        if let handed = handedNodeModel { node.nodeModel = handed.value }
        // Read before measuring: an invalidation made while it measures leaves the node needing
        // another pass instead of being taken as measured.
        let version = node.layoutVersion
        let layout = node.layoutThatFits(constrainedSize)
        // Layout repairs by rule and records why on the layout; nobody reads a cell's layout, so
        // the collection says it, naming the element.
        for issue in layout.issues {
            WeftDiagnostics.report(.collection, "\(supplementaryElementKind ?? "item") at section \(indexPath.section), item \(indexPath.item)",
                                   "its node's layout in \(constrainedSize): \(issue)")
        }
        let size = drawable(layout.size)
        node.frame = CGRect(origin: .zero, size: size)
        node.layoutIfNeeded()
        // Kept by the node, not the element: a long list holds far more elements than nodes.
        node.measuredLayoutVersion = version
        // Invalidated while measured for the first time, the node was not counted then (a node
        // no collection had measured is no collection's to look at): count it now, so the next
        // frame looks for it.
        if node.layoutVersion != version { CellLayoutInvalidation.note() }
        return (node, size)
    }

    /// Whether the made node's layout was invalidated since it was measured.
    var needsRemeasure: Bool {
        guard let node = allocatedNode else { return false }
        return node.measuredLayoutVersion != node.layoutVersion
    }

    /// A fresh element for the same item and node, measured again with the same range (only made
    /// elements need it, so never a deferred one).
    func remeasured() -> ASCollectionElement {
        renewed(constrainedSize: constrainedSize, traits: cellTraits)
    }

    /// The measured size, with a NaN, infinite or negative side (which a layout cannot place and
    /// a frame cannot show) made 0 and reported.
    private func drawable(_ size: CGSize) -> CGSize {
        func fixed(_ length: CGFloat) -> CGFloat { length.isFinite && length >= 0 ? length : 0 }
        let result = CGSize(width: fixed(size.width), height: fixed(size.height))
        if result != size {
            WeftDiagnostics.report(.collection, "\(supplementaryElementKind ?? "item") at section \(indexPath.section), item \(indexPath.item)",
                                   "its node measured \(size.width)×\(size.height) in \(constrainedSize); a cell size must be finite and 0 or more, used \(result.width)×\(result.height)")
        }
        return result
    }

    /// An empty node in place of one that cannot be had now; `reporting` says why (a wait that
    /// gave up has reported already).
    private func placeholder(reporting: Bool) -> (node: ASCellNode, size: CGSize) {
        if reporting { WeftDiagnostics.report(.collection, "\(supplementaryElementKind ?? "item") at section \(indexPath.section), item \(indexPath.item)",
                               "a node block asked for this node while its own block (or one waiting on it) was running; returned an empty node instead of waiting forever") }
        let node = ASCellNode()
        node.frame = CGRect(origin: .zero, size: constrainedSize.min)
        return (node, constrainedSize.min)
    }

    /// Allocates the nodes of `elements` on node-creation threads, never the calling one:
    /// concurrently (at most one thread per active core), or one after another on one background
    /// thread when `serial` (`.serializeNodeCreation`). Returns when all are made.
    static func allocate(_ elements: [ASCollectionElement], serial: Bool) {
        make(elements, serial: serial, sizesOnly: false)
    }

    /// Measures `elements` as `allocate` makes them, but an element that gave up its node after
    /// it was measured keeps only its size (see `measuredSize()`): what a layout reading sizes needs.
    static func measure(_ elements: [ASCollectionElement], serial: Bool) {
        make(elements, serial: serial, sizesOnly: true)
    }

    private static func make(_ elements: [ASCollectionElement], serial: Bool, sizesOnly: Bool) {
        let pending = elements.filter { sizesOnly ? !$0.isMeasured : !$0.isNodeAllocated }
        guard !pending.isEmpty else { return }
        // Deferred elements ask the data source first, all in one visit to the main actor.
        ElementResolution.resolve(pending)
        _ = ElementAllocation.onNodeCreationThread(serial: serial) {
            if serial {
                for element in pending { if sizesOnly { element.measuredSize() } else { element.allocate() } }
            } else {
                let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
                let chunks = min(width, pending.count)
                // concurrentPerform may run an iteration on the calling thread: that is a node-creation
                // thread here, and each iteration marks the thread it runs on.
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    ElementAllocation.asNodeCreationThread {
                        var index = chunk
                        while index < pending.count {
                            if sizesOnly { pending[index].measuredSize() } else { pending[index].allocate() }
                            index += chunks
                        }
                    }
                }
            }
        }
    }
}

/// A collection node's loaded elements, per section; Texture's `ASElementMap`.
/// Sendable value; use from any context.
public struct ASElementMap: Sendable {
    public struct Section: Sendable {
        /// The item elements; a long list's are made as they are first read (see `ASElementList`).
        public var items = ASElementList()
        public var supplementary: [String: ASCollectionElement] = [:]
        /// The data source's context for the section (`ASSectionContext`), if it gave one.
        var context: SectionContextBox?
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

    /// Each existing element's index path in this map, by element identity (an item never read
    /// has no element yet, so nobody holds it to look up).
    var positions: [ObjectIdentifier: IndexPath] {
        var result: [ObjectIdentifier: IndexPath] = [:]
        for (section, entry) in sections.enumerated() {
            for element in entry.supplementary.values { result[ObjectIdentifier(element)] = IndexPath(item: 0, section: section) }
            entry.items.forEachExisting { item, element in result[ObjectIdentifier(element)] = IndexPath(item: item, section: section) }
        }
        return result
    }

    /// Sets every element's index path (and its node's) to its place in this map; an item made
    /// later takes its place then.
    func renumberElements() {
        for (section, entry) in sections.enumerated() {
            for element in entry.supplementary.values { element.renumber(section: section, item: 0) }
            entry.items.renumber(section: section)
        }
    }

    /// Every element that exists, making none (see `ASElementList.existing`); `allElements`
    /// makes every item's.
    var existingElements: [ASCollectionElement] {
        sections.flatMap { Array($0.supplementary.values) + $0.items.existingElements }
    }

    /// The nodes made so far, in no particular order; visits the map without copying it.
    public var allocatedNodes: [ASCellNode] { made { _, node in node } }

    /// The elements whose nodes are made, in no particular order.
    var allocatedElements: [ASCollectionElement] { made { element, _ in element } }

    /// `pick` of each made element and its node, under one hold of the allocation lock.
    private func made<T>(_ pick: (ASCollectionElement, ASCellNode) -> T) -> [T] {
        // Gathered first (arrays the lists hold are not copied): a deferred section's list takes
        // its own lock to tell what exists.
        let gathered = sections.map { (Array($0.supplementary.values), $0.items.existingElements) }
        return ElementAllocation.withLock {
            var result: [T] = []
            for (supplementary, items) in gathered {
                for element in supplementary { if case .done(let node, _) = element.state { result.append(pick(element, node)) } }
                for element in items { if case .done(let node, _) = element.state { result.append(pick(element, node)) } }
            }
            return result
        }
    }

    /// Every element, items and supplementary, section by section.
    public var allElements: [ASCollectionElement] {
        sections.flatMap { Array($0.supplementary.values).sorted { ($0.supplementaryElementKind ?? "") < ($1.supplementaryElementKind ?? "") } + $0.items }
    }
}
