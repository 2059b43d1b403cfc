import Dispatch
import Foundation
import Synchronization
import Weft

/// Traits and settings given bad values, or changed from other threads while a render runs.
enum SettingsCases {
    static let all: [HostileCase] = threads + traitValues + scrollGeometry + images + depth

    // MARK: Threads

    static let threads: [HostileCase] = [
        HostileCase(category: .traits, name: "collection-semantic-attribute-flipped-while-rendering") {
            let collection = ScriptedCollection { $0.items = { _ in 60 } }
            try race(mutators: 3, render: { _ = try collection.node.snapshot(at: CGPoint(x: 0, y: CGFloat($0 % 7) * 40), scale: 1) }) { i in
                collection.node.semanticContentAttribute = i % 2 == 0 ? .forceRightToLeft : .forceLeftToRight
            }
        },
        HostileCase(category: .traits, name: "collection-traits-and-relayout-while-rendering") {
            let collection = ScriptedCollection { $0.items = { _ in 60 } }
            try race(mutators: 3, render: { _ = try collection.node.snapshot(at: CGPoint(x: 0, y: CGFloat($0 % 5) * 60), scale: 1) }) { i in
                switch i % 6 {
                case 0: collection.node.setPrimitiveTraitCollection(traits(i))
                case 1: ASTraitCollectionPropagateDown(collection.node, traits(i))
                case 2: collection.node.relayoutItems()
                case 3: collection.node.semanticContentAttribute = i % 12 == 3 ? .forceRightToLeft : .unspecified
                case 4: _ = collection.node.indexPathsForVisibleItems; _ = collection.node.contentSize
                default: _ = try? collection.node.offset(toShow: IndexPath(item: i % 60, section: 0), at: .top)
                }
            }
        },
        HostileCase(category: .traits, name: "table-traits-and-relayout-while-rendering") {
            let source = Rows()
            // Shared with the mutators on purpose: nodes guard their own state.
            nonisolated(unsafe) let table = ASTableNode(style: .plain)
            table.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
            table.dataSource = source
            try race(mutators: 3, render: { _ = try table.snapshot(at: CGPoint(x: 0, y: CGFloat($0 % 4) * 30), scale: 1) }) { i in
                switch i % 4 {
                case 0: table.semanticContentAttribute = i % 8 == 0 ? .forceRightToLeft : .forceLeftToRight
                case 1: ASTraitCollectionPropagateDown(table, traits(i))
                case 2: table.relayoutItems()
                default: _ = table.rectForRow(at: IndexPath(row: i % 20, section: 0))
                }
            }
            _ = source
        },
        HostileCase(category: .traits, name: "node-settings-flipped-while-rendering") {
            // Shared with the mutators on purpose: nodes guard their own state.
            nonisolated(unsafe) let root = Fixture.box(CGSize(width: 120, height: 80), name: "settings root")
            nonisolated(unsafe) let text = Fixture.text("مرحبا hello", width: 120)
            root.addSubnode(text)
            try race(mutators: 3, render: { _ in try Expect.decodablePNG(try root.renderPNG(scale: 1), "a render during trait changes") }) { i in
                switch i % 5 {
                case 0: text.semanticContentAttribute = i % 10 == 0 ? .forceRightToLeft : .unspecified
                case 1: ASTraitCollectionPropagateDown(root, traits(i))
                case 2: root.setPrimitiveTraitCollection(traits(i + 1))
                case 3: text.alpha = CGFloat(i % 10) / 10
                default: root.cornerRadius = CGFloat(i % 12)
                }
            }
        },
    ]

    // MARK: Trait values

