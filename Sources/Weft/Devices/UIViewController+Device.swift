import Foundation

/// Controllers that know how to lay themselves out and render at a size (`ASDKViewController`).
@MainActor
protocol SizedControllerRendering: AnyObject {
    func renderBitmap(size: CGSize, scale: CGFloat) throws -> Bitmap
}

extension ASDKViewController: SizedControllerRendering {}

extension UIViewController {
    /// Renders the controller as the root of a window on the screen of `config`, as
    /// swift-snapshot-testing's `.image(on:size:traits:)` does on iOS: the view sized to `size`
    /// (else the device's size, else the view's own), the controller's `hostTraitCollection` set
    /// to the device's traits overlaid by `traits` (a controller's node tree gets them through
    /// `ASDKViewController`'s propagation, with `displayScale`, idiom and size classes), its
    /// `hostSafeAreaInsets` to the device's safe area (so `node.safeAreaInsets` and
    /// `view.safeAreaInsets` report the notch and home indicator), then loaded, laid out with the
    /// appearance callbacks, and rendered at the merged traits' `displayScale`.
    ///
    /// `try controller.renderBitmap(on: .iPhoneX, traits: .init(userInterfaceStyle: .dark))`.
    public func renderBitmap(on config: ViewImageConfig, size: CGSize? = nil, traits: UITraitCollection = .init()) throws -> Bitmap {
        let merged = config.traits(overriddenBy: traits)
        hostTraitCollection = merged
        loadViewIfNeeded()
        hostSafeAreaInsets = config.safeArea(statusBarHidden: prefersStatusBarHidden)
        let size = size ?? config.size ?? view.frame.size
        let scale = ViewImageConfig.scale(for: merged)
        if let sized = self as? SizedControllerRendering { return try sized.renderBitmap(size: size, scale: scale) }
        // A plain controller: what a window does before it first draws one.
        if view.frame.size != size { view.frame = CGRect(origin: .zero, size: size) }
        traitsMayHaveChanged()
        viewWillAppear(false)
        viewWillLayoutSubviews()
        view.layoutIfNeeded()
        viewDidLayoutSubviews()
        viewDidAppear(false)
        return try view.renderBitmap(scale: scale)
    }
}
