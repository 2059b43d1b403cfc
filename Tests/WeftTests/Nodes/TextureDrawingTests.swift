import Foundation
import Synchronization
import Testing
import Weft

/// A node drawn the Texture way: the class method with `isRasterizing`, into UIKit's current context.
final class TextureStyleDrawingNode: ASDisplayNode, @unchecked Sendable {
    // SAFETY: no state of its own.
    override class func draw(_ bounds: CGRect, withParameters parameters: Any?, isCancelled isCancelledBlock: () -> Bool, isRasterizing: Bool) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setFillColor(UIColor.red.cgColor)
        context.fill(bounds)
        UIColor.blue.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height))
    }
}

/// The same, with draw parameters captured by `drawParameters()`.
final class TextureStyleParameterNode: ASDisplayNode, @unchecked Sendable {
    // SAFETY: `color` is immutable and Sendable.
    let color: UIColor
    init(color: UIColor) {
        self.color = color
        super.init()
    }
    override func drawParameters() -> (any Sendable)? { color }
    override class func draw(_ bounds: CGRect, withParameters parameters: Any?, isCancelled isCancelledBlock: () -> Bool, isRasterizing: Bool) {
        (parameters as? UIColor)?.setFill()
        UIBezierPath(ovalIn: bounds).fill()
    }
}

@Suite struct TextureDrawingTests {
    @Test func theTextureClassMethodDrawsWithoutParameters() throws {
        let node = TextureStyleDrawingNode()
        node.frame = CGRect(x: 0, y: 0, width: 10, height: 4)
        let bitmap = try node.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 2, y: 2) == 0xFF00_00FF)
        #expect(bitmap.pixel(x: 8, y: 2) == 0xFFFF_0000)
        let plain = ASDisplayNode()
        plain.frame = node.frame
        plain.recursivelyEnsureDisplaySynchronously(true)
        #expect(plain.contents == nil, "a node that draws nothing still gets no backing store")
    }

    @Test func theTextureClassMethodGetsTheParameters() throws {
        let node = TextureStyleParameterNode(color: .green)
        node.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let bitmap = try node.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 5, y: 5) == 0xFF00_FF00)
        #expect(bitmap.pixel(x: 0, y: 0) == 0)
    }

    @Test func willDisplayClipsTheContents() throws {
        let node = ASImageNode()
        node.image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        node.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let seenBounds = Traits()
        node.willDisplayNodeContentWithRenderingContext = { context, drawParameters in
            let bounds = context.boundingBoxOfClipPath
            seenBounds.record(ASPrimitiveTraitCollection(displayScale: bounds.width), .zero)
            UIBezierPath(roundedRect: bounds, cornerRadius: 10).addClip()
        }
        let bitmap = try node.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 0, y: 0) == 0, "the corner is clipped away")
        #expect(bitmap.pixel(x: 10, y: 10) == 0xFFFF_0000)
        #expect(seenBounds.seen.map(\.displayScale) == [20], "the modifier sees the node's bounds")
    }

    @Test func aModificationBlockReturningNilDrawsNothing() throws {
        let node = ASImageNode()
        node.image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        node.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        node.imageModificationBlock = { _, _ in nil }
        let bitmap = try node.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 2, y: 2) == 0)
    }
}

/// A node that makes its contents as an image, Texture's `display(withParameters:isCancelled:)`:
/// a green image when the parameters say so, none otherwise.
final class TextureStyleImageNode: ASDisplayNode, @unchecked Sendable {
    // SAFETY: `green` is immutable.
    let green: Bool
    init(green: Bool) {
        self.green = green
        super.init()
    }
    override func drawParameters() -> (any Sendable)? { green }
    override class func display(withParameters parameters: Any?, isCancelled isCancelledBlock: () -> Bool) -> UIImage? {
        guard parameters as? Bool == true else { return nil }
        return UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { context in
            UIColor.green.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
    }
}

/// Records whether each display was told it ran asynchronously.
final class DisplayStartRecordingNode: ASDisplayNode, @unchecked Sendable {
    // SAFETY: `starts` is behind its mutex.
    let starts = Mutex<[Bool]>([])
    override func drawParameters() -> (any Sendable)? { 0 }
    override func displayWillStartAsynchronously(_ asynchronously: Bool) {
        super.displayWillStartAsynchronously(asynchronously)
        starts.withLock { $0.append(asynchronously) }
    }
}

@Suite struct TextureImageDisplayTests {
    /// The image a class makes fills the node's bounds; no image, no backing store.
    @Test func theImageMethodMakesTheContents() throws {
        let node = TextureStyleImageNode(green: true)
        node.frame = CGRect(x: 0, y: 0, width: 10, height: 6)
        let bitmap = try node.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 0, y: 0) == 0xFF00_FF00 && bitmap.pixel(x: 9, y: 5) == 0xFF00_FF00, "stretched to the bounds")
        let empty = TextureStyleImageNode(green: false)
        empty.frame = node.frame
        empty.recursivelyEnsureDisplaySynchronously(true)
        #expect(empty.contents == nil)
    }

    /// `displayWillStartAsynchronously(_:)` says where the drawing runs.
    @Test func displayWillStartSaysWhetherItIsAsynchronous() async throws {
        let node = DisplayStartRecordingNode()
        node.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        node.recursivelyEnsureDisplaySynchronously(true)
        node.setNeedsDisplay()
        node.recursivelyEnsureDisplaySynchronously(false)
        for _ in 0..<500 where node.starts.withLock({ $0.count }) < 2 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(node.starts.withLock { $0 } == [false, true])
    }
}
