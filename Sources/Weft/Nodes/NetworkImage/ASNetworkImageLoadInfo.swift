import Foundation

/// Where a loaded image came from; Texture's `ASNetworkImageSourceType`.
/// Sendable value; use from any context.
public enum ASNetworkImageSourceType: Int, Sendable {
    /// Not said; Weft gives this for `data:` URLs, which the node decodes itself.
    case unspecified = 0
    case synchronousCache
    case asynchronousCache
    case fileURL
    case download
}

/// What `ASNetworkImageNodeDelegate.imageNode(_:didLoad:info:)` is told about a load; Texture's
/// `ASNetworkImageLoadInfo`.
/// Immutable; the identifier and user info are the downloader's own values, passed on untouched.
public final class ASNetworkImageLoadInfo: @unchecked Sendable {
    // SAFETY: every property is a `let`; `downloadIdentifier` and `userInfo` are opaque values the
    // downloader made for its own use, handed back to it and to the delegate, never mutated here.
    /// Where the image came from.
    public let sourceType: ASNetworkImageSourceType
    /// The URL that was loaded.
    public let url: URL
    /// The downloader's identifier for the download, if there was one.
    public let downloadIdentifier: Any?
    /// What the downloader passed along with the image, if anything.
    public let userInfo: Any?

    init(url: URL, sourceType: ASNetworkImageSourceType, downloadIdentifier: Any?, userInfo: Any?) {
        self.url = url
        self.sourceType = sourceType
        self.downloadIdentifier = downloadIdentifier
        self.userInfo = userInfo
    }
}
