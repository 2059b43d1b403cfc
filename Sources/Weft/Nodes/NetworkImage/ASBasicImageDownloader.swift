import Dispatch
import Foundation

/// The downloader `ASNetworkImageNode()` uses unless another is plugged in; Texture's
/// `ASBasicImageDownloader`.
///
/// Weft renders offline, so that a render is the same on every machine and CI needs no network:
/// this downloader reads `file:` and `data:` URLs (on the callback queue) and fails every other
/// URL at once with `ImageLoadingError.offline`, which the node reports and answers with its
/// `defaultImage`. To fetch http(s) images, plug in a downloader of your own (with URLSession,
/// say) through `ASNetworkImageNode.defaultDownloader` or `init(cache:downloader:)`.
/// Stateless; use from any thread.
public final class ASBasicImageDownloader: ASImageDownloaderProtocol {
    /// The one instance; Texture's `sharedImageDownloader`.
    public static let shared = ASBasicImageDownloader()

    private init() {}

    public func downloadImage(with URL: URL, shouldRetry: Bool, callbackQueue: DispatchQueue,
                              downloadProgress: ASImageDownloaderProgress?, completion: @escaping ASImageDownloaderCompletion) -> Any? {
        guard LocalImageLoader.canLoad(URL) else {
            callbackQueue.async { completion(nil, ImageLoadingError.offline(url: URL), nil, nil) }
            return nil
        }
        callbackQueue.async {
            do throws(ImageLoadingError) {
                let image = try LocalImageLoader.load(URL, cached: false)
                downloadProgress?(1)
                completion(image, nil, nil, nil)
            } catch {
                completion(nil, error, nil, nil)
            }
        }
        return nil
    }

    /// Nothing to cancel: a local read is not interrupted, and its result is ignored by a node
    /// that no longer wants it.
    public func cancelImageDownload(forIdentifier downloadIdentifier: Any) {}
}
