import Foundation
import Testing
import Weft

/// UIScrollView's automatic content-inset adjustment: a collection or table that fills a device's
/// screen scrolls its content clear of the status bar and the home indicator.
@MainActor
@Suite struct ContentInsetAdjustmentTests {
    /// `count` rows 100 pt tall, each red on the collection's white.
    final class Rows: ASCollectionDataSource, ASCollectionDelegate, ASTableDataSource, ASTableDelegate {
        let count: Int
        init(count: Int) { self.count = count }

        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { count }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock { Self.row }
        func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
            ASSizeRange(min: CGSize(width: collectionNode.bounds.width, height: 100), max: CGSize(width: collectionNode.bounds.width, height: 100))
        }
        func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { count }
        func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock { Self.row }

        static let row: ASCellNodeBlock = {
            let cell = ASCellNode()
            cell.backgroundColor = .red
            cell.style.preferredSize = CGSize(width: 390, height: 100)
            return cell
        }
    }

    private func collection(_ rows: Rows) -> ASCollectionNode {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        let node = ASCollectionNode(collectionViewLayout: layout)
        node.dataSource = rows
        node.delegate = rows
        return node
    }

    /// The first row of pixels (at 1x) that is red in column 10.
    private func firstRedRow(_ bitmap: Bitmap) -> Int? {
        (0..<bitmap.pixelHeight).first { bitmap.pixel(x: 10, y: $0) == 0xFFFF_0000 }
    }

    @Test func aScrollingCollectionOnAPhoneStartsBelowTheStatusBar() throws {
        let rows = Rows(count: 20)
        let node = collection(rows)
        let bitmap = try node.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(node.adjustedContentInset == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(node.contentOffset == CGPoint(x: 0, y: -47))
        #expect(firstRedRow(bitmap) == 47)
        // The last row can scroll above the home indicator.
        #expect(node.contentOffsetRange.min == CGPoint(x: 0, y: -47))
        #expect(node.contentOffsetRange.max == CGPoint(x: 0, y: 2000 + 34 - 844))
        // A second render keeps the offset: it moved once, when the adjustment appeared.
        _ = try node.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(node.contentOffset == CGPoint(x: 0, y: -47))
    }

    @Test func aControllersCollectionStartsBelowTheStatusBar() throws {
        let rows = Rows(count: 20)
        let controller = ASDKViewController(node: collection(rows))
        let bitmap = try controller.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(controller.node.view.adjustedContentInset == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(firstRedRow(bitmap) == 47)
    }

    @Test func anOffsetTheAppSetIsKept() throws {
        let rows = Rows(count: 20)
        let node = collection(rows)
        node.contentOffset = CGPoint(x: 0, y: 300)
        let bitmap = try node.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(node.contentOffset == CGPoint(x: 0, y: 300))
        #expect(firstRedRow(bitmap) == 0)
    }

    @Test func contentThatFitsIsNotAdjustedUnlessAlways() throws {
        let rows = Rows(count: 2)
        let node = collection(rows)
        _ = try node.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(node.adjustedContentInset == .zero)
        #expect(node.contentOffset == .zero)

        let always = collection(rows)
        always.contentInsetAdjustmentBehavior = .always
        let bitmap = try always.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(always.adjustedContentInset == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(firstRedRow(bitmap) == 47)
    }

    @Test func neverKeepsTheContentUnderTheStatusBar() throws {
        let rows = Rows(count: 20)
        let node = collection(rows)
        node.contentInsetAdjustmentBehavior = .never
        let bitmap = try node.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(node.adjustedContentInset == .zero)
        #expect(firstRedRow(bitmap) == 0)
    }

    @Test func theContentInsetAddsToTheSafeArea() throws {
        let rows = Rows(count: 20)
        let node = collection(rows)
        node.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        node.contentOffset = CGPoint(x: 0, y: -10)
        let bitmap = try node.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(node.adjustedContentInset.top == 57)
        #expect(node.contentOffset == CGPoint(x: 0, y: -57))
        #expect(firstRedRow(bitmap) == 57)
    }

    @Test func withoutASafeAreaNothingMoves() throws {
        let rows = Rows(count: 20)
        let node = collection(rows)
        node.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
        let bitmap = try node.snapshot(scale: 1)
        #expect(node.adjustedContentInset == .zero)
        #expect(firstRedRow(bitmap) == 0)
    }

    @Test func aTableOnAPhoneStartsBelowTheStatusBar() throws {
        let rows = Rows(count: 20)
        let table = ASTableNode()
        table.dataSource = rows
        table.delegate = rows
        let bitmap = try table.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(table.adjustedContentInset == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(table.view.adjustedContentInset == table.adjustedContentInset)
        #expect(firstRedRow(bitmap) == 47)
    }

    @Test func theViewSetsTheBehaviourAsUIKitCodeDoes() throws {
        let rows = Rows(count: 20)
        let controller = ASDKViewController(node: collection(rows))
        controller.loadViewIfNeeded()
        controller.node.view.contentInsetAdjustmentBehavior = .never
        #expect(controller.node.contentInsetAdjustmentBehavior == .never)
        let bitmap = try controller.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(firstRedRow(bitmap) == 0)
    }
}
