import Foundation
import Synchronization
import Testing
@testable import Weft

/// A cell that styles itself when it loads, as Texture code does: through its view and layer in
/// `didLoad()`, and a border from an `onDidLoad(_:)` block its node block adds. Grey and square
/// until then.
final class StyledOnLoadCell: ASCellNode, @unchecked Sendable {
    // SAFETY: the counters are behind their mutex.
    let loads = Mutex(0)
    let loadsOffTheMainActor = Mutex(0)

    override init() {
        super.init()
        backgroundColor = .systemGray
    }

    override func didLoad() {
        super.didLoad()
        view.backgroundColor = .systemOrange
        layer.cornerRadius = 12
        loads.withLock { $0 += 1 }
        if !MainActorBridge.isOnMainActor { loadsOffTheMainActor.withLock { $0 += 1 } }
    }

    static func make() -> StyledOnLoadCell {
        let cell = StyledOnLoadCell()
        cell.onDidLoad { node in
            node.layer.borderWidth = 4
            node.layer.borderColor = UIColor.systemBlue.cgColor
        }
        return cell
    }
}

/// Styled cells, 60 pt squares: the same cell class in a collection, a table and a pager.
final class StyledCells: ASCollectionDataSource, ASCollectionDelegate, ASTableDataSource, ASTableDelegate, ASPagerDataSource {
    let count: Int
    init(count: Int) { self.count = count }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { count }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock { { StyledOnLoadCell.make() } }
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(exactly: CGSize(width: 60, height: 60))
    }

    func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { count }
    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock { { StyledOnLoadCell.make() } }
    func tableNode(_ tableNode: ASTableNode, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(exactly: CGSize(width: 60, height: 60))
    }

    func numberOfPages(in pagerNode: ASPagerNode) -> Int { count }
    func pagerNode(_ pagerNode: ASPagerNode, nodeBlockAt index: Int) -> ASCellNodeBlock { { StyledOnLoadCell.make() } }
}

@MainActor
@Suite struct CellDidLoadTests {
    static let orange: UInt32 = 0xFFFF_9500, blue: UInt32 = 0xFF00_7AFF, white: UInt32 = 0xFFFF_FFFF

    static func collection(_ source: StyledCells) -> ASCollectionNode {
        let layout = UICollectionViewFlowLayout()
        layout.minimumInteritemSpacing = 10
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 200, height: 100), collectionViewLayout: layout)
        node.dataSource = source
        node.delegate = source
        return node
    }

    /// The first cell's centre is the orange its didLoad set, its corner the collection's white
    /// background (the radius its didLoad set), its edge the onDidLoad block's blue border.
    static func expectStyled(_ frame: Bitmap, cellAt origin: CGPoint = .zero, sourceLocation: SourceLocation = #_sourceLocation) {
        let x = Int(origin.x), y = Int(origin.y)
        #expect(frame.pixel(x: x + 30, y: y + 30) == orange, "centre: \(String(frame.pixel(x: x + 30, y: y + 30) ?? 0, radix: 16))", sourceLocation: sourceLocation)
        #expect(frame.pixel(x: x, y: y) == white, "corner: \(String(frame.pixel(x: x, y: y) ?? 0, radix: 16))", sourceLocation: sourceLocation)
        #expect(frame.pixel(x: x + 1, y: y + 30) == blue, "edge: \(String(frame.pixel(x: x + 1, y: y + 30) ?? 0, radix: 16))", sourceLocation: sourceLocation)
    }

    @Test func whatDidLoadSetsIsInTheFirstFrame() throws {
        let source = StyledCells(count: 40)
        let node = Self.collection(source)
        let first = try node.snapshot(scale: 1)
        Self.expectStyled(first)
        let cells = node.visibleNodes.compactMap { $0 as? StyledOnLoadCell }
        #expect(cells.count == 6 && cells.allSatisfy { $0.isNodeLoaded && $0.loads.withLock { $0 } == 1 })
        _ = try node.snapshot(at: CGPoint(x: 0, y: 300), scale: 1)
        _ = try node.snapshot(at: .zero, scale: 1)
        #expect(cells.allSatisfy { $0.loads.withLock { $0 } == 1 }, "a cell loads once")
        // Cells far outside the display range are made (asked for here) but not loaded.
        let far = try #require(node.nodeForItem(at: IndexPath(item: 39, section: 0)))
        #expect(!far.isNodeLoaded)
    }

    /// Rendered from a thread of its own, the cells still load on the main actor, before they draw.
    @Test func cellsLoadOnTheMainActorWhenTheFrameIsRenderedOffIt() async throws {
        let source = StyledCells(count: 40)
        let node = Self.collection(source)
        let box = UncheckedBox(node)
        let first = try await onThreadOfItsOwn { try box.value.snapshot(scale: 1) }
        Self.expectStyled(first)
        let cells = node.visibleNodes.compactMap { $0 as? StyledOnLoadCell }
        #expect(!cells.isEmpty && cells.allSatisfy { $0.loads.withLock { $0 } == 1 && $0.loadsOffTheMainActor.withLock { $0 } == 0 })
        // A later frame whose cells have all loaded needs nothing from the main actor.
        let again = try await onThreadOfItsOwn { try box.value.snapshot(at: CGPoint(x: 0, y: 10), scale: 1) }
        Self.expectStyled(again, cellAt: CGPoint(x: 0, y: -10 + 70))
    }

    @Test func tableRowsAndPagesLoadBeforeTheyShow() throws {
        let source = StyledCells(count: 8)
        let table = ASTableNode()
        table.frame = CGRect(x: 0, y: 0, width: 60, height: 150)
        table.view.separatorStyle = .none
        table.dataSource = source
        table.delegate = source
        Self.expectStyled(try table.snapshot(scale: 1))

        let pager = ASPagerNode()
        pager.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        pager.setDataSource(source)
        Self.expectStyled(try pager.snapshot(scale: 1))
        pager.scrollToPage(at: 3, animated: false)
        Self.expectStyled(try pager.snapshot(scale: 1))
    }
}
