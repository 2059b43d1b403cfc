import Dispatch
import Foundation

/// Called by a downloader when a download ends: the image (or nil), the error (or nil), the
/// identifier it returned for the download, and anything it wants to pass on; Texture's
/// `ASImageDownloaderCompletion`.
public typealias ASImageDownloaderCompletion = @Sendable (
    _ image: (any ASImageContainerProtocol)?, _ error: (any Error)?, _ downloadIdentifier: Any?, _ userInfo: Any?
) -> Void

/// Called with a download's progress, 0...1; Texture's `ASImageDownloaderProgress`.
public typealias ASImageDownloaderProgress = @Sendable (_ progress: CGFloat) -> Void

/// How soon an image is needed, from the node's interface state (visible, display, else
/// preload); Texture's `ASImageDownloaderPriority`. Sendable value; use from any context.
public enum ASImageDownloaderPriority: UInt, Sendable {
    case preload = 0
    case imminent
    case visible

    init(_ state: ASInterfaceState) {
        self = state.contains(.visible) ? .visible : state.contains(.display) ? .imminent : .preload
    }
}

/// Fetches the images of URLs an `ASNetworkImageNode` does not read itself (anything but `file:`
/// and `data:`); Texture's `ASImageDownloaderProtocol`, with the Swift spellings Texture's
/// Objective-C protocol imports as. `ASBasicImageDownloader.shared` is the default.
///
/// Implement one of the three `downloadImage` spellings: the node calls the one with `priority:`,
/// whose default calls the one with `shouldRetry:` (Texture 3's required method), whose default
/// calls the one without (Texture 2's). A downloader that implements none fails each download with
/// `ImageLoadingError.downloaderIncomplete`, reported, rather than looping.
/// `completion` may be called on any queue, even before `downloadImage` returns.
///
/// Thread safety: called from any thread, so conformers are Sendable and guard their own state.
public protocol ASImageDownloaderProtocol: AnyObject, Sendable {
    /// Starts downloading `URL`; returns an identifier for `cancelImageDownload(forIdentifier:)`.
    func downloadImage(with URL: URL, shouldRetry: Bool, priority: ASImageDownloaderPriority, callbackQueue: DispatchQueue,
                       downloadProgress: ASImageDownloaderProgress?, completion: @escaping ASImageDownloaderCompletion) -> Any?
    /// Texture 3's required spelling.
    func downloadImage(with URL: URL, shouldRetry: Bool, callbackQueue: DispatchQueue,
                       downloadProgress: ASImageDownloaderProgress?, completion: @escaping ASImageDownloaderCompletion) -> Any?
    /// Texture 2's spelling, without `shouldRetry`.
    func downloadImage(with URL: URL, callbackQueue: DispatchQueue,
                       downloadProgress: ASImageDownloaderProgress?, completion: @escaping ASImageDownloaderCompletion) -> Any?
    /// Cancels the download `downloadImage` returned `downloadIdentifier` for.
    func cancelImageDownload(forIdentifier downloadIdentifier: Any)
    /// Cancels, keeping what was downloaded for a later resume; calls
    /// `cancelImageDownload(forIdentifier:)` by default.
    func cancelImageDownloadWithResumePossibility(forIdentifier downloadIdentifier: Any)
    /// Tells the downloader the node's interface state changed; does nothing by default.
    func setPriority(_ priority: ASImageDownloaderPriority, withDownloadIdentifier downloadIdentifier: Any)
}

extension ASImageDownloaderProtocol {
    public func downloadImage(with URL: URL, shouldRetry: Bool, priority: ASImageDownloaderPriority, callbackQueue: DispatchQueue,
                              downloadProgress: ASImageDownloaderProgress?, completion: @escaping ASImageDownloaderCompletion) -> Any? {
        downloadImage(with: URL, shouldRetry: shouldRetry, callbackQueue: callbackQueue, downloadProgress: downloadProgress, completion: completion)
    }

    public func downloadImage(with URL: URL, shouldRetry: Bool, callbackQueue: DispatchQueue,
                              downloadProgress: ASImageDownloaderProgress?, completion: @escaping ASImageDownloaderCompletion) -> Any? {
        downloadImage(with: URL, callbackQueue: callbackQueue, downloadProgress: downloadProgress, completion: completion)
    }

    public func downloadImage(with URL: URL, callbackQueue: DispatchQueue,
                              downloadProgress: ASImageDownloaderProgress?, completion: @escaping ASImageDownloaderCompletion) -> Any? {
        completion(nil, ImageLoadingError.downloaderIncomplete(url: URL, downloader: String(describing: type(of: self))), nil, nil)
        return nil
    }

    public func cancelImageDownloadWithResumePossibility(forIdentifier downloadIdentifier: Any) {
        cancelImageDownload(forIdentifier: downloadIdentifier)
    }

    public func setPriority(_ priority: ASImageDownloaderPriority, withDownloadIdentifier downloadIdentifier: Any) {}
}
