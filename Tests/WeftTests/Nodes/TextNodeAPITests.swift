import Foundation
import Testing
@testable import Weft

/// ASTextNode's Texture API beyond drawing text: links, highlight, truncation messages,
/// placeholders, `ASTextNode2`, `UIFontDescriptor`, and bad input to each.
struct TextNodeAPITests {
    static func node(_ string: String, attributes: [NSAttributedString.Key: Any] = [:], width: CGFloat = 200) -> ASTextNode {
        let node = ASTextNode()
        var attributes = attributes
        attributes[.font] = attributes[.font] ?? UIFont.systemFont(ofSize: 14)
        node.attributedText = NSAttributedString(string: string, attributes: attributes)
        let size = node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: width, height: 1000))).size
        node.frame = CGRect(origin: .zero, size: size)
        return node
    }

    @Test func defaultsMatchTexture() {
        let node = ASTextNode()
        #expect(node.linkAttributeNames == ["NSLink"])
        #expect(node.highlightStyle == .light)
        #expect(node.highlightRange.length == 0)
        #expect(!node.placeholderEnabled)
        #expect(node.placeholderInsets == UIEdgeInsets(top: 1, left: 0, bottom: 1, right: 0))
        #expect(node.additionalTruncationMessage == nil)
        #expect(node.truncationAttributedText?.string == "\u{2026}")
        #expect(node.delegate == nil)
    }

    @Test func linkValueAndRangeComeFromTheCharacterUnderThePoint() throws {
        let text = NSMutableAttributedString(string: "see https://example.com now", attributes: [.font: UIFont.systemFont(ofSize: 14)])
        text.addAttribute(.link, value: "https://example.com", range: NSRange(location: 4, length: 19))
        let node = ASTextNode()
        node.attributedText = text
        node.frame = CGRect(origin: .zero, size: node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 400, height: 100))).size)
        var name: NSString?
        var range = NSRange()
        let x = node.frame.width / 2
        let value = node.linkAttributeValue(at: CGPoint(x: x, y: 5), attributeName: &name, range: &range) as? String
        #expect(value == "https://example.com")
        #expect(name == "NSLink")
        #expect(range == NSRange(location: 4, length: 19))
        #expect(node.linkAttributeValue(at: CGPoint(x: 2, y: 5), attributeName: &name, range: &range) == nil, "on \"see\"")
        #expect(name == nil)
        #expect(node.linkAttributeValue(at: CGPoint(x: x, y: 500), attributeName: nil, range: nil) == nil, "below the text")
    }

    @Test func aNonFinitePointIsReportedAndFindsNoLink() {
        let node = Self.node("link", attributes: [.link: "x"])
        node.debugName = "nan-link-point"
        let (value, diagnostics) = WeftDiagnostics.collect(matching: "nan-link-point") {
            node.linkAttributeValue(at: CGPoint(x: CGFloat.nan, y: 1), attributeName: nil, range: nil)
        }
        #expect(value == nil)
        #expect(diagnostics.contains { $0.message.contains("linkAttributeValue") && $0.message.contains("nan") })
    }

    @Test func highlightDrawsOverTheRangeAndOnlyThere() throws {
        let node = Self.node("highlight me")
        let plain = try node.renderBitmap(scale: 1)
        node.highlightRange = NSRange(location: 0, length: 9)
        let light = try node.renderBitmap(scale: 1)
        #expect(!light.hasSamePixels(as: plain))
        node.highlightStyle = .dark
        let dark = try node.renderBitmap(scale: 1)
        #expect(!dark.hasSamePixels(as: light))
        node.setHighlightRange(NSRange(location: 0, length: 0), animated: true)
        #expect(try node.renderBitmap(scale: 1).hasSamePixels(as: plain))
    }

    @Test func aHighlightRangePastTheTextIsCutAndReported() {
        let node = Self.node("short")
        node.debugName = "long-highlight"
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "long-highlight") {
            node.highlightRange = NSRange(location: 2, length: 100)
        }
        #expect(node.highlightRange == NSRange(location: 2, length: 3))
        #expect(diagnostics.contains { $0.message.contains("highlightRange {2, 100}") })
    }

    @Test func additionalTruncationMessageFollowsTheTruncationString() {
        let node = ASTextNode()
        node.attributedText = NSAttributedString(string: String(repeating: "word ", count: 60), attributes: [.font: UIFont.systemFont(ofSize: 14)])
        node.maximumNumberOfLines = 2
        let plain = node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 200, height: 1000)))
        node.additionalTruncationMessage = NSAttributedString(string: "Read more")
        let withMessage = node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 200, height: 1000)))
        #expect(node.isTruncated)
        #expect(plain.size.height == withMessage.size.height)
        // Alone, the message replaces the "…", as in Texture; with a truncation string, it follows it.
        #expect(node.layout(in: CGSize(width: 200, height: 1000)).displayed.string.hasSuffix("wordRead more"), "the kept text loses its trailing space, as before any truncation string")
        node.truncationAttributedText = NSAttributedString(string: "\u{2026}")
        #expect(node.layout(in: CGSize(width: 200, height: 1000)).displayed.string.hasSuffix("\u{2026} Read more"))
        #expect(node.layout(in: CGSize(width: 200, height: 1000)).lineCount == 2)
        var name: NSString?
        var range = NSRange()
        // The truncation string ends the second line: no link there, and no crash on it.
        #expect(node.linkAttributeValue(at: CGPoint(x: withMessage.size.width - 3, y: withMessage.size.height - 4), attributeName: &name, range: &range) == nil)
    }

    @Test func shouldTruncateLeavesTheMeasurementAlone() {
        let node = Self.node("a line of text that wraps", width: 1000)
        #expect(!node.isTruncated)
        #expect(node.shouldTruncate(forConstrainedSize: ASSizeRangeMake(CGSize(width: 30, height: 20))))
        #expect(!node.isTruncated)
        #expect(node.lineCount == 1)
    }

    @Test func placeholderBoxesFollowTheLines() throws {
        let node = Self.node("one two three four five six seven eight nine ten", width: 90)
        #expect(node.placeholderImage() == nil, "disabled by default")
        node.placeholderColor = .systemRed
        #expect(node.placeholderEnabled)
        let boxes = try #require(node.placeholderBoxes())
        #expect(boxes.rects.count == node.lineCount)
        #expect(boxes.rects.first?.minY == 1, "the first line's box, inset 1 pt at the top by default")
        #expect(node.placeholderImage() != nil)
        node.placeholderColor = .clear
        #expect(!node.placeholderEnabled)
    }

    @Test func nonFinitePlaceholderInsetsAreRepaired() {
        let node = ASTextNode()
        node.debugName = "nan-insets"
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "nan-insets") {
            node.placeholderInsets = UIEdgeInsets(top: .nan, left: 2, bottom: .infinity, right: 0)
        }
        #expect(node.placeholderInsets == UIEdgeInsets(top: 0, left: 2, bottom: 0, right: 0))
        #expect(diagnostics.count == 1)
    }

    @Test func textFlowsAroundAnExclusionPath() throws {
        let node = Self.node(String(repeating: "flow around ", count: 12), width: 200)
        let plain = node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 200, height: 1000))).size
        let plainLines = node.lineCount
        node.exclusionPaths = [UIBezierPath(rect: CGRect(x: 60, y: 0, width: 80, height: 40))]
        let flowed = node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 200, height: 1000))).size
        #expect(flowed.height > plain.height)
        #expect(node.lineCount > plainLines, "lines on both sides of the box count apart")
        node.frame = CGRect(origin: .zero, size: flowed)
        let bitmap = try node.renderBitmap(scale: 1)
        // Nothing is drawn inside the excluded box.
        for y in 2..<38 { for x in 62..<138 { #expect(bitmap.pixel(x: x, y: y) == 0, "ink at \(x), \(y)") } }
        // Its link hit-testing and placeholder follow the flowed lines.
        node.placeholderEnabled = true
        #expect(try #require(node.placeholderBoxes()).rects.count == node.lineCount)
        #expect(node.linkAttributeValue(at: CGPoint(x: 100, y: 10), attributeName: nil, range: nil) == nil)
        node.maximumNumberOfLines = 2
        #expect(node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 200, height: 1000))).size.height < flowed.height)
        #expect(node.isTruncated)
        node.exclusionPaths = nil
        #expect(node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 200, height: 1000))).size.height <= plain.height)
    }

    @Test func textNode2IsATextNode() {
        let node: ASTextNode = ASTextNode2()
        node.attributedText = NSAttributedString(string: "two")
        #expect(node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 100, height: 100))).size.width > 0)
    }

    @Test func aLongWordBreaksWithoutAHyphenUnlessAsked() throws {
        func render(hyphenation: Float) throws -> Bitmap {
            let style = NSMutableParagraphStyle()
            style.hyphenationFactor = hyphenation
            let node = Self.node("onboardingprocessdocumentation", attributes: [.paragraphStyle: style], width: 80)
            #expect(node.lineCount > 1)
            return try node.renderBitmap(scale: 1)
        }
        #expect(try !render(hyphenation: 0).hasSamePixels(as: render(hyphenation: 1)))
    }

    @Test func aHyphenationFactorOutsideZeroToOneIsRepaired() {
        let style = NSMutableParagraphStyle()
        style.hyphenationFactor = .nan
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "hyphenationFactor") {
            _ = Self.node("text", attributes: [.paragraphStyle: style])
        }
        #expect(diagnostics.contains { $0.message.contains("hyphenationFactor nan") })
    }

    @Test func aDescriptorOfATextStyleGivesThatStylesFont() {
        let headline = UIFont.preferredFont(forTextStyle: .headline)
        let font = UIFont(descriptor: UIFontDescriptor(fontAttributes: [.textStyle: UIFont.TextStyle.headline]), size: 0)
        #expect(font.pointSize == headline.pointSize)
        #expect(font.weight == headline.weight)
        #expect(UIFont(descriptor: UIFontDescriptor(fontAttributes: [.textStyle: UIFont.TextStyle.headline]), size: 30).pointSize == 30)
    }

    @Test func fontDescriptorRoundTripsTraitsSizeAndFeatures() throws {
        let font = UIFont.systemFont(ofSize: 15, weight: .bold)
        let descriptor = font.fontDescriptor
        #expect(descriptor.pointSize == 15)
        #expect(descriptor.symbolicTraits.contains(.traitBold))
        let italic = try #require(descriptor.withSymbolicTraits([.traitBold, .traitItalic]))
        let made = UIFont(descriptor: italic, size: 0)
        #expect(made.isItalic && made.weight == .bold && made.pointSize == 15)
        #expect(UIFont(descriptor: descriptor.withSize(20), size: 0).pointSize == 20)
        #expect(UIFont(descriptor: descriptor, size: 9).pointSize == 9)
        #expect(descriptor.withSymbolicTraits(.traitVertical) == nil)
        let monospacedDigits = descriptor.addingAttributes([.featureSettings: [[UIFontDescriptor.FeatureKey.type: kNumberSpacingType,
                                                                                UIFontDescriptor.FeatureKey.selector: kMonospacedNumbersSelector]]])
        let tabular = UIFont(descriptor: monospacedDigits, size: 0)
        #expect(tabular.features.map(\.tag) == ["tnum"])
        #expect(tabular != font)
        #expect(tabular.fontDescriptor.fontAttributes[.featureSettings] != nil)
        #expect(UIFontDescriptor(fontAttributes: [.family: "DejaVu Serif"]).fontAttributes[.family] as? String == "DejaVu Serif")
    }

    @Test func monospacedDigitsChangeTheWidthOfProportionalDigits() {
        let base = UIFont(familyName: "DejaVu Sans", pointSize: 20)
        let tabular = UIFont(descriptor: base.fontDescriptor.addingAttributes([.featureSettings: [[UIFontDescriptor.FeatureKey.type: kNumberSpacingType,
                                                                                                   UIFontDescriptor.FeatureKey.selector: kProportionalNumbersSelector]]]), size: 0)
        // DejaVu Sans's digits are tabular already; the proportional feature is applied by pango
        // and must at least lay out.
        #expect(Self.node("1111", attributes: [.font: tabular]).frame.width > 0)
    }

    @Test func unknownFeaturesAndBadSizesAreReported() {
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "UIFont") {
            _ = UIFont(descriptor: UIFontDescriptor(name: "Helvetica", size: 12), size: -.infinity)
        }
        #expect(diagnostics.contains { $0.message.contains("-inf") })
        let (_, features) = WeftDiagnostics.collect(matching: "UIFontDescriptor") {
            _ = UIFont(descriptor: UIFontDescriptor(fontAttributes: [.featureSettings: [[UIFontDescriptor.FeatureKey.type: 999,
                                                                                           UIFontDescriptor.FeatureKey.selector: 1]]]), size: 12)
        }
        #expect(features.contains { $0.message.contains("999") })
    }
}

