import Foundation
import Testing
import Weft

/// `ASTextNode`'s container inset, tint option, text-range geometry and `UIFont`'s metrics.
@Suite struct TextNodeGeometryTests {
    static func node(_ string: String, inset: UIEdgeInsets = .zero, attributes: [NSAttributedString.Key: Any]? = nil) -> ASTextNode {
        let node = ASTextNode()
        node.textContainerInset = inset
        node.attributedText = NSAttributedString(string: string, attributes: attributes ?? [.font: UIFont.systemFont(ofSize: 14), .foregroundColor: UIColor.black])
        return node
    }

    static func sized(_ node: ASTextNode, width: CGFloat) -> ASTextNode {
        let size = node.calculateSizeThatFits(CGSize(width: width, height: .infinity))
        node.frame = CGRect(origin: .zero, size: size)
        return node
    }

    @Test func theInsetIsAddedToTheSizeAndMovesTheText() throws {
        let inset = UIEdgeInsets(top: 5, left: 7, bottom: 3, right: 2)
        let plain = Self.sized(Self.node("Inset text"), width: .infinity)
        let padded = Self.sized(Self.node("Inset text", inset: inset), width: .infinity)
        #expect(padded.frame.size == CGSize(width: plain.frame.width + 9, height: plain.frame.height + 8))
        // Constrained: the text wraps in the width less the inset, and the node stays within it.
        let wrapped = Self.node("Inset text that wraps over several lines", inset: inset)
        let size = wrapped.calculateSizeThatFits(CGSize(width: 80, height: CGFloat.infinity))
        let inner = Self.node("Inset text that wraps over several lines").calculateSizeThatFits(CGSize(width: 71, height: CGFloat.infinity))
        #expect(size == CGSize(width: min(80, inner.width + 9), height: inner.height + 8))
        #expect(Self.node("", inset: inset).calculateSizeThatFits(CGSize(width: 100, height: 100)) == CGSize(width: 9, height: 8))

        let a = try plain.renderBitmap(scale: 2), b = try padded.renderBitmap(scale: 2)
        var inked = 0
        for y in 0..<a.pixelHeight {
            for x in 0..<a.pixelWidth {
                let pixel = a.pixel(x: x, y: y)
                #expect(b.pixel(x: x + 14, y: y + 10) == pixel, "(\(x), \(y))")
                if pixel != 0 { inked += 1 }
            }
        }
        #expect(inked > 50)
        #expect(b.pixel(x: 13, y: 9) == 0)
    }

    @Test func aNonFiniteInsetIsReportedAndNotKept() {
        let node = Self.node("x", inset: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "textContainerInset") {
            node.textContainerInset = UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        }
        #expect(diagnostics.count == 1)
        #expect(node.textContainerInset == UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
    }

    @Test func textFollowsTheTintColorWhenItSetsNoColour() throws {
        func reddest(_ node: ASTextNode) throws -> Int {
            let bitmap = try Self.sized(node, width: .infinity).renderBitmap(scale: 1)
            var best = 0
            for y in 0..<bitmap.pixelHeight {
                for x in 0..<bitmap.pixelWidth {
                    let p = bitmap.pixel(x: x, y: y) ?? 0
                    best = max(best, Int(p >> 16 & 0xFF) - Int(p & 0xFF))
                }
            }
            return best
        }
        let uncoloured: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: 20)]
        let follows = Self.node("Tinted", attributes: uncoloured)
        follows.tintColor = .red
        follows.textColorFollowsTintColor = true
        let plain = Self.node("Tinted", attributes: uncoloured)
        plain.tintColor = .red
        let coloured = Self.node("Tinted", attributes: [.font: UIFont.boldSystemFont(ofSize: 20), .foregroundColor: UIColor.blue])
        coloured.tintColor = .red
        coloured.textColorFollowsTintColor = true
        #expect(try reddest(follows) > 200)
        #expect(try reddest(plain) == 0)
        #expect(try reddest(coloured) <= 0)
        #expect(!ASTextNode().usingExperiment)
        #expect(ASTextNode2().usingExperiment)
    }

    @Test func fontMetricsAreOrdered() {
        let font = UIFont.systemFont(ofSize: 20)
        #expect(font.ascender > font.capHeight)
        #expect(font.capHeight > font.xHeight)
        #expect(font.xHeight > 0)
        #expect(font.descender < 0)
        #expect(abs(font.ascender - font.descender - font.lineHeight) < 0.01)
        #expect(UIFont.systemFont(ofSize: 40).capHeight > font.capHeight * 1.9)
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func rangesMeasureTheirLines() throws {
        let font = UIFont.systemFont(ofSize: 14)
        let node = Self.sized(Self.node("one two three four five six seven eight nine ten"), width: 90)
        #expect(node.lineCount >= 4)
        let all = NSRange(location: 0, length: node.attributedText!.length)
        let rects = node.rects(forTextRange: all).map(\.cgRectValue)
        #expect(rects.count == node.lineCount)
        let padding = 1.3 * abs(font.descender)
        for rect in rects {
            #expect(abs(rect.height - (font.capHeight + 2 * padding)) < 0.001)
            #expect(rect.minX >= 0 && rect.maxX <= 90)
        }
        #expect(zip(rects, rects.dropFirst()).allSatisfy { $0.minY < $1.minY })
        // The first word: from the left edge, narrower than the line.
        let first = try #require(node.rects(forTextRange: NSRange(location: 0, length: 3)).first?.cgRectValue)
        #expect(first.minX == 0 && first.width < rects[0].width && first.width > 10)

        let blocks = node.highlightRects(forTextRange: all).map(\.cgRectValue)
        #expect(blocks.count == 3)
        #expect(blocks[1].minX == min(blocks[0].minX, blocks[2].minX))
        #expect(blocks[0].maxX >= blocks[1].maxX)

        let frame = node.frame(forTextRange: all)
        // The lines' height, which the node's rounds up to the pixel grid.
        #expect(frame.minY == 0 && frame.height <= node.frame.height && frame.height > node.frame.height - 1)
        #expect(rects.allSatisfy { frame.contains(CGRect(x: $0.minX, y: max($0.minY, 0), width: $0.width, height: 1)) })
        let (outside, diagnostics) = WeftDiagnostics.collect(matching: "frame(forTextRange:)") {
            node.frame(forTextRange: NSRange(location: 40, length: 100))
        }
        #expect(outside.isNull && diagnostics.count == 1)

        let trailing = node.trailingRect()
        let last = try #require(node.rects(forTextRange: NSRange(location: all.length - 1, length: 1)).last?.cgRectValue)
        #expect(abs(trailing.minX - last.maxX) < 0.001)
        #expect(trailing.maxX == node.frame.width && trailing.maxY == node.frame.height)
        #expect(Self.node("").trailingRect() == .zero)
    }
}
