import Foundation
import Testing
import Weft

/// Texture's `ASCellNode.selectionStyle`, a `UITableViewCell.SelectionStyle` that is only stored.
@Suite struct CellSelectionStyleTests {
    @Test func selectionStyleIsStoredWithUIKitsDefault() {
        let cell = ASCellNode()
        #expect(cell.selectionStyle == .default)
        cell.selectionStyle = .none
        #expect(cell.selectionStyle == .none)
        #expect(UITableViewCell.SelectionStyle.none.rawValue == 0 && UITableViewCell.SelectionStyle.blue.rawValue == 1)
        #expect(UITableViewCell.SelectionStyle.gray.rawValue == 2 && UITableViewCell.SelectionStyle.default.rawValue == 3)
    }
}
