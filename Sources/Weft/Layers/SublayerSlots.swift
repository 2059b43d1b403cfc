import Foundation

/// The layers of their own in a layer's one ordered list of sublayers (`CALayer.sublayers`), each
/// with its slot: how many of the node's subnodes' layers lie below it. A node's layer lists its
/// subnodes' layers (the node tree's order, the truth for them) and these merged: a layer with slot
/// `s` sits above the first `s` subnodes' layers and below the others, and layers with the same
/// slot keep their order. Slots never decrease along `entries`. A layer that is no node's has no
/// subnodes: every slot is 0 and the entries are its sublayers.
///
/// Subnode edits move the slots as Texture's index arithmetic moves the layers it inserts among
/// views and layers added to a node's (`ASDisplayNode.mm`, `_insertSubnode:atSubnodeIndex:sublayerIndex:`):
/// see `subnodeInserted(ownSplit:)` and `subnodeRemoved(at:)`.
///
/// A value, not thread-safe: it lives behind one lock with the subnodes it counts (a node's
/// layer's in the node's state, a layer of its own's in its `storage`).
struct SublayerSlots {
    struct Entry {
        let layer: CALayer
        var slot: Int
    }

    private(set) var entries: [Entry] = []

    var layers: [CALayer] { entries.map(\.layer) }
    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// The merged list: `subnodes` (one item each, in order) and the layers of their own (`own`
    /// makes their items), back to front.
    func merged<Item>(subnodes: [Item], own: (CALayer) -> Item) -> [Item] {
        var result: [Item] = []
        result.reserveCapacity(subnodes.count + entries.count)
        var next = 0
        for (index, subnode) in subnodes.enumerated() {
            while next < entries.count, entries[next].slot <= index {
                result.append(own(entries[next].layer))
                next += 1
            }
            result.append(subnode)
        }
        for entry in entries[next...] { result.append(own(entry.layer)) }
        return result
    }

    /// Where merged position `position` (0...count of both, clamped) falls: how many layers of
    /// their own (`own`) and how many subnodes (`slot`) lie below it.
    func split(at position: Int, subnodeCount: Int) -> (own: Int, slot: Int) {
        var own = 0, slot = 0
        while own + slot < position {
            if own < entries.count, entries[own].slot <= slot || slot == subnodeCount {
                own += 1
            } else if slot < subnodeCount {
                slot += 1
            } else {
                break
            }
        }
        return (own, slot)
    }

    /// The first layer of its own above the first `subnodes` subnodes' layers and below the rest
    /// (for a subnode inserted at index `subnodes`, directly above subnode `subnodes - 1`).
    func firstIndex(slotAtLeast subnodes: Int) -> Int {
        entries.firstIndex { $0.slot >= subnodes } ?? entries.count
    }

    /// The first layer of its own above subnode `index`'s layer (for a subnode inserted directly
    /// below that subnode's layer).
    func firstIndex(slotAbove index: Int) -> Int {
        entries.firstIndex { $0.slot > index } ?? entries.count
    }

    /// Inserts `layer` at merged position `position` (clamped), among `subnodeCount` subnodes.
    mutating func insert(_ layer: CALayer, at position: Int, subnodeCount: Int) {
        let (own, slot) = split(at: max(position, 0), subnodeCount: subnodeCount)
        entries.insert(Entry(layer: layer, slot: slot), at: own)
    }

    /// Removes `layer`; false when it is not one of these.
    @discardableResult
    mutating func remove(_ layer: CALayer) -> Bool {
        guard let index = entries.firstIndex(where: { $0.layer === layer }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// A subnode's layer was inserted with `ownSplit` layers of their own below it: the others now
    /// have one more subnode below them.
    mutating func subnodeInserted(ownSplit: Int) {
        for index in entries.indices where index >= ownSplit { entries[index].slot += 1 }
    }

    /// Subnode `index` left: the layers above it have one subnode fewer below them.
    mutating func subnodeRemoved(at index: Int) {
        for entryIndex in entries.indices where entries[entryIndex].slot > index { entries[entryIndex].slot -= 1 }
    }
}
