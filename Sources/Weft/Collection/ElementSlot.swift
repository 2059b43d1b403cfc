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

/// An element's content and allocation state in one word: the one object that holds them, an
/// `ElementResolver` (deferred, pending), a `ResolvedElementContent` (resolved, pending) or an
/// `AllocatedElement` (any other state), told apart by its class. A plain reference, not an enum
/// with a case per class: Swift keeps such an enum's case in the pointer's spare high bits, where
/// LeakSanitizer cannot see the pointer, so every element alive at exit was reported as a leak
/// (shown with a three-case enum in `scripts/lsan/enum-payload-pointer.swift`).
/// Read and written only under `ElementAllocation`'s lock.
struct ElementSlot {
    private let object: AnyObject

    /// Deferred, and pending: the data source has not been asked yet.
    static func deferred(_ resolver: ElementResolver) -> ElementSlot { ElementSlot(object: resolver) }

    /// Resolved, and pending: no node has been made.
    static func ready(_ content: ResolvedElementContent) -> ElementSlot { ElementSlot(object: content) }

    private init(object: AnyObject) { self.object = object }

    init(content: ElementContent, state: ElementAllocation.State) {
        if case .pending = state {
            object = content.object
        } else {
            object = AllocatedElement(content: content, state: state)
        }
    }

    var content: ElementContent {
        if let box = object as? AllocatedElement { return box.content }
        return ElementContent(holding: object)
    }

    var state: ElementAllocation.State {
        (object as? AllocatedElement)?.state ?? .pending
    }
}

extension ElementContent {
    /// The object the content is: its resolver or its resolved content.
    fileprivate var object: AnyObject {
        switch self {
        case .deferred(let resolver): resolver
        case .ready(let ready): ready
        }
    }

    /// The content that `object` (a resolver or resolved content, as `object` gives) is.
    fileprivate init(holding object: AnyObject) {
        if let resolver = object as? ElementResolver {
            self = .deferred(resolver)
        } else {
            self = .ready(unsafeDowncast(object, to: ResolvedElementContent.self))
        }
    }
}

/// The content and state of an element past pending. Immutable: a change of state stores a new
/// box (an element changes state a few times in its life: claimed, made, perhaps given up).
/// The box is read and replaced under `ElementAllocation`'s lock.
final class AllocatedElement: @unchecked Sendable {
    // SAFETY: both properties are immutable; the node in `state` is handed between threads as
    // `ASCollectionElement` (itself unchecked Sendable for the same node) always has: nodes
    // guard their own state with their locks.
    /// The content as an untagged reference (see `ElementSlot`).
    private let contentObject: AnyObject
    let state: ElementAllocation.State

    var content: ElementContent { ElementContent(holding: contentObject) }

    init(content: ElementContent, state: ElementAllocation.State) {
        contentObject = content.object
        self.state = state
    }
}
