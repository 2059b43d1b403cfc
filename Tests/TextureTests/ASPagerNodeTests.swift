// Texture's Tests/ASPagerNodeTests.mm.
import XCTest
import Weft

final class ASPagerNodeTestDataSource: NSObject, ASPagerDataSource {
    override init() {
        super.init()
    }

    func numberOfPages(in pagerNode: ASPagerNode) -> Int {
        2
    }

    func pagerNode(_ pagerNode: ASPagerNode, nodeAt index: Int) -> ASCellNode {
        ASCellNode()
    }
}

final class ASPagerNodeTestController: UIViewController {
    var testDataSource: ASPagerNodeTestDataSource!
    var pagerNode: ASPagerNode!

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        // Populate these immediately so that they're not unexpectedly nil during tests.
        testDataSource = ASPagerNodeTestDataSource()
        pagerNode = ASPagerNode()
        pagerNode.setDataSource(testDataSource)
        view.addSubnode(pagerNode)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class ASPagerNodeTests: XCTestCase {
    var pagerNode: ASPagerNode!
    var testDataSource: ASPagerNodeTestDataSource!

    func testPagerReturnsIndexOfPages() {
        let testController = self.testController()
        // Typed optional so that it compiles against both Texture (a non-optional node) and Weft
        // (nil for an index out of range).
        let cellNode: ASCellNode? = testController.pagerNode.nodeForPage(at: 0)
        XCTAssertEqual(testController.pagerNode.indexOfPage(with: cellNode!), 0)
    }

    func testPagerReturnsNotFoundForCellThatDontExistInPager() {
        let testController = self.testController()
        let badNode = ASCellNode()
        XCTAssertEqual(testController.pagerNode.indexOfPage(with: badNode), NSNotFound)
    }

    func testScrollPageToIndex() {
        let testController = self.testController()
        testController.pagerNode.frame = CGRect(x: 0, y: 0, width: 500, height: 500)
        testController.pagerNode.scrollToPage(at: 1, animated: false)
        XCTAssertEqual(testController.pagerNode.currentPageIndex, 1)
    }

    func testController() -> ASPagerNodeTestController {
        let testController = ASPagerNodeTestController(nibName: nil, bundle: nil)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        window.rootViewController = testController
        testController.pagerNode.reloadData()
        testController.pagerNode.setNeedsLayout()
        return testController
    }
}
