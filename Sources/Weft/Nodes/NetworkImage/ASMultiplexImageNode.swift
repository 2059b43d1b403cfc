import Foundation
import Synchronization

/// An image node that shows the best of several versions of an image, for example a small one
/// while a large one loads; Texture's `ASMultiplexImageNode`.
///
/// Set `dataSource` and `imageIdentifiers` (best first). For each identifier the data source
/// gives an image at hand or a URL; URLs go to the cache, then the downloader, of
/// `init(cache:downloader:)`, through `ASImageCacheProtocol` and `ASImageDownloaderProtocol` as
/// `ASNetworkImageNode` uses them. Loading follows Texture's sequence exactly: on entering the
/// preload range (and at each display, and on `reloadImageIdentifierSources()`), the best image
/// the data source has at hand is shown, then the best identifier is loaded, or with
/// `downloadsIntermediateImages` the worst first and then each better one. Leaving the preload
/// range cancels the download and drops the image. An identifier the data source has no source
/// for, and a failed download, end the loading and are reported as a `WeftDiagnostic` (area
/// `.image`) naming the identifier, as Texture logs them; a failed download also reaches the
/// delegate's `didFinishDownloadingImageWithIdentifier`.
///
/// Differences from Texture, each because the platform lacks the thing: no Photos or
/// assets-library URLs (no Photos on Linux; no `imageManager`), and no `shouldRenderProgressImages`:
/// Texture's progress images come from a downloader's `setProgressImageBlock`, which Weft's
/// `ASImageDownloaderProtocol` does not have, so the option would do nothing. Caches and
/// downloaders are called back on a global queue rather than the main queue, as
/// `ASNetworkImageNode`'s are: an offscreen render does not run the main loop. A data source's
/// `imageForImageIdentifier` and a cache's `clearFetchedImageFromCache(with:)` are always called
/// (their defaults answer nil and do nothing), where Texture first asks `respondsToSelector:`.
///
/// Offscreen, a picture must not depend on timing: a display waits for a cache lookup or
/// download in flight, at most `WeftLimits.networkImageWait` seconds (then reports the wait and
/// draws what is loaded).
///
/// Thread safety: every field of Texture's node (identifiers, loaded / loading / displayed
/// identifier, download identifier, delegate, data source, options) is in `multiplex`, behind its
/// mutex, which stands for both of Texture's locks (`_imageIdentifiersLock` and
/// `_downloadIdentifierLock`); the image is ASImageNode's, behind `imageState`'s. `loadSettled`
/// wakes displays waiting for a load. Lock order: `loadSettled`, then `multiplex`; none is held
/// while the data source, cache, downloader or delegate is called. The node may be built,
/// configured and displayed on any threads.
open class ASMultiplexImageNode: ASImageNode {
    // SAFETY: all mutable state is in `multiplex` (behind its mutex) or ASImageNode's `imageState`;
    // identifiers and download identifiers are boxed (see `ImageIdentifierBox`, `DownloadIdentifier`).

    struct MultiplexState {
        weak var delegate: (any ASMultiplexImageNodeDelegate)?
        weak var dataSource: (any ASMultiplexImageNodeDataSource)?
        var downloadsIntermediateImages = false
        var shouldRetryImageDownload = true
        var imageIdentifiers: [ImageIdentifierBox] = []
        var loadedImageIdentifier: ImageIdentifierBox?
        /// The identifier `loadNextImage()` is fetching from the cache or the downloader.
        var loadingImageIdentifier: ImageIdentifierBox?
        var displayedImageIdentifier: ImageIdentifierBox?
        /// The downloader's identifier for the download in flight.
        var downloadIdentifier: ASNetworkImageNode.DownloadIdentifier?
    }

    let multiplex = Mutex(MultiplexState())
    /// Broadcast when `loadingImageIdentifier` becomes nil; see the type's lock order.
    let loadSettled = NSCondition()
    /// Held strongly, as in Texture; set once.
    let cache: (any ASImageCacheProtocol)?
    let downloader: (any ASImageDownloaderProtocol)?

    /// A node that asks `cache` (when there is one) before downloading with `downloader`; Texture's
    /// designated initializer. Both are held strongly, as in Texture. Without a downloader, an
    /// identifier the cache does not hold is not loaded (reported).
    public init(cache: (any ASImageCacheProtocol)?, downloader: (any ASImageDownloaderProtocol)?) {
        self.cache = cache
        self.downloader = downloader
        super.init()
    }

    /// A node without a cache that downloads with `ASBasicImageDownloader.shared` (offline: see
    /// there), as Texture's `init` without PINRemoteImage.
    public convenience override init() {
        self.init(cache: nil, downloader: ASBasicImageDownloader.shared)
    }

    deinit {
        let pending = multiplex.withLock { $0.downloadIdentifier }
        if let pending { downloader?.cancelImageDownload(forIdentifier: pending.value) }
    }

    // MARK: Public properties

    /// Held weakly.
    public var delegate: (any ASMultiplexImageNodeDelegate)? {
        get { multiplex.withLock { $0.delegate } }
        set { multiplex.withLock { $0.delegate = newValue } }
    }

    /// Held weakly; required for the node to load anything.
    public var dataSource: (any ASMultiplexImageNodeDataSource)? {
        get { multiplex.withLock { $0.dataSource } }
        set { multiplex.withLock { $0.dataSource = newValue } }
    }

    /// Whether worse versions are loaded (worst first) while the best is not; false by default,
    /// as in Texture: then only the best identifier is loaded, after the best image at hand.
    public var downloadsIntermediateImages: Bool {
        get { multiplex.withLock { $0.downloadsIntermediateImages } }
        set { multiplex.withLock { $0.downloadsIntermediateImages = newValue } }
    }

