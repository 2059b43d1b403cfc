import Foundation
import Synchronization

/// An image node that shows the image at a URL; Texture's `ASNetworkImageNode`.
///
/// Set `url`: the node shows `defaultImage` until the image has loaded, then the image (in the
/// inherited `image`), and `defaultImage` again if the load fails, which is reported as a
/// `WeftDiagnostic` (area `.image`) naming the node and the URL, and to the delegate's
/// `imageNode(_:didFailWithError:)`. Setting `image` directly makes the node a plain image node
/// (url becomes nil), as in Texture.
///
/// Loading: `file:` and `data:` URLs (base64 or percent-encoded) are read and decoded (PNG,
/// JPEG) by the node itself. Other URLs go to the cache, then the downloader given to
/// `init(cache:downloader:)`; `init()` takes `ASNetworkImageNode.defaultDownloader` and
/// `defaultCache`, by default `ASBasicImageDownloader.shared` (which is offline: see there) and no
/// cache. As in Texture, a load starts when the node enters the preload range, and a node that
/// leaves it cancels its load and drops the image.
///
/// Offscreen, a picture must not depend on timing: a display of the node (and its layout, when
/// its size is not fixed by its style) starts the load if none has, and waits for it to finish,
/// at most `WeftLimits.networkImageWait` seconds per load (past it the wait is reported and the
/// default image drawn; the image, if it comes later, is shown by the next display).
///
/// Thread safety: the load state (`NetworkImageState`) is owned by `network`'s mutex; the image
/// itself is ASImageNode's, behind `imageState`'s. Lock order: `network`, then `imageState`
/// or an `ImageLoad`'s condition; neither is held while a cache, downloader or delegate is called.
/// Delegate methods run on the main actor. The node may be built, configured and displayed on
/// any threads.
open class ASNetworkImageNode: ASImageNode {
    // SAFETY: all mutable state is in `network` (behind its mutex) or ASImageNode's `imageState`;
    // their values are Sendable, the download identifier boxed (see `DownloadIdentifier`).

    /// A downloader's opaque identifier for one download, handed back only to that downloader.
    struct DownloadIdentifier: @unchecked Sendable {
        // SAFETY: never read or changed here; the downloader that made it is Sendable and gets it back.
        let value: Any
    }

    struct NetworkImageState {
        var url: URL?
        var defaultImage: UIImage?
        weak var delegate: (any ASNetworkImageNodeDelegate)?
        /// Held weakly, as in Texture.
        weak var cache: (any ASImageCacheProtocol)?
        /// Held weakly, as in Texture; nil after init only once it was deallocated.
        weak var downloader: (any ASImageDownloaderProtocol)?
        var shouldCacheImage = true
        var shouldRetryImageDownload = true
        /// The image of `url` is shown.
        var imageLoaded = false
        /// The load of `url` failed; not retried until `url` changes or the node re-enters preload.
        var loadFailed = false
        /// `image` was set directly: the node acts as a plain image node.
        var imageWasSetExternally = false
        var currentImageQuality: CGFloat = 0
        var renderedImageQuality: CGFloat = 0
        var downloadProgress: CGFloat = 0
        /// The load in flight, if any.
        var load: ImageLoad?
        /// The downloader's identifier for `load`'s download, once it returned one.
        var downloadIdentifier: DownloadIdentifier?
    }

    let network = Mutex(NetworkImageState())

    /// A node loading through `downloader`, asking `cache` first when there is one; Texture's
    /// designated initializer. Both are held weakly, as in Texture: keep them alive.
    public init(cache: (any ASImageCacheProtocol)?, downloader: any ASImageDownloaderProtocol) {
        super.init()
        network.withLock { s in
            s.cache = cache
            s.downloader = downloader
        }
    }

    /// A node with `ASNetworkImageNode.defaultCache` and `defaultDownloader`
    /// (`ASBasicImageDownloader.shared` unless replaced).
    public override init() {
        let (cache, downloader) = Self.defaults
        super.init()
        network.withLock { s in
            s.cache = cache
            s.downloader = downloader
        }
    }

