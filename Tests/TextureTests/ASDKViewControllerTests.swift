// Texture's Tests/ASDKViewControllerTests.mm.
import XCTest
import Weft

final class ASDKViewControllerTests: XCTestCase {
    func testThatAutomaticSubnodeManagementScrollViewInsetsAreApplied() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()

        let node = ASDisplayNode()
        node.automaticallyManagesSubnodes = true
        let scrollNode = ASScrollNode()
        node.layoutSpecBlock = { _, _ in
            ASInsetLayoutSpec(insets: .zero, child: scrollNode)
        }
        let vc = ASDKViewController(node: node)
        window.rootViewController = UINavigationController(rootViewController: vc)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()

        XCTAssertEqual(window.bounds, node.frame)
        XCTAssertEqual(scrollNode.view.contentInset.top, 0)
    }
}
