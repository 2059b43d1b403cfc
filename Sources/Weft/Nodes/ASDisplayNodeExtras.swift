import Foundation

// Texture's ASDisplayNodeExtras: finding nodes in a tree and walking it.
//
// Every walk is iterative, so a tree of any depth (100,000 levels is a supported case) costs no
// stack. A walk reads each node's `subnodes` once, under that node's lock, as a snapshot, and
// calls the block outside any lock: a block may edit the tree, and nodes it adds or removes from a
// part of the tree not yet read are then seen or skipped accordingly. Any thread.

/// Whether `interfaceState` contains `.visible`; Texture's `ASInterfaceStateIncludesVisible(_:)`.
public func ASInterfaceStateIncludesVisible(_ interfaceState: ASInterfaceState) -> Bool { interfaceState.contains(.visible) }

/// Whether `interfaceState` contains `.display`; Texture's `ASInterfaceStateIncludesDisplay(_:)`.
public func ASInterfaceStateIncludesDisplay(_ interfaceState: ASInterfaceState) -> Bool { interfaceState.contains(.display) }

/// Whether `interfaceState` contains `.preload`; Texture's `ASInterfaceStateIncludesPreload(_:)`.
public func ASInterfaceStateIncludesPreload(_ interfaceState: ASInterfaceState) -> Bool { interfaceState.contains(.preload) }

/// Whether `interfaceState` contains `.measureLayout`; Texture's `ASInterfaceStateIncludesMeasureLayout(_:)`.
public func ASInterfaceStateIncludesMeasureLayout(_ interfaceState: ASInterfaceState) -> Bool {
    interfaceState.contains(.measureLayout)
}

/// The root of `node`'s tree (the ancestor with no supernode), `node` itself when it has no
/// supernode; Texture's `ASDisplayNodeUltimateParentOfNode(_:)`.
public func ASDisplayNodeUltimateParentOfNode(_ node: ASDisplayNode) -> ASDisplayNode {
    var root = node
    while let parent = root.supernode { root = parent }
    return root
}

/// Calls `block` on every node below `node` (not `node` itself), each before its subnodes, in
/// subnode order; Texture's `ASDisplayNodePerformBlockOnEverySubnode(_:_:_:)`.
///
/// `traverseSublayers` asks Texture to walk a loaded node's layer tree instead, on the main thread,
/// which also reaches nodes hosted in UIKit views between nodes; Weft's nodes form the only tree
/// there is, so the subnodes are walked either way (as Texture walks them for a node whose layer is
/// not made yet). Texture's own implementation ignores the flag too.
public func ASDisplayNodePerformBlockOnEverySubnode(_ node: ASDisplayNode, _ traverseSublayers: Bool, _ block: (ASDisplayNode) -> Void) {
    for subnode in node.subnodes { subnode.forEachInSubtree(block) }
}

/// Calls `block` on `node` and every node below it, level by level (breadth first), each level in
/// subnode order; Texture's `ASDisplayNodePerformBlockOnEveryNodeBFS(_:_:)`.
public func ASDisplayNodePerformBlockOnEveryNodeBFS(_ node: ASDisplayNode, _ block: (ASDisplayNode) -> Void) {
    var queue: [ASDisplayNode] = [node]
    var head = 0
    while head < queue.count {
        let current = queue[head]
        head += 1
        block(current)
        queue += current.subnodes
        // Drop the visited front now and then, so a wide tree does not keep every node alive.
        if head > 1_024 && head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
    }
}

/// `node` or its nearest ancestor that passes `block`; Texture's
/// `ASDisplayNodeFindFirstSupernode(_:_:)`, which starts with `node` itself despite its name.
@available(*, deprecated, message: "Use the `supernodes` property instead.")
public func ASDisplayNodeFindFirstSupernode(_ node: ASDisplayNode?, _ block: (ASDisplayNode) -> Bool) -> ASDisplayNode? {
    guard let node else { return nil }
    for ancestor in node.supernodesIncludingSelf where block(ancestor) { return ancestor }
    return nil
}

/// `start` or its nearest ancestor that is a `c` (or a subclass); Texture's
/// `ASDisplayNodeFindFirstSupernodeOfClass(_:_:)`, which starts with `start` itself.
@available(*, deprecated, message: "Use the `supernode(of:includingSelf:)` method instead.")
public func ASDisplayNodeFindFirstSupernodeOfClass(_ start: ASDisplayNode, _ c: AnyClass) -> ASDisplayNode? {
    start.supernode(of: c, includingSelf: true)
}

