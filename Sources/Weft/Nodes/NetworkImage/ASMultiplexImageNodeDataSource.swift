import Foundation

/// Gives an `ASMultiplexImageNode` an image, or the URL of one, for each image identifier;
/// Texture's `ASMultiplexImageNodeDataSource`.
///
/// Both methods are optional: the defaults answer nil. Texture's third method,
/// `multiplexImageNode(_:assetForLocalIdentifier:)` (a `PHAsset`), is left out: Photos does not
/// exist on Linux, and a URL the node cannot load as a Photos asset goes to the cache and the
/// downloader like any other.
///
/// Called as Texture calls it: synchronously, on the thread that loads (the caller of
/// `reloadImageIdentifierSources()`, the thread that sets the interface state, a display, or a
/// cache's callback queue). Held weakly by the node.
/// Thread safety: called from any thread, so conformers are Sendable and guard their own state.
public protocol ASMultiplexImageNodeDataSource: AnyObject, Sendable {
    /// The image for `imageIdentifier` if the data source has it at hand, else nil. Preferred to
    /// a URL: the node asks for it first.
    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, imageForImageIdentifier imageIdentifier: ASImageIdentifier) -> UIImage?
    /// The URL of the image for `imageIdentifier` (for the cache, then the downloader), or nil.
    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, urlForImageIdentifier imageIdentifier: ASImageIdentifier) -> URL?
}

extension ASMultiplexImageNodeDataSource {
    public func multiplexImageNode(_ imageNode: ASMultiplexImageNode, imageForImageIdentifier imageIdentifier: ASImageIdentifier) -> UIImage? {
        nil
    }

    public func multiplexImageNode(_ imageNode: ASMultiplexImageNode, urlForImageIdentifier imageIdentifier: ASImageIdentifier) -> URL? {
        nil
    }
}