    deinit {
        network.withLock { Self.cancelLoad(&$0, resume: false) }?.run()
    }

    // MARK: Public properties

    /// The URL of the image to show; setting it is `setURL(_:resetToDefault: true)`.
    public var url: URL? {
        get { network.withLock { $0.url } }
        set { setURL(newValue, resetToDefault: true) }
    }

    /// Shows the image of `url`, cancelling the load of the previous one. With `reset` (or a nil
    /// url) `defaultImage` is shown until it loads; otherwise the current image stays meanwhile.
    /// Setting the URL already set does nothing. Loads at once when the node is in the preload
    /// range, else when it enters it or is displayed; on a node in the display range, the
    /// redisplay this starts waits for the image on the calling thread (see the type's notes).
    public func setURL(_ url: URL?, resetToDefault reset: Bool) {
        let outcome = network.withLock { s -> (cancel: PendingCancel?, replacedImage: Bool)? in
            guard s.url != url else { return nil }
            let replacedImage = s.imageWasSetExternally && url != nil
            s.imageWasSetExternally = false
            let cancel = Self.cancelLoad(&s, resume: false)
            s.imageLoaded = false
            s.loadFailed = false
            s.downloadProgress = 0
            s.url = url
            if reset || url == nil {
                // Texture's rule: 1 while a URL is loading behind the default image, 0 without a URL.
                s.currentImageQuality = url == nil ? 0 : 1
                let defaultImage = s.defaultImage
                imageState.withLockedValue { $0.image = defaultImage; $0.error = nil }
            }
            return (cancel, replacedImage)
        }
        guard let outcome else { return }
        outcome.cancel?.run()
        if outcome.replacedImage {
            WeftDiagnostics.report(.image, description, "url set to \(url.map(ImageLoadingError.name) ?? "nil") after image was set directly; the node loads the URL and manages image again (Texture asserts here: set image to nil first)")
        }
        // Even when the image stays, the display is stale: the next one waits for the new URL's image.
        imageDidChange()
        if interfaceState.contains(.preload) { startLoadingIfNeeded() }
    }

    /// Shown while the image loads, when it fails, and when `url` is nil; Texture's `defaultImage`.
    public var defaultImage: UIImage? {
        get { network.withLock { $0.defaultImage } }
        set {
            let shown = network.withLock { s -> Bool in
                s.defaultImage = newValue
                guard !s.imageLoaded, !s.imageWasSetExternally else { return false }
                s.currentImageQuality = s.url == nil ? 0 : 1
                imageState.withLockedValue { $0.image = newValue; $0.error = nil }
                return true
            }
            if shown { imageDidChange() }
        }
    }

    /// The image shown. Setting a non-nil image makes the node a plain image node: `url` becomes
    /// nil and its load is cancelled (setting one while a URL is set is reported, as Texture
    /// asserts it); setting nil lets a URL manage the image again.
    open override var image: UIImage? {
        get { super.image }
        set {
            let outcome = network.withLock { s -> (cancel: PendingCancel?, droppedURL: URL?) in
                var outcome: (cancel: PendingCancel?, droppedURL: URL?) = (nil, nil)
                let external = newValue != nil
                if external, !s.imageWasSetExternally {
                    outcome = (Self.cancelLoad(&s, resume: false), s.url)
                    s.url = nil
                    s.imageLoaded = false
                    s.loadFailed = false
                }
                s.imageWasSetExternally = external
                if external {
                    s.currentImageQuality = 1
                    s.downloadProgress = 1
                }
                imageState.withLockedValue { $0.image = newValue; $0.error = nil }
                return outcome
            }
            outcome.cancel?.run()
            if let url = outcome.droppedURL {
                WeftDiagnostics.report(.image, description, "image set directly while url was \(ImageLoadingError.name(url)); url is now nil and the node acts as an ASImageNode (Texture asserts here: set url to nil first)")
            }
            imageDidChange()
        }
    }

