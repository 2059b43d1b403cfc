import Foundation

/// What one subtree contributes to the reading order: elements, and groups that stay together.
/// Sendable value; use from any context.
enum AccessibilityItem: Sendable {
    case element(AccessibilityElement)
    /// Items read together, with their union frame (kept, so nested groups cost no recursion).
    indirect case group([AccessibilityItem], frame: CGRect)

    static func grouped(_ items: [AccessibilityItem]) -> AccessibilityItem {
        .group(items, frame: items.reduce(CGRect.null) { $0.union($1.frame) })
    }

    var frame: CGRect {
        switch self {
        case .element(let element): element.frame
        case .group(_, let frame): frame
        }
    }
}

/// The search behind `AccessibilityHierarchy`, safe against any tree a caller can build:
///
/// - depth first with its own stack, never by recursion, so a 100,000-deep tree (or chain of
///   nested containers) cannot overflow the thread's stack;
/// - each node is read at most once, so an `accessibilityElements` list that names the node
///   itself, an ancestor, a node already read or the same node twice (or nodes of another tree
///   that name this one back) ends instead of looping or multiplying;
/// - nodes deeper than `WeftLimits.maximumTreeDepth` (the depth that lays out and renders) are
///   left out with their subtrees.
///
/// What it leaves out is reported when the walk ends (`AccessibilityWalkCuts`), and everything
/// else still comes out in order. One walk per call, owned by the calling thread; it reads each
/// node under the node's own lock.
struct AccessibilityWalk {
    /// Where a walk is: the image's rectangle, the translation from the current tree's root to
    /// the image (zero, except inside a collection's cells, which are trees of their own), and
    /// whether a scroll view is above (Texture keeps elements outside the window there).
    struct Place {
        var window: CGRect
        var offset: CGPoint
        var inScroll: Bool
    }

    /// How a node's children's items are put together once they are all found.
    private enum Combine {
        /// Subnodes (and a collection's cells) by position, kept together when the node asks.
        case subtree
        /// `accessibilityElements`: the given order, each entry's own elements kept together.
        case explicit
    }

    /// A node whose children are being searched.
    private struct Frame {
        let node: ASDisplayNode
        let depth: Int
        let combine: Combine
        let children: [(node: ASDisplayNode, place: Place)]
        var next = 0
        /// One entry per child visited so far (empty for a child left out), in order.
        var results: [[AccessibilityItem]] = []
    }

    private enum Visit {
        case items([AccessibilityItem])
        case frame(Frame)
    }

    /// Container scans found inside a container, with the nested containers still to scan.
    private struct ContainerScan {
        var nested: [(node: ASDisplayNode, depth: Int)] = []
        var element: AccessibilityElement?
    }

    private var visited = Set<ObjectIdentifier>()
    /// The nodes of the frames on the stack: meeting one again is a cycle.
    private var onPath = Set<ObjectIdentifier>()
    private var cuts = AccessibilityWalkCuts()

    /// The items of `root`'s tree, unsorted at the top level; reports what was left out.
    static func items(of root: ASDisplayNode, at place: Place) -> [AccessibilityItem] {
        var walk = AccessibilityWalk()
        let items = walk.run(root, place)
        walk.cuts.report()
        return items
    }

