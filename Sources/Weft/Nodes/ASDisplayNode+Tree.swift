import Foundation
import Synchronization

/// The one lock that every structural edit of any node tree holds.
///
/// Adding a subnode must check that it is not an ancestor of the new supernode and then link it,
/// as one step: with only per-node locks, `a.addSubnode(b)` and `b.addSubnode(a)` on two threads
/// could both pass the check and make a cycle. A per-tree lock would have to be found and taken
/// for two trees at once (the old and the new supernode's), with an order between them; one
/// process-wide lock is simpler and enough, because edits are rare and short (a check that is
/// usually O(1), and a few pointer updates). It is taken before any node's own lock, never while
/// holding one, and no user code (interface-state callbacks) runs under it.
/// Owns: every node's `subnodes` and `supernode` fields, the slots of the layers added to its
/// layer (`LayerModel.ownSublayers`), and the lists and `superlayer`s of layers of their own (each
/// also behind its node's lock or its layer's `storage`, so readers need only that). Under it a
/// node's lock and a layer's `storage` are taken one at a time, never nested.
enum TreeEditLock {
    static let lock = Mutex(())

    static func withLock<R>(_ body: () -> R) -> R {
        lock.withLock { _ in body() }
    }
}

extension ASDisplayNode {
    /// The subnodes, back to front.
    public var subnodes: [ASDisplayNode] { state.withLock { $0.subnodes } }

    /// The node this one is a subnode of.
    public var supernode: ASDisplayNode? { state.withLock { $0.supernode } }

    /// Adds `subnode` on top of the other subnodes, removing it from its old supernode first; its
    /// layer goes on top of the layer's list, above the layers and views added to it, as Texture
    /// adds it at `sublayers.count`. Adding a node to itself or to one of its own subnodes is
    /// ignored, since it would make a cycle.
    public func addSubnode(_ subnode: ASDisplayNode) {
        link(subnode, .top)
    }

    /// Inserts `subnode` at `index` (clamped to the subnode count); its layer goes directly above
    /// subnode `index - 1`'s (at the bottom of the list for 0), below the layers and views added
    /// above that one, as Texture's index arithmetic puts it. A subnode already here leaves its
    /// place first. The check that this would not make a cycle and the insertion are one atomic
    /// step (see `TreeEditLock`).
    public func insertSubnode(_ subnode: ASDisplayNode, at index: Int) {
        link(subnode, .index(index))
    }

    /// Makes `subnode` a subnode whose layer lands at `index` in the layer's list of sublayers
    /// (clamped): a node's layer added to this node's with `insertSublayer(_:at:)`. Its subnode
    /// index is the number of subnodes' layers below that place.
    func insertSubnode(_ subnode: ASDisplayNode, atSublayerIndex index: Int) {
        link(subnode, .sublayerIndex(index))
    }

    /// Inserts `subnode` just behind `below`, which must be one of this node's subnodes; Texture's
    /// `insertSubnode(_:belowSubnode:)`: its layer goes directly below `below`'s, above the layers
    /// and views added below that one. A subnode already here moves. When `below` is not a
    /// subnode, nothing changes and a `WeftDiagnostic` (area `.view`) says so (Texture asserts);
    /// inserting a node below itself leaves it where it is.
    public func insertSubnode(_ subnode: ASDisplayNode, belowSubnode below: ASDisplayNode) {
        guard below.supernode === self else { return reportNotASubnode(below, in: "insertSubnode(_:belowSubnode:)") }
        if subnode !== below { link(subnode, .below(below)) }
    }

    /// Inserts `subnode` just in front of `above`, which must be one of this node's subnodes;
    /// Texture's `insertSubnode(_:aboveSubnode:)`: its layer goes directly above `above`'s.
    /// Otherwise as `insertSubnode(_:belowSubnode:)`.
    public func insertSubnode(_ subnode: ASDisplayNode, aboveSubnode above: ASDisplayNode) {
        guard above.supernode === self else { return reportNotASubnode(above, in: "insertSubnode(_:aboveSubnode:)") }
        if subnode !== above { link(subnode, .above(above)) }
    }

