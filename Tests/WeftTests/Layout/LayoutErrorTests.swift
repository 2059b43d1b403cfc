import Foundation
import Testing
@testable import Weft

@Suite struct LayoutErrorTests {
    @Test func invalidRangesAreRepairedAndNamed() {
        let node = L.intrinsic(10, 10)
        node.debugName = "thumb"
        let layout = node.layoutThatFits(ASSizeRange(min: CGSize(width: -5, height: CGFloat.nan), max: CGSize(width: 20, height: CGFloat.nan)))
        #expect(layout.size == CGSize(width: 10, height: 0))
        #expect(layout.issues.contains { if case .invalidSizeRange(let name, _) = $0 { return name.contains("thumb") } else { return false } })
        let spec = ASWrapperLayoutSpec(layoutElement: L.box(5, 5))
        #expect(!spec.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: -1, height: 10))).issues.isEmpty)
    }

    @Test func specsMissingChildrenReportIt() {
        let inset = ASInsetLayoutSpec(insets: .zero, child: L.box(1, 1))
        inset.child = nil
        let layout = inset.layoutThatFits(ASSizeRangeUnconstrained)
        #expect(layout.size == .zero)
        #expect(layout.issues == [.missingChild(spec: "ASInsetLayoutSpec", role: "child")])
        let corner = ASCornerLayoutSpec(child: L.box(1, 1), corner: L.box(1, 1), location: .topLeft)
        corner.corner = nil
        #expect(corner.layoutThatFits(ASSizeRangeUnconstrained).issues.first?.description.contains("corner") == true)
        for spec: ASLayoutSpec in [ASRatioLayoutSpec(ratio: 1, child: L.box(1, 1)), ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: [], child: L.box(1, 1)),
                                   ASOverlayLayoutSpec(child: L.box(1, 1), overlay: nil), ASBackgroundLayoutSpec(child: L.box(1, 1), background: nil)] {
            spec.child = nil
            #expect(!spec.layoutThatFits(ASSizeRangeUnconstrained).issues.isEmpty, "\(spec)")
        }
    }

    @Test func invalidRatioIsReported() {
        let spec = ASRatioLayoutSpec(ratio: -1, child: L.intrinsic(10, 10))
        let layout = spec.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 100)))
        #expect(layout.size == CGSize(width: 10, height: 10))
        #expect(layout.issues == [.invalidRatio(spec: "ASRatioLayoutSpec", ratio: -1)])
    }

    @Test func theSameNodeTwiceLaysOutEmptyAndNamesIt() {
        let twice = L.box(10, 10)
        twice.debugName = "twice"
        let node = ASDisplayNode()
        node.layoutSpecBlock = { _, _ in ASStackLayoutSpec(children: [twice, twice]) }
        let layout = node.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 100)))
        #expect(layout.issues.contains(.duplicateElement(element: "ASDisplayNode \"twice\"", node: "ASDisplayNode")))
        #expect(layout.flattenedNodeFrames().isEmpty)
    }

    @Test func aSpecContainingItselfIsACycle() {
        let stack = ASStackLayoutSpec(children: [L.box(10, 10)])
        stack.children.append(ASInsetLayoutSpec(insets: .zero, child: stack))
        let layout = stack.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 100)))
        #expect(layout.issues.contains(.cycle(element: "ASStackLayoutSpec")))
        let node = ASDisplayNode()
        node.layoutSpecBlock = { _, _ in stack }
        #expect(node.layoutThatFits(ASSizeRangeUnconstrained).issues.contains(.cycle(element: "ASStackLayoutSpec")))
        // The stack holds the inset that holds the stack: break the cycle, or both leak (LeakSanitizer).
        stack.children.removeLast()
    }

    @Test func nodesContainingEachOtherAreACycle() {
        let a = ASDisplayNode(), b = ASDisplayNode()
        a.debugName = "a"
        b.debugName = "b"
        a.layoutSpecBlock = { _, _ in ASWrapperLayoutSpec(layoutElement: b) }
        b.layoutSpecBlock = { _, _ in ASWrapperLayoutSpec(layoutElement: a) }
        let layout = a.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 50, height: 50)))
        #expect(layout.issues.contains(.cycle(element: "ASDisplayNode \"a\"")))
        // a holds b (its block, and its cached layout owns the spec that places b) and b holds a
        // the same way: give a a layout without b, or both leak (LeakSanitizer).
        a.layoutSpecBlock = nil
        a.invalidateCalculatedLayout()
        _ = a.layoutThatFits(ASSizeRangeUnconstrained)
        let selfish = ASDisplayNode()
        selfish.layoutSpecBlock = { node, _ in ASWrapperLayoutSpec(layoutElement: node) }
        #expect(selfish.layoutThatFits(ASSizeRangeUnconstrained).issues.contains(.cycle(element: "ASDisplayNode")))
    }

    @Test func issueMessagesNameTheElement() {
        #expect(ASLayoutIssue.missingChild(spec: "ASInsetLayoutSpec", role: "child").description.contains("ASInsetLayoutSpec"))
        #expect(ASLayoutIssue.cycle(element: "X \"cell\"").description.contains("cell"))
    }
}
