import Foundation
import Synchronization
import Weft

/// Node trees shaped to break recursion, cycles and caches.
enum TreeCases {
    static let all: [HostileCase] = [
        HostileCase(category: .trees, name: "node-added-to-itself") {
            let node = Fixture.box(CGSize(width: 10, height: 10))
            node.addSubnode(node)
            try Expect.that(node.subnodes.isEmpty && node.supernode == nil, "a node became its own subnode")
            try Expect.decodablePNG(try node.renderPNG(scale: 1), "the render")
        },
        HostileCase(category: .trees, name: "ancestor-added-to-descendant") {
            let root = Fixture.chain(depth: 5)
            var leaf = root
            while let next = leaf.subnodes.first { leaf = next }
            leaf.addSubnode(root)
            try Expect.that(root.supernode == nil, "a cycle was formed through addSubnode")
            try Expect.decodablePNG(try root.renderPNG(scale: 1), "the render")
        },
        HostileCase(category: .trees, name: "deep-chain-builds-in-linear-time") {
            let start = Date()
            _ = Fixture.chain(depth: 100_000)
            let seconds = Date().timeIntervalSince(start)
            try Expect.that(seconds < 5 * Slowdown.factor, "building a 100,000-deep chain took \(seconds) s")
        },
        HostileCase(category: .trees, name: "deep-chain-layout-and-render-do-not-overflow") {
            let root = Fixture.chain(depth: 100_000)
            root.layoutIfNeeded()
            _ = root.layoutThatFits(ASSizeRange(exactly: CGSize(width: 10, height: 10)))
            do {
                try Expect.decodablePNG(try root.renderPNG(scale: 1), "the render")
            } catch let error as RenderError {
                try Expect.that("\(error)".contains("100000"), "the depth error \"\(error)\" does not show the depth found")
            }
        },
        HostileCase(category: .trees, name: "ten-thousand-deep-render") {
            let root = Fixture.chain(depth: 10_000)
            do { _ = try root.renderPNG(scale: 1) } catch let error as RenderError {
                try Expect.that("\(error)".contains("10000"), "the depth error \"\(error)\" does not show the depth found")
            }
        },
        HostileCase(category: .trees, name: "deep-spec-nesting-does-not-overflow") {
            var spec: ASLayoutElement = Fixture.box(CGSize(width: 10, height: 10))
            for _ in 0..<100_000 { spec = ASInsetLayoutSpec(insets: .zero, child: spec) }
            let layout = (spec as! ASLayoutSpec).layoutThatFits(ASSizeRange(exactly: CGSize(width: 10, height: 10)))
            try Expect.that(layout.size.width.isFinite, "a deep spec gave \(layout.size)")
        },
        HostileCase(category: .trees, name: "hundred-thousand-siblings") {
            let root = Fixture.box(CGSize(width: 100, height: 100))
            for i in 0..<100_000 { root.addSubnode(Fixture.box(CGSize(width: 1, height: 1), name: "sibling \(i)")) }
            try Expect.decodablePNG(try root.renderPNG(scale: 1), "the render")
        },
        HostileCase(category: .trees, name: "spec-containing-its-own-node") {
            let node = ASDisplayNode()
            node.debugName = "self in spec"
            node.layoutSpecBlock = { node, _ in ASInsetLayoutSpec(insets: .zero, child: node) }
            let layout = node.layoutThatFits(ASSizeRange(exactly: CGSize(width: 10, height: 10)))
            try Expect.that(!layout.issues.isEmpty, "a spec containing its own node left no issue")
        },
        HostileCase(category: .trees, name: "same-child-twice-in-a-spec") {
            let node = ASDisplayNode()
            let child = Fixture.box(CGSize(width: 10, height: 10))
            node.layoutSpecBlock = { _, _ in
                let stack = ASStackLayoutSpec.vertical()
                stack.children = [child, child]
                return stack
            }
            let layout = node.layoutThatFits(ASSizeRange(exactly: CGSize(width: 10, height: 10)))
            try Expect.that(!layout.issues.isEmpty, "a spec with the same child twice left no issue")
        },
        HostileCase(category: .trees, name: "rendered-parents-are-freed") {
            weak var lastParent: ASDisplayNode?
            weak var lastChild: ASDisplayNode?
            for _ in 0..<100 {
                autoreleasepool {
                    let parent = ASDisplayNode()
                    parent.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
                    parent.automaticallyManagesSubnodes = true
                    let child = Fixture.box(CGSize(width: 10, height: 10))
                    child.style.preferredSize = CGSize(width: 10, height: 10)
                    parent.layoutSpecBlock = { _, _ in ASInsetLayoutSpec(insets: UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4), child: child) }
                    _ = try? parent.renderPNG(scale: 1)
                    lastParent = parent
                    lastChild = child
                }
            }
            try Expect.that(lastParent == nil, "a rendered parent was not freed")
            try Expect.that(lastChild == nil, "a rendered parent's subnode was not freed")
        },
        HostileCase(category: .trees, name: "inline-displays-leave-nothing-behind") {
            // Each inline display used to make a display ticket that nobody finished, leaking its
            // entered dispatch group (72 bytes): 7.2 MB for the 100,000-node deep-tree test.
            let node = ASDisplayNode(displayBlock: { _, _, _ in })
            node.frame = CGRect(x: 0, y: 0, width: 2, height: 2)
            node.displaysAsynchronously = false
            node.recursivelySetInterfaceState(.inHierarchy)
            func redisplay(_ count: Int) {
                for _ in 0..<count { node.setNeedsDisplay() }
            }
            redisplay(1_000)
            let before = Memory.heapBytesInUse()
            redisplay(100_000)
            let grown = Memory.heapBytesInUse() - before
            try Expect.that(node.contents != nil, "the inline displays committed no backing store")
            try Expect.that(grown < 256 << 10, "100,000 inline displays left \(grown) bytes on the heap")
        },
        HostileCase(category: .trees, name: "ten-thousand-rendered-cells-reach-a-plateau") {
            func renderCells(_ count: Int) {
                for i in 0..<count {
                    let cell = CountedCell()
                    cell.automaticallyManagesSubnodes = true
                    let title = Fixture.text("Cell \(i) title")
                    let badge = Fixture.box(CGSize(width: 12, height: 12), .systemRed)
                    badge.style.preferredSize = CGSize(width: 12, height: 12)
                    cell.layoutSpecBlock = { _, _ in
                        let stack = ASStackLayoutSpec.horizontal()
                        stack.spacing = 8
                        stack.children = [badge, title]
                        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8), child: stack)
                    }
                    cell.frame = CGRect(x: 0, y: 0, width: 240, height: 40)
                    _ = try? cell.renderBitmap(scale: 2)
                }
            }
            renderCells(2_000)
            let warm = Memory.residentBytes()
            renderCells(10_000)
            let grown = Memory.residentBytes() - warm
            let alive = CountedCell.alive.load(ordering: .relaxed)
            try Expect.that(alive == 0, "\(alive) of 12,000 rendered cells were never freed")
            try Expect.that(grown < 30 << 20, "10,000 more rendered cells grew memory by \(grown >> 20) MiB")
        },
    ]
}

/// A cell that counts its living instances, so a case can tell that rendered cells are freed.
final class CountedCell: ASCellNode {
    static let alive = Atomic(0)
    override init() {
        super.init()
        Self.alive.add(1, ordering: .relaxed)
    }
    deinit { Self.alive.subtract(1, ordering: .relaxed) }
}

#if !canImport(ObjectiveC)
/// Linux has no autorelease pool; the body runs as is.
func autoreleasepool<T>(invoking body: () throws -> T) rethrows -> T { try body() }
#endif
