import Dispatch
import Foundation
import Synchronization
import Testing
import Weft

/// Texture's `ASMultiplexImageNode` as Weft renders it: the loaded version drawn, the best
/// version waited for, intermediate versions in Texture's order, an identifier without a source
/// and a failed download reported, and the preload range dropping the image. What Texture's own
/// tests pin down (the call sequences) is in Tests/TextureTests/ASMultiplexImageNodeTests.swift.
/// Nothing here touches the network: URLs are files, read by `ASBasicImageDownloader`.
@Suite struct MultiplexImageNodeTests {
    static let red: UInt32 = 0xFFFF_0000
    static let blue: UInt32 = 0xFF00_00FF

    static func image(_ argb: UInt32) -> UIImage {
        let color = UIColor(red: CGFloat(argb >> 16 & 0xFF) / 255, green: CGFloat(argb >> 8 & 0xFF) / 255,
                            blue: CGFloat(argb & 0xFF) / 255, alpha: 1)
        let size = CGSize(width: 4, height: 4)
        return UIImage(bitmap: try! Bitmap(size: size, scale: 1) { $0.fill(CGRect(origin: .zero, size: size), with: color) })
    }

    /// A PNG file of one colour in a fresh temporary directory.
    static func file(_ argb: UInt32) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-multiplex-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("image.png")
        try image(argb).pngData().write(to: url)
        return url
    }

    fileprivate static func node(_ source: Source, _ identifiers: [ASImageIdentifier]) -> ASMultiplexImageNode {
        let node = ASMultiplexImageNode(cache: nil, downloader: ASBasicImageDownloader.shared)
        node.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        node.dataSource = source
        node.delegate = source
        node.imageIdentifiers = identifiers
        return node
    }

    /// The centre pixel of a render of `node`, or nil when it is transparent.
    static func centre(_ node: ASDisplayNode) throws -> UInt32? {
        let bitmap = try node.renderBitmap(scale: 1)
        let pixel = bitmap.pixel(x: bitmap.pixelWidth / 2, y: bitmap.pixelHeight / 2)
        return pixel == 0 ? nil : pixel
    }

    /// Polls until `condition` holds, 10 s at most: the delegate hears of a download's end on the
    /// downloader's queue, after the image is shown.
    static func eventually(_ condition: () -> Bool) {
        for _ in 0..<1_000 where !condition() { Thread.sleep(forTimeInterval: 0.01) }
    }

    @Test func aRenderDrawsTheImageTheDataSourceHasAtHand() throws {
        let source = Source(images: ["small": Self.image(Self.red)])
        let node = Self.node(source, ["small"])
        #expect(node.image == nil, "nothing loads before the node needs it")
        #expect(try Self.centre(node) == Self.red)
        #expect(node.loadedImageIdentifier as? String == "small")
        #expect(node.displayedImageIdentifier as? String == "small", "displayDidFinish records what the display showed")
    }

    @Test func aRenderWaitsForTheDownloadOfTheBestImage() throws {
        let source = Source(images: ["small": Self.image(Self.red)], urls: ["large": try Self.file(Self.blue)])
        let node = Self.node(source, ["large", "small"])
        #expect(try Self.centre(node) == Self.blue, "the best version, downloaded, not the one at hand")
        #expect(node.loadedImageIdentifier as? String == "large")
        Self.eventually { source.events.contains("finish large nil") }
        let events = source.events
        #expect(events.contains("start large") && events.contains("finish large nil"))
        // Each display loads again, as Texture's displayWillStart does: the loaded image is given again.
        #expect(events.filter { $0.hasPrefix("update") }.prefix(2) == ["update small from nil", "update large from small"])
    }

    @Test func intermediateImagesLoadWorstFirst() throws {
        let source = Source(urls: ["large": try Self.file(Self.blue), "small": try Self.file(Self.red)])
        let node = Self.node(source, ["large", "small"])
        node.downloadsIntermediateImages = true
        #expect(try Self.centre(node) == Self.blue)
        #expect(source.events.filter { $0.hasPrefix("start") || $0.hasPrefix("update") }.prefix(4)
                == ["start small", "update small from nil", "start large", "update large from small"])
    }

    @Test func anIdentifierWithoutASourceIsReportedAsTexturesError() throws {
        let source = Source()
        let node = Self.node(source, ["missing-avatar"])
        let (pixel, reports) = try WeftDiagnostics.collect(matching: "missing-avatar") { try Self.centre(node) }
        #expect(pixel == nil, "nothing to show")
        #expect(node.loadedImageIdentifier == nil)
        let expected = "\(ASMultiplexImageNodeError(code: .noSourceForImage, imageIdentifier: "missing-avatar"))"
        #expect(reports.contains { $0.area == .image && $0.message.contains(expected) }, "\(reports)")
        #expect(!source.events.contains { $0.hasPrefix("start") }, "nothing to download")
    }

    @Test func texturesErrorBridgesToItsDomainAndCode() {
        let error = ASMultiplexImageNodeError(code: .noSourceForImage, imageIdentifier: "a") as NSError
        #expect(error.domain == ASMultiplexImageNodeErrorDomain && error.code == 0)
        #expect(ASMultiplexImageNodeErrorCode.bestImageIdentifierChanged.rawValue == 1)
    }

    @Test func aFailedDownloadReachesTheDelegateAndIsReported() throws {
        let url = try Self.file(Self.red).deletingLastPathComponent().appendingPathComponent("gone.png")
        let source = Source(images: ["small": Self.image(Self.red)], urls: ["large": url])
        let node = Self.node(source, ["large", "small"])
        let (pixel, reports) = try WeftDiagnostics.collect(matching: "gone.png") { try Self.centre(node) }
        #expect(pixel == Self.red, "the image at hand stays")
        #expect(node.loadedImageIdentifier as? String == "small")
        Self.eventually { source.events.contains { $0.hasPrefix("finish large ") } }
        #expect(source.events.contains { $0.hasPrefix("finish large ") && $0.contains("gone.png") })
        #expect(reports.contains { $0.message.contains("image identifier large") }, "\(reports)")
    }

    @Test func leavingThePreloadRangeDropsTheImageAndTheNextDisplayLoadsAgain() throws {
        let source = Source(images: ["small": Self.image(Self.red)])
        let node = Self.node(source, ["small"])
        node.recursivelySetInterfaceState(.preload)
        #expect(node.loadedImageIdentifier as? String == "small", "entering the preload range loads")
        node.recursivelySetInterfaceState([])
        #expect(node.loadedImageIdentifier == nil && node.image == nil)
        #expect(try Self.centre(node) == Self.red)
    }

    @Test func aMultiplexNodeHasTexturesDefaults() {
        let node = ASMultiplexImageNode()
        #expect(!node.downloadsIntermediateImages && node.shouldRetryImageDownload)
        #expect(node.imageIdentifiers.isEmpty && node.loadedImageIdentifier == nil && node.displayedImageIdentifier == nil)
        node.imageIdentifiers = [1 as NSNumber]
        #expect(node.imageIdentifiers == [1 as NSNumber])
    }
}

