import Dispatch
import Foundation

/// Texture's image loading machinery, step for step: the best image at hand first, then the
/// next identifier to load, from the data source, the cache, or the downloader.
extension ASMultiplexImageNode {
    /// Shows the best image the data source has at hand, then loads what is next; Texture's
    /// `_loadImageIdentifiers`.
    func loadImageIdentifiers() {
        let best = bestImmediatelyAvailableImageFromDataSource()
        finishedLoadingImage(best?.image, forIdentifier: best?.identifier, error: nil)
    }

    /// The first identifier whose image the data source has at hand (the loaded identifier's is
    /// the image shown: asking again could give a new, unequal image and loop). Texture's
    /// `_bestImmediatelyAvailableImageFromDataSource:`.
    private func bestImmediatelyAvailableImageFromDataSource() -> (image: UIImage, identifier: ImageIdentifierBox)? {
        let (identifiers, loaded, dataSource) = multiplex.withLock { ($0.imageIdentifiers, $0.loadedImageIdentifier, $0.dataSource) }
        guard !identifiers.isEmpty, let dataSource else { return nil }
        let existingImage = image
        for identifier in identifiers {
            let found = identifier == loaded ? existingImage : dataSource.multiplexImageNode(self, imageForImageIdentifier: identifier.value)
            if let found { return (found, identifier) }
        }
        return nil
    }

    /// The identifier to load next, or nil when the best one is loaded; with
    /// `downloadsIntermediateImages`, the worst first, then each better one. Texture's
    /// `_nextImageIdentifierToDownload`.
    func nextImageIdentifierToDownload() -> ImageIdentifierBox? {
        multiplex.withLock { s in
            guard let best = s.imageIdentifiers.first, s.loadedImageIdentifier != best else { return nil }
            guard s.downloadsIntermediateImages else { return best }
            guard let loadedIndex = s.imageIdentifiers.firstIndex(where: { $0 == s.loadedImageIdentifier }) else {
                return s.imageIdentifiers.last
            }
            return loadedIndex > 0 ? s.imageIdentifiers[loadedIndex - 1] : nil
        }
    }

    /// Loads the next identifier: the data source's image, else its URL from the cache, else from
    /// the downloader. Texture's `_loadNextImage`.
    private func loadNextImage() {
        guard let next = nextImageIdentifierToDownload() else {
            return finishedLoadingImage(nil, forIdentifier: nil, error: nil)
        }
        let dataSource = multiplex.withLock { s in
            s.loadingImageIdentifier = next
            return s.dataSource
        }
        let finished: @Sendable (UIImage?, ImageIdentifierBox?, (any Error)?) -> Void = { [owner = UncheckedWeak(self)] image, identifier, error in
            guard let self = owner.value else { return }
            self.finishedLoadingImage(image, forIdentifier: identifier, error: error)
            // After the image is shown, so that a display woken here draws it. Only the load of
            // `next` ends here: a load it started keeps its own loading identifier.
            self.settleLoading(ifStill: next)
        }
        if let image = dataSource?.multiplexImageNode(self, imageForImageIdentifier: next.value) {
            return finished(image, next, nil)
        }
        guard let url = dataSource?.multiplexImageNode(self, urlForImageIdentifier: next.value) else {
            return finished(nil, nil, ASMultiplexImageNodeError(.noSourceForImage, next))
        }
        fetchImageFromCache(url) { [owner = UncheckedWeak(self)] imageFromCache in
            guard let self = owner.value else { return }
            if let imageFromCache { return finished(imageFromCache, next, nil) }
            guard self.nextImageIdentifierToDownload() == next else {
                return finished(nil, nil, ASMultiplexImageNodeError(.bestImageIdentifierChanged, next))
            }
            self.downloadImage(next, url: url) { downloadedImage, error in
                // Texture loads the same identifier again when a download gives neither image nor
                // error, without end; Weft ends it with an error instead.
                finished(downloadedImage, next, error ?? (downloadedImage == nil ? ImageLoadingError.noImage(url: url) : nil))
            }
        }
    }

    /// Asks the cache (its asynchronous method only, as Texture does); nil at once without one.
    private func fetchImageFromCache(_ url: URL, completion: @escaping @Sendable (UIImage?) -> Void) {
        guard let cache else { return completion(nil) }
        cache.cachedImage(with: url, callbackQueue: ASNetworkImageNode.callbackQueue) { container, _ in
            completion(container?.asdk_image())
        }
    }

