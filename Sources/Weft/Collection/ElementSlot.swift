import Foundation

/// What an `ASCollectionElement` holds besides its position, packed so that an element takes
/// 40 bytes (the allocator's 48-byte class) instead of 66 (its 80-byte class): a long list holds
/// one element per item, and at a million items the 32 bytes saved are 32 MB of resident memory.
///
/// The element keeps two words here: its `ElementIdentity` (immutable, shared by every item of a
/// load, so reading the kind takes no lock) and its `ElementSlot` (its content and allocation
/// state in one word, guarded by `ElementAllocation`'s lock, as both were before). Nearly every
/// element of a long list is deferred and never made, and such an element's slot is just its
/// resolver; only a made (or being made, or given up) element carries the `AllocatedElement`
/// box that holds its state.

/// An element's kind and node-creation setting. Immutable; use from any context.
final class ElementIdentity: Sendable {
    /// The supplementary kind, or nil for an item.
    let kind: String?
    /// Whether the node is made on the one serial node-creation thread (`.serializeNodeCreation`).
    let serialCreation: Bool

    private init(kind: String?, serialCreation: Bool) {
        self.kind = kind
        self.serialCreation = serialCreation
    }

    /// The identity of an element of `kind` (nil: an item): one shared instance for all items
    /// with the same setting, a fresh one for each supplementary element (there are few).
    static func of(kind: String?, serialCreation: Bool) -> ElementIdentity {
        if let kind { return ElementIdentity(kind: kind, serialCreation: serialCreation) }
        return serialCreation ? serialItem : item
    }

    private static let item = ElementIdentity(kind: nil, serialCreation: false)
    private static let serialItem = ElementIdentity(kind: nil, serialCreation: true)
}

/// An element's content and allocation state in one word (every case's payload is a reference,
/// so the enum takes 8 bytes). Read and written only under `ElementAllocation`'s lock.
enum ElementSlot {
    /// Deferred, and pending: the data source has not been asked yet.
    case deferred(ElementResolver)
    /// Resolved, and pending: no node has been made.
    case ready(ResolvedElementContent)
    /// Any state but pending: being made, made, or given up after it was measured.
    case allocated(AllocatedElement)

    init(content: ElementContent, state: ElementAllocation.State) {
        if case .pending = state {
            switch content {
            case .deferred(let resolver): self = .deferred(resolver)
            case .ready(let ready): self = .ready(ready)
            }
        } else {
            self = .allocated(AllocatedElement(content: content, state: state))
        }
    }

    var content: ElementContent {
        switch self {
        case .deferred(let resolver): .deferred(resolver)
        case .ready(let ready): .ready(ready)
        case .allocated(let box): box.content
        }
    }

    var state: ElementAllocation.State {
        if case .allocated(let box) = self { box.state } else { .pending }
    }
}

/// The content and state of an element past pending. Immutable: a change of state stores a new
/// box (an element changes state a few times in its life: claimed, made, perhaps given up).
/// The box is read and replaced under `ElementAllocation`'s lock.
final class AllocatedElement: @unchecked Sendable {
    // SAFETY: both properties are immutable; the node in `state` is handed between threads as
    // `ASCollectionElement` (itself unchecked Sendable for the same node) always has: nodes
    // guard their own state with their locks.
    let content: ElementContent
    let state: ElementAllocation.State

    init(content: ElementContent, state: ElementAllocation.State) {
        self.content = content
        self.state = state
    }
}