    private mutating func run(_ root: ASDisplayNode, _ place: Place) -> [AccessibilityItem] {
        visited.insert(ObjectIdentifier(root))
        var stack: [Frame] = []
        switch visit(root, place, depth: 1) {
        case .items(let items): return items
        case .frame(let frame):
            onPath.insert(ObjectIdentifier(root))
            stack.append(frame)
        }
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].children.count else {
                let frame = stack.removeLast()
                onPath.remove(ObjectIdentifier(frame.node))
                let items = Self.combined(frame)
                guard let parent = stack.indices.last else { return items }
                stack[parent].results.append(items)
                continue
            }
            let (child, childPlace) = stack[top].children[stack[top].next]
            stack[top].next += 1
            let parent = stack[top].node
            let id = ObjectIdentifier(child)
            let depth = stack[top].depth + 1
            if onPath.contains(id) {
                cuts.cycle(child, in: parent)
                stack[top].results.append([])
            } else if !visited.insert(id).inserted {
                cuts.repeated(child, in: parent)
                stack[top].results.append([])
            } else if depth > WeftLimits.maximumTreeDepth {
                cuts.tooDeep(child, depth: depth)
                stack[top].results.append([])
            } else {
                switch visit(child, childPlace, depth: depth) {
                case .items(let items): stack[top].results.append(items)
                case .frame(let frame):
                    onPath.insert(id)
                    stack.append(frame)
                }
            }
        }
        return []
    }

    /// What `node` is: nothing (hidden), one element, a container's elements, or a node whose
    /// children are to be searched.
    private mutating func visit(_ node: ASDisplayNode, _ place: Place, depth: Int) -> Visit {
        guard !AccessibilityHierarchy.isHiddenFromAccessibility(node) else { return .items([]) }
        if node.isAccessibilityElement {
            let element = AccessibilityHierarchy.makeElement(node, offset: place.offset)
            return .items(place.inScroll || element.frame.intersects(place.window) ? [.element(element)] : [])
        }
        if node.isAccessibilityContainer {
            return .items(containerItems(node, place, depth: depth))
        }
        var place = place
        place.inScroll = place.inScroll || node is any ScrollingNode
        if let explicit = node.accessibilityElements, !explicit.isEmpty {
            var entries: [(node: ASDisplayNode, place: Place)] = []
            for (index, entry) in explicit.enumerated() {
                if let entry = entry as? ASDisplayNode {
                    entries.append((entry, place))
                } else {
                    cuts.notANode(entry, at: index, in: node)
                }
            }
            return .frame(Frame(node: node, depth: depth, combine: .explicit, children: entries))
        }
        let subnodes = node.subnodes
        let searched = subnodes.last(where: \.accessibilityViewIsModal).map { [$0] } ?? subnodes
        var children = searched.map { (node: $0, place: place) }
        // A collection's or table's visible cells, placed where it draws them at its offset.
        for placed in CollectionCells.placed(in: node, at: node.frameInRootCoordinates().origin) {
            var inCell = place
            inCell.offset = CGPoint(x: place.offset.x + placed.offset.x, y: place.offset.y + placed.offset.y)
            children.append((placed.cell, inCell))
        }
        return .frame(Frame(node: node, depth: depth, combine: .subtree, children: children))
    }

    private static func combined(_ frame: Frame) -> [AccessibilityItem] {
        switch frame.combine {
        case .explicit:
            let groups = zip(frame.children, frame.results).map { child, items in
                AccessibilityItem.grouped(AccessibilityHierarchy.sorted(items, rightToLeft: AccessibilityHierarchy.isRightToLeft(child.node)))
            }
            return [.grouped(groups)]
        case .subtree:
            let items = frame.results.flatMap { $0 }
            if frame.node.shouldGroupAccessibilityChildren, !items.isEmpty {
                return [.grouped(AccessibilityHierarchy.sorted(items, rightToLeft: AccessibilityHierarchy.isRightToLeft(frame.node)))]
            }
            return items
        }
    }

    /// A Texture accessibility container's items: the elements of the containers nested in it
    /// (each before its own container, found breadth first), then its own element. Walked with
    /// a stack of its own, so nesting depth costs no thread stack.
    private mutating func containerItems(_ container: ASDisplayNode, _ place: Place, depth: Int) -> [AccessibilityItem] {
        var stack: [(scan: ContainerScan, next: Int, items: [AccessibilityItem])] = [(scan(container, place, depth: depth), 0, [])]
        while let top = stack.indices.last {
            if stack[top].next < stack[top].scan.nested.count {
                let nested = stack[top].scan.nested[stack[top].next]
                stack[top].next += 1
                stack.append((scan(nested.node, place, depth: nested.depth), 0, []))
                continue
            }
            let done = stack.removeLast()
            let items = done.items + (done.scan.element.map { [AccessibilityItem.element($0)] } ?? [])
            guard let parent = stack.indices.last else { return items }
            stack[parent].items += items
        }
        return []
    }

    /// Texture's `CollectAccessibilityElementsForContainer` for one container: its element, whose
    /// label joins the labels found breadth first in its subtree (sorted by frame) unless it has
    /// a label of its own and no interactive trait; labelled interactive subnodes become custom
    /// actions; nested containers are left for the caller to scan. Unlike Texture, hidden
    /// subnodes are skipped, and an action's own subnodes (a button's title) are not read again.
    private mutating func scan(_ container: ASDisplayNode, _ place: Place, depth: Int) -> ContainerScan {
        let containerTraits = container.accessibilityTraits
        let aggregates = (container.accessibilityLabel ?? "").isEmpty || !containerTraits.isDisjoint(with: .interactive)
        let rightToLeft = AccessibilityHierarchy.isRightToLeft(container)
        var result = ContainerScan()
        var labels: [(label: NSAttributedString, frame: CGRect)] = []
        var actions: [(name: String, frame: CGRect)] = []
        var queue: [(node: ASDisplayNode, depth: Int)] = [(container, depth)]
        var index = 0
        while index < queue.count {
            let (node, nodeDepth) = queue[index]
            index += 1
            if node !== container {
                if nodeDepth > WeftLimits.maximumTreeDepth {
                    cuts.tooDeep(node, depth: nodeDepth)
                    continue
                }
                if AccessibilityHierarchy.isHiddenFromAccessibility(node) { continue }
                if node.isAccessibilityContainer {
                    result.nested.append((node, nodeDepth))
                    continue
                }
            }
            if let label = node.accessibilityAttributedLabel, label.length > 0 {
                let frame = node.accessibilityFrame.offsetBy(dx: place.offset.x, dy: place.offset.y)
                if !node.accessibilityTraits.isDisjoint(with: .interactive) {
                    actions.append((label.string, frame))
                    if node !== container { continue }
                } else if node === container || aggregates {
                    labels.append((label, frame))
                }
            }
            queue += node.subnodes.map { ($0, nodeDepth + 1) }
        }
        var element = AccessibilityHierarchy.makeElement(container, offset: place.offset)
        let readsBefore = AccessibilityHierarchy.readsBefore
        let orderedLabels = labels.enumerated().sorted { readsBefore($0.element.frame, $1.element.frame, $0.offset, $1.offset, rightToLeft) }
        element.label = orderedLabels.map(\.element.label.string).joined(separator: ", ")
        let orderedActions = actions.enumerated().sorted { readsBefore($0.element.frame, $1.element.frame, $0.offset, $1.offset, rightToLeft) }
        element.customActions += orderedActions.map(\.element.name)
        if place.inScroll || element.frame.intersects(place.window) { result.element = element }
        return result
    }
}
