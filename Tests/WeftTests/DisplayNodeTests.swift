import Foundation
import Testing
@testable import Weft
import WeftTesting

/// A subclass that draws through Texture's drawing contract: parameters captured up front, a
/// class method that draws them.
final class StripesNode: ASDisplayNode, @unchecked Sendable {
    struct Parameters: Sendable { let colors: [UIColor] }
    let colors: [UIColor]

    init(colors: [UIColor]) {
        self.colors = colors
        super.init()
    }

    override func drawParameters() -> (any Sendable)? { Parameters(colors: colors) }

    override class func draw(_ bounds: CGRect, withParameters parameters: (any Sendable)?, isCancelled: () -> Bool, in context: GraphicsContext) {
        guard let parameters = parameters as? Parameters else { return }
        let width = bounds.width / CGFloat(parameters.colors.count)
        for (index, color) in parameters.colors.enumerated() {
            context.fill(CGRect(x: CGFloat(index) * width, y: 0, width: width, height: bounds.height), with: color)
        }
    }
}

@Suite struct DisplayNodeTests {
    @Test func geometryFollowsFramePositionAndAnchor() {
        let node = ASDisplayNode()
        node.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(node.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(node.position == CGPoint(x: 25, y: 40))
        node.position = CGPoint(x: 15, y: 20)
        #expect(node.frame == CGRect(x: 0, y: 0, width: 30, height: 40))
        node.anchorPoint = .zero
        #expect(node.frame.origin == CGPoint(x: 15, y: 20))
    }

    @Test func badGeometryIsClampedByTheDocumentedRule() {
        let node = ASDisplayNode()
        node.frame = CGRect(x: CGFloat.nan, y: 5, width: -10, height: CGFloat.infinity)
        #expect(node.frame == CGRect(x: 0, y: 5, width: 0, height: 0))
        node.cornerRadius = -4
        node.alpha = 3
        node.borderWidth = .nan
        #expect(node.cornerRadius == 0 && node.alpha == 1 && node.borderWidth == 0)
    }

    @Test func treeEditsKeepOneSupernode() {
        let a = ASDisplayNode(), b = ASDisplayNode(), child = ASDisplayNode()
        a.addSubnode(child)
        b.addSubnode(child)
        #expect(a.subnodes.isEmpty && b.subnodes.count == 1 && child.supernode === b)
        child.addSubnode(b)  // would make a cycle: ignored
        #expect(child.subnodes.isEmpty)
        b.insertSubnode(ASDisplayNode(), at: -5)
        #expect(b.subnodes.count == 2 && b.subnodes[1] === child)
        child.removeFromSupernode()
        #expect(child.supernode == nil && b.subnodes.count == 1)
    }

    @Test func defaultsMatchTexture() {
        let node = ASDisplayNode()
        #expect(node.displaysAsynchronously && node.alpha == 1 && node.cornerRadius == 0 && !node.clipsToBounds)
        #expect(node.isOpaque && node.backgroundColor == nil && node.borderWidth == 0 && node.borderColor == .black)
        #expect(node.contentMode == .scaleToFill && node.cornerRoundingType == .defaultSlowCALayer)
        #expect(node.calculateSizeThatFits(CGSize(width: 12, height: 34)) == CGSize(width: 12, height: 34))
    }

    @Test func backgroundsBordersAndCorners() {
        let plain = TestSupport.box(CGRect(x: 4, y: 4, width: 24, height: 24), .systemBlue)
        let rounded = TestSupport.box(CGRect(x: 32, y: 4, width: 24, height: 24), .systemGreen)
        rounded.cornerRadius = 8
        let bordered = TestSupport.box(CGRect(x: 60, y: 4, width: 24, height: 24), .systemYellow)
        bordered.borderWidth = 3
        bordered.borderColor = .systemRed
        let roundBordered = TestSupport.box(CGRect(x: 88, y: 4, width: 24, height: 24), .white)
        roundBordered.cornerRadius = 12
        roundBordered.borderWidth = 2
        expectGolden(TestSupport.host(CGSize(width: 116, height: 32), plain, rounded, bordered, roundBordered, background: UIColor(white: 0.9, alpha: 1)),
                     named: "nodes/ASDisplayNode/background-border-corners")
    }

    @Test func clippingAndCornerRoundingTypes() {
        func sample(x: CGFloat, clips: Bool, rounding: ASCornerRoundingType) -> ASDisplayNode {
            let node = StripesNode(colors: [.systemOrange, .systemPurple])
            node.frame = CGRect(x: x, y: 6, width: 28, height: 28)
            node.backgroundColor = .systemTeal
            node.cornerRadius = 10
            node.cornerRoundingType = rounding
            node.clipsToBounds = clips
            node.addSubnode(TestSupport.box(CGRect(x: 18, y: 18, width: 16, height: 16), .black))
            return node
        }
        let host = TestSupport.host(CGSize(width: 132, height: 44),
                                    sample(x: 4, clips: false, rounding: .defaultSlowCALayer),
                                    sample(x: 48, clips: true, rounding: .defaultSlowCALayer),
                                    sample(x: 92, clips: false, rounding: .precomposited))
        expectGolden(host, named: "nodes/ASDisplayNode/clipping-rounding")
    }

    @Test func alphaCompositesTheSubtreeAsOneLayer() {
        let parent = TestSupport.box(CGRect(x: 4, y: 4, width: 40, height: 30), .systemRed)
        parent.alpha = 0.5
        parent.addSubnode(TestSupport.box(CGRect(x: 10, y: 8, width: 40, height: 20), .systemBlue))
        let hidden = TestSupport.box(CGRect(x: 60, y: 4, width: 20, height: 20), .black)
        hidden.isHidden = true
        let transparent = TestSupport.box(CGRect(x: 60, y: 4, width: 20, height: 20), .black)
        transparent.alpha = 0
        expectGolden(TestSupport.host(CGSize(width: 84, height: 40), parent, hidden, transparent), named: "nodes/ASDisplayNode/alpha-hidden")
    }

    @Test func customDrawingAndDisplayBlocks() {
        let stripes = StripesNode(colors: [.systemRed, .systemGreen, .systemBlue])
        stripes.frame = CGRect(x: 4, y: 4, width: 30, height: 20)
        let block = ASDisplayNode(displayBlock: { bounds, context, _ in
            context.fill(Path(ellipseIn: bounds), with: .systemPink)
        })
        block.frame = CGRect(x: 40, y: 4, width: 30, height: 20)
        expectGolden(TestSupport.host(CGSize(width: 74, height: 28), stripes, block), named: "nodes/ASDisplayNode/custom-drawing")
    }

    @Test(arguments: [CGFloat(1), 2, 3])
    func rendersAtEachScale(scale: CGFloat) throws {
        let node = TestSupport.box(CGRect(x: 0, y: 0, width: 10, height: 5), .red)
        let bitmap = try node.renderBitmap(scale: scale)
        #expect(bitmap.pixelWidth == Int(10 * scale) && bitmap.pixelHeight == Int(5 * scale))
        #expect(bitmap.pixel(x: 0, y: 0) == 0xFFFF_0000)
    }

    @Test func renderErrorsNameTheNode() throws {
        let node = ASDisplayNode()
        node.debugName = "huge"
        node.frame = CGRect(x: 0, y: 0, width: 1e7, height: 10)
        #expect { try node.renderBitmap(scale: 1) } throws: { error in
            guard case RenderError.invalidTarget(let name, .tooLarge) = error else { return false }
            return name.contains("huge")
        }
        let small = ASDisplayNode()
        small.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(throws: RenderError.self) { try small.renderBitmap(scale: .nan) }
        let inner = StripesNode(colors: [.red])
        inner.debugName = "wide stripes"
        inner.frame = CGRect(x: 0, y: 0, width: 40000, height: 4)
        small.addSubnode(inner)
        #expect { try small.renderBitmap(scale: 1) } throws: { error in
            guard case RenderError.displayFailed(let name, .tooLarge) = error else { return false }
            return name.contains("wide stripes")
        }
        #expect(inner.displayError == .tooLarge(pixelWidth: 40000, pixelHeight: 4))
        inner.frame = CGRect(x: 0, y: 0, width: 10, height: 4)
        let png = try small.renderPNG(scale: 1)
        #expect(try UIImage(decoding: png).bitmap.pixel(x: 1, y: 1) == 0xFFFF_0000)
        #expect(inner.displayError == nil)
    }

    @Test func renderingIsDeterministic() throws {
        let first = try ShowcaseFixtures.card().renderBitmap(scale: 2)
        let second = try ShowcaseFixtures.card().renderBitmap(scale: 2)
        #expect(first.hasSamePixels(as: second))
        #expect(PNGEncoder().encode(first) == PNGEncoder().encode(second))
    }
}
