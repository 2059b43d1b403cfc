import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Weft

/// Traits, `semanticContentAttribute` and relayouts changed from other threads while this thread
/// renders a collection or a table: the layout's state belongs to the thread holding the
/// collection's `layoutAccess`, so none of them may prepare the layout under a frame.
@MainActor @Suite struct SettingsThreadSafetyTests {
    final class Items: ASCollectionDataSource, ASCollectionDelegate {
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 60 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
            { let cell = ASCellNode(); cell.backgroundColor = .systemGreen; return cell }
        }
        func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
            ASSizeRange(exactly: CGSize(width: 90, height: 40))
        }
    }

    final class Rows: ASTableDataSource {
        func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { 20 }
        func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
            { let cell = ASTextCellNode(); cell.text = "row \(indexPath.row)"; return cell }
        }
    }

    nonisolated static func traits(_ i: Int) -> ASPrimitiveTraitCollection {
        ASPrimitiveTraitCollection(layoutDirection: i % 2 == 0 ? .rightToLeft : .leftToRight, userInterfaceStyle: i % 3 == 0 ? .dark : .light)
    }

    /// Waits for `group`, answering the main-actor questions (the data source's) its threads ask
    /// meanwhile: this test holds the main actor.
    static func wait(for group: DispatchGroup) {
        while group.wait(timeout: .now() + 0.002) == .timedOut { MainActorBridge.serve() }
    }

    /// Runs `mutate` on three threads while this thread calls `render` for about a second.
    static func race(render: () throws -> Void, mutate: @escaping @Sendable (Int) -> Void) throws {
        let stop = Atomic(false)
        let group = DispatchGroup()
        for t in 0..<3 {
            DispatchQueue.global().async(group: group) {
                var i = t
                while !stop.load(ordering: .relaxed) { mutate(i); i += 3 }
            }
        }
        defer {
            stop.store(true, ordering: .relaxed)
            wait(for: group)
        }
        let end = Date(timeIntervalSinceNow: 1)
        while Date() < end { try render() }
    }

    @Test func collectionTraitsSemanticsRelayoutAndQueriesWhileRendering() throws {
        let source = Items()
        // Shared with the mutators on purpose: nodes guard their own state.
        nonisolated(unsafe) let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: UICollectionViewFlowLayout())
        node.dataSource = source
        node.delegate = source
        var frames = 0
        try Self.race(render: { _ = try node.snapshot(at: CGPoint(x: 0, y: CGFloat(frames % 5) * 40), scale: 1); frames += 1 }) { i in
            switch i % 6 {
            case 0: node.semanticContentAttribute = i % 12 == 0 ? .forceRightToLeft : .forceLeftToRight
            case 1: ASTraitCollectionPropagateDown(node, Self.traits(i))
            case 2: node.relayoutItems()
            case 3: node.setPrimitiveTraitCollection(Self.traits(i + 1))
            case 4: _ = node.indexPathsForVisibleItems; _ = node.contentSize
            default: _ = try? node.offset(toShow: IndexPath(item: i % 60, section: 0), at: .top)
            }
        }
        #expect(frames > 0)
        withExtendedLifetime(source) {}
    }

    /// A delegate that reads the collection's layout while it answers the size question a
    /// relayout on another thread asked (that thread holding the layout, half prepared).
    final class SizeReadingItems: ASCollectionDataSource, ASCollectionDelegate {
        let sizesRead = Atomic(0)
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 30 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
            { ASCellNode() }
        }
        func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
            _ = collectionNode.contentSize
            _ = collectionNode.indexPathsForVisibleItems
            sizesRead.add(1, ordering: .relaxed)
            return ASSizeRange(exactly: CGSize(width: 90, height: 40))
        }
    }

    @Test func aDelegateReadingTheLayoutDuringAnotherThreadsRelayoutIsAnsweredAtOnce() throws {
        let source = SizeReadingItems()
        nonisolated(unsafe) let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: UICollectionViewFlowLayout())
        node.dataSource = source
        node.delegate = source
        _ = try node.snapshot(at: .zero, scale: 1)
        let before = source.sizesRead.load(ordering: .relaxed)
        let start = Date()
        let (_, reports) = WeftDiagnostics.collect {
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { node.relayoutItems() }
            Self.wait(for: group)
        }
        // Waiting for the layout there would wait for the relayout, which waits for the answer:
        // both sides would sit out WeftLimits.blockingWait.
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(source.sizesRead.load(ordering: .relaxed) > before, "the relayout did not ask the delegate")
        #expect(!reports.contains { $0.area == .threading }, "\(reports)")
        withExtendedLifetime(source) {}
    }

    @Test func tableTraitsRelayoutAndRowQueriesWhileRendering() throws {
        let source = Rows()
        nonisolated(unsafe) let table = ASTableNode(style: .plain)
        table.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
        table.dataSource = source
        try Self.race(render: { _ = try table.snapshot(scale: 1) }) { i in
            switch i % 4 {
            case 0: table.semanticContentAttribute = i % 8 == 0 ? .forceRightToLeft : .forceLeftToRight
            case 1: ASTraitCollectionPropagateDown(table, Self.traits(i))
            case 2: table.relayoutItems()
            default: _ = table.rectForRow(at: IndexPath(row: i % 20, section: 0))
            }
        }
        withExtendedLifetime(source) {}
    }

    @Test func aRelayoutFromAnotherThreadLeavesTheSameFrame() throws {
        let source = Items()
        nonisolated(unsafe) let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: UICollectionViewFlowLayout())
        node.dataSource = source
        node.delegate = source
        let before = try node.snapshot(scale: 1)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { node.relayoutItems() }
        Self.wait(for: group)
        let after = try node.snapshot(scale: 1)
        #expect(PNGEncoder().encode(before) == PNGEncoder().encode(after))
        withExtendedLifetime(source) {}
    }
}

