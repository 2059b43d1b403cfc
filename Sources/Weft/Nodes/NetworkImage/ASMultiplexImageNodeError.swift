import Foundation

/// The domain of `ASMultiplexImageNodeError`; Texture's `ASMultiplexImageNodeErrorDomain`.
public let ASMultiplexImageNodeErrorDomain = "ASMultiplexImageNodeErrorDomain"

/// Why an `ASMultiplexImageNode` did not load an identifier; Texture's `ASMultiplexImageNodeErrorCode`.
///
/// Texture's Photos codes (`photosImageManagerFailedWithoutError`, `phAssetIsUnavailable`) are left
/// out: Photos does not exist on Linux. Sendable value; use from any context.
public enum ASMultiplexImageNodeErrorCode: UInt, Sendable {
    /// The data source gave neither an image nor a URL for the identifier.
    case noSourceForImage = 0
    /// The best identifier changed before the download of a worse one began; the node then loads
    /// the best one instead. Used by the node itself, never reported.
    case bestImageIdentifierChanged = 1
}

/// Texture's `NSError` in `ASMultiplexImageNodeErrorDomain`, as a Swift error that names the
/// identifier. Bridges to `NSError` with Texture's domain and code. Sendable value.
public struct ASMultiplexImageNodeError: Error, CustomNSError, CustomStringConvertible, Equatable {
    /// Texture's error code.
    public let code: ASMultiplexImageNodeErrorCode
    /// The identifier concerned, as `String(describing:)` gives it.
    public let imageIdentifier: String

    public static var errorDomain: String { ASMultiplexImageNodeErrorDomain }
    public var errorCode: Int { Int(code.rawValue) }

    public var description: String {
        switch code {
        case .noSourceForImage:
            return "the data source gave neither an image (multiplexImageNode(_:imageForImageIdentifier:)) nor a URL "
                + "(multiplexImageNode(_:urlForImageIdentifier:)) for image identifier \(imageIdentifier)"
        case .bestImageIdentifierChanged:
            return "the best image identifier changed before image identifier \(imageIdentifier) was downloaded"
        }
    }

    public init(code: ASMultiplexImageNodeErrorCode, imageIdentifier: String) {
        self.code = code
        self.imageIdentifier = imageIdentifier
    }

    init(_ code: ASMultiplexImageNodeErrorCode, _ identifier: ImageIdentifierBox) {
        self.init(code: code, imageIdentifier: String(describing: identifier.value.base))
    }
}