/// Texture's text placeholder in a real-time frame: a cell not displayed yet shows its text
/// nodes' line boxes over the cell's placeholder.
@Suite struct TextPlaceholderFrameTests {
    @Test func aCellNotDisplayedShowsItsTextLineBoxes() throws {
        let collection = ASCollectionNode()
        collection.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let cell = ASCellNode()
        cell.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        let text = TextNodeAPITests.node("Hello placeholder world, wrapping onto a second line", width: 180)
        text.frame.origin = CGPoint(x: 10, y: 10)
        text.placeholderColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        cell.addSubnode(text)
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.frame = CGRect(x: 0, y: 50, width: 200, height: 60)
        let composition = try collection.capture([(attributes, cell)], at: .zero, scale: 1, placeholders: true)
        let boxes = composition.items.compactMap { item -> [CGRect]? in
            if case .fills(let rects, _) = item { rects } else { nil }
        }
        #expect(boxes.count == 1)
        #expect(boxes.first?.count == text.lineCount)
        #expect(text.lineCount >= 2)
        let frame = try composition.render()
        #expect(frame.pixel(x: 15, y: 50 + 10 + 5) == 0xFFFF_0000, "the first line's box")
        #expect(frame.pixel(x: 195, y: 50 + 10 + 5) != 0xFFFF_0000, "past the text's width: the cell's placeholder")
        // Without the text placeholder, only the cell's box.
        text.placeholderEnabled = false
        let plain = try collection.capture([(attributes, cell)], at: .zero, scale: 1, placeholders: true)
        #expect(plain.items.count == 1)
    }
}
