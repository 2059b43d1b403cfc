import Foundation

/// Runs once a node has loaded, on the main actor; Texture's `ASDisplayNodeDidLoadBlock`.
public typealias ASDisplayNodeDidLoadBlock = @MainActor @Sendable (ASDisplayNode) -> Void

extension ASDisplayNode {
    /// Whether the node has loaded and the blocks still waiting for it. Behind the node's lock.
    struct LoadingState {
        var isLoaded = false
        var didLoadBlocks: [ASDisplayNodeDidLoadBlock] = []
        /// A plain node's view once asked for (see `view`); containers keep their own.
        var view: UIView?
        /// What makes the view of a view-backed node (`setViewBlock(_:)`).
        var viewBlock: ASDisplayNodeViewBlock?
    }

    /// Whether the node has loaded; Texture's `isNodeLoaded`. In Texture a node loads when its view
    /// (or layer) is made; offscreen, a node loads when the view controller hosting it loads its
    /// view, when its container's `view` is first asked for, or with its supernode. Loading is
    /// one-way: `didLoad()` and the `onDidLoad(_:)` blocks run once.
    public var isNodeLoaded: Bool { self[locked: \.loading.isLoaded] }

    /// Runs `body` once the node has loaded, on the main actor: at load, after `didLoad()`, in the
    /// order the blocks were added; at once (on the main actor) when the node is already loaded.
    /// Texture's `onDidLoad(_:)`.
    public func onDidLoad(_ body: @escaping ASDisplayNodeDidLoadBlock) {
        let runNow = state.withLock { s -> Bool in
            if s.loading.isLoaded { return true }
            s.loading.didLoadBlocks.append(body)
            return false
        }
        // This thread waits while the main actor runs the block; the node guards its own state.
        let node = UncheckedSendable(self)
        if runNow { MainActorBridge.run { body(node.value) } }
    }

    /// Loads the node and its subnodes that have not loaded: marks each loaded, lets a container
    /// make its view (`makeViewsForLoading()`), then calls `didLoad()` and runs its `onDidLoad`
    /// blocks. A node loads once; a block added while its node loads runs with that load.
    @MainActor
    func loadNodeIfNeeded() {
        let blocks = state.withLock { s -> [ASDisplayNodeDidLoadBlock]? in
            guard !s.loading.isLoaded else { return nil }
            s.loading.isLoaded = true
            return []
        }
        if blocks != nil {
            makeViewsForLoading()
            didLoad()
            // Blocks added by didLoad() or by an earlier block are taken too, in order.
            while true {
                let pending = state.withLock { s -> [ASDisplayNodeDidLoadBlock] in
                    defer { s.loading.didLoadBlocks = [] }
                    return s.loading.didLoadBlocks
                }
                if pending.isEmpty { break }
                for block in pending { block(self) }
            }
        }
        for subnode in subnodes { subnode.loadNodeIfNeeded() }
    }
}
