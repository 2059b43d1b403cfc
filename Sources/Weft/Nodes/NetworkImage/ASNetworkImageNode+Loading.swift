import Dispatch
import Foundation

/// How a load runs: started on entering the preload range or by a display or layout that needs
/// the image, its first step claimable (see `ImageLoad`), its result applied only if it is still
/// the node's current load.
extension ASNetworkImageNode {
    /// Where caches and downloaders call back; Texture uses a global queue too.
    static var callbackQueue: DispatchQueue { .global(qos: .userInitiated) }

    /// Starts loading `url` unless it is nil, shown, failed, set aside by a direct `image`, or
    /// loading already; returns the load in flight.
    @discardableResult
    func startLoadingIfNeeded() -> ImageLoad? {
        let started = network.withLock { s -> (load: ImageLoad, isNew: Bool)? in
            if let load = s.load { return (load, false) }
            guard let url = s.url, !s.imageLoaded, !s.loadFailed, !s.imageWasSetExternally else { return nil }
            let load = ImageLoad(url: url)
            let cached = s.shouldCacheImage
            if LocalImageLoader.canLoad(url) {
                load.prepare { [owner = UncheckedWeak(self)] in
                    guard let self = owner.value else { return load.finish(cancelled: true) }
                    self.loadLocally(load, cached: cached)
                }
            } else {
                load.prepare { [owner = UncheckedWeak(self)] in
                    guard let self = owner.value else { return load.finish(cancelled: true) }
                    self.fetch(load)
                }
            }
            s.load = load
            s.downloadProgress = 0
            return (load, true)
        }
        guard let started else { return nil }
        if started.isNew {
            notifyDelegate { $0.imageNodeDidStartFetchingData($1) }
            started.load.queueStep()
        }
        return started.load
    }

    /// Blocks until the image of `url` has loaded or failed, starting the load if needed; each
    /// load waited for at most `WeftLimits.networkImageWait` seconds. What displays and layouts
    /// call, so that a render shows the image rather than whatever had arrived by then.
    func waitForImage() {
        // A URL replaced during the wait has a load of its own: wait for that one too, a few times at most.
        for _ in 0..<4 {
            guard let load = startLoadingIfNeeded() else { return }
            guard load.wait("\(self) loading \(ImageLoadingError.name(load.url))") else { return }
        }
    }

    private func isCurrent(_ load: ImageLoad) -> Bool {
        network.withLock { $0.load === load }
    }

    private func loadLocally(_ load: ImageLoad, cached: Bool) {
        let result: Result<UIImage, any Error>
        do {
            result = .success(try LocalImageLoader.load(load.url, cached: cached))
        } catch {
            result = .failure(error)
        }
        complete(load, with: result, source: load.url.isFileURL ? .fileURL : .unspecified, identifier: nil, userInfo: nil)
    }

    /// The cache first (its synchronous answer, then its asynchronous one), then the downloader.
    private func fetch(_ load: ImageLoad) {
        guard isCurrent(load) else { return }
        guard let cache = network.withLock({ $0.cache }) else { return download(load) }
        if let image = usable(cache.synchronouslyFetchedCachedImage(with: load.url)?.asdk_image(), from: "the cache's synchronouslyFetchedCachedImage(with:)", load) {
            notifyDelegate { $0.imageNodeDidLoadImageFromCache($1) }
            return complete(load, with: .success(image), source: .synchronousCache, identifier: nil, userInfo: nil)
        }
        notifyDelegate { $0.imageNodeWillLoadImageFromCache($1) }
        cache.cachedImage(with: load.url, callbackQueue: Self.callbackQueue) { [owner = UncheckedWeak(self)] container, cacheType in
            guard let self = owner.value else { return load.finish(cancelled: true) }
            guard self.isCurrent(load) else { return }
            if let image = self.usable(container?.asdk_image(), from: "the cache's cachedImage(with:callbackQueue:completion:)", load) {
                self.notifyDelegate { $0.imageNodeDidLoadImageFromCache($1) }
                self.complete(load, with: .success(image), source: cacheType == .synchronous ? .synchronousCache : .asynchronousCache,
                              identifier: nil, userInfo: nil)
            } else {
                self.notifyDelegate { $0.imageNodeDidFailToLoadImageFromCache($1) }
                self.download(load)
            }
        }
    }

