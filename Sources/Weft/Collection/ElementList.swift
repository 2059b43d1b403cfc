import Synchronization

/// A section's item elements: `ASElementMap.Section.items`. A collection of `ASCollectionElement`
/// read like an array.
///
/// Why not an array: a long list's load defers its items (see `ElementResolver`), and an element
/// per item, made at load, took 48 bytes an item with its array slot: 56 MB for a million items
/// of which a scroll through 10,000 touches 1%. A section loaded deferred holds only a
/// `DeferredItems`, which makes each item's element when it is first read. Copies of the list
/// (the element map is a value, copied for every batch and pending map) share it, so an item read
/// through any copy is the same element object, as in an array of elements made at load.
///
/// A list that is changed (a batch inserts, deletes or moves items of its section, a relayout
/// renews its made elements) holds its elements from then on: each is read from the shared
/// `DeferredItems` first, so identity holds through the change. A batch that leaves a section's
/// items as they were keeps its list as it is (see `PlannedBatch.map(over:)`).
///
/// Sendable value; use from any context (`DeferredItems` makes each element once, under its lock).
public struct ASElementList: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    /// The elements, when the list holds them; empty while `deferred` stands for them.
    private var stored: [ASCollectionElement]
    /// A section of a deferred load whose items have not been changed: makes them when read.
    private var deferred: DeferredItems?

    public init() { self.init([ASCollectionElement]()) }

    public init(_ elements: [ASCollectionElement]) {
        stored = elements
        deferred = nil
    }

    public init(arrayLiteral elements: ASCollectionElement...) { self.init(elements) }

    /// The items of a deferred load's section, made when first read.
    init(deferred items: DeferredItems) {
        stored = []
        deferred = items
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { deferred?.count ?? stored.count }

    /// The element at `position`, made now if its section was loaded deferred and it was never read.
    public subscript(position: Int) -> ASCollectionElement {
        guard let deferred else { return stored[position] }
        precondition(indices.contains(position), "ASElementList index \(position) out of range 0..<\(count)")
        return deferred.element(at: position)
    }

    public mutating func append(_ element: ASCollectionElement) {
        holdElements()
        stored.append(element)
    }

    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        holdElements()
        stored.reserveCapacity(minimumCapacity)
    }

    /// The elements that exist, making none: all of them, or, for a section still deferred, those
    /// read so far, with their places. What bookkeeping over a whole map walks (positions,
    /// renumbering, made nodes), so that it costs what was touched, not the list's length.
    var existing: [(item: Int, element: ASCollectionElement)] {
        var result: [(item: Int, element: ASCollectionElement)] = []
        forEachExisting { result.append((item: $0, element: $1)) }
        return result
    }

    /// The existing elements alone (the list's own array when it holds its elements: no copy).
    var existingElements: [ASCollectionElement] {
        deferred?.made.map(\.element) ?? stored
    }

    /// The element at `item` if it exists, making none; nil out of range.
    func existingElement(at item: Int) -> ASCollectionElement? {
        if let deferred { return deferred.madeElement(at: item) }
        return stored.indices.contains(item) ? stored[item] : nil
    }

    /// Calls `body` with each existing element and its place, in item order, making none.
    func forEachExisting(_ body: (Int, ASCollectionElement) -> Void) {
        if let deferred {
            for (item, element) in deferred.made { body(item, element) }
        } else {
            for (item, element) in stored.enumerated() { body(item, element) }
        }
    }

    /// The list with each existing element passed through `transform`; elements never made stay
    /// unmade unless `transform` replaced one of the list's existing elements (then the list holds
    /// all of its elements, as a changed list does).
    func replacingExisting(_ transform: (ASCollectionElement) -> ASCollectionElement) -> ASElementList {
        guard deferred != nil else { return ASElementList(stored.map(transform)) }
        let existing = self.existing
        let replaced = existing.map { (item: $0.item, element: transform($0.element)) }
        guard zip(existing, replaced).contains(where: { $0.element !== $1.element }) else { return self }
        var elements = Array(self)
        for (item, element) in replaced { elements[item] = element }
        return ASElementList(elements)
    }

    /// Sets the place of each existing element (and its node) to `section` and its item.
    func renumber(section: Int) {
        if let deferred {
            deferred.renumber(section: section)
        } else {
            for (item, element) in stored.enumerated() { element.renumber(section: section, item: item) }
        }
    }

    /// Makes the list hold its elements (a change is coming): each read from `deferred`, so the
    /// elements are the ones every other copy of the list sees.
    private mutating func holdElements() {
        guard deferred != nil else { return }
        stored = Array(self)
        deferred = nil
    }
}

