import Foundation
import Weft

/// Cells used by the determinism and concurrency tests: text and images, each distinct by index.
enum ShowcaseFixtures {
    static func card(index: Int = 0) -> ASCellNode {
        let cell = ASCellNode()
        cell.frame = CGRect(x: 0, y: 0, width: 160, height: 56)
        cell.backgroundColor = index % 2 == 0 ? .white : UIColor(white: 0.96, alpha: 1)
        let avatar = ASImageNode()
        avatar.image = TestSupport.gradientImage(width: 24, height: 24, scale: 2)
        avatar.frame = CGRect(x: 6, y: 6, width: 24, height: 24)
        avatar.cornerRadius = 12
        cell.addSubnode(avatar)
        let title = TestSupport.textNode(TestSupport.attributed("Cell \(index) — 셀 \(index)", size: 12, weight: .bold), width: 120, inset: 0)
        title.frame.origin = CGPoint(x: 36, y: 6)
        cell.addSubnode(title)
        let body = TestSupport.textNode(TestSupport.attributed(String(repeating: "lorem \(index) ipsum ", count: 1 + index % 4), size: 10), width: 118, lines: 2, inset: 0)
        body.frame.origin = CGPoint(x: 36, y: 24)
        cell.addSubnode(body)
        return cell
    }
}
