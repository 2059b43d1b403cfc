import Foundation
import Synchronization
import Testing
@testable import Weft

/// Layout under concurrency, hostile input and deep trees.
@Suite struct LayoutReliabilityTests {
    /// A stack of `count` children of varied sizes, some flexible, so every phase that can run
    /// concurrently (measure, flex, stretch) has work.
    private static func stack(count: Int, concurrent: Bool) -> (ASStackLayoutSpec, [ASDisplayNode]) {
        let children = (0..<count).map { index -> ASDisplayNode in
            let node = ASDisplayNode()
            node.style.preferredSize = CGSize(width: CGFloat(10 + index % 7 * 3), height: CGFloat(5 + index % 5 * 4))
            node.style.flexGrow = index % 3 == 0 ? 1 : 0
            node.style.flexShrink = index % 4 == 0 ? 1 : 0
            node.debugName = "child-\(index)"
            return node
        }
        let stack = ASStackLayoutSpec(direction: .horizontal, spacing: 2, justifyContent: .spaceBetween, alignItems: .stretch,
                                      flexWrap: .noWrap, children: children)
        stack.isConcurrent = concurrent
        return (stack, children)
    }

    @Test func concurrentStackWithManyChildrenMatchesSerialLayout() {
        let range = ASSizeRange(min: CGSize(width: 700, height: 40), max: CGSize(width: 700, height: 40))
        let (serial, _) = Self.stack(count: 24, concurrent: false)
        let expected = serial.layoutThatFits(range).recursiveDescription
        for _ in 0..<300 {
            let (concurrent, children) = Self.stack(count: 24, concurrent: true)
            let layout = concurrent.layoutThatFits(range)
            #expect(layout.recursiveDescription == expected)
            withExtendedLifetime(children) {}
        }
    }

    /// Weak references to a node, for checking that it was freed.
    private final class WeakNode: @unchecked Sendable {
        // SAFETY: written once in init; weak loads are thread-safe.
        weak var node: ASDisplayNode?
        init(_ node: ASDisplayNode) { self.node = node }
    }

    /// Builds and renders a parent whose spec places two subnodes, and returns weak references to
    /// all three: nothing else keeps them.
    private static func renderParent(_ index: Int) throws -> [WeakNode] {
        let parent = ASDisplayNode()
        parent.debugName = "leak-parent-\(index)"
        parent.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        parent.backgroundColor = .white
        parent.automaticallyManagesSubnodes = true
        let a = ASDisplayNode(), b = ASDisplayNode()
        a.backgroundColor = .red
        b.backgroundColor = .blue
        a.style.preferredSize = CGSize(width: 10, height: 10)
        b.style.preferredSize = CGSize(width: 10, height: 10)
        parent.layoutSpecBlock = { _, _ in
            ASInsetLayoutSpec(insets: UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2),
                              child: ASStackLayoutSpec(direction: .horizontal, spacing: 4, children: [a, b]))
        }
        _ = try parent.renderPNG(scale: 1)
        #expect(parent.subnodes.count == 2)
        #expect(parent.calculatedLayout != nil)
        return [WeakNode(parent), WeakNode(a), WeakNode(b)]
    }

    @Test func renderedParentsAndTheirSubnodesAreFreed() throws {
        var references: [WeakNode] = []
        for index in 0..<100 { references += try Self.renderParent(index) }
        let alive = references.filter { $0.node != nil }.count
        #expect(alive == 0, "\(alive) of \(references.count) nodes still alive after rendering")
    }

    @Test func aLayoutNamesItsNodeWhileItLivesAndItsTypeAfter() {
        var node: ASDisplayNode? = ASDisplayNode()
        node!.debugName = "short-lived"
        let layout = node!.layoutThatFits(ASSizeRange(exactly: CGSize(width: 5, height: 5)))
        #expect(layout.layoutElement === node)
        #expect(layout.description.contains("short-lived"))
        node = nil
        #expect(layout.layoutElement == nil)
        #expect(layout.description.contains("ASDisplayNode"))
    }

    @Test func placingAChildDoesNotMoveALayoutAnotherPassHolds() {
        let range = ASSizeRange(min: .zero, max: CGSize(width: 100, height: 100))
        // Laid out by several threads at once, on purpose: nodes guard their own state.
        nonisolated(unsafe) let base = ASDisplayNode(), badge = ASDisplayNode()
        base.style.preferredSize = CGSize(width: 50, height: 50)
        badge.style.preferredSize = CGSize(width: 10, height: 10)
        // Every pass measures the badge in the same range, so all share its cached layout; each
        // places it at its own offset.
        @Sendable func place(_ value: CGFloat) -> ASLayout {
            let spec = ASCornerLayoutSpec(child: base, corner: badge, location: .topLeft)
            spec.offset = CGPoint(x: value, y: value)
            return spec.layoutThatFits(range)
        }
        @Sendable func expected(_ value: CGFloat) -> CGPoint { CGPoint(x: value - 5, y: value - 5) }
        let first = place(10)
        #expect(first.sublayouts[1].position == expected(10))
        _ = place(30)
        #expect(first.sublayouts[1].position == expected(10), "a later pass moved an earlier pass's child")
        #expect(badge.calculatedLayout?.position == .zero)

        // Many passes at once, each reading its own result while the others place theirs.
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2_000) { iteration in
            let value = CGFloat(iteration % 40)
            let layout = place(value)
            for _ in 0..<20 where layout.sublayouts[1].position != expected(value) {
                mismatches.withLock { $0 += 1 }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}

/// `ASDimensionMake(String)` repairs bad strings as Texture's does, but says so.
@Suite struct DimensionParsingReliabilityTests {
    @Test(arguments: [
        ("abc%", ASDimensionParseError.invalidNumber("abc%"), ASDimension.auto),
        ("nanpt", .invalidNumber("nanpt"), .auto),
        ("12xy", .unknownUnit("12xy"), .auto),
        ("", .empty(""), .auto),
        ("-5pt", .outOfRange("-5pt"), ASDimensionMake(0)),
        ("150%", .outOfRange("150%"), ASDimensionMakeWithFraction(1)),
    ])
    func badStringsAreReportedAndThrown(string: String, error: ASDimensionParseError, used: ASDimension) {
        #expect(throws: error) { try ASDimension(parsing: string) }
        // The subject names the string; filter on it so parallel tests do not mix.
        let (dimension, diagnostics) = WeftDiagnostics.collect(matching: "ASDimensionMake(\"\(string)\")") { ASDimensionMake(string) }
        #expect(dimension == used)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.area == .layout)
        #expect(diagnostics.first?.message.contains("\"\(string)\"") == true)
    }

    @Test func goodStringsParseSilently() throws {
        #expect(try ASDimension(parsing: " 100pt ") == ASDimensionMake(100))
        #expect(try ASDimension(parsing: "50%") == ASDimensionMakeWithFraction(0.5))
        #expect(try ASDimension(parsing: "auto") == .auto)
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "ASDimensionMake(\"42pt\")") { ASDimensionMake("42pt") }
        #expect(diagnostics.isEmpty)
    }
}
