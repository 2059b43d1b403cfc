import Foundation

/// Told how an `ASMultiplexImageNode`'s downloads and displays go; Texture's
/// `ASMultiplexImageNodeDelegate`. Every method is optional (each has an empty default).
///
/// Called where Texture calls it: the download and update methods synchronously, on the thread
/// that loads (for a download, the downloader's callback queue; for progress, wherever the
/// downloader reports it); the two display methods on the main actor (inline when the display
/// finished there, else later). Held weakly by the node.
/// Thread safety: called from any thread, so conformers are Sendable and guard their own state.
public protocol ASMultiplexImageNodeDelegate: AnyObject, Sendable {
    /// The download of the image for `imageIdentifier` is about to start.
    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didStartDownloadOfImageWithIdentifier imageIdentifier: ASImageIdentifier)
    /// The download progressed; `downloadProgress` is in 0...1, as the downloader reports it.
    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didUpdateDownloadProgress downloadProgress: CGFloat,
                            forImageWithIdentifier imageIdentifier: ASImageIdentifier)
    /// The download ended; `error` is the downloader's, or nil.
    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didFinishDownloadingImageWithIdentifier imageIdentifier: ASImageIdentifier,
                            error: (any Error)?)
    /// The node's image changed to `image` (not yet displayed).
    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didUpdate image: UIImage?, withIdentifier imageIdentifier: ASImageIdentifier?,
                            from previousImage: UIImage?, withIdentifier previousImageIdentifier: ASImageIdentifier?)
    /// A display showed a different image than the one before (nil when the contents were cleared).
    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didDisplayUpdated image: UIImage?, withIdentifier imageIdentifier: ASImageIdentifier?)
    /// A display with an image finished, whether or not the image changed.
    func multiplexImageNodeDidFinishDisplay(_ imageNode: ASMultiplexImageNode)
}

extension ASMultiplexImageNodeDelegate {
    public func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didStartDownloadOfImageWithIdentifier imageIdentifier: ASImageIdentifier) {}
    public func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didUpdateDownloadProgress downloadProgress: CGFloat,
                                   forImageWithIdentifier imageIdentifier: ASImageIdentifier) {}
    public func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didFinishDownloadingImageWithIdentifier imageIdentifier: ASImageIdentifier,
                                   error: (any Error)?) {}
    public func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didUpdate image: UIImage?, withIdentifier imageIdentifier: ASImageIdentifier?,
                                   from previousImage: UIImage?, withIdentifier previousImageIdentifier: ASImageIdentifier?) {}
    public func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didDisplayUpdated image: UIImage?,
                                   withIdentifier imageIdentifier: ASImageIdentifier?) {}
    public func multiplexImageNodeDidFinishDisplay(_ imageNode: ASMultiplexImageNode) {}
}
