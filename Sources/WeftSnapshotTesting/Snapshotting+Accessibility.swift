import Foundation
import SnapshotTesting
import Weft
import WeftTesting

extension Snapshotting where Value: ASDisplayNode, Format == RenderedImage {
    /// The node's accessibility snapshot (`AccessibilitySnapshot.render(_:scale:)`: the image with
    /// colour-coded element overlays beside the reading-order legend), compared as `.image`
    /// compares, a render error failing this assertion only:
    /// `assertSnapshot(of: screen, as: .accessibilityImage(scale: 2))`.
    public static func accessibilityImage(scale: CGFloat = 2, precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { node in
            // No node attribution: the legend beside the image has no nodes to name.
            RenderedImage.capture("\(type(of: node as ASDisplayNode))") { (try AccessibilitySnapshot.render(node, scale: scale), nil) }
        }
    }
}

extension Snapshotting where Value: ASDisplayNode, Format == String {
    /// The node's elements in reading order as text (`AccessibilitySnapshot.text(of:)`), diffed
    /// line by line: `assertSnapshot(of: screen, as: .accessibilityText)`.
    public static var accessibilityText: Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { node in AccessibilitySnapshot.text(of: node) }
    }
}