    static let traitValues: [HostileCase] = [
        HostileCase(category: .traits, name: "unknown-content-size-category") {
            let traits = try Expect.diagnostic(containing: "preferredContentSizeCategory", "huge") {
                UITraitCollection(preferredContentSizeCategory: UIContentSizeCategory(rawValue: "huge"))
            }
            try Expect.that(traits?.preferredContentSizeCategory == .unspecified, "\"huge\" was kept as \(traits?.preferredContentSizeCategory.rawValue ?? "nil")")
            let font = UIFont.preferredFont(forTextStyle: .body, compatibleWith: traits)
            let large = UIFont.preferredFont(forTextStyle: .body, compatibleWith: UITraitCollection(preferredContentSizeCategory: .large))
            try Expect.that(font.pointSize == large.pointSize, "an unknown category sized body text \(font.pointSize) pt, not Large's \(large.pointSize)")
        },
        HostileCase(category: .traits, name: "unknown-content-size-category-propagated") {
            let root = Fixture.box(CGSize(width: 120, height: 40))
            let text = Fixture.text("Dynamic Type", width: 120)
            root.addSubnode(text)
            try Expect.diagnostic(containing: "ASTraitCollectionPropagateDown", "XXXXXXL") {
                ASTraitCollectionPropagateDown(root, ASPrimitiveTraitCollection(preferredContentSizeCategory: UIContentSizeCategory(rawValue: "XXXXXXL")))
            }
            try Expect.that(text.primitiveTraitCollection().preferredContentSizeCategory == .unspecified, "the unknown category reached the subnode")
            try Expect.decodablePNG(try root.renderPNG(scale: 1), "the render")
        },
        HostileCase(category: .traits, name: "unknown-content-size-category-on-a-node") {
            let node = Fixture.box(CGSize(width: 10, height: 10))
            try Expect.diagnostic(containing: "setPrimitiveTraitCollection", "\"\"") {
                node.setPrimitiveTraitCollection(ASPrimitiveTraitCollection(preferredContentSizeCategory: UIContentSizeCategory(rawValue: "")))
            }
        },
        HostileCase(category: .traits, name: "display-scale-negative") {
            let traits = try Expect.diagnostic(containing: "displayScale", "-1.0") { UITraitCollection(displayScale: -1) }
            try Expect.that(traits?.displayScale == 0, "displayScale -1 became \(traits?.displayScale ?? .nan), not 0 (unspecified)")
        },
        HostileCase(category: .traits, name: "display-scale-nan") {
            let traits = try Expect.diagnostic(containing: "displayScale", "nan") { UITraitCollection(displayScale: .nan) }
            try Expect.that(traits?.displayScale == 0, "displayScale NaN became \(traits?.displayScale ?? .nan)")
            let config = ViewImageConfig(traits: traits ?? UITraitCollection())
            try Expect.that(ViewImageConfig.scale(for: config.traits) == ASScreenScale(), "the render scale is not the screen's")
        },
        HostileCase(category: .traits, name: "display-scale-infinite") {
            try Expect.diagnostic(containing: "displayScale", "inf") { _ = UITraitCollection(displayScale: .infinity) }
        },
        HostileCase(category: .traits, name: "display-scale-huge-on-a-node") {
            // A trait keeps the scale as UIKit does; the render that would use it throws, naming it.
            let node = Fixture.box(CGSize(width: 10, height: 10))
            node.setPrimitiveTraitCollection(ASPrimitiveTraitCollection(displayScale: 1e300))
            try Expect.that(node.primitiveTraitCollection().displayScale == 1e300, "the node lost displayScale 1e300: \(node.primitiveTraitCollection().displayScale)")
            try Expect.decodablePNG(try node.renderPNG(scale: 1), "the render at scale 1")
            try Expect.error(containing: "1e+300") {
                _ = try node.renderBitmap(on: ViewImageConfig(size: CGSize(width: 10, height: 10), traits: UITraitCollection(displayScale: 1e300)))
            }
        },
        HostileCase(category: .traits, name: "display-scale-zero-means-unspecified") {
            let (traits, reports) = WeftDiagnostics.collect(matching: "displayScale") { UITraitCollection(displayScale: 0) }
            try Expect.that(traits.displayScale == 0 && reports.isEmpty, "displayScale 0 (UIKit's unspecified) was repaired: \(reports)")
        },
    ]

    // MARK: Scroll geometry