/// A data source and delegate with fixed images and URLs, recording the delegate's calls.
/// Its state is behind a mutex: the node calls it from any thread.
private final class Source: ASMultiplexImageNodeDataSource, ASMultiplexImageNodeDelegate {
    let images: [String: UIImage]
    let urls: [String: URL]
    private let log = Mutex<[String]>([])

    init(images: [String: UIImage] = [:], urls: [String: URL] = [:]) {
        self.images = images
        self.urls = urls
    }

    var events: [String] { log.withLock { $0 } }

    private func name(_ identifier: ASImageIdentifier?) -> String { identifier.map { "\($0.base)" } ?? "nil" }

    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, imageForImageIdentifier imageIdentifier: ASImageIdentifier) -> UIImage? {
        images[name(imageIdentifier)]
    }

    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, urlForImageIdentifier imageIdentifier: ASImageIdentifier) -> URL? {
        urls[name(imageIdentifier)]
    }

    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didStartDownloadOfImageWithIdentifier imageIdentifier: ASImageIdentifier) {
        log.withLock { $0.append("start \(name(imageIdentifier))") }
    }

    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didFinishDownloadingImageWithIdentifier imageIdentifier: ASImageIdentifier,
                            error: (any Error)?) {
        log.withLock { $0.append("finish \(name(imageIdentifier)) \(error.map { "\($0)" } ?? "nil")") }
    }

    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didUpdate image: UIImage?, withIdentifier imageIdentifier: ASImageIdentifier?,
                            from previousImage: UIImage?, withIdentifier previousImageIdentifier: ASImageIdentifier?) {
        log.withLock { $0.append("update \(name(imageIdentifier)) from \(name(previousImageIdentifier))") }
    }
}
