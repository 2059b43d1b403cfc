import Foundation

/// Told how an `ASNetworkImageNode`'s loads go; Texture's `ASNetworkImageNodeDelegate`. Every
/// method is optional (each has an empty default), so adopters implement any subset.
///
/// Called on the main actor, after the fact and in order, as Texture's are with its default
/// `useMainThreadDelegateCallbacks`. `imageNode(_:didLoad:info:)`, when implemented, is called
/// instead of `imageNode(_:didLoad:)` (its default calls the latter).
/// Held weakly by the node. Main-actor isolated.
@MainActor
public protocol ASNetworkImageNodeDelegate: AnyObject, Sendable {
    /// A load of the node's URL began.
    func imageNodeDidStartFetchingData(_ imageNode: ASNetworkImageNode)
    /// The cache is about to be asked.
    func imageNodeWillLoadImageFromCache(_ imageNode: ASNetworkImageNode)
    /// The cache held the image.
    func imageNodeDidLoadImageFromCache(_ imageNode: ASNetworkImageNode)
    /// The cache did not hold the image; the downloader is asked next.
    func imageNodeDidFailToLoadImageFromCache(_ imageNode: ASNetworkImageNode)
    /// The downloader is about to be asked.
    func imageNodeWillLoadImageFromNetwork(_ imageNode: ASNetworkImageNode)
    /// The image loaded and is now the node's `image`.
    func imageNode(_ imageNode: ASNetworkImageNode, didLoad image: UIImage)
    /// The image loaded; `info` says from where. Called instead of `imageNode(_:didLoad:)`.
    func imageNode(_ imageNode: ASNetworkImageNode, didLoad image: UIImage, info: ASNetworkImageLoadInfo)
    /// The load failed; the node shows `defaultImage`. The error is the downloader's own, or an
    /// `ImageLoadingError`.
    func imageNode(_ imageNode: ASNetworkImageNode, didFailWithError error: Error)
    /// The node committed a backing store drawn with an image.
    func imageNodeDidFinishDecoding(_ imageNode: ASNetworkImageNode)
}

extension ASNetworkImageNodeDelegate {
    public func imageNodeDidStartFetchingData(_ imageNode: ASNetworkImageNode) {}
    public func imageNodeWillLoadImageFromCache(_ imageNode: ASNetworkImageNode) {}
    public func imageNodeDidLoadImageFromCache(_ imageNode: ASNetworkImageNode) {}
    public func imageNodeDidFailToLoadImageFromCache(_ imageNode: ASNetworkImageNode) {}
    public func imageNodeWillLoadImageFromNetwork(_ imageNode: ASNetworkImageNode) {}
    public func imageNode(_ imageNode: ASNetworkImageNode, didLoad image: UIImage) {}
    public func imageNode(_ imageNode: ASNetworkImageNode, didLoad image: UIImage, info: ASNetworkImageLoadInfo) {
        self.imageNode(imageNode, didLoad: image)
    }
    public func imageNode(_ imageNode: ASNetworkImageNode, didFailWithError error: Error) {}
    public func imageNodeDidFinishDecoding(_ imageNode: ASNetworkImageNode) {}
}
