import Foundation
import Testing
import Weft
import WeftTesting

/// A cell that reports to its controller, as the documentation's `cellNode.delegate = self` does.
final class ColorCell: ASCellNode, @unchecked Sendable {
    // SAFETY: `delegate` is set once, in the node block, before the cell is shared.
    weak var delegate: ColorsController?
}

/// A controller written as Texture's documentation writes one: a subclass that makes its node in
/// `init`, sets properties after `super.init(node:)`, touches its view in `viewDidLoad`, and is its
/// collection's data source with plain (main-actor) methods whose node blocks capture it.
final class ColorsController: ASDKViewController<ASCollectionNode>, ASCollectionDataSource, ASCollectionDelegate {
    var loads = 0
    var layouts: [String] = []
    let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemBlue, .systemPurple]

    override init() {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 4
        super.init(node: ASCollectionNode(collectionViewLayout: layout))
        node.dataSource = self
        node.delegate = self
        title = "Colours"
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        loads += 1
        view.backgroundColor = UIColor(white: 0.9, alpha: 1)
    }

    override func viewWillLayoutSubviews() { layouts.append("will \(view.frame.size)") }
    override func viewDidLayoutSubviews() { layouts.append("did \(node.frame.size)") }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 12 }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let color = colors[indexPath.item % colors.count]
        return {
            let cell = ColorCell()
            cell.delegate = self
            cell.backgroundColor = color
            cell.cornerRadius = 6
            return cell
        }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(exactly: CGSize(width: 60, height: 60))
    }
}

@MainActor
@Suite struct ASDKViewControllerTests {
    @Test func theViewLoadsOnceOnFirstAccess() {
        let controller = ColorsController()
        #expect(!controller.isViewLoaded && controller.loads == 0 && controller.viewIfLoaded == nil)
        _ = controller.view
        _ = controller.view
        controller.loadViewIfNeeded()
        #expect(controller.isViewLoaded && controller.loads == 1)
        #expect(controller.node.backgroundColor == UIColor(white: 0.9, alpha: 1), "the view's background is the node's")
        #expect(controller.view === controller.node.view, "the controller's view is the node's, as Texture's loadView sets it")
    }

    @Test func settingTheViewsFrameSizesTheNode() {
        let controller = ColorsController()
        controller.view.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        #expect(controller.node.frame.size == CGSize(width: 320, height: 480))
        controller.view.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        #expect(controller.node.bounds.size == CGSize(width: 200, height: 100))
    }

    @Test func renderingRunsTheLayoutCallbacksAndShowsTheCells() throws {
        let controller = ColorsController()
        let bitmap = try controller.renderBitmap(size: CGSize(width: 200, height: 140), scale: 2)
        #expect(bitmap.pixelWidth == 400 && bitmap.pixelHeight == 280)
        #expect(controller.layouts == ["will \(CGSize(width: 200, height: 140))", "did \(CGSize(width: 200, height: 140))"], "\(controller.layouts)")
        #expect(controller.loads == 1)
        expectGolden(bitmap, named: "viewcontroller/ASDKViewController/colors")
        expectGolden(ColorsController(), size: CGSize(width: 200, height: 140), named: "viewcontroller/ASDKViewController/colors")
        let png = try controller.snapshotPNG(size: CGSize(width: 200, height: 140), scale: 1)
        #expect(try UIImage(decoding: png).size == CGSize(width: 200, height: 140))
    }

    @Test func theOlderNameStillWorks() {
        let controller: ASViewController<ASDisplayNode> = ASViewController(node: ASDisplayNode())
        controller.view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(controller.node.frame.width == 10)
    }

    /// Texture's `loadView` sets `self.view = node.view`: for every kind of node, the controller's
    /// view is the node's own, and it still sizes the node, shares its background and loads once.
    private func expectTheViewIsTheNodes<Node: ASDisplayNode>(_ node: Node, _ viewType: UIView.Type, nodeView: @MainActor (Node) -> UIView,
                                                          sourceLocation: SourceLocation = #_sourceLocation) {
        let controller = CountingController(node: node)
        // A name of its own, so reports about other tests' nodes (running alongside) do not count.
        let name = "controller-view-\(UUID().uuidString)"
        node.debugName = name
        let (_, reports) = WeftDiagnostics.collect(matching: name) {
            _ = controller.view
            _ = controller.view
        }
        #expect(reports.isEmpty, "loading the controller touches the node's view only once the node has loaded: \(reports)", sourceLocation: sourceLocation)
        #expect(controller.view === nodeView(node), sourceLocation: sourceLocation)
        #expect(type(of: controller.view!) == viewType, "\(type(of: controller.view!))", sourceLocation: sourceLocation)
        #expect(controller.loads == 1 && node.isNodeLoaded, sourceLocation: sourceLocation)
        controller.view.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        #expect(node.frame.size == CGSize(width: 320, height: 480), sourceLocation: sourceLocation)
        controller.view.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        #expect(node.bounds.size == CGSize(width: 200, height: 100) && controller.view.bounds.size == CGSize(width: 200, height: 100),
                sourceLocation: sourceLocation)
        controller.view.backgroundColor = .systemPink
        #expect(node.backgroundColor == .systemPink, sourceLocation: sourceLocation)
        node.backgroundColor = .systemTeal
        #expect(controller.view.backgroundColor == .systemTeal, sourceLocation: sourceLocation)
        controller.loadViewIfNeeded()
        #expect(controller.loads == 1, sourceLocation: sourceLocation)
    }

    @Test func aCollectionControllersViewIsTheCollectionView() {
        expectTheViewIsTheNodes(ASCollectionNode(collectionViewLayout: UICollectionViewFlowLayout()), ASCollectionView.self) { $0.view }
    }

    @Test func aTableControllersViewIsTheTableView() {
        expectTheViewIsTheNodes(ASTableNode(style: .plain), ASTableView.self) { $0.view }
    }

    @Test func aPagerControllersViewIsItsCollectionView() {
        expectTheViewIsTheNodes(ASPagerNode(), ASCollectionView.self) { $0.view }
    }

    @Test func aPlainNodeControllersViewIsTheNodesView() {
        expectTheViewIsTheNodes(ASDisplayNode(), ASDisplayNodeView.self) { $0.view }
        let node = ASDisplayNode()
        let typed: ASDisplayNode = ASCollectionNode(collectionViewLayout: UICollectionViewFlowLayout())
        #expect(!node.isNodeLoaded)
        #expect((node.view as? ASDisplayNodeView)?.node === node && node.isNodeLoaded, "asking a plain node for its view loads it")
        #expect(node.view === node.view)
        #expect(typed.view is ASCollectionView, "a collection's view, asked through ASDisplayNode, is still its ASCollectionView")
    }

    @Test func aNodesViewHoldsItsNodeWeakly() {
        weak var gone: ASDisplayNode?
        var view: UIView?
        do {
            let node = ASDisplayNode()
            gone = node
            view = node.view
        }
        #expect(gone == nil, "the view must not keep its node alive (the node owns the view)")
        #expect((view as? ASDisplayNodeView)?.node == nil)
    }
}

/// Counts `viewDidLoad()` for any kind of node.
final class CountingController<Node: ASDisplayNode>: ASDKViewController<Node> {
    var loads = 0

    override init(node: Node) { super.init(node: node) }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        loads += 1
    }
}
