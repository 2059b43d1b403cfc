import Foundation
import SnapshotTesting
import Testing
import WeftSnapshotTesting

/// A snapshot suite written as an iOS team writes one, through swift-snapshot-testing's API: a
/// feed controller on three devices, light and dark, three text sizes, left to right and right to
/// left, plus an accessibility snapshot. The pictures must differ exactly where iOS's would.
@MainActor
@Suite struct FeedSnapshotMatrixTests {
    /// A feed cell as Texture apps write them: fonts from Dynamic Type and system colours picked in
    /// `init`, an avatar and two lines of text in an inset horizontal stack.
    final class PostCell: ASCellNode {
        let avatar = ASDisplayNode()
        let title = ASTextNode()
        let body = ASTextNode()

        init(index: Int) {
            super.init()
            automaticallyManagesSubnodes = true
            backgroundColor = .systemBackground
            avatar.backgroundColor = .systemBlue
            avatar.cornerRadius = 20
            avatar.style.preferredSize = CGSize(width: 40, height: 40)
            title.attributedText = NSAttributedString(string: "Post \(index)", attributes: [
                .font: UIFont.preferredFont(forTextStyle: .headline), .foregroundColor: UIColor.label,
            ])
            body.attributedText = NSAttributedString(string: "Something happened today, and here is a line about it.", attributes: [
                .font: UIFont.preferredFont(forTextStyle: .body), .foregroundColor: UIColor.secondaryLabel,
            ])
            body.style.flexShrink = 1
        }

        override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
            let text = ASStackLayoutSpec(direction: .vertical, spacing: 4, justifyContent: .start, alignItems: .start, children: [title, body])
            text.style.flexShrink = 1
            text.style.flexGrow = 1
            let row = ASStackLayoutSpec(direction: .horizontal, spacing: 12, justifyContent: .start, alignItems: .start, children: [avatar, text])
            return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 12, left: 16, bottom: 12, right: 16), child: row)
        }
    }

    final class FeedController: ASDKViewController<ASCollectionNode>, ASCollectionDataSource {
        override init() {
            let layout = UICollectionViewFlowLayout()
            layout.minimumLineSpacing = 1
            super.init(node: ASCollectionNode(collectionViewLayout: layout))
            node.dataSource = self
            node.backgroundColor = .systemGroupedBackground
        }

        required init?(coder: NSCoder) { nil }

        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 20 }

        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
            let index = indexPath.item
            return { PostCell(index: index) }
        }
    }

    static func directory() -> String {
        NSTemporaryDirectory() + "weft-feed-matrix-\(UUID().uuidString)"
    }

    @Test func theFeedOnThreeDevicesInBothStylesThreeSizesAndBothDirections() throws {
        let folder = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // At 1x to keep the suite fast; the devices' sizes, safe areas and size classes still apply.
        let matrix = SnapshotMatrix(devices: [.iPhoneSe, .iPhone13, .iPadMini], styles: [.light, .dark],
                                    contentSizes: [.extraSmall, .large, .accessibilityExtraLarge],
                                    directions: [.leftToRight, .rightToLeft], traits: .init(displayScale: 1))
        withKnownIssue("recording fails each cell once, as swift-snapshot-testing does") {
            assertSnapshots(of: { FeedController() }, matrix: matrix, record: .all, snapshotDirectory: folder)
        }
        let test = "theFeedOnThreeDevicesInBothStylesThreeSizesAndBothDirections()".replacingOccurrences(of: "()", with: "")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 36, "\(files.sorted())")
        func picture(_ cell: String) throws -> Bitmap {
            try UIImage(decoding: try #require(FileManager.default.contents(atPath: "\(folder)/\(test).\(cell).png"), "\(cell)")).bitmap
        }
        func differs(_ a: String, _ b: String) throws -> Bool { try PNGEncoder().encode(picture(a)) != PNGEncoder().encode(picture(b)) }

        // Devices: each screen's own size.
        #expect(try picture("iPhoneSe-light-large-ltr").pixelWidth == 320)
        #expect(try picture("iPhone13-light-large-ltr").pixelWidth == 390)
        #expect(try picture("iPadMini-light-large-ltr").pixelWidth == Int(try #require(ViewImageConfig.iPadMini.size).width))
        #expect(try picture("iPadMini-light-large-ltr").pixelWidth > 700)
        // Each trait changes the picture, as on iOS.
        #expect(try differs("iPhone13-light-large-ltr", "iPhone13-dark-large-ltr"))
        #expect(try differs("iPhone13-light-large-ltr", "iPhone13-light-extraSmall-ltr"))
        #expect(try differs("iPhone13-light-large-ltr", "iPhone13-light-accessibilityExtraLarge-ltr"))
        #expect(try differs("iPhone13-light-large-ltr", "iPhone13-light-large-rtl"))
        // Dark: the system background is black, the label white-ish; light the reverse.
        let light = try picture("iPhone13-light-large-ltr"), dark = try picture("iPhone13-dark-large-ltr")
        #expect(light.pixel(x: 380, y: 60) == 0xFFFF_FFFF)
        #expect(dark.pixel(x: 380, y: 60) == 0xFF00_0000)
        // Right to left: the avatar (systemBlue) sits at the right edge instead of the left.
        let ltr = try picture("iPhone13-light-large-ltr"), rtl = try picture("iPhone13-light-large-rtl")
        let blue: UInt32 = 0xFF00_7AFF
        #expect(ltr.pixel(x: 36, y: 32) == blue, "\(String(ltr.pixel(x: 36, y: 32) ?? 0, radix: 16))")
        #expect(rtl.pixel(x: 390 - 37, y: 32) == blue, "\(String(rtl.pixel(x: 390 - 37, y: 32) ?? 0, radix: 16))")
        #expect(ltr.pixel(x: 390 - 37, y: 32) != blue)

        // The same suite run again matches what it recorded, cell for cell.
        assertSnapshots(of: { FeedController() }, matrix: matrix, record: .never, snapshotDirectory: folder)
    }

    @Test func theFeedsAccessibilitySnapshotReadsItsPostsInOrder() throws {
        let folder = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let controller = FeedController()
        controller.layout(in: CGSize(width: 390, height: 400))
        let text = AccessibilitySnapshot.text(of: controller.node)
        let lines = text.split(separator: "\n")
        #expect(lines.first?.contains("Post 0") == true, "\(text)")
        let post0 = try #require(text.range(of: "Post 0")), post1 = try #require(text.range(of: "Post 1"))
        #expect(post0.lowerBound < post1.lowerBound)
        _ = verifySnapshot(of: controller.node, as: .accessibilityImage(scale: 1), named: "feed", record: .all, snapshotDirectory: folder)
        let recorded = try #require(FileManager.default.contents(atPath: "\(folder)/theFeedsAccessibilitySnapshotReadsItsPostsInOrder.feed.png"))
        let image = try UIImage(decoding: recorded).bitmap
        #expect(image.pixelWidth > 390, "the legend sits beside the screen")
        #expect(verifySnapshot(of: controller.node, as: .accessibilityImage(scale: 1), named: "feed", record: .never, snapshotDirectory: folder) == nil)
    }
}
