import Foundation
import Testing
@testable import Weft

/// Tint colours as Texture bridges them, and template images drawn in them.
@Suite struct TintColorTests {
    /// Counts `tintColorDidChange()` calls.
    final class TintRecordingNode: ASDisplayNode, @unchecked Sendable {
        // SAFETY: touched only by the test's thread.
        var changes = 0
        override func tintColorDidChange() {
            super.tintColorDidChange()
            changes += 1
        }
    }

    /// An opaque black 4×4 image.
    private static func blackImage() throws -> UIImage {
        UIImage(bitmap: try Bitmap(size: CGSize(width: 4, height: 4), scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 4, height: 4), with: .black) })
    }

    @Test func aLayerBackedNodeInheritsItsSupernodesTint() {
        let parent = ASDisplayNode(), child = ASDisplayNode()
        parent.isLayerBacked = true
        child.isLayerBacked = true
        parent.addSubnode(child)
        #expect(child.tintColor == nil, "no node up the tree has one")
        parent.tintColor = .orange
        #expect(child.tintColor == .orange)
        child.tintColor = .red
        #expect(child.tintColor == .red && parent.tintColor == .orange)
        child.tintColor = nil
        #expect(child.tintColor == .orange, "reset to inherit")
    }

    @MainActor @Test func aViewBackedNodeHasUIKitsDefaultOnceLoaded() {
        let node = ASDisplayNode()
        #expect(node.tintColor == nil, "not loaded: Texture's pending state holds none")
        _ = node.view
        #expect(node.tintColor == .systemBlue)
        let parent = ASDisplayNode()
        parent.addSubnode(node)
        _ = parent.view
        parent.tintColor = .green
        #expect(node.tintColor == .green && node.view.tintColor == .green)
    }

    @MainActor @Test func tintColorDidChangeIsCalledAfterLoadingOnly() {
        let node = TintRecordingNode()
        node.tintColor = .red
        #expect(node.changes == 0, "not loaded")
        _ = node.view
        node.tintColor = .blue
        #expect(node.changes == 1)
        node.tintColor = .blue
        #expect(node.changes == 1, "the same colour is no change")
        let child = TintRecordingNode(), own = TintRecordingNode()
        own.tintColor = .black
        node.addSubnode(child)
        node.addSubnode(own)
        _ = child.view
        _ = own.view
        node.tintColor = .red
        #expect(child.changes == 1 && own.changes == 0, "subnodes that inherit hear of it")
    }

    @Test func renderingModes() throws {
        let image = try Self.blackImage()
        #expect(image.renderingMode == .automatic)
        let template = image.withRenderingMode(.alwaysTemplate)
        #expect(template.renderingMode == .alwaysTemplate && template.bitmap === image.bitmap)
        #expect(template.withRenderingMode(.alwaysOriginal).renderingMode == .alwaysOriginal)
        #expect(template.resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)).renderingMode == .alwaysTemplate)
    }

    @Test func anImageNodeDrawsATemplateInItsTint() throws {
        let red = try TestSupport.box(CGRect(x: 0, y: 0, width: 1, height: 1), .red).renderBitmap(scale: 1).pixel(x: 0, y: 0)
        let black = try TestSupport.box(CGRect(x: 0, y: 0, width: 1, height: 1), .black).renderBitmap(scale: 1).pixel(x: 0, y: 0)
        func render(_ image: UIImage, tint: UIColor?) throws -> UInt32? {
            let node = ASImageNode()
            node.image = image
            node.tintColor = tint
            node.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
            return try node.renderBitmap(scale: 1).pixel(x: 2, y: 2)
        }
        let image = try Self.blackImage()
        #expect(try render(image.withRenderingMode(.alwaysTemplate), tint: .red) == red)
        #expect(try render(image, tint: .red) == black, "an image that is not a template keeps its colours")
        let blue = try TestSupport.box(CGRect(x: 0, y: 0, width: 1, height: 1), .systemBlue).renderBitmap(scale: 1).pixel(x: 0, y: 0)
        #expect(try render(image.withRenderingMode(.alwaysTemplate), tint: nil) == blue, "UIKit's default tint")
    }

    final class SetNeedsDisplayCountingImageNode: ASImageNode, @unchecked Sendable {
        // SAFETY: touched only by the test's thread.
        var count = 0
        override func setNeedsDisplay() { count += 1 }
    }

    @Test func anImageNodeRedrawsATemplateWhenTheTintChanges() throws {
        let node = SetNeedsDisplayCountingImageNode()
        node.image = try Self.blackImage()
        #expect(node.count == 1)
        node.tintColorDidChange()
        #expect(node.count == 1)
        node.image = try Self.blackImage().withRenderingMode(.alwaysTemplate)
        node.tintColorDidChange()
        #expect(node.count == 3)
    }

    @MainActor @Test func viewsInheritAndHearOfTintChanges() throws {
        final class Recording: UIView {
            var changes = 0
            override func tintColorDidChange() { changes += 1 }
        }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 8, height: 8)), child = Recording(), own = Recording()
        own.tintColor = .black
        own.changes = 0
        root.addSubview(child)
        root.addSubview(own)
        #expect(child.tintColor == .systemBlue)
        root.tintColor = .purple
        #expect(child.tintColor == .purple && own.tintColor == .black)
        #expect(child.changes == 1 && own.changes == 0)

        let imageView = UIImageView(image: try Self.blackImage().withRenderingMode(.alwaysTemplate))
        imageView.tintColor = .red
        let red = try TestSupport.box(CGRect(x: 0, y: 0, width: 1, height: 1), .red).renderBitmap(scale: 1).pixel(x: 0, y: 0)
        #expect(try imageView.renderBitmap(scale: 1).pixel(x: 1, y: 1) == red)
    }
}
