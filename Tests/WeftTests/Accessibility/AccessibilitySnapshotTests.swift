import Foundation
import Testing
import Weft
import WeftTesting

/// `AccessibilitySnapshot`: overlays on the elements' frames in their colours, a legend row with
/// a matching swatch and text per element, the same pixels on every run, and the text form.
@Suite struct AccessibilitySnapshotTests {
    static func screen() -> ASDisplayNode {
        let title = TestSupport.textNode(TestSupport.attributed("Welcome", size: 17, weight: .bold), width: 150)
        title.frame.origin = CGPoint(x: 20, y: 12)
        let button = ASButtonNode()
        button.setTitle("Sign in", with: nil, with: nil, for: .normal)
        button.backgroundColor = UIColor(hex: 0xDDDDDD)
        button.frame = CGRect(x: 20, y: 56, width: 120, height: 44)
        button.accessibilityHint = "Double-tap to sign in."
        button.accessibilityIdentifier = "signIn"
        return TestSupport.host(CGSize(width: 200, height: 120), title, button)
    }

    /// The channels of a premultiplied ARGB32 pixel (opaque here).
    static func rgb(_ pixel: UInt32?) -> [Int] {
        guard let pixel else { return [] }
        return [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
    }

    static func rgb(_ color: UIColor) -> [Int] {
        [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
    }

    @Test func textFormListsTheElementsInReadingOrder() {
        #expect(AccessibilitySnapshot.text(of: Self.screen()) == """
            1. "Welcome."  ASTextNode (20, 12, 87, 20)
            2. "Sign in. Button. Double-tap to sign in."  ASButtonNode (20, 56, 120, 44) id=signIn
            """)
    }

    @Test func overlaysAndSwatchesShareTheElementsColours() throws {
        let node = Self.screen()
        let plain = try node.renderBitmap(scale: 1)
        let snapshot = try AccessibilitySnapshot.render(node, scale: 1)
        let elements = node.accessibilityElementsInReadingOrder()
        try #require(elements.count == 2)
        #expect(snapshot.pixelWidth == 200 + 16 + 280 + 16)
        #expect(snapshot.pixelHeight >= 120)

        // Inside each element's frame, clear of its 1 pt outline: the picture under 30% of the colour.
        for (index, element) in elements.enumerated() {
            let x = Int(element.frame.minX) + 3, y = Int(element.frame.minY) + 3
            let under = Self.rgb(plain.pixel(x: x, y: y))
            let color = Self.rgb(AccessibilitySnapshot.color(at: index))
            let expected = zip(under, color).map { Int((Double($0) * 0.7 + Double($1) * 0.3).rounded()) }
            let found = Self.rgb(snapshot.pixel(x: x, y: y))
            #expect(zip(found, expected).allSatisfy { abs($0 - $1) <= 2 }, "element \(index): \(found) is not \(expected)")
            #expect(Self.rgb(snapshot.pixel(x: Int(element.frame.minX), y: y)) == color, "outline of element \(index)")
        }
        // Outside every frame the picture is untouched.
        #expect(snapshot.pixel(x: 190, y: 110) == plain.pixel(x: 190, y: 110))

        // The legend: a swatch of each element's colour and dark text beside it.
        let rows = try AccessibilitySnapshot.legendRowFrames(for: elements, imageWidth: 200, scale: 1)
        #expect(rows.count == 2)
        for (index, row) in rows.enumerated() {
            let swatch = CGPoint(x: row.minX + AccessibilitySnapshot.swatchSize / 2, y: row.minY + 1 + AccessibilitySnapshot.swatchSize / 2)
            #expect(Self.rgb(snapshot.pixel(x: Int(swatch.x), y: Int(swatch.y))) == Self.rgb(AccessibilitySnapshot.color(at: index)))
            var darkPixels = 0
            for y in Int(row.minY)..<Int(row.maxY) {
                for x in Int(row.minX + 22)..<Int(row.maxX) where Self.rgb(snapshot.pixel(x: x, y: y)).allSatisfy({ $0 < 100 }) {
                    darkPixels += 1
                }
            }
            #expect(darkPixels > 20, "row \(index) has text")
        }
        #expect(rows[1].minY > rows[0].maxY)
    }

    @Test func theSamePixelsOnEveryRun() throws {
        let first = try AccessibilitySnapshot.render(Self.screen(), scale: 2)
        let second = try AccessibilitySnapshot.render(Self.screen(), scale: 2)
        #expect(first.hasSamePixels(as: second))
        #expect(first.pixelWidth == (200 + 16 + 280 + 16) * 2)
    }

    @Test func aTreeWithoutElementsSaysSo() throws {
        let empty = TestSupport.host(CGSize(width: 100, height: 40), TestSupport.box(CGRect(x: 0, y: 0, width: 10, height: 10), .red))
        let snapshot = try AccessibilitySnapshot.render(empty, scale: 1)
        #expect(AccessibilitySnapshot.text(of: empty).isEmpty)
        #expect(snapshot.pixelWidth == 100 + 16 + 280 + 16)
        // The note's text is dark, on white.
        var dark = false
        for y in 16..<32 { for x in 140..<300 where Self.rgb(snapshot.pixel(x: x, y: y)).allSatisfy({ $0 < 100 }) { dark = true } }
        #expect(dark)
    }

    @MainActor @Test func aControllerRendersWithItsNodesElements() throws {
        let controller = ASDKViewController(node: Self.screen())
        let snapshot = try AccessibilitySnapshot.render(controller, size: CGSize(width: 200, height: 120), scale: 1)
        #expect(snapshot.pixelWidth == 200 + 16 + 280 + 16)
        let swatch = Self.rgb(snapshot.pixel(x: 216 + 7, y: 16 + 8))
        #expect(swatch == Self.rgb(AccessibilitySnapshot.color(at: 0)))
    }
}
