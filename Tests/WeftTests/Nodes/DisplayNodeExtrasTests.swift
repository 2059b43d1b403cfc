import Foundation
import Testing
import Weft

/// Texture's ASDisplayNodeExtras, ancestry and tree-edit methods, beyond Texture's own tests
/// (Tests/TextureTests): the walks' orders, trees deeper than the stack, and the edge cases of
/// inserting next to a sibling and replacing.
@Suite struct DisplayNodeExtrasTests {
    final class Marked: ASDisplayNode {}
    final class MarkedSub: ASDisplayNode {}

    /// root ─ a ─ a1, a2 ; root ─ b ─ b1
    static func tree() -> (root: ASDisplayNode, a: ASDisplayNode, a1: ASDisplayNode, a2: ASDisplayNode, b: ASDisplayNode, b1: ASDisplayNode) {
        let (root, a, a1, a2, b, b1) = (ASDisplayNode(), Marked(), ASDisplayNode(), Marked(), ASDisplayNode(), Marked())
        for (node, name) in [(root, "root"), (a, "a"), (a1, "a1"), (a2, "a2"), (b, "b"), (b1, "b1")] as [(ASDisplayNode, String)] {
            node.debugName = name
        }
        root.addSubnode(a); root.addSubnode(b)
        a.addSubnode(a1); a.addSubnode(a2)
        b.addSubnode(b1)
        return (root, a, a1, a2, b, b1)
    }

    static func names(_ nodes: [ASDisplayNode]) -> [String] { nodes.map { $0.debugName ?? "?" } }

    @Test func walksInTexturesOrders() {
        let t = Self.tree()
        #expect(Self.names(ASCollectDisplayNodes(t.root)) == ["a", "a1", "a2", "b", "b1"])
        #expect(Self.names(ASDisplayNodeFindAllSubnodesOfClass(t.root, Marked.self)) == ["a", "a2", "b1"])
        var bfs: [ASDisplayNode] = []
        ASDisplayNodePerformBlockOnEveryNodeBFS(t.root) { bfs.append($0) }
        #expect(Self.names(bfs) == ["root", "a", "b", "a1", "a2", "b1"])
        // Find-first visits a subnode's subtree before the subnode, and the start node last.
        var asked: [ASDisplayNode] = []
        _ = ASDisplayNodeFindFirstNode(t.root) { asked.append($0); return false }
        #expect(Self.names(asked) == ["a1", "a2", "a", "b1", "b", "root"])
        #expect(ASDisplayNodeFindFirstSubnodeOfClass(t.root, Marked.self) === t.a2)
        #expect(ASDisplayNodeFindFirstNode(t.a2) { _ in true } === t.a2)
        #expect(ASDisplayNodeFindFirstSubnode(t.a2) { _ in true } == nil)
        #expect(ASDisplayNodeFindAllSubnodesOfClass(t.root, MarkedSub.self).isEmpty)
        #expect(ASDisplayNodeFindAllSubnodesOfClass(t.root, ASDisplayNode.self).count == 5)
    }

    @Test func ancestry() {
        let t = Self.tree()
        #expect(Self.names(Array(t.a2.supernodes)) == ["a", "root"])
        #expect(Self.names(Array(t.a2.supernodesIncludingSelf)) == ["a2", "a", "root"])
        #expect(t.a2.supernode(of: Marked.self, includingSelf: false) === t.a)
        #expect(t.a2.supernode(of: Marked.self, includingSelf: true) === t.a2)
        #expect(ASDisplayNodeUltimateParentOfNode(t.b1) === t.root)
        #expect(ASDisplayNodeFindClosestCommonAncestor(t.a1, t.a2) === t.a)
        #expect(ASDisplayNodeFindClosestCommonAncestor(t.a1, t.b1) === t.root)
        #expect(ASDisplayNodeFindClosestCommonAncestor(t.a, t.a2) === t.a)
        #expect(ASDisplayNodeFindClosestCommonAncestor(t.a, ASDisplayNode()) == nil)
    }