    private func download(_ load: ImageLoad) {
        let (downloader, retry) = network.withLock { ($0.downloader, $0.shouldRetryImageDownload) }
        guard let downloader else {
            return complete(load, with: .failure(ImageLoadingError.downloaderReleased(url: load.url)), source: .download,
                            identifier: nil, userInfo: nil)
        }
        notifyDelegate { $0.imageNodeWillLoadImageFromNetwork($1) }
        let identifier = downloader.downloadImage(
            with: load.url, shouldRetry: retry, priority: ASImageDownloaderPriority(interfaceState), callbackQueue: Self.callbackQueue,
            downloadProgress: { [owner = UncheckedWeak(self)] progress in
                owner.value?.network.withLock { s in if s.load === load { s.downloadProgress = min(max(progress, 0), 1) } }
            },
            completion: { [owner = UncheckedWeak(self)] container, error, identifier, userInfo in
                // The node's description is made only for the rare report, not for every download.
                guard load.noteCompletion(reportingAs: owner.value.map { "\($0)" } ?? "ASNetworkImageNode (released)") else { return }
                load.completeWhenDownloadReturned {
                    guard let self = owner.value else { return load.finish(cancelled: true) }
                    let result: Result<UIImage, any Error>
                    if let image = self.usable(container?.asdk_image(), from: "the downloader", load) {
                        result = .success(image)
                    } else {
                        result = .failure(error ?? ImageLoadingError.noImage(url: load.url))
                    }
                    self.complete(load, with: result, source: .download, identifier: identifier, userInfo: userInfo)
                }
            })
        load.noteDownloadReturned(reportingAs: "\(self)")
        guard let identifier else { return }
        // The download may have completed already (the identifier is then of no use), or been
        // cancelled before its identifier was known: then cancel it now.
        let cancelNow = network.withLock { s -> Bool in
            if s.load === load {
                s.downloadIdentifier = DownloadIdentifier(value: identifier)
                return false
            }
            return load.wasCancelled
        }
        if cancelNow { downloader.cancelImageDownload(forIdentifier: identifier) }
    }

    /// `image`, or nil (reported, naming `source` and the URL) when it has no pixels to show: a
    /// 0×0 image from a cache is a miss, and the image is downloaded as usual; from a downloader,
    /// a failure (the default image is shown).
    private func usable(_ image: UIImage?, from source: String, _ load: ImageLoad) -> UIImage? {
        guard let image else { return nil }
        let size = image.size
        if size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 { return image }
        let instead = source == "the downloader" ? "treated as a failure to load" : "treated as a cache miss; the image is downloaded"
        WeftDiagnostics.report(.image, description, "\(source) gave a \(size.width)×\(size.height) image for \(ImageLoadingError.name(load.url)), "
                               + "which shows nothing; \(instead)")
        return nil
    }

    /// Applies a load's result if the load is still current: the image, or on failure the default
    /// image, a diagnostic and the delegate's `didFailWithError`. Then lets the waiters go.
    private func complete(_ load: ImageLoad, with result: Result<UIImage, any Error>, source: ASNetworkImageSourceType,
                          identifier: Any?, userInfo: Any?) {
        let applied = network.withLock { s -> Bool in
            guard s.load === load else { return false }
            s.load = nil
            s.downloadIdentifier = nil
            let shown: UIImage?
            switch result {
            case .success(let image):
                s.imageLoaded = true
                s.currentImageQuality = 1
                s.downloadProgress = 1
                shown = image
            case .failure:
                s.loadFailed = true
                shown = s.defaultImage
            }
            imageState.withLockedValue { $0.image = shown; $0.error = nil }
            return true
        }
        guard applied else { return load.finish(cancelled: true) }
        // The load is no longer in flight, so a display started by this change does not wait for it.
        imageDidChange()
        switch result {
        case .success(let image):
            let info = ASNetworkImageLoadInfo(url: load.url, sourceType: source, downloadIdentifier: identifier, userInfo: userInfo)
            notifyDelegate { $0.imageNode($1, didLoad: image, info: info) }
        case .failure(let error):
            let shown = defaultImage != nil ? "the default image is shown" : "nothing is shown (no defaultImage)"
            WeftDiagnostics.report(.image, description, "could not load \(ImageLoadingError.name(load.url)): \(error); \(shown)")
            notifyDelegate { $0.imageNode($1, didFailWithError: error) }
        }
        load.finish()
    }

    /// Calls the delegate on the main actor, later, if there is one then.
    func notifyDelegate(_ call: @escaping @MainActor @Sendable (any ASNetworkImageNodeDelegate, ASNetworkImageNode) -> Void) {
        guard network.withLock({ $0.delegate != nil }) else { return }
        // The node goes to the main actor with the call; it guards its own state (see UncheckedSendable).
        let node = UncheckedSendable(self)
        MainActorBridge.post {
            guard let delegate = node.value.delegate else { return }
            call(delegate, node.value)
        }
    }

    /// On leaving the preload range: cancels the load and shows the default image again, as
    /// Texture does; an image set directly stays.
    func dropLoadedImage() {
        let outcome = network.withLock { s -> (cancel: PendingCancel?, url: URL?, cache: (any ASImageCacheProtocol)?)? in
            guard !s.imageWasSetExternally else { return nil }
            let cancel = Self.cancelLoad(&s, resume: true)
            s.imageLoaded = false
            s.loadFailed = false
            s.currentImageQuality = 0
            s.downloadProgress = 0
            let defaultImage = s.defaultImage
            imageState.withLockedValue { $0.image = defaultImage; $0.error = nil }
            return (cancel, s.url, s.cache)
        }
        guard let outcome else { return }
        outcome.cancel?.run()
        if let url = outcome.url, let cache = outcome.cache { cache.clearFetchedImageFromCache(with: url) }
        imageDidChange()
    }

    /// Tells the downloader how soon the image is needed, from the interface state.
    func updateDownloadPriority(_ state: ASInterfaceState) {
        let pending = network.withLock { s in s.downloadIdentifier.flatMap { id in s.downloader.map { (id, $0) } } }
        guard let (identifier, downloader) = pending else { return }
        downloader.setPriority(ASImageDownloaderPriority(state), withDownloadIdentifier: identifier.value)
    }
}