    /// Puts `replacementSubnode` where `oldSubnode` is and removes `oldSubnode`, as one tree edit;
    /// Texture's `replaceSubnode(_:withSubnode:)`; its layer takes the old one's place in the list.
    /// `replacementSubnode` leaves its old supernode (or its own place here). When `oldSubnode` is not a subnode, nothing changes and a
    /// `WeftDiagnostic` (area `.view`) says so (Texture asserts); replacing a node with itself
    /// changes nothing; a replacement that would make a cycle (this node or an ancestor of it) is
    /// ignored, as `addSubnode(_:)` ignores it, and `oldSubnode` stays.
    public func replaceSubnode(_ oldSubnode: ASDisplayNode, withSubnode replacementSubnode: ASDisplayNode) {
        guard oldSubnode.supernode === self else { return reportNotASubnode(oldSubnode, in: "replaceSubnode(_:withSubnode:)") }
        if replacementSubnode !== oldSubnode { link(replacementSubnode, .replacing(oldSubnode)) }
    }

    private func reportNotASubnode(_ node: ASDisplayNode, in method: String) {
        WeftDiagnostics.report(.view, "\(self).\(method)", "\(node) is not a subnode of it; nothing was changed")
    }

    /// Where `link` puts a subnode.
    private enum Placement {
        case index(Int)
        case top
        case sublayerIndex(Int)
        case below(ASDisplayNode)
        case above(ASDisplayNode)
        case replacing(ASDisplayNode)

        /// The subnode the placement is relative to, which must still be a subnode.
        var sibling: ASDisplayNode? {
            switch self {
            case .index, .top, .sublayerIndex: nil
            case .below(let node), .above(let node), .replacing(let node): node
            }
        }
    }

    /// Makes `subnode` a subnode at `placement`, as one step under the tree-edit lock: it leaves
    /// its old place first (so a subnode moving along this node's own list still lands next to its
    /// sibling), and the sibling it replaces, if any, is removed. Adding a node to itself or to one
    /// of its own subnodes is ignored, since it would make a cycle, and so is an edit whose sibling
    /// another thread removed meanwhile. Interface states change afterwards, outside the lock: the
    /// callbacks are user code and may edit trees themselves.
    private func link(_ subnode: ASDisplayNode, _ placement: Placement) {
        let edit = TreeEditLock.withLock { () -> (moved: Bool, removed: ASDisplayNode?, state: ASInterfaceState)? in
            guard subnode !== self, !subnode.isAncestorWhileEditing(of: self) else { return nil }
            if let sibling = placement.sibling, sibling.supernode !== self { return nil }
            let oldParent = subnode.detachWhileEditing()
            var removed: ASDisplayNode?, replaced: (index: Int, ownBelow: Int)?
            if case .replacing(let old) = placement {
                // Where the old subnode's layer is, taken before it leaves (its slot neighbours
                // would then be ambiguous): the replacement's goes back there.
                replaced = state.withLock { s in
                    s.subnodes.firstIndex { $0 === old }.map { ($0, s.layerModel.ownSublayers.firstIndex(slotAbove: $0)) }
                }
                _ = old.detachWhileEditing()
                removed = old
            }
            subnode.state.withLock { $0.supernode = self }
            let parentState = state.withLock { s -> ASInterfaceState in
                // The subnode index, and how many layers of their own stay below the subnode's layer.
                let count = s.subnodes.count, own = s.layerModel.ownSublayers
                let index: Int, ownBelow: Int
                func clamped(_ index: Int) -> Int { min(max(index, 0), count) }
                switch placement {
                case .index(let wanted):
                    index = clamped(wanted)
                    ownBelow = own.firstIndex(slotAtLeast: index)
                case .top:
                    (index, ownBelow) = (count, own.count)
                case .sublayerIndex(let position):
                    (ownBelow, index) = own.split(at: max(position, 0), subnodeCount: count)
                case .below(let sibling):
                    index = s.subnodes.firstIndex { $0 === sibling } ?? count
                    ownBelow = own.firstIndex(slotAbove: index)
                case .above(let sibling):
                    index = clamped((s.subnodes.firstIndex { $0 === sibling } ?? count) + 1)
                    ownBelow = own.firstIndex(slotAtLeast: index)
                case .replacing:
                    index = clamped(replaced?.index ?? count)
                    ownBelow = replaced?.ownBelow ?? own.count
                }
                s.subnodes.insert(subnode, at: index)
                s.layerModel.ownSublayers.subnodeInserted(ownSplit: ownBelow)
                return s.interfaceState
            }
            return (oldParent != nil, removed, parentState)
        }
        guard let edit else { return }
        edit.removed?.recursivelySetInterfaceState([])
        shareTraits(with: subnode)
        if edit.moved { subnode.recursivelySetInterfaceState([]) }
        if !edit.state.isEmpty { subnode.recursivelySetInterfaceState(edit.state) }
        if isNodeLoaded && !subnode.isNodeLoaded { loadJoining(subnode) }
    }