    /// The versions of the image, best first; copied when set, as Texture copies them. Setting a
    /// different list loads it when the node is in the preload range (Texture's `setNeedsPreload`).
    public var imageIdentifiers: [ASImageIdentifier] {
        get { multiplex.withLock { $0.imageIdentifiers.map(\.value) } }
        set {
            let changed = multiplex.withLock { s -> Bool in
                guard s.imageIdentifiers.map(\.value) != newValue else { return false }
                s.imageIdentifiers = newValue.map(ImageIdentifierBox.copying)
                return true
            }
            if changed, interfaceState.contains(.preload) { loadImageIdentifiers() }
        }
    }

    /// Asks the data source again for every identifier, as if nothing had loaded, and loads the
    /// best it now has; Texture's `reloadImageIdentifierSources`.
    public func reloadImageIdentifierSources() {
        multiplex.withLock { $0.loadedImageIdentifier = nil }
        loadImageIdentifiers()
    }

    /// The identifier of the image last loaded (and now in `image`), or nil.
    public var loadedImageIdentifier: ASImageIdentifier? { multiplex.withLock { $0.loadedImageIdentifier?.value } }

    /// The identifier of the image the last display showed, or nil.
    public var displayedImageIdentifier: ASImageIdentifier? { multiplex.withLock { $0.displayedImageIdentifier?.value } }

    /// Passed to the downloader with each download; true by default, as in Texture.
    public var shouldRetryImageDownload: Bool {
        get { multiplex.withLock { $0.shouldRetryImageDownload } }
        set { multiplex.withLock { $0.shouldRetryImageDownload = newValue } }
    }

    /// The image shown. The node manages it: Texture asserts when it is set from outside, since
    /// leaving the preload range clears it with no way to restore it. Weft sets it, as Texture does
    /// in release builds, and reports it (area `.image`).
    open override var image: UIImage? {
        get { super.image }
        set {
            WeftDiagnostics.report(.image, description, "image set directly on an ASMultiplexImageNode; it is cleared when the node leaves the "
                                   + "preload range and not restored (Texture asserts here: give the image through the data source)")
            super.image = newValue
        }
    }

    /// The node's own image change; Texture's `_setImage:`. Like Texture's ASImageNode, setting
    /// the image already shown changes nothing (a redisplay would load again).
    func setLoadedImage(_ newImage: UIImage?) {
        guard super.image !== newImage else { return }
        super.image = newImage
    }

    // MARK: Interface state and display

    open override func didEnterPreloadState() {
        super.didEnterPreloadState()
        loadImageIdentifiers()
    }

    /// Cancels the download and drops the image, so the next display loads again; as Texture.
    open override func didExitPreloadState() {
        super.didExitPreloadState()
        setDownloadIdentifier(nil)
        let (loaded, dataSource) = multiplex.withLock { ($0.loadedImageIdentifier, $0.dataSource) }
        if let cache, let loaded, let url = dataSource?.multiplexImageNode(self, urlForImageIdentifier: loaded.value) {
            cache.clearFetchedImageFromCache(with: url)
        }
        multiplex.withLock { $0.loadedImageIdentifier = nil }
        // Nothing will finish the cancelled load: let displays waiting for it go.
        settleLoading(ifStill: nil)
        setLoadedImage(nil)
    }

    /// Texture's `displayWillStartAsynchronously:` loads here; Weft loads when the display
    /// captures its parameters, before drawing, and waits for a cache lookup or download in flight.
    open override func drawParameters() -> (any Sendable)? {
        loadImageIdentifiers()
        updatePriorityOnDownloader()
        waitForLoading()
        return super.drawParameters()
    }

    open override func didEnterVisibleState() {
        super.didEnterVisibleState()
        updatePriorityOnDownloader()
    }

    open override func didExitVisibleState() {
        super.didExitVisibleState()
        updatePriorityOnDownloader()
    }

    /// Texture clears the displayed identifier with the contents, which leave with the display range.
    open override func didExitDisplayState() {
        super.didExitDisplayState()
        setDisplayedImageIdentifier(nil, image: nil)
        updatePriorityOnDownloader()
    }

    /// The display may now show the loaded identifier: tells the delegate, as Texture does.
    open override func displayDidFinish() {
        super.displayDidFinish()
        guard let displayedImage = image else { return }
        let (displayed, loaded) = multiplex.withLock { ($0.displayedImageIdentifier, $0.loadedImageIdentifier) }
        if displayed != loaded { setDisplayedImageIdentifier(loaded, image: displayedImage) }
        onMainActor { delegate, node in delegate.multiplexImageNodeDidFinishDisplay(node) }
    }

    private func setDisplayedImageIdentifier(_ identifier: ImageIdentifierBox?, image: UIImage?) {
        let changed = multiplex.withLock { s -> Bool in
            guard s.displayedImageIdentifier != identifier else { return false }
            s.displayedImageIdentifier = identifier
            return true
        }
        guard changed else { return }
        onMainActor { delegate, node in delegate.multiplexImageNode(node, didDisplayUpdated: image, withIdentifier: identifier?.value) }
    }

    /// Calls the delegate on the main actor: inline when already there, else later; as Texture
    /// calls its display methods on the main thread.
    private func onMainActor(_ call: @escaping @Sendable (any ASMultiplexImageNodeDelegate, ASMultiplexImageNode) -> Void) {
        guard let delegate = multiplex.withLock({ $0.delegate }) else { return }
        if MainActorBridge.isOnMainActor { return call(delegate, self) }
        let node = UncheckedWeak(self)
        MainActorBridge.post {
            guard let node = node.value, let delegate = node.delegate else { return }
            call(delegate, node)
        }
    }
}
