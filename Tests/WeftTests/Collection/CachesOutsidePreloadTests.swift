import Foundation
import Testing
@testable import Weft
import WeftSamples

/// What nodes let go of outside the preload range, and that it comes back identical: a text node
/// keeps its text once, as the attributed string it was given (the measured layout and the pango
/// copy of the text go, as Texture's text node lets its layout caches go; `ASTextNode+Preload.swift`),
/// and a node keeps its calculated layout flattened, without specs (`ASLayout.flattened()`).
@MainActor @Suite struct CachesOutsidePreloadTests {
    private static func textNodes(of node: ASDisplayNode) -> [ASTextNode] {
        var found: [ASTextNode] = []
        node.forEachInSubtree { if let text = $0 as? ASTextNode { found.append(text) } }
        return found
    }

    @Test func aTextNodeLeavingPreloadDropsItsLayoutAndKeepsItsTextOnce() throws {
        let text = TestSupport.attributed(String(repeating: "Node blocks run on background queues. ", count: 6), size: 14)
        let node = ASTextNode()
        node.attributedText = text
        node.maximumNumberOfLines = 3
        let size = node.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 200, height: CGFloat.infinity))).size
        node.frame = CGRect(origin: .zero, size: size)
        let before = try node.renderBitmap(scale: 2)
        let layout = node.layout(in: CGSize(width: 200, height: CGFloat.infinity))
        #expect(node.holdsTextLayoutCaches == (true, true))

        node.recursivelySetInterfaceState([.measureLayout, .preload])
        node.recursivelySetInterfaceState(.measureLayout)
        #expect(node.holdsTextLayoutCaches == (false, false), "the layout and the pango copy are dropped")
        #expect(node.attributedText === text, "the attributed string is the one kept copy")

        // Back: the same layout and the same pixels, with the size it was measured in.
        #expect(try node.renderBitmap(scale: 2).hasSamePixels(as: before))
        #expect(node.layout(in: CGSize(width: 200, height: CGFloat.infinity)) == layout)
        #expect(node.isTruncated && node.lineCount == 3)
        #expect(node.holdsTextLayoutCaches == (true, true))
    }

    @Test func copyingTheTextAgainDoesNotReportItsRepairsAgain() {
        let node = ASTextNode()
        let (_, first) = WeftDiagnostics.collect(matching: "kern") {
            node.attributedText = NSAttributedString(string: "Kerned", attributes: [.kern: CGFloat.nan])
        }
        #expect(first.count == 1)
        node.recursivelySetInterfaceState(.preload)
        node.recursivelySetInterfaceState([])
        let (_, again) = WeftDiagnostics.collect(matching: "kern") { _ = node.calculateSizeThatFits(CGSize(width: 300, height: 100)) }
        #expect(again.isEmpty)
    }

    @Test func aNodeLeavingPreloadKeepsItsLayoutFlattenedAndAppliesTheSameFrames() throws {
        final class WeakSpec: @unchecked Sendable { weak var spec: ASLayoutSpec? }
        let made = WeakSpec()
        let node = ASDisplayNode(), a = ASDisplayNode(), b = ASDisplayNode()
        node.automaticallyManagesSubnodes = true
        a.style.preferredSize = CGSize(width: 50, height: 20)
        b.style.preferredSize = CGSize(width: 50, height: 30)
        node.layoutSpecBlock = { _, _ in
            let stack = ASStackLayoutSpec(direction: .horizontal, spacing: 0, justifyContent: .spaceAround, alignItems: .center, children: [a, b])
            let spec = ASInsetLayoutSpec(insets: UIEdgeInsets(top: 3.3, left: 7.1, bottom: 3.3, right: 7.1), child: stack)
            made.spec = spec
            return spec
        }
        let range = ASSizeRange(min: CGSize(width: 305, height: 0), max: CGSize(width: 305, height: 100))
        // Only the size is kept here: a layout held would keep its specs.
        let size = node.layoutThatFits(range).size
        node.frame = CGRect(origin: .zero, size: size)
        node.layoutIfNeeded()
        let frames = [a.frame, b.frame]
        #expect(made.spec != nil)

        node.recursivelySetInterfaceState(.preload)
        node.recursivelySetInterfaceState([])
        #expect(made.spec == nil, "the spec went with the layout that held it")
        let flat = try #require(node.calculatedLayout)
        #expect(flat.size == size && flat.issues.isEmpty)
        #expect(flat.sublayouts.map { $0.layoutElement as? ASDisplayNode }.map { $0.map(ObjectIdentifier.init) } == [a, b].map(ObjectIdentifier.init))
        #expect(node.layoutThatFits(range) === flat, "still the cached layout for the same range")
        a.frame = .zero
        b.frame = .zero
        node.setNeedsDisplay()
        node.layoutIfNeeded()
        #expect([a.frame, b.frame] == frames)
    }

    /// Cells of the feed sample scrolled out of the preload range drop their text caches; scrolled
    /// back, the frame is the same to the byte.
    @Test func feedCellsScrolledAwayDropTheirCachesAndDrawTheSameWhenBack() throws {
        let sample = CollectionSample.feed(viewport: CGSize(width: 390, height: 844), sections: 2, itemsPerSection: 30)
        let node = sample.collectionNode
        let first = try node.snapshot(at: .zero, scale: 2)
        let cell = try #require(node.nodeForItem(at: IndexPath(item: 0, section: 0)))
        #expect(Self.textNodes(of: cell).contains { $0.holdsTextLayoutCaches.content })
        _ = try node.snapshot(at: CGPoint(x: 0, y: 8_000), scale: 2)
        #expect(!cell.interfaceState.contains(.preload))
        for text in Self.textNodes(of: cell) {
            #expect(text.holdsTextLayoutCaches == (false, false), "\(text)")
        }
        #expect(cell.calculatedLayout?.sublayouts.allSatisfy { $0.layoutElement is ASDisplayNode && $0.sublayouts.isEmpty } == true)
        let back = try node.snapshot(at: .zero, scale: 2)
        #expect(back.hasSamePixels(as: first))
        #expect(node.nodeForItem(at: IndexPath(item: 0, section: 0)) === cell, "the node persisted, as in Texture")
        withExtendedLifetime(sample) {}
    }
}
