import Foundation
import SnapshotTesting
import Testing
@testable import Weft
import WeftSnapshotTesting
import WeftTesting

/// A UIKit view hierarchy's elements (`UIView.accessibilityElementsInReadingOrder()`) and the
/// accessibility snapshot strategies for views and any controller.
@MainActor @Suite struct ViewAccessibilityTests {
    private func label(_ text: String, _ frame: CGRect) -> UILabel {
        let label = UILabel(frame: frame)
        label.text = text
        return label
    }

    /// The nodes whose views the screens show: a view holds its node weakly, as in Texture, so
    /// the test keeps them.
    private let nodes = NodeKeeper()
    private final class NodeKeeper { var nodes: [ASDisplayNode] = [] }

    /// A screen of UIKit labels around a node's view: a title, a node with a button, a footer.
    private func screen() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 160))
        root.backgroundColor = .white
        let panel = UIView(frame: CGRect(x: 10, y: 40, width: 180, height: 80))
        let node = AccessibilitySnapshotTests.screen()
        node.frame = CGRect(x: 0, y: 0, width: 180, height: 80)
        nodes.nodes.append(node)
        panel.addSubview(node.view)
        root.addSubview(label("Footer", CGRect(x: 20, y: 130, width: 100, height: 20)))
        root.addSubview(panel)
        root.addSubview(label("Title", CGRect(x: 20, y: 8, width: 100, height: 20)))
        let hidden = label("Hidden", CGRect(x: 120, y: 8, width: 60, height: 20))
        hidden.isHidden = true
        root.addSubview(hidden)
        return root
    }

    @Test func labelsAndNodeElementsAreReadTopToBottomInTheRootsCoordinates() {
        let elements = screen().accessibilityElementsInReadingOrder()
        #expect(elements.map(\.label) == ["Title", "Welcome", "Sign in", "Footer"])
        guard elements.count == 4 else { return }
        #expect(elements.first?.traits == .staticText)
        #expect(elements.first?.frame == CGRect(x: 20, y: 8, width: 100, height: 20))
        // The node's button at (20, 56) in the node, whose view is at (10, 40) in the root.
        #expect(elements[2].frame.origin == CGPoint(x: 30, y: 96))
        #expect(elements[2].identifier == "signIn")
        #expect(elements.last?.nodeClass == "UILabel")
    }

    @Test func aModalSubviewHidesItsSiblingsAndAnElementHidesItsSubviews() {
        let root = screen()
        let sheet = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 60))
        sheet.accessibilityViewIsModal = true
        sheet.addSubview(label("Sheet", CGRect(x: 10, y: 10, width: 80, height: 20)))
        root.addSubview(sheet)
        #expect(root.accessibilityElementsInReadingOrder().map(\.label) == ["Sheet"])
        sheet.isAccessibilityElement = true
        sheet.accessibilityLabel = "Share sheet"
        let elements = root.accessibilityElementsInReadingOrder()
        #expect(elements.map(\.label) == ["Share sheet"])
        #expect(elements.first?.frame == CGRect(x: 0, y: 100, width: 200, height: 60))
    }

    @Test func aControllersAndAViewsAccessibilityImagesRecordAndMatch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-view-a11y-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let controller = UIViewController()
        controller.view.addSubview(label("Settings", CGRect(x: 16, y: 20, width: 120, height: 24)))
        let config = ViewImageConfig(size: CGSize(width: 180, height: 120), traits: UITraitCollection(displayScale: 1))
        _ = verifySnapshot(of: controller, as: .accessibilityImage(on: config), named: "controller", record: .missing, snapshotDirectory: folder)
        #expect(verifySnapshot(of: controller, as: .accessibilityImage(on: config), named: "controller", record: .never, snapshotDirectory: folder) == nil)
        let recorded = try #require(FileManager.default.contents(atPath: folder + "/aControllersAndAViewsAccessibilityImagesRecordAndMatch.controller.png"))
        let image = try UIImage(decoding: recorded).bitmap
        // The screen, then the legend beside it.
        #expect(image.pixelWidth == Int(180 + AccessibilitySnapshot.margin + AccessibilitySnapshot.legendWidth + AccessibilitySnapshot.margin))
        // A new element changes the legend.
        controller.view.addSubview(label("Account", CGRect(x: 16, y: 60, width: 120, height: 24)))
        #expect(verifySnapshot(of: controller, as: .accessibilityImage(on: config), named: "controller", record: .never, snapshotDirectory: folder) != nil)

        let view = screen()
        _ = verifySnapshot(of: view, as: .accessibilityImage(scale: 1), named: "view", record: .missing, snapshotDirectory: folder)
        #expect(verifySnapshot(of: view, as: .accessibilityImage(scale: 1), named: "view", record: .never, snapshotDirectory: folder) == nil)
        #expect(verifySnapshot(of: view, as: .accessibilityImage, named: "view-at-2x", record: .missing, snapshotDirectory: folder) != nil,
                "recording fails once, as swift-snapshot-testing does")
    }
}
