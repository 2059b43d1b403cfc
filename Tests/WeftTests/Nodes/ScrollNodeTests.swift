import Foundation
import Testing
@testable import Weft

/// Texture's `ASScrollNode`: content measured unbounded in the scrolling direction, the content
/// size applied in the layout pass, and the content drawn shifted by the offset, clipped.
@MainActor @Suite struct ScrollNodeTests {
    static let colors: [UIColor] = [.red, .green, .blue, .black, .white, .yellow, .cyan, .magenta, .orange, .purple]

    /// Ten 50-point bands stacked, scrolling vertically.
    func bands() -> ASScrollNode {
        let scroll = ASScrollNode()
        scroll.automaticallyManagesSubnodes = true
        scroll.automaticallyManagesContentSize = true
        let boxes = Self.colors.map { color -> ASDisplayNode in
            let box = ASDisplayNode()
            box.backgroundColor = color
            box.style.height = ASDimensionMake(50)
            return box
        }
        scroll.layoutSpecBlock = { _, _ in
            ASStackLayoutSpec(direction: .vertical, spacing: 0, justifyContent: .start, alignItems: .stretch, children: boxes)
        }
        return scroll
    }

    @Test func theContentSizeIsTheContentsAndTheNodeKeepsItsRange() throws {
        let scroll = bands()
        #expect(scroll.scrollableDirections == .verticalDirections && scroll.clipsToBounds)
        let layout = scroll.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 200)))
        #expect(layout.size == CGSize(width: 100, height: 200))
        scroll.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
        scroll.layoutIfNeeded()
        #expect(scroll.contentSize == CGSize(width: 100, height: 500) && scroll.view.contentSize == CGSize(width: 100, height: 500))
    }

    @Test func theOffsetShiftsTheContent() throws {
        let scroll = bands()
        _ = scroll.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 200)))
        scroll.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
        #expect(try scroll.renderBitmap(scale: 1).pixel(x: 50, y: 25) == 0xFFFF_0000)
        scroll.view.contentOffset = CGPoint(x: 0, y: 100)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 100))
        let bitmap = try scroll.renderBitmap(scale: 1)
        #expect(bitmap.pixelHeight == 200)
        // Band 2 (blue) at the top, band 5 (yellow) at the bottom.
        #expect(bitmap.pixel(x: 50, y: 25) == 0xFF00_00FF && bitmap.pixel(x: 50, y: 175) == 0xFFFF_FF00)
    }

    @Test func withoutManagingTheContentSizeTheNodeTakesTheContentsSize() {
        let scroll = bands()
        scroll.automaticallyManagesContentSize = false
        let layout = scroll.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 200)))
        #expect(layout.size.height == 500 && scroll.contentSize == .zero)
    }

    @Test func shortContentIsLaidOutAgainToFillTheNode() {
        let scroll = ASScrollNode()
        scroll.automaticallyManagesContentSize = true
        scroll.automaticallyManagesSubnodes = true
        let filler = ASDisplayNode()
        filler.style.flexGrow = 1
        filler.style.minHeight = ASDimensionMake(10)
        scroll.layoutSpecBlock = { _, _ in
            ASStackLayoutSpec(direction: .vertical, spacing: 0, justifyContent: .start, alignItems: .stretch, children: [filler])
        }
        let layout = scroll.layoutThatFits(ASSizeRange(exactly: CGSize(width: 100, height: 300)))
        #expect(layout.size == CGSize(width: 100, height: 300))
        #expect(layout.sublayouts.first?.size.height == 300 || layout.sublayouts.first?.sublayouts.first?.size.height == 300)
    }
}
