import Dispatch
import Foundation
import Synchronization
import Testing
import Weft

/// Texture's `ASNetworkImageNode`: file and data URLs, a plugged-in downloader and cache, the
/// default image, failures reported, and renders that wait for the image. Nothing here touches
/// the network: http URLs go to stubs, or to `ASBasicImageDownloader`, which is offline.
@MainActor
@Suite struct NetworkImageNodeTests {
    static let red: UInt32 = 0xFFFF_0000
    static let green: UInt32 = 0xFF00_FF00
    static let blue: UInt32 = 0xFF00_00FF
    static let yellow: UInt32 = 0xFFFF_FF00

    static func image(_ argb: UInt32, size: CGSize = CGSize(width: 4, height: 4)) -> UIImage {
        let color = UIColor(red: CGFloat(argb >> 16 & 0xFF) / 255, green: CGFloat(argb >> 8 & 0xFF) / 255,
                            blue: CGFloat(argb & 0xFF) / 255, alpha: 1)
        return UIImage(bitmap: try! Bitmap(size: size, scale: 1) { $0.fill(CGRect(origin: .zero, size: size), with: color) })
    }

    static func png(_ argb: UInt32, size: CGSize = CGSize(width: 4, height: 4)) -> Data { image(argb, size: size).pngData() }

