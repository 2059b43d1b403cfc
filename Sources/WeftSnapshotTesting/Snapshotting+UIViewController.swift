import Foundation
import SnapshotTesting
import Weft
import WeftTesting

extension Snapshotting where Value: UIViewController, Format == RenderedImage {
    /// A controller rendered at its view's size; see `image(precision:perceptualPrecision:size:traits:)`.
    public static var image: Snapshotting { .image() }

    /// A controller rendered as swift-snapshot-testing renders one with `.image(size:traits:)`:
    /// its view at `size` (else its own size), `traits` as its host's traits.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
                             traits: UITraitCollection = .init()) -> Snapshotting {
        .image(on: ViewImageConfig(), precision: precision, perceptualPrecision: perceptualPrecision, size: size, traits: traits)
    }

    /// A controller rendered on the screen of `config`, as swift-snapshot-testing's
    /// `.image(on:precision:perceptualPrecision:size:traits:)` does on iOS (see
    /// `UIViewController.renderBitmap(on:size:traits:)`): the device's size (or `size`), its traits
    /// overlaid by `traits` as the controller's host traits (an `ASDKViewController` hands them to
    /// its node tree), its safe area as the view's and node's `safeAreaInsets`, at its scale:
    /// `assertSnapshot(of: controller, as: .image(on: .iPhone13, traits: .init(userInterfaceStyle: .dark)))`.
    ///
    /// Controllers are main-actor isolated: assert from a `@MainActor` test. Off the main thread
    /// the assertion fails with that advice instead of rendering.
    public static func image(on config: ViewImageConfig, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
                             traits: UITraitCollection = .init()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { controller in
            // swift-snapshot-testing calls this synchronously on the asserting thread.
            guard MainQueueCheck.isOnMainQueue else {
                return .failed("could not render \(type(of: controller)): view controllers render on the main actor; mark the test @MainActor")
            }
            return MainActor.assumeIsolated {
                RenderedImage.capture("\(type(of: controller))") {
                    (try controller.renderBitmap(on: config, size: size, traits: traits), ControllerAttribution.of(controller))
                }
            }
        }
    }
}

/// The nodes a controller shows, for failure messages.
enum ControllerAttribution {
    @MainActor
    static func of(_ controller: UIViewController) -> NodeAttribution? {
        ((controller.viewIfLoaded as? ASDisplayNodeView)?.node).map(NodeAttribution.init(subject:))
    }
}

/// Whether code runs on the main queue, the main actor's executor. Main-actor jobs do not always
/// run on the process's first thread under `swift test` on Linux, so `Thread.isMainThread` cannot
/// say; the main queue carries a marker that can.
enum MainQueueCheck {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isOnMainQueue: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true }
}