    /// A chain 100,000 deep is walked without recursion, in each direction.
    @Test func walksAChainDeeperThanTheStack() {
        let root = ASDisplayNode()
        var leaf = root
        for _ in 0..<100_000 {
            let next = ASDisplayNode()
            leaf.addSubnode(next)
            leaf = next
        }
        let marked = Marked()
        leaf.addSubnode(marked)
        #expect(ASDisplayNodeFindAllSubnodesOfClass(root, Marked.self).count == 1)
        #expect(ASDisplayNodeFindFirstSubnodeOfClass(root, Marked.self) === marked)
        var count = 0
        ASDisplayNodePerformBlockOnEveryNodeBFS(root) { _ in count += 1 }
        #expect(count == 100_002)
        #expect(ASDisplayNodeUltimateParentOfNode(marked) === root)
        #expect(marked.supernode(of: Marked.self, includingSelf: false) == nil)
        #expect(ASDisplayNodeFindClosestCommonAncestor(marked, leaf) === leaf)
    }

    @Test func insertsNextToASibling() {
        let (parent, x, y, z, w) = (ASDisplayNode(), ASDisplayNode(), ASDisplayNode(), ASDisplayNode(), ASDisplayNode())
        for (node, name) in [(x, "x"), (y, "y"), (z, "z"), (w, "w")] { node.debugName = name }
        parent.addSubnode(x); parent.addSubnode(y); parent.addSubnode(z)
        parent.insertSubnode(w, belowSubnode: y)
        #expect(Self.names(parent.subnodes) == ["x", "w", "y", "z"])
        parent.insertSubnode(w, aboveSubnode: z)
        #expect(Self.names(parent.subnodes) == ["x", "y", "z", "w"])
        parent.insertSubnode(x, aboveSubnode: y)
        #expect(Self.names(parent.subnodes) == ["y", "x", "z", "w"])
        parent.insertSubnode(w, belowSubnode: y)
        #expect(Self.names(parent.subnodes) == ["w", "y", "x", "z"])
        parent.insertSubnode(y, belowSubnode: y)
        parent.insertSubnode(y, aboveSubnode: y)
        #expect(Self.names(parent.subnodes) == ["w", "y", "x", "z"])
        // A sibling that is not a subnode changes nothing.
        let stranger = ASDisplayNode()
        parent.insertSubnode(stranger, belowSubnode: ASDisplayNode())
        #expect(stranger.supernode == nil && parent.subnodes.count == 4)
    }

    @Test func replacesASubnode() {
        let (parent, x, y, z, r) = (ASDisplayNode(), ASDisplayNode(), ASDisplayNode(), ASDisplayNode(), ASDisplayNode())
        for (node, name) in [(x, "x"), (y, "y"), (z, "z"), (r, "r")] { node.debugName = name }
        parent.addSubnode(x); parent.addSubnode(y); parent.addSubnode(z)
        parent.replaceSubnode(y, withSubnode: r)
        #expect(Self.names(parent.subnodes) == ["x", "r", "z"])
        #expect(y.supernode == nil && r.supernode === parent)
        // A replacement that is already a subnode moves into the old one's place.
        parent.replaceSubnode(z, withSubnode: x)
        #expect(Self.names(parent.subnodes) == ["r", "x"])
        parent.replaceSubnode(x, withSubnode: x)
        #expect(Self.names(parent.subnodes) == ["r", "x"])
        // Not a subnode: nothing changes. A replacement that would make a cycle is ignored.
        parent.replaceSubnode(y, withSubnode: z)
        #expect(Self.names(parent.subnodes) == ["r", "x"] && z.supernode == nil)
        let grand = ASDisplayNode()
        grand.addSubnode(parent)
        parent.replaceSubnode(x, withSubnode: grand)
        #expect(Self.names(parent.subnodes) == ["r", "x"])
    }

    @Test func replacementGetsTheInterfaceStateAndTheOldSubnodeLeavesIt() {
        let (parent, old, new) = (ASDisplayNode(), ASDisplayNode(), ASDisplayNode())
        parent.addSubnode(old)
        parent.recursivelySetInterfaceState(.inHierarchy)
        parent.replaceSubnode(old, withSubnode: new)
        #expect(new.interfaceState == .inHierarchy)
        #expect(old.interfaceState == [])
    }

