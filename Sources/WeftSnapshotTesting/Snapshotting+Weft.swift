import Foundation
import SnapshotTesting
import Weft
import WeftTesting

extension Snapshotting where Value: ASDisplayNode, Format == RenderedImage {
    /// Weft's first image strategy; now `.image(traits: .init(displayScale: scale))`, which
    /// renders the same node at the same scale, compares the same way and reports a render error
    /// in the failing assertion only.
    @available(*, deprecated, message: "use .image(precision:perceptualPrecision:size:traits:) with traits: .init(displayScale: scale)")
    public static func weftImage(scale: CGFloat = 2, precision: Double = 1, perceptualPrecision: Double = 1) -> Snapshotting {
        .image(precision: Float(precision), perceptualPrecision: Float(perceptualPrecision), traits: UITraitCollection(displayScale: scale))
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
    /// PNG bytes on disk, Weft's comparison in memory; the message gives the numbers found. For
    /// strategies of your own over plain bitmaps; Weft's strategies use `Diffing<RenderedImage>.image`,
    /// which also reports render errors and the nodes that differ.
    public static func weftBitmap(precision: Double = 1, perceptualPrecision: Double = 1) -> Diffing {
        let tolerance = GoldenTolerance(precision: precision, perceptualPrecision: perceptualPrecision)
        return .diff(
            toData: { PNGEncoder().encode($0) },
            fromData: { data in
                (try? UIImage(decoding: data).bitmap) ?? (try! Bitmap(pixelWidth: 0, pixelHeight: 0, scale: 1))
            },
            diffV2: { reference, actual in
                guard let message = GoldenComparison.difference(reference, actual, tolerance: tolerance) else { return nil }
                return (message, [.data(PNGEncoder().encode(reference), name: "reference"),
                                  .data(PNGEncoder().encode(actual), name: "failure")])
            })
    }
}