/// The nearest node that is `node1` or an ancestor of it and also `node2` or an ancestor of it;
/// Texture's `ASDisplayNodeFindClosestCommonAncestor(_:_:)`. Nodes in different trees have none:
/// Texture calls asking for one an error, and Weft returns nil and reports a `WeftDiagnostic`
/// (area `.view`). Linear in the two depths.
public func ASDisplayNodeFindClosestCommonAncestor(_ node1: ASDisplayNode, _ node2: ASDisplayNode) -> ASDisplayNode? {
    let ancestorsOf2 = Set(node2.supernodesIncludingSelf.map(ObjectIdentifier.init))
    if let common = node1.supernodesIncludingSelf.first(where: { ancestorsOf2.contains(ObjectIdentifier($0)) }) { return common }
    WeftDiagnostics.report(.view, "ASDisplayNodeFindClosestCommonAncestor", "\(node1) and \(node2) are in different trees; returned nil")
    return nil
}

/// Every node below `node` (not `node` itself), each before its subnodes; Texture's
/// `ASCollectDisplayNodes(_:)`. Texture collects them from the layer tree; Weft's nodes form the
/// only tree there is, so this is the node tree in that order.
public func ASCollectDisplayNodes(_ node: ASDisplayNode) -> [ASDisplayNode] {
    ASDisplayNodeFindAllSubnodes(node) { _ in true }
}

/// Every node below `start` (not `start` itself) that passes `block`, each before its subnodes
/// (depth first, in subnode order); Texture's `ASDisplayNodeFindAllSubnodes(_:_:)`.
public func ASDisplayNodeFindAllSubnodes(_ start: ASDisplayNode, _ block: (ASDisplayNode) -> Bool) -> [ASDisplayNode] {
    var found: [ASDisplayNode] = []
    ASDisplayNodePerformBlockOnEverySubnode(start, false) { if block($0) { found.append($0) } }
    return found
}

/// Every node below `start` that is a `c` (or a subclass), in the order of
/// `ASDisplayNodeFindAllSubnodes`; Texture's `ASDisplayNodeFindAllSubnodesOfClass(_:_:)`.
public func ASDisplayNodeFindAllSubnodesOfClass(_ start: ASDisplayNode, _ c: AnyClass) -> [ASDisplayNode] {
    ASDisplayNodeFindAllSubnodes(start, ASDisplayNodeKindTest(c).matches)
}

/// The first node of `start`'s subtree, `start` included, that passes `block`, in Texture's order:
/// each subnode's subtree before the subnode itself, subnodes in order, and `start` last;
/// Texture's `ASDisplayNodeFindFirstNode(_:_:)`. The block is called in that order until it passes.
public func ASDisplayNodeFindFirstNode(_ start: ASDisplayNode, _ block: (ASDisplayNode) -> Bool) -> ASDisplayNode? {
    firstNodeAfterItsSubnodes(start, includingStart: true, block)
}

/// As `ASDisplayNodeFindFirstNode`, without `start` itself; Texture's `ASDisplayNodeFindFirstSubnode(_:_:)`.
public func ASDisplayNodeFindFirstSubnode(_ start: ASDisplayNode, _ block: (ASDisplayNode) -> Bool) -> ASDisplayNode? {
    firstNodeAfterItsSubnodes(start, includingStart: false, block)
}

/// The first node below `start` that is a `c` (or a subclass), in the order of
/// `ASDisplayNodeFindFirstSubnode`; Texture's `ASDisplayNodeFindFirstSubnodeOfClass(_:_:)`.
public func ASDisplayNodeFindFirstSubnodeOfClass(_ start: ASDisplayNode, _ c: AnyClass) -> ASDisplayNode? {
    ASDisplayNodeFindFirstSubnode(start, ASDisplayNodeKindTest(c).matches)
}

/// The walk behind the find-first functions: post-order (a node after its subtree), iterative.
private func firstNodeAfterItsSubnodes(_ start: ASDisplayNode, includingStart: Bool,
                                       _ block: (ASDisplayNode) -> Bool) -> ASDisplayNode? {
    // Each entry is a node and whether its subnodes are already on the stack above it.
    var pending: [(node: ASDisplayNode, expanded: Bool)] = [(start, false)]
    while let (node, expanded) = pending.popLast() {
        if expanded {
            if (node !== start || includingStart) && block(node) { return node }
        } else {
            pending.append((node, true))
            for subnode in node.subnodes.reversed() { pending.append((subnode, false)) }
        }
    }
    return nil
}

/// The colour of placeholders, a light grey (white 0.95); Texture's `ASDisplayNodeDefaultPlaceholderColor()`.
public func ASDisplayNodeDefaultPlaceholderColor() -> UIColor { DefaultColors.placeholder }

/// iOS's default tint, a blue (0, 0.478, 1); Texture's `ASDisplayNodeDefaultTintColor()`.
public func ASDisplayNodeDefaultTintColor() -> UIColor { DefaultColors.tint }

/// The colours above, made once (Texture returns the same object every time).
private enum DefaultColors {
    static let placeholder = UIColor(white: 0.95, alpha: 1)
    static let tint = UIColor(red: 0, green: 0.478, blue: 1, alpha: 1)
}
