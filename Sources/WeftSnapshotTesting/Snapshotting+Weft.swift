import Foundation
import SnapshotTesting
import Weft
import WeftTesting

extension Snapshotting where Value: ASDisplayNode, Format == Bitmap {
    /// A node rendered to a PNG at `scale`, compared pixel by pixel with Weft's tolerance rules
    /// (`precision`, `perceptualPrecision` as swift-snapshot-testing defines them). A collection
    /// node is composited with its cells at its content offset. Records and diffs through
    /// swift-snapshot-testing's own machinery: `assertSnapshot(of: node, as: .weftImage(scale: 2))`.
    public static func weftImage(scale: CGFloat = 2, precision: Double = 1, perceptualPrecision: Double = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .weftBitmap(precision: precision, perceptualPrecision: perceptualPrecision)) { node in
            do {
                return try GoldenRendering.render(node, scale: scale)
            } catch {
                // The diff reports this text; a 0×0 bitmap never matches a real reference.
                RenderFailures.record("\(error)")
                return try! Bitmap(pixelWidth: 0, pixelHeight: 0, scale: scale)
            }
        }
    }
}

extension Snapshotting where Value: ASDisplayNode, Format == String {
    /// The node's layout tree in `size` as text (`LayoutSnapshot`), diffed line by line:
    /// `assertSnapshot(of: node, as: .weftLayout(size: CGSize(width: 320, height: 88)))`.
    public static func weftLayout(size: CGSize) -> Snapshotting {
        weftLayout(in: ASSizeRange(exactly: size))
    }

    /// The node's layout tree within `range` as text, diffed line by line.
    public static func weftLayout(in range: ASSizeRange) -> Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { node in LayoutSnapshot.text(of: node.layoutThatFits(range)) }
    }
}

extension Diffing where Value == Bitmap {
    /// PNG bytes on disk, Weft's comparison in memory; the message gives the numbers found.
    public static func weftBitmap(precision: Double = 1, perceptualPrecision: Double = 1) -> Diffing {
        let tolerance = GoldenTolerance(precision: precision, perceptualPrecision: perceptualPrecision)
        return .diff(
            toData: { PNGEncoder().encode($0) },
            fromData: { data in
                (try? UIImage(decoding: data).bitmap) ?? (try! Bitmap(pixelWidth: 0, pixelHeight: 0, scale: 1))
            },
            diffV2: { reference, actual in
                if actual.pixelWidth == 0 || actual.pixelHeight == 0, let failure = RenderFailures.take() {
                    return ("could not render the subject: \(failure)", [])
                }
                guard let message = GoldenComparison.difference(reference, actual, tolerance: tolerance) else { return nil }
                return (message, [.data(PNGEncoder().encode(reference), name: "reference"),
                                  .data(PNGEncoder().encode(actual), name: "failure")])
            })
    }
}
