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
/// The tree is laid out first (`layoutIfNeeded()`), as rendering does, so frames are final.
/// Reads each node under its own lock; use from any thread, like nodes.
public enum AccessibilityHierarchy {
    /// The elements of `root`'s tree in reading order, frames in `root`'s coordinates.
    public static func elements(of root: ASDisplayNode) -> [AccessibilityElement] {
        root.layoutIfNeeded()
        let bounds = CGRect(origin: .zero, size: root.bounds.size)
        return flatten(sorted(collect(root, Walk(window: bounds, offset: .zero, inScroll: false)), rightToLeft: isRightToLeft(root)))
    }

    /// What one subtree contributes: elements, and groups that stay together.
    private indirect enum Item {
        case element(AccessibilityElement)
        case group([Item])

        var frame: CGRect {
            switch self {
            case .element(let element): element.frame
            case .group(let items): items.reduce(CGRect.null) { $0.union($1.frame) }
            }
        }
    }

    /// Where a walk is: the image's rectangle, the translation from the current tree's root to
    /// the image (zero, except inside a collection's cells, which are trees of their own), and
    /// whether a scroll view is above (Texture keeps elements outside the window there).
    private struct Walk {
        var window: CGRect
        var offset: CGPoint
        var inScroll: Bool
    }

    private static func collect(_ node: ASDisplayNode, _ walk: Walk) -> [Item] {
        guard !isHiddenFromAccessibility(node) else { return [] }
        if node.isAccessibilityElement {
            let element = makeElement(node, walk)
            return walk.inScroll || element.frame.intersects(walk.window) ? [.element(element)] : []
        }
        if node.isAccessibilityContainer {
            return containerElements(node, walk)
        }
        var walk = walk
        walk.inScroll = walk.inScroll || node is ASScrollNode || node is ASCollectionNode || node is ASTableNode
        if let explicit = node.accessibilityElements, !explicit.isEmpty {
            // The given order, each entry's own elements kept together in their own order.
            let items = explicit.compactMap { $0 as? ASDisplayNode }.map { entry in
                Item.group(sorted(collect(entry, walk), rightToLeft: isRightToLeft(entry)))
            }
            return [.group(items)]
        }
        let subnodes = node.subnodes
        let searched = subnodes.last(where: \.accessibilityViewIsModal).map { [$0] } ?? subnodes
        var items = searched.flatMap { collect($0, walk) }
        items += cellItems(node, placedAt: node.frameInRootCoordinates().origin, walk)
        if node.shouldGroupAccessibilityChildren, !items.isEmpty {
            return [.group(sorted(items, rightToLeft: isRightToLeft(node)))]
        }
        return items
    }

    /// Texture's `CollectAccessibilityElementsForContainer`: one element for `container` whose
    /// label joins the labels found breadth first in its subtree (sorted by frame), unless the
    /// container has a label of its own and no interactive trait; labelled interactive subnodes
    /// become custom actions; nested containers are elements of their own, listed before it.
    /// Unlike Texture, hidden subnodes are skipped, and an action's own subnodes (a button's
    /// title) are not read again as label text.
    private static func containerElements(_ container: ASDisplayNode, _ walk: Walk) -> [Item] {
        let containerTraits = container.accessibilityTraits
        let aggregates = (container.accessibilityLabel ?? "").isEmpty || !containerTraits.isDisjoint(with: .interactive)
        let rightToLeft = isRightToLeft(container)
        var nested: [Item] = []
        var labels: [(label: NSAttributedString, frame: CGRect)] = []
        var actions: [(name: String, frame: CGRect)] = []
        var queue: [ASDisplayNode] = [container]
        var index = 0
        while index < queue.count {
            let node = queue[index]
            index += 1
            if node !== container {
                if isHiddenFromAccessibility(node) { continue }
                if node.isAccessibilityContainer {
                    nested += containerElements(node, walk)
                    continue
                }
            }
            if let label = node.accessibilityAttributedLabel, label.length > 0 {
                if !node.accessibilityTraits.isDisjoint(with: .interactive) {
                    actions.append((label.string, node.accessibilityFrame.offsetBy(dx: walk.offset.x, dy: walk.offset.y)))
                    if node !== container { continue }
                } else if node === container || aggregates {
                    labels.append((label, node.accessibilityFrame.offsetBy(dx: walk.offset.x, dy: walk.offset.y)))
                }
            }
            queue += node.subnodes
        }
        var element = makeElement(container, walk)
        let orderedLabels = labels.enumerated().sorted { readsBefore($0.element.frame, $1.element.frame, $0.offset, $1.offset, rightToLeft) }
        element.label = orderedLabels.map(\.element.label.string).joined(separator: ", ")
        let orderedActions = actions.enumerated().sorted { readsBefore($0.element.frame, $1.element.frame, $0.offset, $1.offset, rightToLeft) }
        element.customActions = orderedActions.map(\.element.name)
        guard walk.inScroll || element.frame.intersects(walk.window) else { return nested }
        return nested + [.element(element)]
    }

    /// The visible cells of a collection or table whose viewport's top left is at `origin` in
    /// its own tree's root coordinates (`walk.offset` moves that to the image); each cell's tree is searched like a subtree, its frames moved to where the
    /// cell is drawn.
    private static func cellItems(_ node: ASDisplayNode, placedAt origin: CGPoint, _ walk: Walk) -> [Item] {
        CollectionCells.placed(in: node, at: origin).flatMap { placed -> [Item] in
            var inCell = walk
            inCell.offset = CGPoint(x: walk.offset.x + placed.offset.x, y: walk.offset.y + placed.offset.y)
            return collect(placed.cell, inCell)
        }
    }

    private static func makeElement(_ node: ASDisplayNode, _ walk: Walk) -> AccessibilityElement {
        let point = node.accessibilityActivationPoint
        return AccessibilityElement(label: node.accessibilityLabel, value: node.accessibilityValue, hint: node.accessibilityHint,
                             traits: node.accessibilityTraits, frame: node.accessibilityFrame.offsetBy(dx: walk.offset.x, dy: walk.offset.y),
                             activationPoint: CGPoint(x: point.x + walk.offset.x, y: point.y + walk.offset.y), identifier: node.accessibilityIdentifier,
                             language: node.accessibilityLanguage, nodeClass: String(describing: type(of: node)),
                             debugName: node.debugName)
    }

    /// Texture's `nodeIsHiddenFromAcessibility`.
    static func isHiddenFromAccessibility(_ node: ASDisplayNode) -> Bool {
        node.isHidden || node.alpha == 0 || node.accessibilityElementsHidden
    }

    private static func isRightToLeft(_ node: ASDisplayNode) -> Bool {
        node.primitiveTraitCollection().layoutDirection == .rightToLeft
    }

    private static func sorted(_ items: [Item], rightToLeft: Bool) -> [Item] {
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

    private static func flatten(_ items: [Item]) -> [AccessibilityElement] {
        items.flatMap { item -> [AccessibilityElement] in
            switch item {
            case .element(let element): [element]
            case .group(let items): flatten(items)
            }
        }
    }
}

extension ASDisplayNode {
    /// The elements VoiceOver would read in this node's tree, in reading order, frames in this
    /// node's coordinates; see `AccessibilityHierarchy`.
    public func accessibilityElementsInReadingOrder() -> [AccessibilityElement] {
        AccessibilityHierarchy.elements(of: self)
    }
}
