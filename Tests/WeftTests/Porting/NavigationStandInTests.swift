import Foundation
import Testing
@testable import Weft
import PlaygroundSupport

/// The navigation, alert and playground stand-ins: they keep what code sets, and a render shows
/// the top controller's content.
@MainActor @Suite struct NavigationStandInTests {
    final class Colored: ASDKViewController<ASDisplayNode> {
        init(_ color: UIColor) {
            super.init(node: ASDisplayNode())
            node.backgroundColor = color
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    @Test func aPushedControllerFindsItsNavigationControllerAndIsShown() throws {
        let root = Colored(.red), pushed = Colored(.blue)
        let navigation = UINavigationController(rootViewController: root)
        #expect(root.navigationController === navigation && navigation.topViewController === root)
        root.navigationController?.pushViewController(pushed, animated: true)
        #expect(navigation.viewControllers.count == 2 && pushed.navigationController === navigation)
        navigation.view.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        let bitmap = try navigation.view.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 15, y: 15) == 0xFF00_00FF)
        #expect(navigation.popViewController(animated: false) === pushed && pushed.navigationController == nil)
        #expect(try navigation.view.renderBitmap(scale: 1).pixel(x: 15, y: 15) == 0xFFFF_0000)
        #expect(Colored(.red).navigationController == nil)
    }

    @Test func navigationItemsAndAlertsKeepWhatIsSet() {
        let controller = Colored(.red)
        controller.navigationItem.title = "ASDK"
        controller.navigationItem.backBarButtonItem = UIBarButtonItem(title: "", style: .plain, target: nil, action: nil)
        #expect(controller.navigationItem.title == "ASDK" && controller.navigationItem.backBarButtonItem?.style == .plain)
        let alert = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        alert.addAction(UIAlertAction(title: "ASTableNode", style: .default, handler: { _ in }))
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        var presented = false
        controller.present(alert, animated: true) { presented = true }
        #expect(presented && controller.presentedViewController === alert && alert.presentingViewController === controller)
        #expect(alert.actions.map(\.title) == ["ASTableNode", "Cancel"] && alert.preferredStyle == .actionSheet)
        alert.dismiss(animated: true, completion: nil)
        #expect(controller.presentedViewController == nil)
    }

    final class Rows: ASDKViewController<ASTableNode> {
        let source = NumberedRows(Array(0..<30))
        override init() {
            super.init(node: ASTableNode())
            node.dataSource = source
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    @Test func aNavigationControllerDrawsItsTopControllersNodesAsTheControllerDoes() throws {
        let size = CGSize(width: 120, height: 200)
        let table = Rows()
        let alone = try Rows().renderBitmap(size: size, scale: 2)
        let navigation = UINavigationController(rootViewController: table)
        navigation.view.frame = CGRect(origin: .zero, size: size)
        let shown = try navigation.view.renderBitmap(scale: 2)
        #expect(shown.hasSamePixels(as: alone))
        // A plain node's view draws its text subnode too, not just its background.
        let card = ASDisplayNode()
        card.backgroundColor = .white
        card.automaticallyManagesSubnodes = true
        let title = ASTextNode()
        title.attributedText = NSAttributedString(string: "Card", attributes: [.font: UIFont.systemFont(ofSize: 20)])
        card.layoutSpecBlock = { _, _ in ASInsetLayoutSpec(insets: UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4), child: title) }
        card.frame = CGRect(origin: .zero, size: size)
        let direct = try card.renderBitmap(scale: 2)
        PlaygroundPage.current.liveView = card.view
        let live = try #require(try PlaygroundPage.current.renderLiveView(scale: 2))
        PlaygroundPage.current.liveView = nil
        let blank = try Bitmap(size: size, scale: 2) { $0.fill(CGRect(origin: .zero, size: size), with: .white) }
        #expect(live.hasSamePixels(as: direct) && !direct.hasSamePixels(as: blank))
    }

    @Test func aPlaygroundLiveViewRenders() throws {
        let node = ASDisplayNode()
        node.backgroundColor = .blue
        node.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        PlaygroundPage.current.needsIndefiniteExecution = true
        PlaygroundPage.current.liveView = node.view
        let bitmap = try #require(try PlaygroundPage.current.renderLiveView(scale: 2))
        #expect(bitmap.pixelWidth == 20 && bitmap.pixel(x: 5, y: 5) == 0xFF00_00FF)
        PlaygroundPage.current.liveView = nil
    }
}