    /// Loads a subnode that joined a loaded supernode, as Texture does when it adds the subnode's
    /// view or layer to the supernode's: now on the main actor, else queued to it.
    private func loadJoining(_ subnode: ASDisplayNode) {
        // SAFETY: a node guards its state with its own lock; loading runs on the main actor.
        let node = UncheckedSendable(subnode)
        if MainActorBridge.ifOnMainActor({ node.value.loadNodeIfNeeded() }) == nil {
            DispatchQueue.main.async { MainActor.assumeIsolated { node.value.loadNodeIfNeeded() } }
        }
    }

    /// Removes the node from its supernode. Its subtree leaves every interface state: pending
    /// display work is cancelled and backing stores are dropped.
    public func removeFromSupernode() {
        guard TreeEditLock.withLock({ detachWhileEditing() }) != nil else { return }
        recursivelySetInterfaceState([])
    }

    /// Unlinks the node from its supernode and returns that supernode. Tree-edit lock held.
    private func detachWhileEditing() -> ASDisplayNode? {
        let parent = state.withLock { s -> ASDisplayNode? in
            defer { s.supernode = nil }
            return s.supernode
        }
        parent?.state.withLock { s in
            guard let index = s.subnodes.firstIndex(where: { $0 === self }) else { return }
            s.subnodes.remove(at: index)
            s.layerModel.ownSublayers.subnodeRemoved(at: index)
        }
        return parent
    }

    /// Whether this node is `node` or one of its ancestors. Tree-edit lock held, so no link
    /// changes meanwhile.
    ///
    /// Cheap in the common cases, so that building a tree is linear: a node without subnodes is
    /// nobody's ancestor (a fresh node added under a deep one, O(1)); otherwise the walk goes up
    /// from `node`, which is short when a tree is built bottom-up (a subtree added under a new root).
    private func isAncestorWhileEditing(of node: ASDisplayNode) -> Bool {
        guard state.withLock({ !$0.subnodes.isEmpty }) else { return false }
        var current: ASDisplayNode? = node
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.supernode
        }
        return false
    }

    /// Puts the subnodes that are in `wanted` in its order, in the places such subnodes hold now;
    /// the others keep their places. One tree edit: used when a layout reorders managed subnodes
    /// among subnodes added by hand.
    /// The count does not change, so the slots of the layers added among them stay valid.
    func reorderSubnodes(_ wanted: [ASDisplayNode]) {
        let wantedIDs = Set(wanted.map(ObjectIdentifier.init))
        TreeEditLock.withLock {
            state.withLock { s in
                let present = Set(s.subnodes.map(ObjectIdentifier.init))
                var inOrder = wanted.filter { present.contains(ObjectIdentifier($0)) }.makeIterator()
                s.subnodes = s.subnodes.map { node in
                    wantedIDs.contains(ObjectIdentifier(node)) ? (inOrder.next() ?? node) : node
                }
            }
        }
    }

    /// True when `node` is this node's supernode, or its supernode's, and so on.
    public func isDescendant(of node: ASDisplayNode) -> Bool {
        var current = supernode
        while let ancestor = current {
            if ancestor === node { return true }
            current = ancestor.supernode
        }
        return false
    }

    /// Frees the subtree of a node being deinitialised without recursion: the subnodes and the
    /// nodes listed in `accessibilityElements` (and the cached layouts and spec blocks, which may
    /// hold them too) are moved out of each node that only this loop still holds, before that
    /// node goes. Without this, freeing a chain 100,000 deep would recurse once per level and
    /// overflow the stack.
    func releaseSubtreeIteratively() {
        var pending = takeOwnedReferences().subnodes
        while var node = pending.popLast() {
            guard isKnownUniquelyReferenced(&node) else { continue }
            let owned = node.takeOwnedReferences()
            pending += owned.subnodes
            // `owned.layout` (and then `node`) are released here, with no subnodes left to free.
        }
    }

    /// The subnodes, the cached layout and the nodes of `accessibilityElements` (which can chain
    /// as deep as subnodes: each node listing the next), moved out of this node.
    private func takeOwnedReferences() -> (subnodes: [ASDisplayNode], layout: LayoutState) {
        let (subnodes, layout) = state.withLock { s in
            defer {
                s.subnodes = []
                s.layout = LayoutState()
            }
            return (s.subnodes, s.layout)
        }
        let listed = accessibilityState.takeElements()?.compactMap { $0 as? ASDisplayNode } ?? []
        return (subnodes + listed, layout)
    }
}
