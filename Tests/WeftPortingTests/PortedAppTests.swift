import Foundation
import Testing
import Weft

/// Apps written the Texture way (this target is Swift 5 mode) render their root controllers at a
/// phone's size: 390×844 points at 2×.
@MainActor @Suite struct PortedAppTests {
    static let phone = CGSize(width: 390, height: 844)

    /// Rows of the pixel column at `x` that are not the background at (x, 0).
    func inkedRows(_ bitmap: Bitmap, x: Int) -> Int {
        let background = bitmap.pixel(x: x, y: 0)
        return (0..<bitmap.pixelHeight).filter { bitmap.pixel(x: x, y: $0) != background }.count
    }

    @Test func theFeedRendersItsRowsAndFetchesNearItsEnd() throws {
        let controller = FeedController()
        let bitmap = try controller.renderBitmap(size: Self.phone, scale: 2)
        #expect(bitmap.pixelWidth == 780 && bitmap.pixelHeight == 1688)
        #expect(controller.tableNode.numberOfRows(inSection: 0) == 20)
        let texts = controller.tableNode.visibleNodes.compactMap { ($0 as? ASTextCellNode)?.text }
        #expect(texts.first == "[0.0] says hello!" && texts.count > 10)
        // Text is drawn down the left of the screen.
        #expect(inkedRows(bitmap, x: 40) > 100)
        controller.tableNode.scrollToRow(at: IndexPath(row: 19, section: 0), at: .bottom, animated: false)
        _ = try controller.renderBitmap(size: Self.phone, scale: 2)
        controller.tableNode.waitUntilAllUpdatesAreProcessed()
        #expect(controller.fetches == 1 && controller.tableNode.numberOfRows(inSection: 0) == 25)
    }

    @Test func theLoadingCellShowsItsSpinner() throws {
        let cell = LoadingCellNode()
        cell.frame = CGRect(x: 0, y: 0, width: 200, height: 44)
        let bitmap = try cell.renderBitmap(scale: 2)
        #expect(cell.spinner.isNodeLoaded)
        // The spinner sits right of the centre, its top spoke above its middle.
        let spinnerFrame = cell.spinner.frame
        #expect(spinnerFrame.size == CGSize(width: 20, height: 20) && spinnerFrame.midX > 100)
        let top = bitmap.pixel(x: Int(spinnerFrame.midX * 2), y: Int(spinnerFrame.minY * 2) + 4) ?? 0
        #expect(top >> 24 > 200)
    }

    @Test func theShopRendersItsCategoriesWithTheirSeparators() throws {
        let shop = ShopController()
        let navigation = UINavigationController(rootViewController: shop)
        let bitmap = try shop.renderBitmap(size: Self.phone, scale: 2)
        #expect(shop.node.numberOfRows(inSection: 0) == 3 && shop.node.rectForRow(at: IndexPath(row: 1, section: 0)).height == 120)
        // The hairline of the second card, placed by layout(): one pixel of grey at y = 120 pt.
        #expect(bitmap.pixel(x: 300, y: 240) == 0xFF80_8080)
        #expect(bitmap.pixel(x: 300, y: 242) != 0xFF80_8080)
        shop.node.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        shop.choose(IndexPath(row: 2, section: 0))
        #expect(shop.node.indexPathForSelectedRow == nil)
        let sheet = try #require(shop.presentedViewController as? UIAlertController)
        sheet.actions.first?.handler?(sheet.actions[0])
        #expect(navigation.viewControllers.count == 2 && shop.navigationController === navigation)
    }
}
