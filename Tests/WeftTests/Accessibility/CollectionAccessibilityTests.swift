import Foundation
import Testing
import Weft
import WeftTesting

/// A table's (and so a collection's) visible cells are read, where they are drawn.
@MainActor @Suite struct CollectionAccessibilityTests {
    final class Rows: ASTableDataSource {
        let color: UIColor
        init(color: UIColor = .black) { self.color = color }
        func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { 30 }
        func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
            let row = indexPath.row
            let color = self.color
            return {
                let cell = ASTextCellNode()
                cell.textAttributes = [.font: UIFont.systemFont(ofSize: 14), .foregroundColor: color]
                cell.text = "Row \(row)"
                return cell
            }
        }
    }

    @Test func visibleRowsAreReadInOrderAtTheirPlaceOnScreen() throws {
        let source = Rows()
        let table = ASTableNode()
        table.frame = CGRect(x: 0, y: 50, width: 200, height: 150)
        table.dataSource = source
        try table.loadDataIfNeeded()
        let title = AccessibilityHierarchyTests.element("Inbox", CGRect(x: 0, y: 0, width: 200, height: 44), traits: .header)
        let root = TestSupport.host(CGSize(width: 200, height: 200), title, table)
        let elements = root.accessibilityElementsInReadingOrder()
        try #require(elements.count > 3)
        #expect(elements.count < 31, "only the visible rows")
        #expect(elements.map(\.label).prefix(4) == ["Inbox", "Row 0", "Row 1", "Row 2"])
        let rows = elements.dropFirst()
        #expect(rows.allSatisfy { $0.frame.minY >= 50 && $0.frame.minY < 200 }, "\(rows.map(\.frame))")
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.frame.minY < $1.frame.minY })

        // Scrolled by 100 pt, later rows are read, still within the table's place.
        table.contentOffset = CGPoint(x: 0, y: 100)
        let scrolled = root.accessibilityElementsInReadingOrder().dropFirst()
        #expect(scrolled.first?.label != "Row 0")
        #expect(scrolled.allSatisfy { $0.frame.maxY > 50 && $0.frame.minY < 200 })
    }

    @Test func theAuditSeesTheCells() throws {
        let source = Rows(color: UIColor(hex: 0x999999))
        let table = ASTableNode()
        table.frame = CGRect(x: 0, y: 50, width: 200, height: 150)
        table.dataSource = source
        try table.loadDataIfNeeded()
        let root = TestSupport.host(CGSize(width: 200, height: 200), table)
        let visible = root.accessibilityElementsInReadingOrder().count
        let issues = AccessibilityAudit.run(on: root)
        #expect(issues.count == visible, "one contrast issue per visible row")
        #expect(issues.allSatisfy { $0.description.contains("2.85:1 (#999999 on #FFFFFF)") && $0.frame.minY >= 50 }, "\(issues)")
    }
}
