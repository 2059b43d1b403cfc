import Foundation
import SnapshotTesting
import Weft
import WeftTesting

extension Snapshotting where Value: ASDisplayNode, Format == RenderedImage {
    /// The node's accessibility snapshot at scale 2; see `accessibilityImage(scale:precision:perceptualPrecision:)`.
    public static var accessibilityImage: Snapshotting { .accessibilityImage() }

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

extension Snapshotting where Value: UIViewController, Format == RenderedImage {
    /// The controller's accessibility snapshot on a default screen (its view's size, scale 2);
    /// see `accessibilityImage(on:precision:perceptualPrecision:size:traits:)`.
    public static var accessibilityImage: Snapshotting { .accessibilityImage() }

    /// The controller rendered on the screen of `config` as `.image(on:)` renders it, beside the
    /// legend of its view hierarchy's elements in reading order (UIKit views and nodes alike;
    /// `AccessibilitySnapshot.render(_:on:size:traits:)`), compared as `.image` compares, as
    /// AccessibilitySnapshot's strategy does on iOS:
    /// `assertSnapshot(of: controller, as: .accessibilityImage(on: .iPhone13))`.
    /// Controllers are main-actor isolated: assert from a `@MainActor` test.
    public static func accessibilityImage(on config: ViewImageConfig = ViewImageConfig(), precision: Float = 1, perceptualPrecision: Float = 1,
                                          size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { controller in
            guard MainQueueCheck.isOnMainQueue else {
                return .failed("could not render \(type(of: controller)): view controllers render on the main actor; mark the test @MainActor")
            }
            return MainActor.assumeIsolated {
                RenderedImage.capture("\(type(of: controller))") {
                    (try AccessibilitySnapshot.render(controller, on: config, size: size, traits: traits), nil)
                }
            }
        }
    }
}

extension Snapshotting where Value: UIView, Format == RenderedImage {
    /// The view's accessibility snapshot at scale 2; see `accessibilityImage(scale:precision:perceptualPrecision:)`.
    public static var accessibilityImage: Snapshotting { .accessibilityImage() }

    /// The view rendered beside the legend of its hierarchy's elements in reading order
    /// (`AccessibilitySnapshot.render(_:scale:)` for a view), compared as `.image` compares:
    /// `assertSnapshot(of: view, as: .accessibilityImage(scale: 2))`. Views are main-actor
    /// isolated: assert from a `@MainActor` test.
    public static func accessibilityImage(scale: CGFloat = 2, precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { view in
            guard MainQueueCheck.isOnMainQueue else {
                return .failed("could not render \(type(of: view)): views render on the main actor; mark the test @MainActor")
            }
            return MainActor.assumeIsolated {
                RenderedImage.capture("\(type(of: view))") { (try AccessibilitySnapshot.render(view, scale: scale), nil) }
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
