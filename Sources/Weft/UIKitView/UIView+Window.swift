import Foundation

extension UIView {
    /// UIKit's `window`: the window this view is in (itself for a window), or nil.
    public var window: UIWindow? {
        var current: UIView? = self
        while let view = current {
            if let window = view as? UIWindow { return window }
            current = view.superview
        }
        return nil
    }

    /// The node this view shows: a node's view's, a scroll, collection or table node's, or a
    /// view-backed node's (`setViewBlock(_:)`); nil for a plain view.
    var hostedNode: ASDisplayNode? {
        layer.owningNode ?? (self as? UIScrollView)?.scrollingNode
    }

    /// After this view moved (added to a view, or removed from one): when that changed its
    /// window, each view of its subtree gets `willMove(toWindow:)` and `didMoveToWindow()`, and the
    /// nodes they show enter the interface hierarchy (`.inHierarchy`) or leave it (`[]`), with
    /// their subnodes, and are told (`willEnterHierarchy()`, `didEnterHierarchy()`,
    /// `didExitHierarchy()`), as Texture's views do in `didMoveToWindow`. The nodes are collected first:
    /// their callbacks are user code and may edit the hierarchy.
    func windowMayHaveChanged(from oldWindow: UIWindow?) {
        let newWindow = window
        guard newWindow !== oldWindow else { return }
        var views: [UIView] = []
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            views.append(view)
            pending += view.subviews.reversed()
        }
        for view in views { view.willMove(toWindow: newWindow) }
        let state: ASInterfaceState = newWindow == nil ? [] : .inHierarchy
        let nodes = views.compactMap(\.hostedNode)
        // Placeholders go up before display starts, as Texture's `__enterHierarchy` adds them
        // before the interface state changes: a display finishing first would leave none.
        if newWindow != nil {
            for node in nodes where !node.isInHierarchy { node.forEachInSubtree { $0.showPlaceholderIfNotDisplayed() } }
        }
        for node in nodes where node.interfaceState != state {
            node.recursivelySetInterfaceState(state)
        }
        // Then the hierarchy callbacks, each subtree once (a node entered with its supernode is
        // already in).
        let entering = newWindow != nil
        for node in nodes where node.isInHierarchy != entering {
            if entering { node.enterHierarchy() } else { node.exitHierarchy() }
        }
        for view in views { view.didMoveToWindow() }
    }
}
