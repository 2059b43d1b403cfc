import Foundation
import Testing
@testable import Weft

/// Flow layouts in a right-to-left collection: UIKit's flip, the left-to-right frames (in the
/// comments, as in FlowLayoutTests) mirrored in the collection's width, or in the content's when
/// scrolling horizontally.
@MainActor @Suite struct RTLFlowLayoutTests {
    static func rightToLeft(_ c: BoxCollection) throws -> BoxCollection {
        c.node.setPrimitiveTraitCollection(RTL.rightToLeft)
        try c.node.loadDataIfNeeded()
        return c
    }

    /// FlowLayoutTests.horizontalFlowFillsColumns' collection, right to left: 100×110, 30×40
    /// items two a column (justified, 10 apart), insets 10 top and bottom, 5 left and right.
    static func horizontal(items: Int) throws -> BoxCollection {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 30, height: 40)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
        return try rightToLeft(BoxCollection(viewport: CGSize(width: 100, height: 110), counts: [items], layout: layout) { _ in CGSize(width: 1, height: 1) })
    }

    @Test func flowLayoutsFlipAndBaseLayoutsDoNot() {
        #expect(UICollectionViewFlowLayout().flipsHorizontallyInOppositeLayoutDirection)
        #expect(!UICollectionViewLayout().flipsHorizontallyInOppositeLayoutDirection)
        #expect(UICollectionViewFlowLayout().developmentLayoutDirection == .leftToRight)
    }

    @Test func linesRunFromTheRightAndTheLeftInsetIsTheLeadingOne() throws {
        // 100 wide, insets left 5 and right 15: 80 available, two 25-wide items a line, justified
        // (spacing 30): LTR x 5 and 60, the last line 5 → RTL 100 − x − 25: 70 and 15, then 70.
        let layout = UICollectionViewFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 5, left: 5, bottom: 7, right: 15)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 4
        let c = try Self.rightToLeft(BoxCollection(viewport: CGSize(width: 100, height: 200), counts: [5], layout: layout) { _ in CGSize(width: 25, height: 30) })
        #expect(c.node.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(FlowLayoutTests.frames(c) == [
            CGRect(x: 70, y: 5, width: 25, height: 30), CGRect(x: 15, y: 5, width: 25, height: 30),
            CGRect(x: 70, y: 39, width: 25, height: 30), CGRect(x: 15, y: 39, width: 25, height: 30),
            CGRect(x: 70, y: 73, width: 25, height: 30),
        ])
        #expect(c.node.contentSize == CGSize(width: 100, height: 110))
    }

    @Test func headersKeepTheWidthAndSectionsFlipEach() throws {
        // Two sections of three 30-wide items in 100 (spacing 10): two fit a line, the full one
        // justified: LTR 0, 70, then 0 → RTL 70, 0, then 70. Section 1's header follows two
        // 20-tall lines 10 apart under a 12-tall header: y 62. Headers span the width either way.
        let c = try Self.rightToLeft(BoxCollection(viewport: CGSize(width: 100, height: 300), counts: [3, 3], headers: 12) { _ in CGSize(width: 30, height: 20) })
        let header = c.node.collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect(header?.frame == CGRect(x: 0, y: 62, width: 100, height: 12))
        #expect(FlowLayoutTests.frames(c).map(\.minX) == [70, 0, 70, 70, 0, 70])
    }

    @Test func forceLeftToRightOnTheCollectionKeepsItLeftToRight() throws {
        let c = BoxCollection(viewport: CGSize(width: 100, height: 200), counts: [2]) { _ in CGSize(width: 30, height: 20) }
        c.node.semanticContentAttribute = .forceLeftToRight
        // The last (only) line keeps the minimum spacing: LTR 0 and 40.
        #expect(try FlowLayoutTests.frames(Self.rightToLeft(c)).map(\.minX) == [0, 40])
    }

    @Test func changingTheDirectionLaysTheCollectionOutAgain() throws {
        let c = BoxCollection(viewport: CGSize(width: 100, height: 200), counts: [2]) { _ in CGSize(width: 30, height: 20) }
        try c.node.loadDataIfNeeded()
        #expect(FlowLayoutTests.frames(c).map(\.minX) == [0, 40])
        c.node.semanticContentAttribute = .forceRightToLeft
        #expect(FlowLayoutTests.frames(c).map(\.minX) == [70, 30])
    }

    @Test func horizontalContentNarrowerThanTheCollectionSitsAtTheRight() throws {
        // As FlowLayoutTests.horizontalFlowFillsColumns: LTR columns at 5 and 45 (30 wide), the
        // content 80 wide → mirrored in the collection's 100: 65 and 25.
        let c = try Self.horizontal(items: 3)
        #expect(FlowLayoutTests.frames(c) == [CGRect(x: 65, y: 10, width: 30, height: 40), CGRect(x: 65, y: 60, width: 30, height: 40),
                                              CGRect(x: 25, y: 10, width: 30, height: 40)])
        #expect(c.node.contentSize == CGSize(width: 80, height: 110))
    }

    @Test func horizontalContentIsMirroredInItsWidthAndTheOffsetIsNot() throws {
        // Seven items, two a column: LTR columns at 5, 45, 85, 125, the content 160 wide →
        // mirrored in 160: 125, 85, 45, 5. Offset 0 shows the left end: the last items.
        let c = try Self.horizontal(items: 7)
        #expect(FlowLayoutTests.frames(c).map(\.minX) == [125, 125, 85, 85, 45, 45, 5])
        #expect(c.node.contentSize == CGSize(width: 160, height: 110))
        let visible = c.node.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 100, height: 110)) ?? []
        #expect(Set(visible.map(\.indexPath.item)) == [2, 3, 4, 5, 6])
    }
}
