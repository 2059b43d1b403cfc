import Foundation
import SnapshotTesting
import Weft
import WeftTesting

extension Snapshotting where Value: ASDisplayNode, Format == Bitmap {
    /// The node's accessibility snapshot (`AccessibilitySnapshot.render(_:scale:)`: the image with
    /// colour-coded element overlays beside the reading-order legend), compared as `.weftImage`
    /// compares: `assertSnapshot(of: screen, as: .accessibilityImage(scale: 2))`.
    public static func accessibilityImage(scale: CGFloat = 2, precision: Double = 1, perceptualPrecision: Double = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .weftBitmap(precision: precision, perceptualPrecision: perceptualPrecision)) { node in
            do {
                return try AccessibilitySnapshot.render(node, scale: scale)
            } catch {
                // The diff reports this text; a 0×0 bitmap never matches a real reference.
                RenderFailures.record("\(error)")
                return try! Bitmap(pixelWidth: 0, pixelHeight: 0, scale: scale)
            }
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
