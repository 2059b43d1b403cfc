import Foundation
import Synchronization

/// Texture's `ASConfigurationManager` (ASConfigurationInternal.h): holds the installed
/// configuration. Weft code asks `activate(_:)` whether a feature is on; the first time an
/// installed feature acts, the delegate is told on a serial queue, as in Texture.
///
/// Thread-safe: the installed features, delegate and activations are behind one process-wide mutex.
public final class ASConfigurationManager: NSObject {
    private struct Installed: @unchecked Sendable {
        // SAFETY: only touched under `installed`'s mutex; the delegate is only called on
        // `delegateQueue`, one call at a time, as Texture's contract says.
        var features: ASExperimentalFeatures = []
        var activated: ASExperimentalFeatures = []
        var delegate: ASConfigurationDelegate?
    }

    private static let installed = Mutex(Installed())
    private static let delegateQueue = DispatchQueue(label: "org.weft.ASConfigurationManager.delegate")

    private override init() { super.init() }

    /// Installs a copy of `configuration` (nil: none, every feature off); Texture's
    /// `test_resetWithConfiguration:`. Features Weft does not apply are reported as not applicable.
    /// The delegate's `textureDidInitialize()` is called on this thread before this returns.
    public static func test_reset(with configuration: ASConfiguration?) {
        let copy = configuration?.copy() as? ASConfiguration
        let features = copy?.experimentalFeatures ?? []
        let ignored = features.subtracting(.appliedByWeft).intersection(ASExperimentalFeatures(rawValue: (1 << UInt(ASExperimentalFeatures.names.count)) - 1))
        if !ignored.isEmpty {
            WeftDiagnostics.report(.configuration, "ASConfigurationManager", "experimental features \(ASExperimentalFeaturesGetNames(ignored).joined(separator: ", ")) have no counterpart in Weft and change nothing; Weft applies \(ASExperimentalFeaturesGetNames(.appliedByWeft).joined(separator: ", "))")
        }
        installed.withLock { $0 = Installed(features: features, activated: [], delegate: copy?.delegate) }
        copy?.delegate?.textureDidInitialize()
    }

    /// Features that stand in for the installed ones within a task (`withValue`), without the
    /// delegate: lets a test try a feature without turning it on for tests running beside it.
    @TaskLocal static var scopedFeatures: ASExperimentalFeatures?

    /// Whether `feature` is on; the first time it is found on, the delegate hears of it.
    /// Texture's `ASActivateExperimentalFeature`.
    static func activate(_ feature: ASExperimentalFeatures) -> Bool {
        if let scoped = scopedFeatures { return scoped.isSuperset(of: feature) }
        let (on, newly, delegate) = installed.withLock { s -> (Bool, Bool, UncheckedSendable<ASConfigurationDelegate?>) in
            let on = s.features.isSuperset(of: feature)
            let newly = on && !s.activated.isSuperset(of: feature)
            if newly { s.activated.formUnion(feature) }
            return (on, newly, UncheckedSendable(s.delegate))
        }
        if newly, delegate.value != nil {
            delegateQueue.async { delegate.value?.textureDidActivateExperimentalFeatures(feature) }
        }
        return on
    }
}
