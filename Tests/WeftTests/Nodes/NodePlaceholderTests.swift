import Foundation
import Testing
@testable import Weft

/// A node drawing a solid colour, whose placeholder is a red image, and which may keep it.
private final class PlaceholderNode: ASDisplayNode, @unchecked Sendable {
    // SAFETY: both are immutable.
    let persists: Bool
    let color: UIColor
    init(persists: Bool = false, color: UIColor = .blue) {
        self.persists = persists
        self.color = color
        super.init()
        placeholderEnabled = true
        displayBlock = { [color] bounds, context, _ in context.fill(Path(rect: bounds), with: color) }
    }
    override func placeholderImage() -> UIImage? {
        UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
    }
    override func placeholderShouldPersist() -> Bool { persists }
}

@MainActor @Suite struct NodePlaceholderTests {
    private func placeholders(of node: ASDisplayNode) -> [CALayer] {
        (node.layer.sublayers ?? []).filter { $0.zPosition == 9999 }
    }

    /// Entering a window before the contents are drawn shows the placeholder layer, over the
    /// node's bounds with the placeholder image; once drawn, the main queue takes it away.
    @Test func thePlaceholderCoversTheNodeUntilItIsDrawn() async throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        let node = PlaceholderNode()
        node.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        window.addSubnode(node)
        window.makeKeyAndVisible()
        let shown = placeholders(of: node)
        try #require(shown.count == 1)
        #expect(shown[0].frame == CGRect(x: 0, y: 0, width: 20, height: 10) && shown[0].contents is UIImage)
        for _ in 0..<500 where !placeholders(of: node).isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(placeholders(of: node).isEmpty && node.contents != nil)
    }

    /// A node whose placeholder persists keeps it after drawing; drawn contents still show, as
    /// the placeholder only covers contents not drawn yet.
    @Test func aPersistingPlaceholderStaysButDrawnContentsShow() async throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        let node = PlaceholderNode(persists: true)
        node.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        window.addSubnode(node)
        window.makeKeyAndVisible()
        for _ in 0..<500 where node.contents == nil { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(50))
        #expect(placeholders(of: node).count == 1)
        let bitmap = try node.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 10, y: 5) == 0xFF00_00FF, "the node's blue, not the placeholder's red")
    }

    /// Nodes that draw nothing, nodes with the placeholder off, and nodes already drawn get none.
    @Test func onlyNodesWaitingForContentsGetAPlaceholder() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        let plain = ASDisplayNode()
        plain.placeholderEnabled = true
        let off = PlaceholderNode()
        off.placeholderEnabled = false
        let drawn = PlaceholderNode()
        for node in [plain, off, drawn] {
            node.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        }
        drawn.displaysAsynchronously = false
        drawn.recursivelyEnsureDisplaySynchronously(true)
        for node in [plain, off, drawn] { window.addSubnode(node) }
        window.makeKeyAndVisible()
        #expect(placeholders(of: plain).isEmpty && placeholders(of: off).isEmpty && placeholders(of: drawn).isEmpty)
    }

    /// A text node's placeholder is its line boxes in `placeholderColor`; setting the colour turns
    /// the node-wide setting on and off.
    @Test func aTextNodesPlaceholderIsItsLineBoxes() throws {
        let text = ASTextNode()
        text.attributedText = NSAttributedString(string: "Placeholder lines")
        text.frame = CGRect(x: 0, y: 0, width: 120, height: 20)
        #expect(!text.placeholderEnabled && text.placeholderImage() == nil)
        text.placeholderColor = .green
        #expect(text.placeholderEnabled)
        let image = try #require(text.placeholderImage())
        #expect(image.size == CGSize(width: 120, height: 20))
        text.placeholderColor = .clear
        #expect(!text.placeholderEnabled)
    }
}