    static let scrollGeometry: [HostileCase] = [
        HostileCase(category: .settings, name: "collection-content-inset-nan") {
            let collection = ScriptedCollection()
            try Expect.diagnostic(containing: "contentInset", "nan") { collection.node.contentInset = UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0) }
            try Expect.that(collection.node.contentInset.top == 0, "the NaN inset was kept")
            try Expect.decodablePNG(PNGEncoder().encode(try collection.node.snapshot(scale: 1)), "the snapshot")
        },
        HostileCase(category: .settings, name: "collection-content-inset-huge") {
            let collection = ScriptedCollection()
            try Expect.diagnostic(containing: "contentInset", "1e+300") { collection.node.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 1e300, right: -.infinity) }
            let range = collection.node.contentOffsetRange
            try Expect.that(range.max.y <= WeftLimits.maximumScrollExtent * 2, "the offset range reaches \(range.max.y)")
        },
        HostileCase(category: .settings, name: "collection-content-offset-huge") {
            let collection = ScriptedCollection()
            try Expect.diagnostic(containing: "contentOffset", "-1e+300") { collection.node.contentOffset = CGPoint(x: 0, y: -1e300) }
            try Expect.that(abs(collection.node.contentOffset.y) <= WeftLimits.maximumScrollExtent, "the huge offset was kept")
        },
        HostileCase(category: .settings, name: "table-content-inset-infinite") {
            let table = ASTableNode(style: .plain)
            table.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            try Expect.diagnostic(containing: "contentInset", "inf") { table.contentInset = UIEdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0) }
        },
        HostileCase(category: .settings, name: "table-separator-inset-nan") {
            let source = Rows()
            let table = ASTableNode(style: .plain)
            table.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            table.dataSource = source
            try Expect.diagnostic(containing: "separatorInset", "nan") { table.view.separatorInset = UIEdgeInsets(top: 0, left: .nan, bottom: 0, right: 0) }
            try Expect.decodablePNG(PNGEncoder().encode(try table.snapshot(scale: 1)), "the snapshot")
            _ = source
        },
        HostileCase(category: .settings, name: "pager-content-inset-huge") {
            let pager = ASPagerNode()
            pager.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            try Expect.diagnostic(containing: "contentInset", "1e+300") { pager.contentInset = UIEdgeInsets(top: 0, left: 1e300, bottom: 0, right: 0) }
        },
        HostileCase(category: .settings, name: "scroll-node-content-size-negative") {
            let node = ASScrollNode()
            try Expect.diagnostic(containing: "contentSize", "-5.0") { node.contentSize = CGSize(width: -5, height: 10) }
            try Expect.that(node.contentSize == CGSize(width: 0, height: 10), "contentSize is \(node.contentSize)")
        },
        HostileCase(category: .settings, name: "scroll-node-content-size-infinite") {
            let node = ASScrollNode()
            try Expect.diagnostic(containing: "contentSize", "inf") { node.contentSize = CGSize(width: 10, height: CGFloat.infinity) }
            try Expect.that(node.contentSize.height.isFinite, "contentSize is \(node.contentSize)")
        },
        HostileCase(category: .settings, name: "scroll-node-content-inset-and-offset") {
            let node = ASScrollNode()
            node.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            try Expect.diagnostic(containing: "contentInset", "nan") { node.contentInset = UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0) }
            try Expect.diagnostic(containing: "contentOffset", "1e+300") { node.contentOffset = CGPoint(x: 1e300, y: 0) }
            try Expect.decodablePNG(try node.renderPNG(scale: 1), "the render")
        },
        HostileCase(category: .settings, name: "scroll-view-content-size-nan") {
            let view = UIScrollView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            try Expect.diagnostic(containing: "contentSize", "nan") { view.contentSize = CGSize(width: CGFloat.nan, height: 5) }
            try Expect.diagnostic(containing: "contentInset", "-inf") { view.contentInset = UIEdgeInsets(top: -.infinity, left: 0, bottom: 0, right: 0) }
            try Expect.that(view.contentSize.width == 0 && view.contentInset.top == 0, "the view kept \(view.contentSize), \(view.contentInset)")
        },
        HostileCase(category: .settings, name: "flow-layout-item-size-negative") {
            let layout = UICollectionViewFlowLayout()
            try Expect.diagnostic(containing: "itemSize", "-20.0") { layout.itemSize = CGSize(width: -20, height: 30) }
            try Expect.diagnostic(containing: "headerReferenceSize", "nan") { layout.headerReferenceSize = CGSize(width: 0, height: CGFloat.nan) }
        },
        HostileCase(category: .settings, name: "flow-layout-spacing-huge") {
            let collection = ScriptedCollection()
            let layout = collection.node.collectionViewLayout as! UICollectionViewFlowLayout
            try Expect.diagnostic(containing: "minimumLineSpacing", "1e+300") { layout.minimumLineSpacing = 1e300 }
            try Expect.diagnostic(containing: "sectionInset", "inf") { layout.sectionInset = UIEdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0) }
            try Expect.decodablePNG(PNGEncoder().encode(try collection.node.snapshot(scale: 1)), "the snapshot")
        },
        HostileCase(category: .settings, name: "device-config-safe-area-and-size") {
            try Expect.diagnostic(containing: "safeArea", "nan") { _ = ViewImageConfig(safeArea: UIEdgeInsets(top: .nan, left: -4, bottom: 0, right: 0)) }
            let config = try Expect.diagnostic(containing: "size", "-320.0") { ViewImageConfig(size: CGSize(width: -320, height: 480)) }
            try Expect.that(config?.size == nil, "a negative screen size was kept: \(String(describing: config?.size))")
        },
    ]

    // MARK: Images

    static let images: [HostileCase] = [
        HostileCase(category: .settings, name: "downloader-calls-completion-1000-times") {
            let url = URL(string: "https://images.example.invalid/chatty.png")!
            let downloader = ChattyDownloader(calls: 1_000, later: false)
            let node = ASNetworkImageNode(cache: nil, downloader: downloader)
            node.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
            try Expect.diagnostic(containing: "completion", "1000", url.absoluteString) {
                node.url = url
                try Expect.decodablePNG(try node.renderPNG(scale: 1), "the render")
            }
        },
        HostileCase(category: .settings, name: "downloader-calls-completion-again-later") {
            let url = URL(string: "https://images.example.invalid/twice.png")!
            let downloader = ChattyDownloader(calls: 2, later: true)
            let node = ASNetworkImageNode(cache: nil, downloader: downloader)
            node.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
            try Expect.diagnostic(containing: "completion", "2 times", url.absoluteString) {
                node.url = url
                _ = try node.renderPNG(scale: 1)
                downloader.finished.wait()
            }
        },
        HostileCase(category: .settings, name: "cache-returns-zero-size-image") {
            let url = URL(string: "https://images.example.invalid/empty.png")!
            // The node holds its cache and downloader weakly, as Texture's.
            let downloader = ChattyDownloader(calls: 1, later: false), cache = EmptyImageCache()
            let node = ASNetworkImageNode(cache: cache, downloader: downloader)
            node.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
            let bitmap = try Expect.diagnostic(containing: "0.0×0.0", url.absoluteString, "cache miss") {
                node.url = url
                return try node.renderBitmap(scale: 1)
            }
            try Expect.that(bitmap?.pixel(x: 4, y: 4) != 0, "the node is transparent: the downloaded image was not shown")
            _ = (downloader, cache)
        },
    ]

    // MARK: Depth

    static let depth: [HostileCase] = [
        HostileCase(category: .traits, name: "deep-trait-propagation") {
            let root = Fixture.chain(depth: 100_000)
            let start = Date()
            try Expect.diagnostic(containing: "maximumTreeDepth") {
                ASTraitCollectionPropagateDown(root, ASPrimitiveTraitCollection(layoutDirection: .rightToLeft, userInterfaceStyle: .dark))
            }
            try Expect.that(Date().timeIntervalSince(start) < 5 * Slowdown.factor, "propagating down a 100,000-deep chain took \(Date().timeIntervalSince(start)) s")
            try Expect.that(root.primitiveTraitCollection().userInterfaceStyle == .dark, "the root did not get the traits")
        },
        HostileCase(category: .traits, name: "deep-semantic-attribute-chain") {
            let root = Fixture.chain(depth: 100_000)
            var node = root
            while let next = node.subnodes.first { node = next }
            node.semanticContentAttribute = .forceRightToLeft
            root.semanticContentAttribute = .forceRightToLeft
            ASTraitCollectionPropagateDown(root, ASPrimitiveTraitCollection(layoutDirection: .rightToLeft))
            _ = root.layoutThatFits(ASSizeRange(exactly: CGSize(width: 10, height: 10)))
        },
        HostileCase(category: .traits, name: "collections-nested-deep") {
            let levels = NestedCollections(depth: 400)
            let frame = try Expect.diagnostic(containing: "nested 101", "maximumNestedCollections") { try levels.root.snapshot(scale: 1) }
            try Expect.decodablePNG(PNGEncoder().encode(frame!), "the snapshot")
        },
    ]

    /// Traits that differ from call to call: style, direction and text size.
    static func traits(_ i: Int) -> ASPrimitiveTraitCollection {
        ASPrimitiveTraitCollection(displayScale: CGFloat(1 + i % 3), layoutDirection: i % 2 == 0 ? .rightToLeft : .leftToRight,
                                   userInterfaceStyle: i % 3 == 0 ? .dark : .light,
                                   preferredContentSizeCategory: UIContentSizeCategory.allCategories[i % UIContentSizeCategory.allCategories.count])
    }

    /// Runs `mutate` on `mutators` threads while this thread calls `render` in a loop, for about
    /// `seconds`; a render error fails the case.
    static func race(mutators: Int, seconds: Double = 1.5, render: (Int) throws -> Void,
                     mutate: @escaping @Sendable (Int) -> Void) throws {
        let stop = Atomic(false)
        let group = DispatchGroup()
        for t in 0..<mutators {
            DispatchQueue.global().async(group: group) {
                var i = t
                while !stop.load(ordering: .relaxed) {
                    mutate(i)
                    i += mutators
                }
            }
        }
        defer {
            stop.store(true, ordering: .relaxed)
            while group.wait(timeout: .now()) == .timedOut { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.005)) }
        }
        let end = Date(timeIntervalSinceNow: seconds * Slowdown.factor)
        var frame = 0
        while Date() < end {
            try render(frame)
            frame += 1
        }
    }

    /// Twenty plain rows.
    final class Rows: ASTableDataSource {
        func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { 20 }
        func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
            {
                let cell = ASTextCellNode()
                cell.text = "row \(indexPath.row)"
                return cell
            }
        }
    }

    /// Calls a download's completion `calls` times with a small image: inside `downloadImage`, or
    /// (`later`) once there and again on another queue after it returned.
    final class ChattyDownloader: ASImageDownloaderProtocol {
        let calls: Int
        let later: Bool
        let finished = DispatchSemaphore(value: 0)
        init(calls: Int, later: Bool) { self.calls = calls; self.later = later }

        func downloadImage(with URL: URL, shouldRetry: Bool, callbackQueue: DispatchQueue,
                           downloadProgress: ASImageDownloaderProgress?, completion: @escaping ASImageDownloaderCompletion) -> Any? {
            let image = UIImage(bitmap: try! Bitmap(pixelWidth: 8, pixelHeight: 8, scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 8, height: 8), with: .systemRed) })
            if later {
                completion(image, nil, nil, nil)
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
                    for _ in 1..<self.calls { completion(image, nil, nil, nil) }
                    self.finished.signal()
                }
            } else {
                for _ in 0..<calls { completion(image, nil, nil, nil) }
            }
            return nil
        }

        func cancelImageDownload(forIdentifier downloadIdentifier: Any) {}
    }

    /// A cache whose every answer is a 0×0 image.
    final class EmptyImageCache: ASImageCacheProtocol {
        static let empty = UIImage(bitmap: try! Bitmap(pixelWidth: 0, pixelHeight: 0, scale: 1))
        func cachedImage(with URL: URL, callbackQueue: DispatchQueue, completion: @escaping ASImageCacherCompletion) {
            callbackQueue.async { completion(Self.empty, .asynchronous) }
        }
        func synchronouslyFetchedCachedImage(with URL: URL) -> (any ASImageContainerProtocol)? { Self.empty }
    }

    /// Collections `depth` deep, each the only cell's content of the one above.
    final class NestedCollections: ASCollectionDataSource {
        let root: ASCollectionNode
        private var sources: [NestedCollections] = []
        private let level: Int, depth: Int

        convenience init(depth: Int) { self.init(level: 0, depth: depth) }

        private init(level: Int, depth: Int) {
            self.level = level
            self.depth = depth
            let side = CGFloat(max(4, 200 - level * 3))
            root = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: side, height: side), collectionViewLayout: UICollectionViewFlowLayout())
            root.backgroundColor = level % 2 == 0 ? .systemBlue : .systemYellow
            root.debugName = "nested \(level)"
            root.dataSource = self
        }

        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 1 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode {
            let cell = ASCellNode()
            let side = CGFloat(max(4, 200 - level * 3))
            cell.style.preferredSize = CGSize(width: side - 2, height: side - 2)
            if level + 1 < depth {
                let inner = NestedCollections(level: level + 1, depth: depth)
                sources.append(inner)
                inner.root.style.preferredSize = CGSize(width: side - 3, height: side - 3)
                cell.addSubnode(inner.root)
            }
            return cell
        }
    }
}
