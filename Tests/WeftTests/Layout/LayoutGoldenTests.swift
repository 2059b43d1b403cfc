import Foundation
import Testing
@testable import Weft
import WeftTesting

/// Goldens for a representative subset of layouts: coloured boxes in a host, as in Texture's
/// snapshot tests, plus a realistic cell.
@Suite struct LayoutGoldenTests {
    static func colored(_ color: UIColor, _ width: CGFloat, _ height: CGFloat, grow: CGFloat = 0, shrink: CGFloat = 0) -> ASDisplayNode {
        let node = L.box(width, height, grow: grow, shrink: shrink)
        node.backgroundColor = color
        return node
    }

    /// A host that lays out `spec` in its bounds.
    static func host(_ size: CGSize, _ spec: @escaping () -> ASLayoutSpec) -> ASDisplayNode {
        let host = ASDisplayNode()
        host.frame = CGRect(origin: .zero, size: size)
        host.backgroundColor = .white
        host.automaticallyManagesSubnodes = true
        host.layoutSpecBlock = { _, _ in spec() }
        return host
    }

    @Test func stackFlexGrowAndShrink() {
        let grow = [Self.colored(.systemRed, 30, 20, grow: 1), Self.colored(.systemGreen, 30, 30), Self.colored(.systemBlue, 30, 20, grow: 2)]
        let shrink = [Self.colored(.systemOrange, 90, 20, shrink: 1), Self.colored(.systemPurple, 40, 20), Self.colored(.systemTeal, 60, 20, shrink: 1)]
        let node = Self.host(CGSize(width: 150, height: 70)) {
            ASInsetLayoutSpec(insets: UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5), child:
                ASStackLayoutSpec(direction: .vertical, spacing: 5, alignItems: .stretch, children: [
                    ASStackLayoutSpec(direction: .horizontal, spacing: 4, alignItems: .center, children: grow),
                    ASStackLayoutSpec(direction: .horizontal, children: shrink),
                ]))
        }
        expectGolden(node, named: "layout/ASStackLayoutSpec/flex-grow-shrink")
    }

    @Test func stackWrapAndAlignContent() {
        let boxes = (0..<7).map { Self.colored([UIColor.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemPurple][$0], 30 + CGFloat($0 % 3) * 6, 18) }
        let node = Self.host(CGSize(width: 130, height: 90)) {
            ASStackLayoutSpec(direction: .horizontal, spacing: 4, justifyContent: .center, alignItems: .start,
                              flexWrap: .wrap, alignContent: .spaceAround, lineSpacing: 2, children: boxes)
        }
        expectGolden(node, named: "layout/ASStackLayoutSpec/wrap-align-content")
    }

    @Test func ratioOverlayCornerAndCenter() {
        let photo = ASImageNode()
        photo.image = TestSupport.gradientImage(width: 80, height: 60, scale: 2)
        let badge = Self.colored(.systemRed, 16, 16)
        badge.cornerRadius = 8
        let play = Self.colored(UIColor(white: 0, alpha: 0.6), 20, 20)
        play.cornerRadius = 10
        let node = Self.host(CGSize(width: 120, height: 100)) {
            let framed = ASOverlayLayoutSpec(child: ASRatioLayoutSpec(ratio: 0.6, child: photo),
                                             overlay: ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: [], child: play))
            let corner = ASCornerLayoutSpec(child: framed, corner: badge, location: .topRight)
            corner.offset = CGPoint(x: -4, y: 4)
            // The corner spec hands its own range to the badge; a start-aligned stack frees the
            // badge from the host's minimum width.
            let column = ASStackLayoutSpec(direction: .vertical, alignItems: .start, children: [corner])
            return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 10, left: 10, bottom: .infinity, right: 10), child: column)
        }
        expectGolden(node, named: "layout/Composition/ratio-overlay-corner")
    }

    @Test func profileCell() {
        let cell = ProfileCell()
        cell.backgroundColor = .white
        cell.avatar.image = TestSupport.gradientImage(width: 40, height: 40, scale: 2)
        cell.avatar.cornerRadius = 20
        let height = cell.layoutThatFits(ASSizeRange(min: CGSize(width: 240, height: 0), max: CGSize(width: 240, height: CGFloat.infinity))).size.height
        cell.frame = CGRect(x: 0, y: 0, width: 240, height: height)
        expectGolden(cell, named: "layout/Cell/profile")
    }
}