/// Trait values UIKit does not define or cannot use are repaired and reported.
@Suite struct TraitRepairTests {
    @Test func anUnknownContentSizeCategoryIsUnspecifiedAndReported() {
        let (traits, reports) = WeftDiagnostics.collect(matching: "huge") {
            UITraitCollection(preferredContentSizeCategory: UIContentSizeCategory(rawValue: "huge"))
        }
        #expect(traits.preferredContentSizeCategory == .unspecified)
        #expect(reports.contains { $0.subject.contains("UITraitCollection(preferredContentSizeCategory:)") })
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: traits).pointSize
            == UIFont.preferredFont(forTextStyle: .body, compatibleWith: UITraitCollection(preferredContentSizeCategory: .large)).pointSize)
    }

    @Test func aNodeGivenAnUnknownCategoryKeepsUnspecified() {
        let node = ASDisplayNode()
        node.debugName = "unknown-category-node"
        let (_, reports) = WeftDiagnostics.collect(matching: "XXL-ish") {
            node.setPrimitiveTraitCollection(ASPrimitiveTraitCollection(preferredContentSizeCategory: UIContentSizeCategory(rawValue: "XXL-ish")))
        }
        #expect(node.primitiveTraitCollection().preferredContentSizeCategory == .unspecified)
        #expect(reports.count == 1)
    }

    @Test(arguments: [(-1.0, 0.0), (.nan, 0.0), (.infinity, 0.0), (-.infinity, 0.0)])
    func anUnusableDisplayScaleIsRepairedAndReported(given: Double, used: Double) {
        let (traits, reports) = WeftDiagnostics.collect(matching: "displayScale \(CGFloat(given))") { UITraitCollection(displayScale: CGFloat(given)) }
        #expect(traits.displayScale == CGFloat(used))
        #expect(reports.count == 1)
    }

    /// UIKit keeps any finite scale that is not negative; one no bitmap can have fails the render that uses it.
    @Test func zeroAndPositiveScalesAreKept() throws {
        let (traits, reports) = WeftDiagnostics.collect(matching: "UITraitCollection(displayScale:)") {
            [UITraitCollection(displayScale: 0), UITraitCollection(displayScale: 3), UITraitCollection(displayScale: 11),
             UITraitCollection(displayScale: 1e-9)]
        }
        #expect(traits.map(\.displayScale) == [0, 3, 11, 1e-9])
        #expect(reports.isEmpty)
        let node = ASDisplayNode()
        node.style.preferredSize = CGSize(width: 4, height: 4)
        let config = ViewImageConfig(size: CGSize(width: 4, height: 4), traits: traits[2])
        let error = #expect(throws: RenderError.self) { try node.renderBitmap(on: config) }
        #expect(error?.description.contains("invalid scale 11.0") == true)
    }

    @Test func propagationDownADeepChainStopsAtTheDepthLimitAndReports() {
        let root = ASDisplayNode()
        root.debugName = "deep-trait-root"
        var last = root
        for _ in 1..<5_000 {
            let next = ASDisplayNode()
            last.addSubnode(next)
            last = next
        }
        let (_, reports) = WeftDiagnostics.collect(matching: "deep-trait-root") {
            ASTraitCollectionPropagateDown(root, ASPrimitiveTraitCollection(userInterfaceStyle: .dark))
        }
        #expect(reports.count == 1 && reports[0].message.contains("maximumTreeDepth"))
        #expect(root.primitiveTraitCollection().userInterfaceStyle == .dark)
        #expect(last.primitiveTraitCollection().userInterfaceStyle == .unspecified)
    }
}

/// Scroll geometry that cannot be used is repaired by `GeometryRepair`'s rule and reported.
@MainActor @Suite struct GeometryRepairTests {
    @Test func collectionInsetsAndOffsetsAreFiniteAndBounded() {
        let node = ASCollectionNode(collectionViewLayout: UICollectionViewFlowLayout())
        node.debugName = "scroll-geometry-collection"
        let (_, reports) = WeftDiagnostics.collect(matching: "scroll-geometry-collection") {
            node.contentInset = UIEdgeInsets(top: .nan, left: .infinity, bottom: 1e300, right: -1e300)
            node.contentOffset = CGPoint(x: 1e300, y: 5)
        }
        let limit = WeftLimits.maximumScrollExtent
        #expect(node.contentInset == UIEdgeInsets(top: 0, left: 0, bottom: limit, right: -limit))
        #expect(node.contentOffset == CGPoint(x: limit, y: 5))
        #expect(reports.count == 2 && reports[0].message.contains("nan") && reports[1].message.contains("1e+300"))
    }

