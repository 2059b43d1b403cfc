import Foundation
import Testing
import Weft
import WeftTesting

/// Emoji render in colour from the pinned Noto Color Emoji, not as boxes.
@Suite struct EmojiTests {
    @Test func emojiRenderInColourAndDeterministically() throws {
        let text = TestSupport.attributed("Hi 😀 👍🏽 🇰🇷 ❤️ 안녕", size: 20)
        let host = TestSupport.hostedText(text, width: 240)
        let bitmap = try host.renderBitmap(scale: 2)
        // A colour glyph has saturated pixels; black text on white never does.
        var saturated = 0
        for y in 0..<bitmap.pixelHeight {
            for x in 0..<bitmap.pixelWidth {
                let p = bitmap.pixel(x: x, y: y) ?? 0
                let r = Int((p >> 16) & 0xFF), g = Int((p >> 8) & 0xFF), b = Int(p & 0xFF)
                if max(r, g, b) - min(r, g, b) > 80 { saturated += 1 }
            }
        }
        #expect(saturated > 500, "only \(saturated) colour pixels: emoji did not render in colour")
        #expect(try host.renderBitmap(scale: 2).hasSamePixels(as: bitmap))
        expectGolden(host, named: "nodes/ASTextNode/emoji")
    }
}
