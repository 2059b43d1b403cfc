// Texture's Tests/ASMultiplexImageNodeTests.mm. OCMock's protocol mocks with
// `setExpectationOrderMatters:YES` become the recording classes at the end of this file: each
// call is checked against the next expected one, in order, and tearDown verifies that every
// expected call came (OCMVerifyAll).
import Foundation
import XCTest
import Weft

final class ASMultiplexImageNodeTests: XCTestCase {
    private var mockCache: MockImageCache!
    private var mockDownloader: MockImageDownloader!
    private var mockDataSource: MockMultiplexDataSource!
    private var mockDelegate: MockMultiplexDelegate!
    private var imageNode: ASMultiplexImageNode!

    // MARK: Helpers.

    /// Texture's TestResources/logo-square.png; here a small PNG drawn once and written to a
    /// temporary file, so that the target needs no resources.
    private static let testImageURL: URL = {
        let size = CGSize(width: 8, height: 8)
        let bitmap = try! Bitmap(size: size, scale: 1) { context in
            context.fill(CGRect(origin: .zero, size: size), with: UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
            context.fill(CGRect(x: 2, y: 2, width: 4, height: 4), with: UIColor(red: 1, green: 0.6, blue: 0, alpha: 1))
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("weft-logo-square-\(UUID().uuidString).png")
        try! UIImage(bitmap: bitmap).pngData().write(to: url)
        return url
    }()

    func _testImageURL() -> URL {
        Self.testImageURL
    }

    func _testImage() -> UIImage {
        UIImage(contentsOfFile: _testImageURL().path)!
    }

    // MARK: Unit tests.

    override func setUp() {
        super.setUp()

        mockCache = MockImageCache(strict: true)
        mockDownloader = MockImageDownloader(strict: true)
        imageNode = ASMultiplexImageNode(cache: mockCache, downloader: mockDownloader)

        mockDataSource = MockMultiplexDataSource(strict: true)
        imageNode.dataSource = mockDataSource

        mockDelegate = MockMultiplexDelegate(strict: false)
        imageNode.delegate = mockDelegate
    }

    override func tearDown() {
        mockDelegate.verifyAll()
        mockDataSource.verifyAll()
        mockDownloader.verifyAll()
        mockCache.verifyAll()
        super.tearDown()
    }

    func testDataSourceImageMethod() {
        let imageIdentifier = NSNumber(value: 1)

        mockDataSource.expect("imageForImageIdentifier \(imageIdentifier)") { _ in self._testImage() }

        imageNode.imageIdentifiers = [imageIdentifier]
        imageNode.reloadImageIdentifierSources()

        // Also expect it to be loaded immediately.
        XCTAssertEqual(imageNode.loadedImageIdentifier as? NSNumber, imageIdentifier, "imageIdentifier was not loaded")
        // And for the image to be equivalent to the image we provided.
        XCTAssertEqual(imageNode.image?.pngData(), _testImage().pngData(), "Loaded image isn't the one we provided")
    }

    func testDataSourceURLMethod() {
        let imageIdentifier = NSNumber(value: 1)

        // First expect to be hit for the image directly, and fail to return it.
        mockDataSource.expect("imageForImageIdentifier \(imageIdentifier)")
        // BUG: -imageForImageIdentifier is called twice in this case (where we return nil).
        mockDataSource.expect("imageForImageIdentifier \(imageIdentifier)")
        // Then expect to be hit for the URL, which we'll return.
        mockDataSource.expect("URLForImageIdentifier \(imageIdentifier)") { _ in self._testImageURL() }

        // Mock the cache to do a cache-hit for the test image URL.
        mockCache.expect("cachedImageWithURL \(_testImageURL())") { arguments in
            let completionBlock = arguments[0] as! ASImageCacherCompletion
            completionBlock(self._testImage(), .asynchronous)
            return nil
        }

        imageNode.imageIdentifiers = [imageIdentifier]
        // Kick off loading.
        imageNode.reloadImageIdentifierSources()

        // Also expect it to be loaded immediately.
        XCTAssertEqual(imageNode.loadedImageIdentifier as? NSNumber, imageIdentifier, "imageIdentifier was not loaded")
        // And for the image to be equivalent to the image we provided.
        XCTAssertEqual(imageNode.image?.pngData(), _testImage().pngData(), "Loaded image isn't the one we provided")
    }

    func testAddLowerQualityImageIdentifier() {
        // Adding a lower quality image identifier should not cause any loading.
        let highResIdentifier = NSNumber(value: 2), lowResIdentifier = NSNumber(value: 1)

        mockDataSource.expect("imageForImageIdentifier \(highResIdentifier)") { _ in self._testImage() }
        imageNode.imageIdentifiers = [highResIdentifier]
        imageNode.reloadImageIdentifierSources()

        // At this point, we should have the high-res identifier loaded and the DS should have been hit once.
        XCTAssertEqual(imageNode.loadedImageIdentifier as? NSNumber, highResIdentifier, "High res identifier should be loaded.")

        // BUG: We should not get another -imageForImageIdentifier:highResIdentifier.
        mockDataSource.expect("imageForImageIdentifier \(highResIdentifier)") { _ in self._testImage() }

        imageNode.imageIdentifiers = [highResIdentifier, lowResIdentifier]
        imageNode.reloadImageIdentifierSources()

        // At this point the high-res should still be loaded, and the data source should not have been hit again (see BUG above).
        XCTAssertEqual(imageNode.loadedImageIdentifier as? NSNumber, highResIdentifier, "High res identifier should be loaded.")
    }

    func testAddHigherQualityImageIdentifier() {
        let lowResIdentifier = NSNumber(value: 1), highResIdentifier = NSNumber(value: 2)

        mockDataSource.expect("imageForImageIdentifier \(lowResIdentifier)") { _ in self._testImage() }

        imageNode.imageIdentifiers = [lowResIdentifier]
        imageNode.reloadImageIdentifierSources()

        // At this point, we should have the low-res identifier loaded and the DS should have been hit once.
        XCTAssertEqual(imageNode.loadedImageIdentifier as? NSNumber, lowResIdentifier, "Low res identifier should be loaded.")

        mockDataSource.expect("imageForImageIdentifier \(highResIdentifier)") { _ in self._testImage() }

        imageNode.imageIdentifiers = [highResIdentifier, lowResIdentifier]
        imageNode.reloadImageIdentifierSources()

        // At this point the high-res should be loaded, and the data source should been hit twice.
        XCTAssertEqual(imageNode.loadedImageIdentifier as? NSNumber, highResIdentifier, "High res identifier should be loaded.")
    }

    func testIntermediateImageDownloading() {
        imageNode.downloadsIntermediateImages = true

        // Let them call URLForImageIdentifier all they want.
        mockDataSource.stub("URLForImageIdentifier")

        // Set up a few identifiers to load.
        let identifierCount = 5
        var imageIdentifiers: [NSNumber] = []
        for identifier in stride(from: identifierCount, to: 0, by: -1) {
            imageIdentifiers.append(NSNumber(value: identifier))
        }

        // Create the array of IDs in the order we expect them to get -imageForImageIdentifier:
        // BUG: The second to last ID (the last one that returns nil) will get -imageForImageIdentifier: called
        // again after the last ID (the one that returns non-nil).
        let secondToLastID = imageIdentifiers[identifierCount - 2]
        let imageIdentifiersThatWillBeCalled = imageIdentifiers + [secondToLastID]

        for imageID in imageIdentifiersThatWillBeCalled {
            // Return nil for everything except the worst ID.
            mockDataSource.expect("imageForImageIdentifier \(imageID)") { arguments in
                let imageID = arguments[0] as! ASImageIdentifier
                return imageID == imageIdentifiers.last.map(AnyHashable.init) ? self._testImage() : nil
            }
        }

        imageNode.imageIdentifiers = imageIdentifiers
        imageNode.reloadImageIdentifierSources()
    }

    func testUncachedDownload() {
        // Mock a cache miss.
        mockCache.expect("cachedImageWithURL \(_testImageURL())") { arguments in
            let completion = arguments[0] as! ASImageCacherCompletion
            completion(nil, .asynchronous)
            return nil
        }

        // Mock a 50%-progress URL download.
        let mockedProgress: CGFloat = 0.5
        mockDownloader.expect("downloadImageWithURL \(_testImageURL()) shouldRetry true priority preload downloadProgress non-nil") { arguments in
            // Simulate progress.
            let progressBlock = arguments[0] as! ASImageDownloaderProgress
            progressBlock(mockedProgress)

            // Simulate completion.
            let completionBlock = arguments[1] as! ASImageDownloaderCompletion
            completionBlock(self._testImage(), nil, nil, nil)
            return nil
        }

        let imageIdentifier = NSNumber(value: 1)

        // Mock the data source to return nil image, and our test URL.
        mockDataSource.expect("imageForImageIdentifier \(imageIdentifier)")
        // BUG: Multiplex image node will call imageForImageIdentifier twice if we return nil.
        mockDataSource.expect("imageForImageIdentifier \(imageIdentifier)")
        mockDataSource.expect("URLForImageIdentifier \(imageIdentifier)") { _ in self._testImageURL() }

        // Mock the delegate to expect start, 50% progress, and completion invocations.
        mockDelegate.expect("didStartDownloadOfImageWithIdentifier \(imageIdentifier)")
        mockDelegate.expect("didUpdateDownloadProgress \(mockedProgress) forImageWithIdentifier \(imageIdentifier)")
        mockDelegate.expect("didUpdateImage non-nil withIdentifier \(imageIdentifier) fromImage nil withIdentifier nil")
        mockDelegate.expect("didFinishDownloadingImageWithIdentifier \(imageIdentifier) error nil")

        imageNode.imageIdentifiers = [imageIdentifier]
        // Kick off loading.
        imageNode.reloadImageIdentifierSources()

        // Wait until the image is loaded.
        let imageNode = self.imageNode!
        expectation(for: NSPredicate { _, _ in imageNode.loadedImageIdentifier as? NSNumber == imageIdentifier }, evaluatedWith: imageNode, handler: nil)
        waitForExpectations(timeout: 30, handler: nil)
    }

    // testThatSettingAnImageExternallyWillThrow is not ported: it is XCTAssertThrows of the
    // Objective-C exception ASDisplayNodeAssert raises, which Swift cannot catch. Weft sets the
    // image, as Texture does without assertions, and reports it as a WeftDiagnostic.
}

// MARK: - Mocks

/// OCMock's protocol mock with ordered expectations. Strict: any call that is not the next
/// expected one (nor stubbed) fails. Not strict (OCMProtocolMock): calls that match no
/// expectation are allowed; one that matches a later expectation fails (out of order).
/// Calls come from any thread; the lock guards the lists.
class OrderedMock: @unchecked Sendable {
    typealias Answer = ([Any]) -> Any?

    private let lock = NSLock()
    private let strict: Bool
    private var expected: [(call: String, answer: Answer)] = []
    private var stubs: [(prefix: String, answer: Answer)] = []
    private var failures: [String] = []

    init(strict: Bool) { self.strict = strict }

    func expect(_ call: String, andDo answer: @escaping Answer = { _ in nil }) {
        lock.lock()
        expected.append((call, answer))
        lock.unlock()
    }

    func stub(_ prefix: String, andDo answer: @escaping Answer = { _ in nil }) {
        lock.lock()
        stubs.append((prefix, answer))
        lock.unlock()
    }

    /// Records `call` and returns what its expectation (or stub) answers, given `arguments`.
    func record(_ call: String, _ arguments: [Any] = []) -> Any? {
        lock.lock()
        var answer: Answer?
        if let next = expected.first, next.call == call {
            expected.removeFirst()
            answer = next.answer
        } else if let stub = stubs.first(where: { call.hasPrefix($0.prefix) }) {
            answer = stub.answer
        } else if strict {
            failures.append("unexpected call \(call); expected \(expected.first?.call ?? "no more calls")")
        } else if expected.contains(where: { $0.call == call }) {
            failures.append("call \(call) out of order; expected \(expected.first?.call ?? "no more calls") first")
        }
        lock.unlock()
        return answer?(arguments)
    }

    /// OCMVerifyAll: every expected call came, and nothing unexpected. Calls made on other
    /// threads get up to 5 s to arrive.
    func verifyAll(file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date(timeIntervalSinceNow: 5)
        while Date() < deadline {
            lock.lock()
            let done = expected.isEmpty
            lock.unlock()
            if done { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        lock.lock()
        let missing = expected.map(\.call), failed = failures
        lock.unlock()
        XCTAssert(missing.isEmpty, "\(type(of: self)): expected calls did not come: \(missing)", file: file, line: line)
        XCTAssert(failed.isEmpty, "\(type(of: self)): \(failed)", file: file, line: line)
    }

    static func describe(_ value: Any?) -> String {
        guard let value else { return "nil" }
        if let identifier = value as? AnyHashable { return "\(identifier.base)" }
        return "\(value)"
    }
}

final class MockImageCache: OrderedMock, ASImageCacheProtocol, @unchecked Sendable {
    func cachedImage(with URL: URL, callbackQueue: DispatchQueue, completion: @escaping ASImageCacherCompletion) {
        _ = record("cachedImageWithURL \(URL)", [completion])
    }

    func synchronouslyFetchedCachedImage(with URL: URL) -> (any ASImageContainerProtocol)? {
        record("synchronouslyFetchedCachedImageWithURL \(URL)") as? UIImage
    }

    func clearFetchedImageFromCache(with URL: URL) {
        _ = record("clearFetchedImageFromCacheWithURL \(URL)")
    }
}

final class MockImageDownloader: OrderedMock, ASImageDownloaderProtocol, @unchecked Sendable {
    func downloadImage(with URL: URL, shouldRetry: Bool, priority: ASImageDownloaderPriority, callbackQueue: DispatchQueue,
                       downloadProgress: ASImageDownloaderProgress?, completion: @escaping ASImageDownloaderCompletion) -> Any? {
        let progress = downloadProgress == nil ? "nil" : "non-nil"
        return record("downloadImageWithURL \(URL) shouldRetry \(shouldRetry) priority \(priority) downloadProgress \(progress)",
                      [downloadProgress as Any, completion])
    }

    func cancelImageDownload(forIdentifier downloadIdentifier: Any) {
        _ = record("cancelImageDownloadForIdentifier \(downloadIdentifier)")
    }

    func setPriority(_ priority: ASImageDownloaderPriority, withDownloadIdentifier downloadIdentifier: Any) {
        _ = record("setPriority \(priority) withDownloadIdentifier \(downloadIdentifier)")
    }
}

final class MockMultiplexDataSource: OrderedMock, ASMultiplexImageNodeDataSource, @unchecked Sendable {
    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, imageForImageIdentifier imageIdentifier: ASImageIdentifier) -> UIImage? {
        record("imageForImageIdentifier \(Self.describe(imageIdentifier))", [imageIdentifier]) as? UIImage
    }

    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, urlForImageIdentifier imageIdentifier: ASImageIdentifier) -> URL? {
        record("URLForImageIdentifier \(Self.describe(imageIdentifier))", [imageIdentifier]) as? URL
    }
}

final class MockMultiplexDelegate: OrderedMock, ASMultiplexImageNodeDelegate, @unchecked Sendable {
    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didStartDownloadOfImageWithIdentifier imageIdentifier: ASImageIdentifier) {
        _ = record("didStartDownloadOfImageWithIdentifier \(Self.describe(imageIdentifier))")
    }

    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didUpdateDownloadProgress downloadProgress: CGFloat,
                            forImageWithIdentifier imageIdentifier: ASImageIdentifier) {
        _ = record("didUpdateDownloadProgress \(downloadProgress) forImageWithIdentifier \(Self.describe(imageIdentifier))")
    }

    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didFinishDownloadingImageWithIdentifier imageIdentifier: ASImageIdentifier,
                            error: Error?) {
        _ = record("didFinishDownloadingImageWithIdentifier \(Self.describe(imageIdentifier)) error \(Self.describe(error))")
    }

    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didUpdate image: UIImage?, withIdentifier imageIdentifier: ASImageIdentifier?,
                            from previousImage: UIImage?, withIdentifier previousImageIdentifier: ASImageIdentifier?) {
        _ = record("didUpdateImage \(image == nil ? "nil" : "non-nil") withIdentifier \(Self.describe(imageIdentifier)) "
                   + "fromImage \(previousImage == nil ? "nil" : "non-nil") withIdentifier \(Self.describe(previousImageIdentifier))")
    }

    func multiplexImageNode(_ imageNode: ASMultiplexImageNode, didDisplayUpdated image: UIImage?, withIdentifier imageIdentifier: ASImageIdentifier?) {
        _ = record("didDisplayUpdatedImage \(image == nil ? "nil" : "non-nil") withIdentifier \(Self.describe(imageIdentifier))")
    }

    func multiplexImageNodeDidFinishDisplay(_ imageNode: ASMultiplexImageNode) {
        _ = record("multiplexImageNodeDidFinishDisplay")
    }
}
