import Foundation

/// Finds the elements VoiceOver reads in a node tree, in the order it reads them: Texture's
/// `_ASDisplayViewAccessiblity.mm` rules (which follow UIKit's) applied to a tree that has no
/// window.
///
/// - A node that `isAccessibilityElement` is one element; its subnodes are not read.
/// - A node with `isAccessibilityContainer` (Texture) is one element that joins its subtree's
///   labels ("Jane, 2 hours ago"); see `ASDisplayNode.isAccessibilityContainer`.
/// - Otherwise its subnodes are searched. A hidden node, one with alpha 0 or with
///   `accessibilityElementsHidden` is skipped with its subtree. When a subnode has
///   `accessibilityViewIsModal`, only the last such subnode is searched, not its siblings.
/// - Elements entirely outside the root's bounds are left out (Texture leaves out those outside
///   the window), except inside a scroll, collection or table node.
/// - A collection or table node's visible cells (items and supplementary views) are searched
///   like subnodes, placed where the collection draws them at its content offset.
/// - Reading order: by frame, top to bottom, then from the leading edge (left, or right when the
///   node's `layoutDirection` is right to left), then shorter, then narrower: Texture's
///   `SortAccessibilityElements` comparator, made direction-aware as VoiceOver is.
///   `accessibilityElements` replaces that order for its node's elements, and
///   `shouldGroupAccessibilityChildren` keeps a subtree's elements together, sorted among
///   themselves and placed by their union frame among their neighbours.
///
/// The tree is laid out first (`layoutIfNeeded()`), as rendering does, so frames are final. The
/// search (`AccessibilityWalk`) is iterative, reads each node once and stops at
/// `WeftLimits.maximumTreeDepth`: an `accessibilityElements` list that names its own node, an
/// ancestor or a node twice is cut where it loops, reported, and the other elements still come out.
/// Reads each node under its own lock; use from any thread, like nodes.
public enum AccessibilityHierarchy {
    /// The elements of `root`'s tree in reading order, frames in `root`'s coordinates.
    public static func elements(of root: ASDisplayNode) -> [AccessibilityElement] {
        root.layoutIfNeeded()
        let bounds = CGRect(origin: .zero, size: root.bounds.size)
        let items = AccessibilityWalk.items(of: root, at: AccessibilityWalk.Place(window: bounds, offset: .zero, inScroll: false))
        return flattened(sorted(items, rightToLeft: isRightToLeft(root)))
    }

    /// `node`'s element, its frame and activation point moved by `offset` (a cell's place in the image).
    static func makeElement(_ node: ASDisplayNode, offset: CGPoint) -> AccessibilityElement {
        let point = node.accessibilityActivationPoint
        return AccessibilityElement(label: node.accessibilityLabel, value: node.accessibilityValue, hint: node.accessibilityHint,
                             traits: node.accessibilityTraits, frame: node.accessibilityFrame.offsetBy(dx: offset.x, dy: offset.y),
                             activationPoint: CGPoint(x: point.x + offset.x, y: point.y + offset.y), identifier: node.accessibilityIdentifier,
                             language: node.accessibilityLanguage,
                             customActions: node.accessibilityCustomActions?.map(\.name) ?? [],
                             nodeClass: String(describing: type(of: node)),
                             debugName: node.debugName)
    }

    /// Texture's `nodeIsHiddenFromAcessibility`.
    static func isHiddenFromAccessibility(_ node: ASDisplayNode) -> Bool {
        node.isHidden || node.alpha == 0 || node.accessibilityElementsHidden
    }

    static func isRightToLeft(_ node: ASDisplayNode) -> Bool {
        node.primitiveTraitCollection().layoutDirection == .rightToLeft
    }

    static func sorted(_ items: [AccessibilityItem], rightToLeft: Bool) -> [AccessibilityItem] {
        let frames = items.map(\.frame)
        return items.indices.sorted { readsBefore(frames[$0], frames[$1], $0, $1, rightToLeft) }.map { items[$0] }
    }

    /// Texture's comparator: the upper origin first; on the same line the leading one; then the
    /// shorter, then the narrower; then the order found (so equal frames keep tree order).
    static func readsBefore(_ a: CGRect, _ b: CGRect, _ aIndex: Int, _ bIndex: Int, _ rightToLeft: Bool) -> Bool {
        if a.minY != b.minY { return a.minY < b.minY }
        if rightToLeft, a.maxX != b.maxX { return a.maxX > b.maxX }
        if !rightToLeft, a.minX != b.minX { return a.minX < b.minX }
        if a.height != b.height { return a.height < b.height }
        if a.width != b.width { return a.width < b.width }
        return aIndex < bIndex
    }

    /// The elements in order, groups opened; with a stack of its own, as groups nest as deep as the tree.
    static func flattened(_ items: [AccessibilityItem]) -> [AccessibilityElement] {
        var result: [AccessibilityElement] = []
        var pending = Array(items.reversed())
        while let item = pending.popLast() {
            switch item {
            case .element(let element): result.append(element)
            case .group(let items, _): pending += items.reversed()
            }
        }
        return result
    }
}

extension ASDisplayNode {
    /// The elements VoiceOver would read in this node's tree, in reading order, frames in this
    /// node's coordinates; see `AccessibilityHierarchy`.
    public func accessibilityElementsInReadingOrder() -> [AccessibilityElement] {
        AccessibilityHierarchy.elements(of: self)
    }
}
