import Foundation

/// A node's safe-area settings, held in its state under its lock.
struct NodeSafeArea: Sendable {
    /// The insets this node was given as a root (by its view, or by a render on a device); nil
    /// for a node whose insets come from its supernode.
    var given: UIEdgeInsets?
    var insetsLayoutMarginsFromSafeArea = true
    var automaticallyRelayoutOnSafeAreaChanges = false
}

extension ASDisplayNode {
    /// Texture's `safeAreaInsets` (bridged there to the view's): the part of the node the
    /// screen's edges cover. A controller's node has its view's (the device's insets plus the
    /// controller's `additionalSafeAreaInsets`); a subnode has the part of its supernode's safe
    /// area its frame lies under, as a UIKit subview does; a node that is no controller's and was
    /// not rendered on a device has none. Read it in `layoutSpecThatFits(_:)` to keep content
    /// clear of a notch or home indicator, and set `automaticallyRelayoutOnSafeAreaChanges`.
    public var safeAreaInsets: UIEdgeInsets {
        var chain: [ASDisplayNode] = [self]
        var given = self[locked: \.safeArea.given]
        while given == nil, let supernode = chain[chain.count - 1].supernode {
            chain.append(supernode)
            given = supernode[locked: \.safeArea.given]
        }
        var insets = given ?? .zero
        for index in stride(from: chain.count - 2, through: 0, by: -1) {
            insets = SafeAreaGeometry.inherited(insets, parentBounds: chain[index + 1].bounds, childFrame: chain[index].frame)
        }
        return insets
    }

    /// Texture's `insetsLayoutMarginsFromSafeArea` (default true). Weft's nodes have no layout
    /// margins yet, so it is stored for code that sets it and changes nothing.
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { self[locked: \.safeArea.insetsLayoutMarginsFromSafeArea] }
        set { self[locked: \.safeArea.insetsLayoutMarginsFromSafeArea] = newValue }
    }

    /// Texture's `automaticallyRelayoutOnSafeAreaChanges` (default false): when set, a change of
    /// `safeAreaInsets` drops the node's layout (`setNeedsLayout()`), so a layout that read the old
    /// insets is not reused.
    public var automaticallyRelayoutOnSafeAreaChanges: Bool {
        get { self[locked: \.safeArea.automaticallyRelayoutOnSafeAreaChanges] }
        set { self[locked: \.safeArea.automaticallyRelayoutOnSafeAreaChanges] = newValue }
    }

    /// Gives this node `insets` as a root (from its view, or a render on a device), calling
    /// `safeAreaInsetsDidChange()` on each node of its subtree whose insets changed.
    func setSafeAreaInsetsFromView(_ insets: UIEdgeInsets) {
        guard self[locked: \.safeArea.given] != insets else { return }
        var before: [ObjectIdentifier: UIEdgeInsets] = [:]
        forEachInSubtree { node, inherited in
            before[ObjectIdentifier(node)] = inherited
        }
        self[locked: \.safeArea.given] = insets
        forEachInSubtree { node, inherited in
            if before[ObjectIdentifier(node)] != inherited { node.safeAreaInsetsDidChange() }
        }
    }

    /// Each node of the subtree with its safe-area insets, parents first, computed top-down in one
    /// walk (iterative, since trees can be deeper than the stack).
    private func forEachInSubtree(_ body: (ASDisplayNode, UIEdgeInsets) -> Void) {
        var pending: [(ASDisplayNode, UIEdgeInsets)] = [(self, safeAreaInsets)]
        while let (node, insets) = pending.popLast() {
            body(node, insets)
            let bounds = node.bounds
            for subnode in node.subnodes.reversed() {
                let own = subnode[locked: \.safeArea.given]
                pending.append((subnode, own ?? SafeAreaGeometry.inherited(insets, parentBounds: bounds, childFrame: subnode.frame)))
            }
        }
    }
}
