import Foundation
import Testing
@testable import Weft

/// The UIKit that Texture cell code leans on: colours and fonts as `NSObject`s, text styles,
/// measuring attributed strings, non-escaping batch updates and the `layout()` hook.
@MainActor @Suite struct UIKitPortingTests {
    @Test func colourAndFontLiteralsMixInOneDictionary() {
        // UIKit code writes this without a type: it is `[NSAttributedString.Key: NSObject]`.
        let attributes = [NSAttributedString.Key.foregroundColor: UIColor.red, NSAttributedString.Key.font: UIFont.systemFont(ofSize: 12)]
        let text = NSAttributedString(string: "Hi", attributes: attributes)
        #expect(text.length == 2 && attributes.count == 2)
        // Equality and hashing stay by value.
        #expect(UIColor(red: 1, green: 0, blue: 0, alpha: 1) == .red && UIColor.red != .blue)
        #expect(Set([UIColor(white: 0.5, alpha: 1), .gray]).count == 1)
        #expect(UIFont.systemFont(ofSize: 12) == UIFont.systemFont(ofSize: 12) && UIFont.systemFont(ofSize: 12) != UIFont.boldSystemFont(ofSize: 12))
    }

    @Test func textStylesHaveUIKitsDefaultSizes() {
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        let headline = UIFont.preferredFont(forTextStyle: .headline)
        #expect(headline.pointSize == 17 && headline.weight == .semibold)
        let sizes: [(UIFont.TextStyle, CGFloat)] = [(.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20), (.callout, 16),
                                                   (.subheadline, 15), (.footnote, 13), (.caption1, 12), (.caption2, 11)]
        for (style, size) in sizes { #expect(UIFont.preferredFont(forTextStyle: style).pointSize == size, "\(style.rawValue)") }
        let (font, diagnostics) = WeftDiagnostics.collect(matching: "preferredFont") { UIFont.preferredFont(forTextStyle: UIFont.TextStyle(rawValue: "Bogus")) }
        #expect(font.pointSize == 17 && diagnostics.first?.message.contains("Bogus") == true)
    }

    @Test func boundingRectMeasuresAsTheTextNodeLaysOut() {
        let text = NSAttributedString(string: "A line that is long enough to wrap at a narrow width",
                                      attributes: [.font: UIFont.systemFont(ofSize: 14)])
        let node = ASTextNode()
        node.attributedText = text
        let measured = node.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: CGFloat.infinity))).size
        let wrapped = text.boundingRect(with: CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude), options: [.usesLineFragmentOrigin, .usesFontLeading], context: nil)
        #expect(ceil(wrapped.width) <= measured.width + 0.5 && abs(ceil(wrapped.height) - measured.height) <= 1)
        let oneLine = text.boundingRect(with: CGSize(width: 100, height: 1000), options: [], context: nil)
        #expect(oneLine.width > 100 && oneLine.height < wrapped.height / 2)
        let context = NSStringDrawingContext()
        let viaString = "Hi".boundingRect(with: CGSize(width: 100, height: 100), options: .usesLineFragmentOrigin,
                                          attributes: [.font: UIFont.systemFont(ofSize: 14)], context: context)
        #expect(viaString.width > 0 && context.totalBounds == viaString)
    }

    @Test func truncationTextIsNullableAndNilMeansTheEllipsis() {
        let node = ASTextNode()
        node.truncationAttributedText = NSAttributedString(string: " more")
        #expect(node.truncationAttributedText?.string == " more")
        node.truncationAttributedText = nil
        #expect(node.truncationAttributedText?.string == "\u{2026}")
    }

    @Test func coreGraphicsComparisonsAndTexturesDirectionConstants() {
        #expect(CGSize(width: 1, height: 2).equalTo(CGSize(width: 1, height: 2)) && !CGRect.zero.equalTo(CGRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(ASScrollDirectionVerticalDirections == [.up, .down] && ASScrollDirectionHorizontalDirections == [.left, .right])
    }

    @Test func nodeClassesCompareAsNSObjectClassesDo() {
        let type: ASDisplayNode.Type = ASTextNode.self
        #expect(type.isEqual(ASTextNode.self) && !type.isEqual(ASImageNode.self) && !type.isEqual("ASTextNode"))
    }

    @Test func aTextCellTakesTexturesUntypedAttributeDictionary() {
        let untyped: NSDictionary = ["NSFont": UIFont.systemFont(ofSize: 30), NSAttributedString.Key.foregroundColor: UIColor.red]
        let cell = ASTextCellNode(attributes: untyped as! [AnyHashable: Any], insets: .zero)
        #expect((cell.textAttributes[.font] as? UIFont)?.pointSize == 30 && cell.textAttributes[.foregroundColor] as? UIColor == .red)
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "ASTextCellNode") {
            _ = ASTextCellNode(attributes: [AnyHashable(7): UIColor.red], insets: .zero)
        }
        #expect(diagnostics.first?.message.contains("7") == true)
    }

    final class Counter {
        var count = 0
        let table = ASTableNode()
        /// Compiles only if `updates` does not escape: it reads `count` without `self.`.
        func bump() {
            table.performBatchUpdates({ count += 1 }, completion: nil)
            table.performBatchUpdates(nil, completion: nil)
        }
    }

    @Test func batchUpdatesDoNotEscape() {
        let counter = Counter()
        counter.bump()
        #expect(counter.count == 1)
    }

    final class SeparatedCell: ASCellNode {
        let separator = ASDisplayNode()
        var layoutCalls = 0
        override init() {
            super.init()
            addSubnode(separator)
        }
        override func layout() {
            super.layout()
            layoutCalls += 1
            separator.frame = CGRect(x: 0, y: 0, width: calculatedSize.width, height: 1 / UIScreen.main.scale)
        }
        override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec { ASLayoutSpec() }
    }

    @Test func layoutRunsAfterTheLayoutIsAppliedAndMayPlaceSubnodes() throws {
        let cell = SeparatedCell()
        cell.style.preferredSize = CGSize(width: 50, height: 20)
        _ = cell.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 50, height: 50)))
        cell.frame = CGRect(x: 0, y: 0, width: 50, height: 20)
        cell.layoutIfNeeded()
        #expect(cell.layoutCalls == 1 && cell.separator.frame == CGRect(x: 0, y: 0, width: 50, height: 1 / UIScreen.main.scale))
    }
}
