import Foundation

/// Where a view's safe area comes from: what its window gives a root view (a device's notch and
/// home indicator, see `ViewImageConfig`), and what the controller owning the view adds
/// (`additionalSafeAreaInsets`). The owning controller sets both; the view only reads them.
struct SafeAreaSource: Equatable {
    var window = UIEdgeInsets.zero
    var additional = UIEdgeInsets.zero
}

extension UIView {
    /// UIKit's `safeAreaInsets`: the part of the view the screen's edges cover. A root view has
    /// what its window gives it; a subview has the part of its superview's safe area it overlaps
    /// (an inset reaches a subview only where the subview's frame lies under it). A controller's
    /// `additionalSafeAreaInsets` are added to its view's.
    public var safeAreaInsets: UIEdgeInsets {
        let base = superview.map { SafeAreaGeometry.inherited($0.safeAreaInsets, parentBounds: $0.bounds, childFrame: frame) }
            ?? safeAreaSource.window
        return SafeAreaGeometry.adding(base, safeAreaSource.additional)
    }

    /// Sets where this view's safe area comes from and calls `safeAreaInsetsDidChange()` on each
    /// view of its subtree whose insets changed (and hands a node's view's insets to its node).
    func setSafeAreaSource(_ source: SafeAreaSource) {
        guard source != safeAreaSource else { return }
        var before: [ObjectIdentifier: UIEdgeInsets] = [:]
        forEachInSubtree { before[ObjectIdentifier($0)] = $0.safeAreaInsets }
        safeAreaSource = source
        forEachInSubtree { view in
            let now = view.safeAreaInsets
            guard before[ObjectIdentifier(view)] != now else { return }
            // A node's view hands its insets to its node, as Texture's `_ASDisplayView` does.
            (view.layer.node ?? (view as? UIScrollView)?.scrollingNode)?.setSafeAreaInsetsFromView(now)
            view.safeAreaInsetsDidChange()
        }
    }

    /// Hands each node's view in this subtree its insets as they are now, after this view moved
    /// under another part of its superview's safe area (a new frame or superview, its source
    /// unchanged, so `setSafeAreaSource(_:)` told no one). A node whose insets did not change
    /// hears nothing.
    func handSafeAreaToNodesInSubtree() {
        forEachInSubtree { view in
            (view.layer.node ?? (view as? UIScrollView)?.scrollingNode)?.setSafeAreaInsetsFromView(view.safeAreaInsets)
        }
    }

    /// This view and its subviews, parents first; iterative, since view trees can be deep.
    private func forEachInSubtree(_ body: (UIView) -> Void) {
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            body(view)
            pending += view.ownSubviews.reversed()
        }
    }
}

/// The arithmetic of safe areas, shared by views and nodes.
enum SafeAreaGeometry {
    /// The part of a parent's safe area that lies over a child at `childFrame` (in the parent's
    /// coordinates), as UIKit gives subviews: each edge's inset less the child's distance from
    /// that edge, never negative.
    static func inherited(_ insets: UIEdgeInsets, parentBounds: CGRect, childFrame: CGRect) -> UIEdgeInsets {
        let frame = childFrame.offsetBy(dx: -parentBounds.minX, dy: -parentBounds.minY)
        return UIEdgeInsets(top: min(max(0, insets.top - frame.minY), frame.height),
                            left: min(max(0, insets.left - frame.minX), frame.width),
                            bottom: min(max(0, insets.bottom - (parentBounds.height - frame.maxY)), frame.height),
                            right: min(max(0, insets.right - (parentBounds.width - frame.maxX)), frame.width))
    }

    static func adding(_ a: UIEdgeInsets, _ b: UIEdgeInsets) -> UIEdgeInsets {
        UIEdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }
}
