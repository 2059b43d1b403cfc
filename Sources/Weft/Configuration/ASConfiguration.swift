import Foundation

/// The schema version of `ASConfiguration(dictionary:)`; Texture's `ASConfigurationSchemaCurrentVersion`.
public let ASConfigurationSchemaCurrentVersion = 1

/// Texture's `ASConfiguration`: which experimental features to turn on, and a delegate told when
/// they first act. Installed with `ASConfigurationManager.test_reset(with:)`, which copies it
/// (Texture reads it from a `+textureConfiguration` category method, which needs the
/// Objective-C runtime). Not thread-safe to mutate; the manager keeps its own copy.
public final class ASConfiguration: NSObject, NSCopying {
    /// Told about the configuration's events, on a serial queue; held strongly, as Texture's.
    public var delegate: ASConfigurationDelegate?
    /// The features to turn on.
    public var experimentalFeatures: ASExperimentalFeatures = []

    /// Texture's `init(dictionary:)`: `experimental_features` (an array of names, see
    /// `ASExperimentalFeaturesFromArray`) and `version`; nil makes an empty configuration. A
    /// version other than `ASConfigurationSchemaCurrentVersion`, or a value of the wrong type, is
    /// reported.
    public init(dictionary: [String: Any]?) {
        super.init()
        guard let dictionary else { return }
        let version = dictionary["version"] as? Int
        if version != ASConfigurationSchemaCurrentVersion {
            WeftDiagnostics.report(.configuration, "ASConfiguration(dictionary:)", "schema version \(version.map(String.init) ?? "missing") is not the current \(ASConfigurationSchemaCurrentVersion); read as the current one")
        }
        switch dictionary["experimental_features"] {
        case let names as [String]: experimentalFeatures = ASExperimentalFeaturesFromArray(names)
        case nil: break
        case let other?:
            WeftDiagnostics.report(.configuration, "ASConfiguration(dictionary:)", "experimental_features is \(type(of: other)), not an array of names; no features were turned on")
        }
    }

    /// An empty configuration; Texture's `init` (`[ASConfiguration new]`).
    public override convenience init() {
        self.init(dictionary: nil)
    }

    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = ASConfiguration(dictionary: nil)
        copy.experimentalFeatures = experimentalFeatures
        copy.delegate = delegate
        return copy
    }
}

/// Texture's `ASConfigurationDelegate`: events of the installed configuration, on a serial queue.
public protocol ASConfigurationDelegate: NSObjectProtocol {
    /// Texture first acted on `features` (each is reported once per installed configuration).
    func textureDidActivateExperimentalFeatures(_ features: ASExperimentalFeatures)
    /// The configuration was installed: Weft's counterpart of Texture's framework initialisation.
    /// Optional in Texture; the default does nothing.
    func textureDidInitialize()
}

extension ASConfigurationDelegate {
    public func textureDidInitialize() {}
}