    @Test func scrollNodeContentSizeIsNonNegative() {
        let node = ASScrollNode()
        node.debugName = "scroll-geometry-node"
        let (_, reports) = WeftDiagnostics.collect(matching: "scroll-geometry-node") { node.contentSize = CGSize(width: -3, height: CGFloat.nan) }
        #expect(node.contentSize == .zero)
        #expect(reports.count == 1 && reports[0].message.contains("-3.0"))
    }

    @Test func flowLayoutSizesAndSpacingAreRepaired() {
        let layout = UICollectionViewFlowLayout()
        let (_, reports) = WeftDiagnostics.collect(matching: "UICollectionViewFlowLayout.") {
            layout.itemSize = CGSize(width: -1, height: 1e300)
            layout.minimumLineSpacing = -1e300
        }
        #expect(layout.itemSize == CGSize(width: 0, height: WeftLimits.maximumScrollExtent))
        #expect(layout.minimumLineSpacing == -WeftLimits.maximumScrollExtent)
        #expect(reports.filter { $0.message.contains("1e+300") }.count >= 2)
    }

    @Test func deviceConfigsRefuseUnusableSafeAreasAndSizes() {
        let (config, reports) = WeftDiagnostics.collect(matching: "ViewImageConfig.") {
            ViewImageConfig(safeArea: UIEdgeInsets(top: .nan, left: -2, bottom: 3, right: 0), size: CGSize(width: CGFloat.infinity, height: 10))
        }
        #expect(config.safeArea == UIEdgeInsets(top: 0, left: 0, bottom: 3, right: 0))
        #expect(config.size == nil)
        #expect(reports.count == 2)
    }
}

/// Downloaders and caches that misbehave are reported; the node still shows what it can.
@Suite struct NetworkImageMisuseTests {
    final class Chatty: ASImageDownloaderProtocol {
        func downloadImage(with URL: URL, shouldRetry: Bool, callbackQueue: DispatchQueue,
                           downloadProgress: ASImageDownloaderProgress?, completion: @escaping ASImageDownloaderCompletion) -> Any? {
            let image = UIImage(bitmap: try! Bitmap(pixelWidth: 4, pixelHeight: 4, scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 4, height: 4), with: .red) })
            for _ in 0..<1_000 { completion(image, nil, nil, nil) }
            return nil
        }
        func cancelImageDownload(forIdentifier downloadIdentifier: Any) {}
    }

    final class Empty: ASImageCacheProtocol {
        func cachedImage(with URL: URL, callbackQueue: DispatchQueue, completion: @escaping ASImageCacherCompletion) {
            completion(UIImage(bitmap: try! Bitmap(pixelWidth: 0, pixelHeight: 0, scale: 1)), .asynchronous)
        }
    }

    @Test func extraCompletionsAreReportedOnceWithTheCount() throws {
        let url = try #require(URL(string: "https://images.example.invalid/chatty-test.png"))
        let downloader = Chatty()
        let node = ASNetworkImageNode(cache: nil, downloader: downloader)
        node.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        let seen = Mutex<[String]>([])
        let observation = WeftDiagnostics.observe { diagnostic in
            if diagnostic.message.contains("chatty-test") { seen.withLock { $0.append(diagnostic.message) } }
        }
        defer { observation.cancel() }
        node.url = url
        let bitmap = try node.renderBitmap(scale: 1)
        // The extra calls are counted when `downloadImage` returns, which may come after its first
        // call let the render go on: wait for the report rather than assume it came first.
        let deadline = Date(timeIntervalSinceNow: 120)
        while seen.withLock({ $0.isEmpty }), Date() < deadline { usleep(10_000) }
        usleep(100_000)
        let reports = seen.withLock { $0 }
        #expect(bitmap.pixel(x: 2, y: 2) != 0)
        #expect(reports.count == 1 && reports[0].contains("1000 times"), "\(reports)")
        withExtendedLifetime(downloader) {}
    }

    @Test func anEmptyCachedImageIsAMissAndTheImageIsDownloaded() throws {
        let url = try #require(URL(string: "https://images.example.invalid/empty-test.png"))
        let downloader = Chatty(), cache = Empty()
        let node = ASNetworkImageNode(cache: cache, downloader: downloader)
        node.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        let (bitmap, reports) = try WeftDiagnostics.collect(matching: "empty-test") {
            node.url = url
            return try node.renderBitmap(scale: 1)
        }
        #expect(bitmap.pixel(x: 2, y: 2) != 0)
        #expect(reports.contains { $0.message.contains("0.0×0.0") && $0.message.contains("cache miss") })
        withExtendedLifetime((downloader, cache)) {}
    }
}
