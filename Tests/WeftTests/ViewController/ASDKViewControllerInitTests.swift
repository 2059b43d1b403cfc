import Foundation
import Testing
import Weft

/// A controller written as Texture's Swift examples write one: `override init()` calling
/// `super.init(node:)`, which needs Texture's designated `init()` on `ASDKViewController`.
final class SquareController: ASDKViewController<ASDisplayNode> {
    override init() {
        super.init(node: ASDisplayNode())
        node.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        node.automaticallyManagesSubnodes = true
        let square = ASDisplayNode()
        square.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        square.style.preferredSize = CGSize(width: 20, height: 20)
        node.layoutSpecBlock = { _, _ in ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: [], child: square) }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A controller made with Texture's plain `init()`: no node, a plain `UIView`.
final class NodelessController: ASDKViewController<ASDisplayNode> {
    override init() {
        super.init()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    }
}

@MainActor
@Suite struct ASDKViewControllerInitTests {
    @Test func aSubclassOverridingInitRendersItsNode() throws {
        let controller = SquareController()
        let bitmap = try controller.renderBitmap(size: CGSize(width: 60, height: 40), scale: 1)
        #expect(controller.view === controller.node.view)
        #expect(bitmap.pixel(x: 2, y: 2) == 0xFFFF_0000, "the node's red background")
        #expect(bitmap.pixel(x: 30, y: 20) == 0xFF00_00FF, "the centred blue square")
    }

    @Test func plainInitHasNoNodeAndAPlainView() throws {
        let controller = NodelessController()
        #expect((controller.node as ASDisplayNode?) == nil, "Texture's init() leaves the node nil")
        let bitmap = try controller.renderBitmap(size: CGSize(width: 30, height: 20), scale: 1)
        #expect(!(controller.view is ASDisplayNodeView))
        #expect(bitmap.pixel(x: 15, y: 10) == 0xFF00_FF00)
    }

    @Test func theGenericControllerCanBeMadeWithInit() {
        let controller = ASDKViewController<ASCollectionNode>()
        #expect((controller.node as ASCollectionNode?) == nil)
        controller.loadViewIfNeeded()
        #expect(controller.isViewLoaded)
    }
}