    /// Tells the delegate, then starts the download on a background queue, as Texture does. A
    /// result for a download other than the current one is dropped. Texture's
    /// `_downloadImageWithIdentifier:URL:completion:`.
    private func downloadImage(_ identifier: ImageIdentifierBox, url: URL, completion: @escaping @Sendable (UIImage?, (any Error)?) -> Void) {
        let delegate = multiplex.withLock { $0.delegate }
        delegate?.multiplexImageNode(self, didStartDownloadOfImageWithIdentifier: identifier.value)
        // Texture passes a progress block only to a delegate that implements the progress method.
        var progress: ASImageDownloaderProgress?
        if delegate != nil {
            progress = { [owner = UncheckedWeak(self)] (value: CGFloat) in
                guard let self = owner.value else { return }
                self.delegate?.multiplexImageNode(self, didUpdateDownloadProgress: value, forImageWithIdentifier: identifier.value)
            }
        }
        let downloadCompletion: ASImageDownloaderCompletion = { [owner = UncheckedWeak(self)] container, error, downloadIdentifier, _ in
            guard let self = owner.value else { return }
            // A result for another download: that one was not cancelled in time.
            let current = self.multiplex.withLock { s in
                downloadIdentifier == nil || s.downloadIdentifier.map { Self.same($0.value, downloadIdentifier) } == true
            }
            guard current else { return }
            completion(container?.asdk_image(), error)
            self.delegate?.multiplexImageNode(self, didFinishDownloadingImageWithIdentifier: identifier.value, error: error)
        }
        let downloadProgress = progress
        DispatchQueue.global(qos: .userInitiated).async { [owner = UncheckedWeak(self)] in
            guard let self = owner.value else { return }
            guard let downloader = self.downloader else {
                return completion(nil, ImageLoadingError.downloaderReleased(url: url))
            }
            let retry = self.shouldRetryImageDownload
            let downloadIdentifier = downloader.downloadImage(
                with: url, shouldRetry: retry, priority: ASImageDownloaderPriority(self.interfaceState),
                callbackQueue: ASNetworkImageNode.callbackQueue, downloadProgress: downloadProgress, completion: downloadCompletion)
            self.setDownloadIdentifier(downloadIdentifier.map { ASNetworkImageNode.DownloadIdentifier(value: $0) })
        }
    }

    /// Shows a loaded image (or nothing, when there are no identifiers), tells the delegate, then
    /// loads what is next. An error ends the loading, except that of a best identifier that
    /// changed, which loads the new best. Texture's `_finishedLoadingImage:forIdentifier:error:`.
    private func finishedLoadingImage(_ image: UIImage?, forIdentifier identifier: ImageIdentifierBox?, error: (any Error)?) {
        if let error {
            guard (error as? ASMultiplexImageNodeError)?.code == .bestImageIdentifierChanged else {
                return report(error, identifier: identifier)
            }
        }
        let count = multiplex.withLock { $0.imageIdentifiers.count }
        if image != nil || count == 0 {
            let (previousIdentifier, delegate) = multiplex.withLock { s in
                defer { s.loadedImageIdentifier = identifier }
                return (s.loadedImageIdentifier, s.delegate)
            }
            let previousImage = self.image
            setLoadedImage(image)
            delegate?.multiplexImageNode(self, didUpdate: image, withIdentifier: identifier?.value,
                                         from: previousImage, withIdentifier: previousIdentifier?.value)
        }
        if nextImageIdentifierToDownload() != nil { loadNextImage() }
    }

    /// Texture logs a load that failed (and shows what it had); Weft reports it.
    private func report(_ error: any Error, identifier: ImageIdentifierBox?) {
        let subject = identifier.map { " image identifier \(String(describing: $0.value.base)):" } ?? ""
        let shown = image == nil ? "nothing is shown" : "the image loaded before stays"
        WeftDiagnostics.report(.image, description, "could not load\(subject) \(error); \(shown)")
    }

    /// Replaces the download identifier, cancelling the download of the one it replaces; Texture's
    /// `_setDownloadIdentifier:`.
    func setDownloadIdentifier(_ identifier: ASNetworkImageNode.DownloadIdentifier?) {
        let replaced = multiplex.withLock { s -> ASNetworkImageNode.DownloadIdentifier? in
            if let old = s.downloadIdentifier, let identifier, Self.same(old.value, identifier.value) { return nil }
            if s.downloadIdentifier == nil, identifier == nil { return nil }
            defer { s.downloadIdentifier = identifier }
            return s.downloadIdentifier
        }
        if let replaced { downloader?.cancelImageDownload(forIdentifier: replaced.value) }
    }

    /// Tells the downloader how soon the download in flight is needed, from the interface state.
    func updatePriorityOnDownloader() {
        let state = interfaceState
        guard let identifier = multiplex.withLock({ $0.downloadIdentifier }), let downloader else { return }
        downloader.setPriority(ASImageDownloaderPriority(state), withDownloadIdentifier: identifier.value)
    }

    /// Ends the load of `identifier` (nil: whatever load is in flight), waking waiting displays.
    func settleLoading(ifStill identifier: ImageIdentifierBox?) {
        let settled = multiplex.withLock { s -> Bool in
            guard s.loadingImageIdentifier != nil, identifier == nil || s.loadingImageIdentifier == identifier else { return false }
            s.loadingImageIdentifier = nil
            return true
        }
        guard settled else { return }
        loadSettled.lock()
        loadSettled.broadcast()
        loadSettled.unlock()
    }

    /// Blocks until no cache lookup or download is in flight, at most `WeftLimits.networkImageWait`.
    func waitForLoading() {
        BlockingWait.on(loadSettled, "\(self) loading image identifier \(String(describing: multiplex.withLock { $0.loadingImageIdentifier?.value.base }))",
                        limit: WeftLimits.networkImageWait) {
            multiplex.withLock { $0.loadingImageIdentifier == nil }
        }
    }

    /// Texture's `ASObjectIsEqual` for downloader identifiers, which are opaque: equal when both
    /// are the same object or equal hashable values.
    static func same(_ a: Any, _ b: Any?) -> Bool {
        guard let b else { return false }
        if let a = a as? AnyHashable, let b = b as? AnyHashable { return a == b }
        return (a as AnyObject) === (b as AnyObject)
    }
}