    /// A PNG file of one colour in a fresh temporary directory.
    static func file(_ argb: UInt32, name: String = "image.png", size: CGSize = CGSize(width: 4, height: 4)) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-netimg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try png(argb, size: size).write(to: url)
        return url
    }

    static func node(_ make: () -> ASNetworkImageNode = { ASNetworkImageNode() }) -> ASNetworkImageNode {
        let node = make()
        node.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        return node
    }

    /// The centre pixel of a render of `node`, or nil when it is transparent.
    static func centre(_ node: ASDisplayNode) throws -> UInt32? {
        let bitmap = try node.renderBitmap(scale: 1)
        let pixel = bitmap.pixel(x: bitmap.pixelWidth / 2, y: bitmap.pixelHeight / 2)
        return pixel == 0 ? nil : pixel
    }

    /// Polls (letting the main actor run the delegate's calls) until `condition` holds, 10 s at most.
    static func eventually(_ condition: () -> Bool) async {
        for _ in 0..<1_000 where !condition() {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    // MARK: Local URLs

    @Test func aFileURLRendersItsImage() async throws {
        let url = try Self.file(Self.red)
        let recorder = Recorder()
        let node = Self.node()
        node.delegate = recorder
        node.url = url
        #expect(node.image == nil, "nothing loads before the node needs it")
        #expect(try Self.centre(node) == Self.red)
        #expect(node.image?.size == CGSize(width: 4, height: 4))
        #expect(node.currentImageQuality == 1 && node.downloadProgress == 1)
        await Self.eventually { recorder.loads.count == 1 && recorder.events.contains("decoded") }
        #expect(recorder.events.first == "start")
        #expect(recorder.loads.first?.info.sourceType == .fileURL && recorder.loads.first?.info.url == url)
        #expect(recorder.failures.isEmpty)
        #expect(recorder.events.contains("decoded"), "imageNodeDidFinishDecoding after the display drew the image")
    }

    @Test func aDelegateWithOnlyTheShortDidLoadIsCalled() async throws {
        let delegate = ShortDelegate()
        let node = Self.node()
        node.delegate = delegate
        node.url = try Self.file(Self.red)
        _ = try Self.centre(node)
        await Self.eventually { delegate.loaded.count == 1 }
        #expect(delegate.loaded.count == 1, "imageNode(_:didLoad:) is called when imageNode(_:didLoad:info:) is not implemented")
    }

    @Test func aChangedFileIsReadAgainDespiteTheCache() throws {
        let url = try Self.file(Self.red)
        let first = Self.node()
        first.url = url
        #expect(try Self.centre(first) == Self.red)
        try Self.png(Self.blue, size: CGSize(width: 5, height: 5)).write(to: url)
        let second = Self.node()
        second.url = url
        #expect(second.shouldCacheImage)
        #expect(try Self.centre(second) == Self.blue)
    }

    @Test func aScaleSuffixInTheFileNameSetsTheScale() throws {
        let node = Self.node()
        node.url = try Self.file(Self.red, name: "photo@2x.png")
        _ = try Self.centre(node)
        #expect(node.image?.scale == 2 && node.image?.size == CGSize(width: 2, height: 2))
    }

    @Test func aBase64DataURLRendersItsImage() throws {
        let node = Self.node()
        node.url = URL(string: "data:image/png;base64," + Self.png(Self.blue).base64EncodedString())
        #expect(try Self.centre(node) == Self.blue)
    }

    @Test func aPercentEncodedDataURLRendersItsImage() throws {
        let encoded = Self.png(Self.green).map { String(format: "%%%02X", $0) }.joined()
        let node = Self.node()
        node.url = URL(string: "data:image/png," + encoded)
        #expect(try Self.centre(node) == Self.green)
    }

    @Test func aMissingFileShowsTheDefaultImageAndReportsTheURL() async throws {
        let url = try Self.file(Self.red).deletingLastPathComponent().appendingPathComponent("missing.png")
        let recorder = Recorder()
        let node = Self.node()
        node.debugName = "avatar"
        node.delegate = recorder
        node.defaultImage = Self.image(Self.yellow)
        node.url = url
        let (pixel, reports) = try WeftDiagnostics.collect(matching: url.path) { try Self.centre(node) }
        #expect(pixel == Self.yellow)
        #expect(reports.count == 1)
        #expect(reports.first?.area == .image && reports.first?.subject.contains("avatar") == true)
        await Self.eventually { !recorder.failures.isEmpty }
        #expect(recorder.failures.count == 1)
        #expect(recorder.failures.first as? ImageLoadingError == .undecodable(url: url, reason: .fileNotFound(path: url.path)))
        #expect(recorder.loads.isEmpty)
        // A failed URL is not tried again by every display.
        let (_, again) = try WeftDiagnostics.collect(matching: url.path) { try Self.centre(node) }
        #expect(again.isEmpty)
    }

    @Test(arguments: ["data:image/png;base64,AAAAAAAA", "data:image/png;base64,%%%%", "data:image/png;base64"])
    func badDataFailsWithAnError(_ text: String) async throws {
        let url = try #require(URL(string: text))
        let recorder = Recorder()
        let node = Self.node()
        node.delegate = recorder
        node.url = url
        let (pixel, reports) = try WeftDiagnostics.collect(matching: url.absoluteString) { try Self.centre(node) }
        #expect(pixel == nil, "no default image: nothing is drawn")
        #expect(reports.count == 1)
        await Self.eventually { !recorder.failures.isEmpty }
        let error = try #require(recorder.failures.first as? ImageLoadingError)
        switch error {
        case .undecodable(let failed, _), .malformedDataURL(let failed, _): #expect(failed == url)
        default: Issue.record("unexpected error \(error)")
        }
    }

    // MARK: The default image and the url

    @Test func aNilURLShowsTheDefaultImage() throws {
        let node = Self.node()
        node.defaultImage = Self.image(Self.yellow)
        #expect(try Self.centre(node) == Self.yellow)
        #expect(node.currentImageQuality == 0)
        node.url = try Self.file(Self.red)
        #expect(try Self.centre(node) == Self.red)
        node.url = nil
        #expect(try Self.centre(node) == Self.yellow, "clearing the url shows the default image again")
    }

    @Test func theURLSetLastIsTheOneShown() throws {
        let node = Self.node()
        node.url = try Self.file(Self.red)
        node.recursivelySetInterfaceState(.preload)
        node.url = try Self.file(Self.blue)
        #expect(try Self.centre(node) == Self.blue)
        #expect(try Self.centre(node) == Self.blue)
    }

    @Test func resetToDefaultFalseKeepsTheImageUntilTheNewOneLoads() throws {
        let node = Self.node()
        node.defaultImage = Self.image(Self.yellow)
        node.url = try Self.file(Self.red)
        _ = try Self.centre(node)
        node.setURL(try Self.file(Self.blue), resetToDefault: false)
        #expect(node.image.map { $0.bitmap.pixel(x: 0, y: 0) } == Self.red, "the old image stays while the new one loads")
        #expect(try Self.centre(node) == Self.blue)
    }

    @Test func layoutIsSizedByTheLoadedImage() throws {
        let node = ASNetworkImageNode()
        node.url = try Self.file(Self.red, size: CGSize(width: 6, height: 3))
        let layout = node.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 100)))
        #expect(layout.size == CGSize(width: 6, height: 3))
    }

    @Test func settingAnImageDirectlyMakesItAPlainImageNode() throws {
        let node = Self.node()
        node.url = try Self.file(Self.red)
        let (_, reports) = WeftDiagnostics.collect(matching: "image set directly") { node.image = Self.image(Self.green) }
        #expect(reports.count == 1, "Texture asserts here")
        #expect(node.url == nil)
        node.recursivelySetInterfaceState(.preload)
        node.recursivelySetInterfaceState([])
        #expect(try Self.centre(node) == Self.green, "an image set directly stays through leaving the preload range")
    }

    @Test func leavingThePreloadRangeDropsTheImageAndEnteringLoadsIt() async throws {
        let node = Self.node()
        node.defaultImage = Self.image(Self.yellow)
        node.url = try Self.file(Self.red)
        node.recursivelySetInterfaceState(.preload)
        await Self.eventually { node.currentImageQuality == 1 && node.image !== node.defaultImage }
        #expect(node.image.map { $0.bitmap.pixel(x: 0, y: 0) } == Self.red, "loaded on entering the preload range, before any display")
        node.recursivelySetInterfaceState([])
        #expect(node.image === node.defaultImage, "leaving the preload range shows the default image again")
        #expect(try Self.centre(node) == Self.red, "a display loads it again")
    }

    // MARK: Downloaders and caches

    @Test func anHTTPURLGoesToThePluggedInDownloader() async throws {
        let url = try #require(URL(string: "https://images.example.invalid/cat.png"))
        let downloader = StubDownloader(images: [url: Self.image(Self.blue)])
        let recorder = Recorder()
        let node = Self.node { ASNetworkImageNode(cache: nil, downloader: downloader) }
        node.delegate = recorder
        node.url = url
        #expect(try Self.centre(node) == Self.blue)
        #expect(downloader.requests == [url])
        await Self.eventually { recorder.loads.count == 1 }
        #expect(recorder.loads.first?.info.sourceType == .download)
        #expect(recorder.loads.first?.info.downloadIdentifier as? Int == 1)
        #expect(recorder.events.contains("network"))
    }

    @Test func aDownloaderWithTexture2sSpellingIsCalled() throws {
        let url = try #require(URL(string: "https://images.example.invalid/old.png"))
        let downloader = Texture2Downloader(image: Self.image(Self.green))
        let node = Self.node { ASNetworkImageNode(cache: nil, downloader: downloader) }
        node.url = url
        #expect(try Self.centre(node) == Self.green)
    }

    @Test func aCacheHitSkipsTheDownloader() async throws {
        let url = try #require(URL(string: "https://images.example.invalid/cached.png"))
        let downloader = StubDownloader(images: [:])
        let cache = StubCache(image: Self.image(Self.green))
        let recorder = Recorder()
        let node = Self.node { ASNetworkImageNode(cache: cache, downloader: downloader) }
        node.delegate = recorder
        node.url = url
        #expect(try Self.centre(node) == Self.green)
        #expect(downloader.requests.isEmpty)
        await Self.eventually { recorder.events.contains("cache hit") && recorder.loads.count == 1 }
        #expect(recorder.events.contains("cache hit"))
        #expect(recorder.loads.first?.info.sourceType == .asynchronousCache)
    }

    @Test func aCacheMissGoesToTheDownloader() async throws {
        let url = try #require(URL(string: "https://images.example.invalid/miss.png"))
        let downloader = StubDownloader(images: [url: Self.image(Self.red)])
        let cache = StubCache(image: nil)
        let recorder = Recorder()
        let node = Self.node { ASNetworkImageNode(cache: cache, downloader: downloader) }
        node.delegate = recorder
        node.url = url
        #expect(try Self.centre(node) == Self.red)
        #expect(downloader.requests == [url])
        await Self.eventually { recorder.events.contains("cache miss") }
        #expect(!recorder.events.contains("cache hit"))
    }

    @Test func aNewURLCancelsTheDownloadInFlight() async throws {
        let first = try #require(URL(string: "https://images.example.invalid/first.png"))
        let second = try #require(URL(string: "https://images.example.invalid/second.png"))
        let downloader = StubDownloader(images: [first: Self.image(Self.red), second: Self.image(Self.blue)], holdsCompletions: true)
        let node = Self.node { ASNetworkImageNode(cache: nil, downloader: downloader) }
        node.url = first
        node.recursivelySetInterfaceState(.preload)
        await Self.eventually { downloader.requests.count == 1 }
        node.url = second
        // Cancelled by setURL, or (when the identifier had not come back yet) as soon as it does.
        await Self.eventually { downloader.cancelled == [1] }
        #expect(downloader.cancelled == [1], "the first download's identifier is cancelled")
        downloader.releaseCompletions()
        await Self.eventually { downloader.requests.count == 2 }
        downloader.releaseCompletions()
        #expect(try Self.centre(node) == Self.blue)
    }

    @Test func theBasicDownloaderIsOffline() async throws {
        let url = try #require(URL(string: "http://texturegroup.org/static/images/photo.png"))
        let recorder = Recorder()
        let node = Self.node { ASNetworkImageNode(cache: nil, downloader: ASBasicImageDownloader.shared) }
        node.delegate = recorder
        node.defaultImage = Self.image(Self.yellow)
        node.url = url
        let (pixel, reports) = try WeftDiagnostics.collect(matching: url.absoluteString) { try Self.centre(node) }
        #expect(pixel == Self.yellow)
        #expect(reports.count == 1 && reports.first?.message.contains("offline") == true)
        await Self.eventually { !recorder.failures.isEmpty }
        #expect(recorder.failures.first as? ImageLoadingError == .offline(url: url))
    }

    @Test func theDefaultDownloaderCanBeReplacedForPortedCode() throws {
        let url = try #require(URL(string: "https://images.example.invalid/registry.png"))
        let downloader = StubDownloader(images: [url: Self.image(Self.green)])
        #expect(ASNetworkImageNode.defaultDownloader === ASBasicImageDownloader.shared)
        ASNetworkImageNode.defaultDownloader = downloader
        defer { ASNetworkImageNode.defaultDownloader = ASBasicImageDownloader.shared }
        let node = Self.node()
        node.url = url
        #expect(try Self.centre(node) == Self.green)
        #expect(downloader.requests == [url])
    }

    @Test func aReleasedDownloaderIsReportedNotFatal() async throws {
        let url = try #require(URL(string: "https://images.example.invalid/gone.png"))
        let recorder = Recorder()
        let node = Self.node { ASNetworkImageNode(cache: nil, downloader: StubDownloader(images: [:])) }
        node.delegate = recorder
        node.url = url
        let (pixel, reports) = try WeftDiagnostics.collect(matching: url.absoluteString) { try Self.centre(node) }
        #expect(pixel == nil)
        #expect(reports.first?.message.contains("deallocated") == true)
        await Self.eventually { !recorder.failures.isEmpty }
        #expect(recorder.failures.first as? ImageLoadingError == .downloaderReleased(url: url))
    }
}

