import Foundation
import Weft

/// Renders `node` on the screen of `config` (see `ASDisplayNode.renderBitmap(on:size:traits:)`:
/// the device's size, safe area and traits overlaid by `traits`) and compares it with its golden
/// at the merged traits' scale (`@3x` for an iPhone 13 unless `traits` sets `displayScale`).
/// Named as `expectGolden(_:named:…)` names, with the device as the variant when the name comes
/// from the test (`__Goldens__/<TestFile>/<test>-iPhone13@3x.png`); an explicit name is used as given.
public func expectGolden(_ node: ASDisplayNode, on config: ViewImageConfig, size: CGSize? = nil, traits: UITraitCollection = .init(),
                         named name: String? = nil, variant: String? = nil, record: GoldenRecording? = nil, precision: Double? = nil,
                         perceptualPrecision: Double? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                         function: String = #function, line: UInt = #line, column: UInt = #column) {
    let location = GoldenLocation(name: name, variant: variant ?? (name == nil ? config.name : nil), filePath: "\(filePath)", function: function)
    let failure = DeviceGolden.verify(at: location, scale: ViewImageConfig.scale(for: config.traits(overriddenBy: traits)), record: record,
                                      tolerance: GoldenLocation.tolerance(precision: precision, perceptualPrecision: perceptualPrecision)) {
        (try node.renderBitmap(on: config, size: size, traits: traits), NodeAttribution(subject: node))
    }
    if let failure { GoldenFailureReporter.report(failure.description, fileID: fileID, filePath: filePath, line: line, column: column) }
}

/// Renders `controller` on the screen of `config` (see `UIViewController.renderBitmap(on:size:traits:)`:
/// its view at the device's size, `hostTraitCollection` the device's traits overlaid by `traits`,
/// `hostSafeAreaInsets` the device's safe area) and compares it with its golden; named as
/// `expectGolden(_:on:…)` for a node names.
@MainActor
public func expectGolden(_ controller: UIViewController, on config: ViewImageConfig, size: CGSize? = nil, traits: UITraitCollection = .init(),
                         named name: String? = nil, variant: String? = nil, record: GoldenRecording? = nil, precision: Double? = nil,
                         perceptualPrecision: Double? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                         function: String = #function, line: UInt = #line, column: UInt = #column) {
    let location = GoldenLocation(name: name, variant: variant ?? (name == nil ? config.name : nil), filePath: "\(filePath)", function: function)
    let failure = DeviceGolden.verify(at: location, scale: ViewImageConfig.scale(for: config.traits(overriddenBy: traits)), record: record,
                                      tolerance: GoldenLocation.tolerance(precision: precision, perceptualPrecision: perceptualPrecision)) {
        (try controller.renderBitmap(on: config, size: size, traits: traits), DeviceGolden.attribution(of: controller))
    }
    if let failure { GoldenFailureReporter.report(failure.description, fileID: fileID, filePath: filePath, line: line, column: column) }
}

/// The step device goldens share: render, then compare through `GoldenStore` (a render error
/// becomes this golden's `renderFailed`).
enum DeviceGolden {
    static func verify(at location: GoldenLocation, scale: CGFloat, record: GoldenRecording?, tolerance: GoldenTolerance,
                       render: () throws -> (Bitmap, NodeAttribution?)) -> GoldenError? {
        let file = GoldenStore.fileName(location.name, scale: scale)
        // A name that cannot be a file is refused before anything is rendered.
        if let refused = location.store.refusal(of: file) { return refused }
        do {
            let (bitmap, attribution) = try render()
            return location.store.verify(bitmap, file: file, recording: GoldenConfiguration.recording(record), tolerance: tolerance,
                                         attribution: attribution)
        } catch {
            return .renderFailed(golden: location.store.goldenDirectory.appendingPathComponent(file).path, reason: "\(error)")
        }
    }

    /// The node a controller shows (an `ASDKViewController`'s, or a plain controller's view's
    /// node), for naming the nodes whose pixels differ.
    @MainActor
    static func attribution(of controller: UIViewController) -> NodeAttribution? {
        guard let view = controller.viewIfLoaded else { return nil }
        return ((view as? ASDisplayNodeView)?.node).map(NodeAttribution.init(subject:))
    }
}
