import Foundation
import Testing
@testable import Weft

/// Text right to left: natural alignment is the right edge, left and right stay physical.
@Suite struct RTLTextTests {
    /// The leftmost and rightmost columns with ink of a text node drawn 200×30 at scale 1.
    static func ink(_ string: String, _ alignment: NSTextAlignment, traits: ASPrimitiveTraitCollection,
                    attribute: UISemanticContentAttribute = .unspecified) throws -> (min: Int, max: Int) {
        let style = NSMutableParagraphStyle()
        style.alignment = alignment
        let node = ASTextNode()
        node.attributedText = TestSupport.attributed(string, extra: [.paragraphStyle: style])
        node.frame = CGRect(x: 0, y: 0, width: 200, height: 30)
        node.setPrimitiveTraitCollection(traits)
        node.semanticContentAttribute = attribute
        return try inkColumns(node.renderBitmap(scale: 1))
    }

    static func inkColumns(_ bitmap: Bitmap) -> (min: Int, max: Int) {
        var low = Int.max, high = -1
        for y in 0..<Int(bitmap.size.height) {
            for x in 0..<Int(bitmap.size.width) where (bitmap.pixel(x: x, y: y) ?? 0) >> 24 != 0 {
                low = min(low, x)
                high = max(high, x)
            }
        }
        return (low, high)
    }

    @Test func naturalIsLeftLeftToRightAndRightRightToLeft() throws {
        let ltr = try Self.ink("Hello", .natural, traits: RTL.leftToRight)
        #expect(ltr.min < 5 && ltr.max < 100)
        let rtl = try Self.ink("Hello", .natural, traits: RTL.rightToLeft)
        #expect(rtl.min > 100 && rtl.max > 190)
        // The same text, the same ink width either way (within a pixel: the right edge falls
        // at another subpixel phase, so antialiasing differs).
        #expect(abs((rtl.max - rtl.min) - (ltr.max - ltr.min)) <= 1)
    }

    @Test func leftAndRightStayPhysical() throws {
        let left = try Self.ink("Hello", .left, traits: RTL.rightToLeft)
        #expect(left.min < 5 && left.max < 100)
        let right = try Self.ink("Hello", .right, traits: RTL.rightToLeft)
        #expect(right.min > 100 && right.max > 190)
    }

    @Test func aRightToLeftScriptAlignsNaturallyRightInEitherInterface() throws {
        let inLeftToRight = try Self.ink("שלום עולם", .natural, traits: RTL.leftToRight)
        #expect(inLeftToRight.min > 100 && inLeftToRight.max > 190)
        let inRightToLeft = try Self.ink("שלום עולם", .natural, traits: RTL.rightToLeft)
        #expect(inRightToLeft == inLeftToRight)
        // Left and right are physical for it too.
        let left = try Self.ink("שלום עולם", .left, traits: RTL.rightToLeft)
        #expect(left.min < 5 && left.max < 100)
    }

    @Test func forceLeftToRightTextAlignsLeftInARightToLeftInterface() throws {
        let forced = try Self.ink("Hello", .natural, traits: RTL.rightToLeft, attribute: .forceLeftToRight)
        #expect(forced.min < 5 && forced.max < 100)
    }

    @Test func aDirectionChangeDropsTheMeasurementAndKeysTheCacheApart() throws {
        let cache = TextMeasurementCache()
        let node = ASTextNode()
        node.textState.withLock { $0.measurementCache = cache }
        node.attributedText = TestSupport.attributed("Hello")
        let range = ASSizeRange(min: .zero, max: CGSize(width: 200, height: 100))
        let ltr = node.layoutThatFits(range).size
        node.setPrimitiveTraitCollection(RTL.rightToLeft)
        #expect(node.layoutThatFits(range).size == ltr)
        #expect(node.textState.withLock { $0.request.content.layoutDirection } == .rightToLeft)
        var left = TextContent(string: "Hello"), right = left
        right.layoutDirection = .rightToLeft
        #expect(TextMeasurementCache.Key(TextLayoutRequest(content: left), .zero) != TextMeasurementCache.Key(TextLayoutRequest(content: right), .zero))
        left.layoutDirection = .rightToLeft
        #expect(left == right)
    }
}
