import Foundation
import Testing
@testable import Weft
import WeftSamples

/// A text node outside the preload range keeps its text once, as the attributed string it was
/// given: the measured layout and the pango copy of the text go, as Texture's text node lets its
/// layout caches go, and come back identical (`ASTextNode+Preload.swift`).
@MainActor @Suite struct TextCachesOutsidePreloadTests {
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
        let back = try node.snapshot(at: .zero, scale: 2)
        #expect(back.hasSamePixels(as: first))
        #expect(node.nodeForItem(at: IndexPath(item: 0, section: 0)) === cell, "the node persisted, as in Texture")
        withExtendedLifetime(sample) {}
    }
}