    final class Recorder: ASLayoutElementStyleDelegate {
        var names: [String] = []
        func style(_ style: ASLayoutElementStyle, propertyDidChange propertyName: String) { names.append(propertyName) }
    }

    @Test func styleTellsItsDelegateOfChangesOnly() {
        let recorder = Recorder()
        let style = ASLayoutElementStyle(delegate: recorder)
        style.preferredSize = CGSize(width: 10, height: 0)
        style.preferredSize = CGSize(width: 10, height: 0)
        style.flexGrow = 1
        style.flexGrow = 1
        style.layoutPosition = CGPoint(x: 1, y: 2)
        style.ascender = 3
        #expect(recorder.names == [ASLayoutElementStyleWidthProperty, ASLayoutElementStyleHeightProperty, ASLayoutElementStyleFlexGrowProperty,
                                   ASLayoutElementStyleLayoutPositionProperty, ASLayoutElementStyleAscenderProperty])
        let node = ASDisplayNode().styled { $0.flexShrink = 2 }
        #expect(node.style.flexShrink == 2)
        style.width = ASDimensionMake("50%")
        #expect(style.preferredSize == .zero)
    }

    @Test func stringsInTexturesFormats() {
        #expect(NSStringFromASDimension(ASDimensionMake(100)) == "100pt")
        #expect(NSStringFromASDimension(ASDimensionMake("50%")) == "50%")
        #expect(NSStringFromASDimension(ASDimensionAuto) == "Auto")
        #expect(NSStringFromASSizeRange(ASSizeRangeMake(CGSize(width: 50, height: 50))) == "{{50, 50}}")
        #expect(NSStringFromASSizeRange(ASSizeRangeMake(.zero, CGSize(width: 320.5, height: .infinity))) == "{{0, 0}, {320.5, inf}}")
        #expect(ASIsCGSizeValidForSize(CGSize(width: 0, height: 9_999_999)))
        #expect(!ASIsCGSizeValidForSize(CGSize(width: 1, height: 10_000_000)))
        #expect(!ASIsCGSizeValidForSize(CGSize(width: -1, height: 1)) && !ASIsCGSizeValidForSize(CGSize(width: CGFloat.nan, height: 1)))
        #expect(ASPointIsNull(ASPointNull) && !ASPointIsNull(.zero))
        #expect(ASRangeTuningParametersEqualToRangeTuningParameters(ASRangeTuningParametersZero, .zero))
        #expect(ASInterfaceStateIncludesDisplay(.inHierarchy) && !ASInterfaceStateIncludesVisible([.preload]))
    }

    @Test func filteredNodeLayoutTreeKeepsOnlyNodes() {
        let (parent, a, b) = (ASDisplayNode(), ASDisplayNode(), ASDisplayNode())
        a.style.preferredSize = CGSize(width: 10, height: 10)
        b.style.preferredSize = CGSize(width: 20, height: 20)
        parent.addSubnode(a); parent.addSubnode(b)
        parent.layoutSpecBlock = { _, _ in
            ASInsetLayoutSpec(insets: UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5),
                              child: ASStackLayoutSpec(direction: .vertical, spacing: 0, justifyContent: .start, alignItems: .start, children: [a, b]))
        }
        let range = ASSizeRange(min: .zero, max: CGSize(width: 100, height: 100))
        let layout = parent.layoutThatFits(range)
        #expect(parent.constrainedSizeForCalculatedLayout == range)
        let filtered = layout.filteredNodeLayoutTree()
        #expect(filtered.sublayouts.map(\.frame) == [CGRect(x: 5, y: 5, width: 10, height: 10), CGRect(x: 5, y: 15, width: 20, height: 20)])
        #expect(filtered.sublayouts.allSatisfy { $0.sublayouts.isEmpty } && filtered.size == layout.size)
        #expect(filtered.filteredNodeLayoutTree() === filtered)
    }
}
