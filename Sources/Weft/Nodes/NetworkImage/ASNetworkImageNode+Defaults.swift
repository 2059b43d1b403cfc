import Foundation
import Synchronization

extension ASNetworkImageNode {
    private static let registry = Mutex<(cache: (any ASImageCacheProtocol)?, downloader: any ASImageDownloaderProtocol)>(
        (nil, ASBasicImageDownloader.shared))

    /// The downloader of every node made with `init()` from now on; `ASBasicImageDownloader.shared`
    /// by default. Ported code builds nodes with `ASNetworkImageNode()`: set this once (at start-up,
    /// before nodes are made) to give all of them a downloader of your own. Held strongly here,
    /// weakly by the nodes. Sendable; set from any thread.
    public static var defaultDownloader: any ASImageDownloaderProtocol {
        get { registry.withLock { $0.downloader } }
        set { registry.withLock { $0.downloader = newValue } }
    }

    /// The cache of every node made with `init()` from now on; nil (no cache) by default. Held
    /// strongly here, weakly by the nodes.
    public static var defaultCache: (any ASImageCacheProtocol)? {
        get { registry.withLock { $0.cache } }
        set { registry.withLock { $0.cache = newValue } }
    }

    static var defaults: (cache: (any ASImageCacheProtocol)?, downloader: any ASImageDownloaderProtocol) {
        registry.withLock { ($0.cache, $0.downloader) }
    }
}
