import Weft
import WeftTesting
import XCTest

final class XCTestGoldens: XCTestCase {
    func box(_ color: UIColor) -> ASDisplayNode {
        let node = ASDisplayNode()
        node.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        node.backgroundColor = color
        return node
    }

    func testMatchingGoldenPasses() {
        expectGolden(box(.blue), named: "fixture/blue-box", scales: [1], record: .never)
    }

    func testMismatchFails() {
        expectGolden(box(.red), named: "fixture/blue-box", scales: [1], record: .never)
    }
}
