import Foundation
import SnapshotTesting
import Weft
import WeftTesting

extension Snapshotting where Value: ASDisplayNode, Format == RenderedImage {
    /// A node rendered at its own size; see `image(precision:perceptualPrecision:size:traits:)`.
    public static var image: Snapshotting { .image() }

    /// A node rendered as swift-snapshot-testing renders a `UIView` with `.image(size:traits:)`:
    /// at `size` (else its bounds, else the size it measures unconstrained), with `traits` handed
    /// down its tree, at `traits.displayScale` (else `ASScreenScale()`). A collection or table is
    /// composited with its cells at its content offset.
    ///
    /// `assertSnapshot(of: node, as: .image(size: CGSize(width: 320, height: 88)))`. Recording
    /// follows swift-snapshot-testing (`withSnapshotTesting(record:)`, `SNAPSHOT_TESTING_RECORD`);
    /// a mismatch names the nodes whose area differs; a render error fails this assertion only.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
                             traits: UITraitCollection = .init()) -> Snapshotting {
        .image(on: ViewImageConfig(), precision: precision, perceptualPrecision: perceptualPrecision, size: size, traits: traits)
    }

    /// A node rendered as the screen of `config` shows it at the root of a window (see
    /// `ASDisplayNode.renderBitmap(on:size:traits:)`): the device's size (or `size`), its traits
    /// overlaid by `traits`, its safe area as the node's `safeAreaInsets`, at its scale.
    /// `assertSnapshot(of: node, as: .image(on: .iPhone13, traits: .init(userInterfaceStyle: .dark)))`.
    public static func image(on config: ViewImageConfig, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
                             traits: UITraitCollection = .init()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { node in
            RenderedImage.capture("\(type(of: node as ASDisplayNode))") {
                (try node.renderBitmap(on: config, size: size, traits: traits), NodeAttribution(subject: node))
            }
        }
    }
}