/// The items of one section of a deferred load (see `ASElementList`), each element made when it is
/// first read: one object for the section, shared by every copy of its list. The elements made are
/// kept in pages of `pageSize` slots, a page made when one of its items is first read: a scroll
/// reads items one after another, so a page costs 8 bytes a slot and no more than the array of
/// elements it replaces, while a long section read in a few places makes only those pages.
/// Thread-safe: `state` (the section's current number and the pages) is only touched under its
/// mutex; an element is made under it too (a plain initialiser that takes no other lock), so each
/// item gets exactly one element.
final class DeferredItems: Sendable {
    let count: Int
    private let resolver: ElementResolver
    private let serialCreation: Bool
    private static let pageSize = 64

    private struct State {
        /// The section the items are in, in the visible element map (renumbered as batches apply).
        var section: Int
        /// The elements made so far: page `p` holds items `p * pageSize ..< (p + 1) * pageSize`.
        var pages: [[ASCollectionElement?]?]
    }
    private let state: Mutex<State>

    init(section: Int, count: Int, resolver: ElementResolver, serialCreation: Bool) {
        self.count = count
        self.resolver = resolver
        self.serialCreation = serialCreation
        let pageCount = (count + Self.pageSize - 1) / Self.pageSize
        state = Mutex(State(section: section, pages: Array(repeating: nil, count: pageCount)))
    }

    /// The element of `item`, made (deferred: the data source is asked when it is first needed) on
    /// the first read.
    func element(at item: Int) -> ASCollectionElement {
        let (page, slot) = item.quotientAndRemainder(dividingBy: Self.pageSize)
        return state.withLock { state in
            if let made = state.pages[page]?[slot] { return made }
            let element = ASCollectionElement(deferredAtItem: item, section: state.section, resolver: resolver, serialCreation: serialCreation)
            if state.pages[page] == nil { state.pages[page] = Array(repeating: nil, count: min(Self.pageSize, count - page * Self.pageSize)) }
            state.pages[page]![slot] = element
            return element
        }
    }

    /// The element of `item` if it was made; makes none.
    func madeElement(at item: Int) -> ASCollectionElement? {
        guard item >= 0, item < count else { return nil }
        let (page, slot) = item.quotientAndRemainder(dividingBy: Self.pageSize)
        return state.withLock { $0.pages[page]?[slot] }
    }

    /// The elements made so far, in item order.
    var made: [(item: Int, element: ASCollectionElement)] {
        state.withLock { Self.made(in: $0.pages) }
    }

    private static func made(in pages: [[ASCollectionElement?]?]) -> [(item: Int, element: ASCollectionElement)] {
        var result: [(item: Int, element: ASCollectionElement)] = []
        for (page, slots) in pages.enumerated() {
            guard let slots else { continue }
            for (slot, element) in slots.enumerated() { if let element { result.append((item: page * pageSize + slot, element: element)) } }
        }
        return result
    }

    /// Moves the items to `section`: those made now, and those made later.
    func renumber(section: Int) {
        let made = state.withLock { state in
            state.section = section
            return Self.made(in: state.pages)
        }
        // Outside the mutex: renumbering takes the allocation lock.
        for (item, element) in made { element.renumber(section: section, item: item) }
    }
}