/// Records the delegate calls, in order.
@MainActor
private final class Recorder: ASNetworkImageNodeDelegate {
    var events: [String] = []
    var loads: [(image: UIImage, info: ASNetworkImageLoadInfo)] = []
    var failures: [any Error] = []

    func imageNodeDidStartFetchingData(_ imageNode: ASNetworkImageNode) { events.append("start") }
    func imageNodeDidLoadImageFromCache(_ imageNode: ASNetworkImageNode) { events.append("cache hit") }
    func imageNodeDidFailToLoadImageFromCache(_ imageNode: ASNetworkImageNode) { events.append("cache miss") }
    func imageNodeWillLoadImageFromNetwork(_ imageNode: ASNetworkImageNode) { events.append("network") }
    func imageNode(_ imageNode: ASNetworkImageNode, didLoad image: UIImage, info: ASNetworkImageLoadInfo) {
        events.append("load")
        loads.append((image, info))
    }
    func imageNode(_ imageNode: ASNetworkImageNode, didFailWithError error: Error) {
        events.append("fail")
        failures.append(error)
    }
    func imageNodeDidFinishDecoding(_ imageNode: ASNetworkImageNode) { events.append("decoded") }
}

/// Implements only Texture's short `imageNode(_:didLoad:)`.
@MainActor
private final class ShortDelegate: ASNetworkImageNodeDelegate {
    var loaded: [UIImage] = []
    func imageNode(_ imageNode: ASNetworkImageNode, didLoad image: UIImage) { loaded.append(image) }
}