    /// Held weakly; its methods are called on the main actor.
    public var delegate: (any ASNetworkImageNodeDelegate)? {
        get { network.withLock { $0.delegate } }
        set { network.withLock { $0.delegate = newValue } }
    }

    /// Whether decoded images of `file:` URLs are kept in Weft's bounded image cache
    /// (`WeftLimits.localImageCacheBytes`) and reused while the file is unchanged; true by default.
    /// Texture uses UIKit's image cache here.
    public var shouldCacheImage: Bool {
        get { network.withLock { $0.shouldCacheImage } }
        set { network.withLock { $0.shouldCacheImage = newValue } }
    }

    /// Passed to the downloader with each download; true by default.
    public var shouldRetryImageDownload: Bool {
        get { network.withLock { $0.shouldRetryImageDownload } }
        set { network.withLock { $0.shouldRetryImageDownload = newValue } }
    }

    /// 1 once the image of `url` (or an image set directly) is shown, 0 without a URL; Texture's rule.
    public var currentImageQuality: CGFloat { network.withLock { $0.currentImageQuality } }

    /// `currentImageQuality` as of the last display that drew an image.
    public var renderedImageQuality: CGFloat { network.withLock { $0.renderedImageQuality } }

    /// The download's progress, 0...1, as the downloader reports it; 1 once loaded.
    public var downloadProgress: CGFloat { network.withLock { $0.downloadProgress } }

    // MARK: Display, layout and interface state

    /// Waits for the image (see `waitForImage()`), then captures it as ASImageNode does.
    open override func drawParameters() -> (any Sendable)? {
        waitForImage()
        return super.drawParameters()
    }

    /// A node whose size is not fixed by its range is sized by its image: waits for it first.
    open override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        if constrainedSize.min != constrainedSize.max { waitForImage() }
        return super.calculateLayoutThatFits(constrainedSize)
    }

    /// Starts loading, as Texture does.
    open override func didEnterPreloadState() {
        super.didEnterPreloadState()
        startLoadingIfNeeded()
    }

    /// Cancels the load and shows the default image again, as Texture does; an image set directly stays.
    open override func didExitPreloadState() {
        super.didExitPreloadState()
        dropLoadedImage()
    }

    open override func interfaceStateDidChange(_ newState: ASInterfaceState, from oldState: ASInterfaceState) {
        super.interfaceStateDidChange(newState, from: oldState)
        updateDownloadPriority(newState)
    }

    /// Records the rendered quality, and tells the delegate when an image was drawn.
    open override func displayDidFinish() {
        super.displayDidFinish()
        guard contents != nil, image != nil else { return }
        network.withLock { $0.renderedImageQuality = $0.currentImageQuality }
        notifyDelegate { $0.imageNodeDidFinishDecoding($1) }
    }

    // MARK: Helpers

    /// What to tell a downloader about a cancelled download, once no lock is held.
    struct PendingCancel: Sendable {
        let identifier: DownloadIdentifier
        let downloader: any ASImageDownloaderProtocol
        let resume: Bool

        func run() {
            if resume {
                downloader.cancelImageDownloadWithResumePossibility(forIdentifier: identifier.value)
            } else {
                downloader.cancelImageDownload(forIdentifier: identifier.value)
            }
        }
    }

    /// Gives up the load in flight, with `network` locked: its waiters go, and a result it brings
    /// later is ignored. Returns the downloader call to make after unlocking.
    static func cancelLoad(_ s: inout NetworkImageState, resume: Bool) -> PendingCancel? {
        guard let load = s.load else { return nil }
        s.load = nil
        load.finish(cancelled: true)
        defer { s.downloadIdentifier = nil }
        guard let identifier = s.downloadIdentifier, let downloader = s.downloader else { return nil }
        return PendingCancel(identifier: identifier, downloader: downloader, resume: resume)
    }

    /// After the shown image changed: its size may have, and its pixels have.
    func imageDidChange() {
        setNeedsLayout()
        setNeedsDisplay()
    }
}
