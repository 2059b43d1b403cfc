import Foundation
import Synchronization

/// Texture's subtree rasterization (`enableSubtreeRasterization()`, ASDisplayNode+Beta): the node
/// draws its whole subtree into its own backing store, as one picture, instead of each subnode
/// compositing its own. Drawn at the node's size, so subnodes reaching outside its bounds are cut
/// off there, as in Texture.
///
/// - The rasterizing node's display draws its own contents, then each subnode's subtree, each
///   displayed synchronously inside that job (their `displayWillStart…`/`displayDidFinish()` run
///   there, as Texture's rasterizing pass calls them) and composited into the same bitmap.
/// - Nodes under it do not display on their own; a change of their contents
///   (`setNeedsDisplay()`) makes the rasterizing node's contents stale instead.
/// - A change of their geometry or appearance (frame, alpha, colours, layer properties) is
///   found when the node is next displayed or rendered: the contents remember the captures they
///   were drawn from (`RasterizedSubtree`), and captures that draw otherwise redraw them.
/// - Interface states reach the subnodes as usual.
///
/// The flag is the node's (`state`); `SubtreeRasterization.live` spares every display the walk up
/// the tree while no rasterizing node exists (a walk per node would make a deep tree's display
/// quadratic).
enum SubtreeRasterization {
    /// How many rasterizing nodes exist: counted up as one is enabled, down as it is freed.
    static let live = Atomic(0)
    static var inUse: Bool { live.load(ordering: .acquiring) > 0 }
    /// How many levels up a display looks for a rasterizing node (see `rasterizingAncestor()`).
    static let reach = 32
}

/// What a rasterized subtree's picture was drawn from: its subnodes' captures, as composited
/// into the contents, at the contents' scale. A capture that no longer `drawsSame` as the one
/// drawn (a subnode moved, changed its appearance, or has new contents) makes the contents stale.
struct RasterizedSubtree: Sendable {
    let scale: CGFloat
    let layers: [CompositeLayer]

    /// Whether `node`'s subnodes, captured now, draw what was drawn.
    func isCurrent(below node: ASDisplayNode) -> Bool {
        let now = node.subnodeCaptures(scale: scale)
        return now.count == layers.count && zip(now, layers).allSatisfy { $0.drawsSame(as: $1) }
    }
}

extension ASDisplayNode {
    /// Texture's `enableSubtreeRasterization()`: from now on this node draws its subtree into its
    /// own backing store (see `SubtreeRasterization`). As in Texture, it must be called before the
    /// node or any subnode loads, and not under a node that already rasterizes; otherwise it is
    /// reported (Texture asserts) and nothing changes.
    public func enableSubtreeRasterization() {
        if rasterizesSubtree { return }
        if let ancestor = rasterizingAncestor() {
            return WeftDiagnostics.report(.display, "\(self).enableSubtreeRasterization()", "\(ancestor) above it already rasterizes its subtree; nothing changed")
        }
        var loaded: ASDisplayNode?
        forEachInSubtree { node in if loaded == nil, node.isNodeLoaded { loaded = node } }
        if let loaded {
            let which = loaded === self ? "the node" : "its subnode \(loaded)"
            return WeftDiagnostics.report(.display, "\(self).enableSubtreeRasterization()", "\(which) is already loaded (call it before the view or layer is made); nothing changed")
        }
        let enabled = state.withLock { s -> Bool in
            guard !s.rasterizesSubtree else { return false }
            s.rasterizesSubtree = true
            s.display.generation += 1
            return true
        }
        guard enabled else { return }
        SubtreeRasterization.live.add(1, ordering: .releasing)
        if interfaceState.contains(.display) { startDisplay(scale: nil) }
    }

    /// Texture's `rasterizesSubtree`: whether `enableSubtreeRasterization()` took effect.
    public var rasterizesSubtree: Bool { self[locked: \.rasterizesSubtree] }

    /// The nearest node above this one, at most `SubtreeRasterization.reach` levels up, that
    /// rasterizes its subtree; nil when there is none. Bounded because every display asks it:
    /// an unbounded walk would make a deep tree's display quadratic. A node deeper below its
    /// rasterizing node still appears in its contents (the rasterizing display draws the whole
    /// subtree, and a change below is found when it is next displayed), but displays on its own too.
    func rasterizingAncestor() -> ASDisplayNode? {
        guard SubtreeRasterization.inUse else { return nil }
        var node = supernode
        var levels = 0
        while let current = node, levels < SubtreeRasterization.reach {
            levels += 1
            let (rasterizes, supernode) = current.state.withLock { ($0.rasterizesSubtree, $0.supernode) }
            if rasterizes { return current }
            node = supernode
        }
        return nil
    }

    /// For a rasterizing node whose contents are current: makes them stale when the subtree
    /// changed since they were drawn (a subnode moved, or changed its appearance).
    func invalidateRasterizedContentsIfSubtreeChanged() {
        guard SubtreeRasterization.inUse, !isRasterizedSubtreeCurrent() else { return }
        markContentsStale()
    }

    /// False for a rasterizing node whose committed contents no longer show its subtree; true
    /// otherwise (nothing to check).
    func isRasterizedSubtreeCurrent() -> Bool {
        let (drawn, drawnFrom) = state.withLock { s in
            (s.rasterizesSubtree && s.display.committedGeneration == s.display.generation, s.display.rasterizedFrom)
        }
        guard drawn, let drawnFrom else { return true }
        return drawnFrom.isCurrent(below: self)
    }

    /// The subnodes' captures at `scale`, in z order: what a rasterizing node composites.
    func subnodeCaptures(scale: CGFloat) -> [CompositeLayer] { Self.captures(of: subnodes, scale: scale) }

    /// Inside a rasterizing node's display: each subnode's subtree, displayed now on this thread
    /// at `scale` and composited into `context`, whose origin is the node's bounds origin.
    /// Returns what it drew, for the contents to remember.
    func drawRasterizedSubtree(into context: GraphicsContext, scale: CGFloat) -> RasterizedSubtree {
        let bounds = self.bounds
        for subnode in subnodes { subnode.ensureDisplay(scale: scale, synchronously: true) }
        let layers = subnodeCaptures(scale: scale)
        context.withSavedState {
            context.translateBy(x: -bounds.minX, y: -bounds.minY)
            for layer in layers { layer.draw(into: context) }
        }
        return RasterizedSubtree(scale: scale, layers: layers)
    }
}
