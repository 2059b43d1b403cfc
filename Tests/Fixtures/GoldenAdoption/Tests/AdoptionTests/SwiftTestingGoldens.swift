import Testing
import Weft
import WeftTesting

@Suite struct SwiftTestingGoldens {
    func box(_ color: UIColor) -> ASDisplayNode {
        let node = ASDisplayNode()
        node.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        node.backgroundColor = color
        return node
    }

    @Test func matchingGoldenPasses() {
        expectGolden(box(.blue), named: "fixture/blue-box", scales: [1], record: .never)
    }

    @Test func mismatchFails() {
        expectGolden(box(.green), named: "fixture/blue-box", scales: [1], record: .never)
    }
}
