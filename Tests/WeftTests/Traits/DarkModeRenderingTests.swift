import Foundation
import Testing
@testable import Weft

/// Node trees, collections, views and controllers draw in the appearance of their traits, and
/// draw again when it changes.
@MainActor @Suite struct DarkModeRenderingTests {
    static let dark = ASPrimitiveTraitCollection(userInterfaceStyle: .dark)
    static let light = ASPrimitiveTraitCollection(userInterfaceStyle: .light)

    /// The lowest and highest red channel in `rect` (pixels): how dark the darkest and how light
    /// the lightest pixel of grey text on a plain background is.
    static func redRange(_ bitmap: Bitmap, in rect: CGRect) -> ClosedRange<UInt32> {
        var low: UInt32 = 255, high: UInt32 = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let red = (bitmap.pixel(x: x, y: y) ?? 0) >> 16 & 0xFF
                low = min(low, red)
                high = max(high, red)
            }
        }
        return low...high
    }

    /// A `label` text node on a `systemBackground` host with an `opaqueSeparator` border.
    static func labelOnBackground() -> (host: ASDisplayNode, text: ASTextNode) {
        let text = TestSupport.textNode(TestSupport.attributed("Weft", size: 24, weight: .bold, color: .label), width: 100)
        let host = TestSupport.host(CGSize(width: 108, height: text.frame.height + 8), text, background: .systemBackground)
        host.borderColor = .opaqueSeparator
        host.borderWidth = 1
        return (host, text)
    }

    @Test func aTreeDrawsDarkAndLightAgain() throws {
        let (host, text) = Self.labelOnBackground()
        let light = try host.renderBitmap(scale: 1)
        #expect(light.pixel(x: 2, y: 2) == 0xFFFF_FFFF)
        #expect(light.pixel(x: 0, y: 0) == 0xFFC6_C6C8)
        #expect(Self.redRange(light, in: text.frame).lowerBound < 0x20, "black glyphs")

        ASTraitCollectionPropagateDown(host, Self.dark)
        let dark = try host.renderBitmap(scale: 1)
        #expect(dark.pixel(x: 2, y: 2) == 0xFF00_0000)
        #expect(dark.pixel(x: 0, y: 0) == 0xFF38_383A)
        let glyphs = Self.redRange(dark, in: text.frame)
        #expect(glyphs.upperBound > 0xE0, "white glyphs")

        ASTraitCollectionPropagateDown(host, Self.light)
        #expect(try host.renderBitmap(scale: 1).hasSamePixels(as: light))
    }

    /// A tree without dynamic colours draws the same pixels in either appearance.
    @Test func fixedColoursIgnoreTheAppearance() throws {
        let text = TestSupport.textNode(TestSupport.attributed("Weft", size: 24, color: UIColor(hex: 0x336699)), width: 100)
        let host = TestSupport.host(CGSize(width: 108, height: text.frame.height + 8), text, background: UIColor(hex: 0xFAFAF0))
        let light = try host.renderBitmap(scale: 2)
        ASTraitCollectionPropagateDown(host, Self.dark)
        #expect(try host.renderBitmap(scale: 2).hasSamePixels(as: light))
    }

    /// A text layout cached for a light node serves a dark one (layout does not depend on colour)
    /// and each draws its own colours: the same pixels as with no cache at all.
    @Test func cachedTextLayoutsDoNotCarryColoursAcross() throws {
        func rendered(_ traits: ASPrimitiveTraitCollection, cache: TextMeasurementCache) throws -> Bitmap {
            let node = ASTextNode()
            node.textState.withLock { $0.measurementCache = cache }
            node.attributedText = TestSupport.attributed("Dark mode", size: 20, color: .secondaryLabel,
                                                         extra: [.backgroundColor: UIColor.systemGray5, .underlineStyle: NSUnderlineStyle.single.rawValue,
                                                                 .underlineColor: UIColor.systemRed])
            let size = node.calculateSizeThatFits(CGSize(width: 200, height: CGFloat.infinity))
            node.frame = CGRect(origin: CGPoint(x: 4, y: 4), size: size)
            let host = TestSupport.host(CGSize(width: 208, height: size.height + 8), node, background: .systemBackground)
            ASTraitCollectionPropagateDown(host, traits)
            return try host.renderBitmap(scale: 2)
        }
        let shared = TextMeasurementCache()
        let lightFirst = try rendered(Self.light, cache: shared)
        let darkHit = try rendered(Self.dark, cache: shared)
        #expect(shared.statistics.hits >= 1, "the dark node was served the light node's layout")
        #expect(shared.statistics.entries == 1)
        let none = TextMeasurementCache(entryLimit: 0)
        #expect(darkHit.hasSamePixels(as: try rendered(Self.dark, cache: none)))
        #expect(lightFirst.hasSamePixels(as: try rendered(Self.light, cache: none)))
        #expect(!darkHit.hasSamePixels(as: lightFirst))
    }

    /// Cells made before the change redraw in the new appearance (backgrounds and backing stores),
    /// and so does the collection's own background.
    @Test func collectionCellsSwitch() throws {
        final class Swatches: ASCollectionDataSource {
            func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 4 }
            func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
                {
                    let cell = ASCellNode()
                    cell.style.preferredSize = CGSize(width: 40, height: 20)
                    cell.backgroundColor = .secondarySystemBackground
                    cell.displayBlock = { bounds, context, _ in context.fill(bounds.insetBy(dx: 10, dy: 5), with: .label) }
                    return cell
                }
            }
        }
        let source = Swatches()
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 100, height: 60), collectionViewLayout: UICollectionViewFlowLayout())
        node.dataSource = source
        node.backgroundColor = .systemGroupedBackground
        func expectColours(background: UInt32, cell: UInt32, mark: UInt32) throws {
            let frame = try node.snapshot(scale: 1)
            #expect(frame.pixel(x: 2, y: 2) == cell)
            #expect(frame.pixel(x: 20, y: 10) == mark)
            #expect(frame.pixel(x: 2, y: 25) == background, "the gap between rows shows the collection's background")
        }
        try expectColours(background: 0xFFF2_F2F7, cell: 0xFFF2_F2F7, mark: 0xFF00_0000)
        ASTraitCollectionPropagateDown(node, Self.dark)
        try expectColours(background: 0xFF00_0000, cell: 0xFF1C_1C1E, mark: 0xFFFF_FFFF)
        ASTraitCollectionPropagateDown(node, ASPrimitiveTraitCollection(userInterfaceStyle: .dark, userInterfaceLevel: .elevated))
        try expectColours(background: 0xFF1C_1C1E, cell: 0xFF2C_2C2E, mark: 0xFFFF_FFFF)
        ASTraitCollectionPropagateDown(node, Self.light)
        try expectColours(background: 0xFFF2_F2F7, cell: 0xFFF2_F2F7, mark: 0xFF00_0000)
        _ = source
    }

    @Test func tableSeparatorsFollowTheTable() throws {
        final class Rows: ASTableDataSource {
            func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
                {
                    let cell = ASCellNode()
                    cell.style.preferredSize = CGSize(width: 100, height: 20)
                    cell.backgroundColor = .systemBackground
                    return cell
                }
            }
        }
        let source = Rows()
        let table = ASTableNode(style: .plain)
        table.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        table.dataSource = source
        table.view.separatorColor = .opaqueSeparator
        table.view.separatorInset = .zero
        let light = try table.snapshot(scale: 1)
        #expect(light.pixel(x: 50, y: 19) == 0xFFC6_C6C8)
        #expect(light.pixel(x: 50, y: 10) == 0xFFFF_FFFF)
        ASTraitCollectionPropagateDown(table, Self.dark)
        let dark = try table.snapshot(scale: 1)
        #expect(dark.pixel(x: 50, y: 19) == 0xFF38_383A)
        #expect(dark.pixel(x: 50, y: 10) == 0xFF00_0000)
        _ = source
    }

    @Test func controllerOverrideDrawsItsNodesDark() throws {
        let node = ASDisplayNode()
        node.backgroundColor = .systemBackground
        let controller = ASDKViewController(node: node)
        let size = CGSize(width: 20, height: 20)
        #expect(try controller.renderBitmap(size: size, scale: 1).pixel(x: 5, y: 5) == 0xFFFF_FFFF)
        controller.overrideUserInterfaceStyle = .dark
        #expect(controller.traitCollection.userInterfaceStyle == .dark)
        #expect(node.primitiveTraitCollection().userInterfaceStyle == .dark, "handed to the node at once")
        #expect(try controller.renderBitmap(size: size, scale: 1).pixel(x: 5, y: 5) == 0xFF00_0000)
        controller.overrideUserInterfaceStyle = .unspecified
        #expect(try controller.renderBitmap(size: size, scale: 1).pixel(x: 5, y: 5) == 0xFFFF_FFFF)

        let parent = UIViewController(), child = UIViewController()
        parent.hostTraitCollection = UITraitCollection(displayScale: 3)
        parent.addChild(child)
        parent.overrideUserInterfaceStyle = .dark
        #expect(child.traitCollection.userInterfaceStyle == .dark && child.traitCollection.displayScale == 3)
        child.overrideUserInterfaceStyle = .light
        #expect(child.traitCollection.userInterfaceStyle == .light)
    }

    @Test func nodelessControllerViewsResolveForTheController() throws {
        let controller = ASDKViewController<ASDisplayNode>()
        controller.view.backgroundColor = .systemBackground
        controller.overrideUserInterfaceStyle = .dark
        #expect(try controller.renderBitmap(size: CGSize(width: 10, height: 10), scale: 1).pixel(x: 5, y: 5) == 0xFF00_0000)
    }

    @Test func viewOverrideDrawsItsSubtreeDark() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        root.backgroundColor = .systemBackground
        let child = UIView(frame: CGRect(x: 10, y: 0, width: 10, height: 10))
        child.overrideUserInterfaceStyle = .dark
        let grandchild = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 10))
        grandchild.backgroundColor = .secondarySystemBackground
        child.backgroundColor = .systemBackground
        child.addSubview(grandchild)
        root.addSubview(child)
        let bitmap = try root.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 2, y: 5) == 0xFFFF_FFFF)
        #expect(bitmap.pixel(x: 12, y: 5) == 0xFF1C_1C1E, "inherited from the overriding superview")
        #expect(bitmap.pixel(x: 17, y: 5) == 0xFF00_0000)
    }
}