private struct StubNotFound: Error {}

/// Answers from a dictionary on the callback queue, identifiers 1, 2, 3...; with
/// `holdsCompletions`, only when `releaseCompletions()` is called.
private final class StubDownloader: ASImageDownloaderProtocol {
    private struct State {
        var requests: [URL] = []
        var cancelled: [Int] = []
        var held: [@Sendable () -> Void] = []
    }

    let images: [URL: UIImage]
    let holdsCompletions: Bool
    private let state = Mutex(State())

    init(images: [URL: UIImage], holdsCompletions: Bool = false) {
        self.images = images
        self.holdsCompletions = holdsCompletions
    }

    var requests: [URL] { state.withLock { $0.requests } }
    var cancelled: [Int] { state.withLock { $0.cancelled } }

    func downloadImage(with URL: URL, shouldRetry: Bool, callbackQueue: DispatchQueue,
                       downloadProgress: ASImageDownloaderProgress?, completion: @escaping ASImageDownloaderCompletion) -> Any? {
        let image = images[URL]
        let identifier = state.withLock { s -> Int in
            s.requests.append(URL)
            return s.requests.count
        }
        let finish: @Sendable () -> Void = {
            callbackQueue.async { completion(image, image == nil ? StubNotFound() : nil, identifier, nil) }
        }
        if holdsCompletions { state.withLock { $0.held.append(finish) } } else { finish() }
        return identifier
    }

    func cancelImageDownload(forIdentifier downloadIdentifier: Any) {
        state.withLock { $0.cancelled.append(downloadIdentifier as! Int) }
    }

    func releaseCompletions() {
        let held = state.withLock { s in
            defer { s.held = [] }
            return s.held
        }
        for finish in held { finish() }
    }
}

/// Implements only Texture 2's `downloadImage` spelling, without `shouldRetry`.
private final class Texture2Downloader: ASImageDownloaderProtocol {
    let image: UIImage
    init(image: UIImage) { self.image = image }

    func downloadImage(with URL: URL, callbackQueue: DispatchQueue,
                       downloadProgress: ASImageDownloaderProgress?, completion: @escaping ASImageDownloaderCompletion) -> Any? {
        completion(image, nil, nil, nil)
        return nil
    }

    func cancelImageDownload(forIdentifier downloadIdentifier: Any) {}
}

private final class StubCache: ASImageCacheProtocol {
    let image: UIImage?
    init(image: UIImage?) { self.image = image }

    func cachedImage(with URL: URL, callbackQueue: DispatchQueue, completion: @escaping ASImageCacherCompletion) {
        let image = self.image
        callbackQueue.async { completion(image, .asynchronous) }
    }
}
