import Foundation
import Testing
@testable import Weft
import WeftSamples
import WeftTesting

/// What a cell node tells the controller; the documentation's `cellNode.delegate = self` pattern.
@MainActor
protocol SwatchCellDelegate: AnyObject {
    func swatchCellDidLoad(_ index: Int)
}

/// A node cell as an app writes one, with a delegate the node block sets to the controller.
final class SwatchCellNode: ASCellNode, @unchecked Sendable {
    // SAFETY: set in the node block before the cell is shared.
    weak var delegate: SwatchCellDelegate?
    let index: Int

    init(index: Int) {
        self.index = index
        super.init()
        backgroundColor = .systemBlue
    }

    /// Tells the delegate, as the documentation's cells do: cells load before they first show.
    override func didLoad() {
        super.didLoad()
        delegate?.swatchCellDidLoad(index)
    }
}

/// A plain UIKit cell, as an app writes one.
final class SolidOrangeCell: UICollectionViewCell {
    var reuses = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .orange
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }
}

/// One column of items, each as tall as its measured size, 10 pt apart: a custom layout that, like
/// the mosaic, reads sizes from `collectionView` while it prepares.
final class ColumnLayout: UICollectionViewLayout, @unchecked Sendable {
    private var frames: [UICollectionViewLayoutAttributes] = []
    private var height: CGFloat = 0

    override func prepare() {
        frames = []
        guard let collectionView else { return }
        var top: CGFloat = 0
        for item in 0..<collectionView.numberOfItems(inSection: 0) {
            let indexPath = IndexPath(item: item, section: 0)
            let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
            attributes.frame = CGRect(origin: CGPoint(x: 0, y: top), size: collectionView.sizeForItem(at: indexPath))
            frames.append(attributes)
            top += attributes.frame.height + 10
        }
        height = top
    }

    override var collectionViewContentSize: CGSize { CGSize(width: 100, height: height) }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { frames.filter { $0.frame.intersects(rect) } }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        frames.indices.contains(indexPath.item) ? frames[indexPath.item] : nil
    }
}

/// The interop controller written as Texture's documentation writes one.
final class InteropViewController: ASDKViewController<ASCollectionNode>, ASCollectionDataSourceInterop, ASCollectionDelegateInterop,
    ASCollectionViewLayoutInspecting, SwatchCellDelegate {
    let count: Int
    var identifier = "orange"
    var log: [String] = []
    var loadedSwatches: Set<Int> = []
    var cellsSeen: [ObjectIdentifier: SolidOrangeCell] = [:]

    init(count: Int = 9) {
        self.count = count
        super.init(node: ASCollectionNode(collectionViewLayout: ColumnLayout()))
        node.dataSource = self
        node.delegate = self
    }

    required init?(coder: NSCoder) {
        count = 0
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        node.view.register(SolidOrangeCell.self, forCellWithReuseIdentifier: "orange")
        node.view.allowsSelection = false
        node.view.layoutInspector = self
        node.view.backgroundColor = .green
    }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock? {
        if indexPath.item % 3 == 2 { return nil }
        let index = indexPath.item
        return {
            let cellNode = SwatchCellNode(index: index)
            cellNode.delegate = self
            return cellNode
        }
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        if let orange = cell as? SolidOrangeCell { cellsSeen[ObjectIdentifier(orange)] = orange }
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        log.append("will \(indexPath.item)")
    }

    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        log.append("end \(indexPath.item)")
    }

    func collectionView(_ collectionView: ASCollectionView, constrainedSizeForNodeAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(exactly: CGSize(width: 100, height: 40))
    }

    func swatchCellDidLoad(_ index: Int) { loadedSwatches.insert(index) }
}

@MainActor
@Suite struct CollectionInteropTests {
    static let orange = UIColor.orange, blue = UIColor.systemBlue, green = UIColor.green

    /// The colour at a point (in points) of a bitmap at scale 1.
    func color(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> UIColor {
        let p = bitmap.pixel(x: x, y: y) ?? 0
        func channel(_ shift: UInt32) -> CGFloat { CGFloat((p >> shift) & 0xFF) / 255 }
        return UIColor(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
    }

    func same(_ a: UIColor, _ b: UIColor) -> Bool {
        abs(a.red - b.red) < 0.02 && abs(a.green - b.green) < 0.02 && abs(a.blue - b.blue) < 0.02
    }

    @Test func everyThirdItemIsTheRegisteredUIKitCellAndTheViewSettingsShow() throws {
        let controller = InteropViewController()
        let bitmap = try controller.renderBitmap(size: CGSize(width: 100, height: 240), scale: 1)
        for item in 0..<5 {
            let y = item * 50 + 20
            let expected = item % 3 == 2 ? Self.orange : Self.blue
            #expect(same(color(bitmap, 50, y), expected), "item \(item) at y \(y) is \(color(bitmap, 50, y))")
            if item < 4 { #expect(same(color(bitmap, 50, y + 25), Self.green), "the gap under item \(item) shows the view's background") }
        }
        let view = controller.node.view
        #expect(view.allowsSelection == false && view.allowsMultipleSelection == false)
        #expect(view.layoutInspector === controller && controller.node.layoutInspector === controller)
        #expect(view.numberOfSections == 1 && view.numberOfItems(inSection: 0) == 9)
        #expect(view.collectionNode === controller.node && view.collectionViewLayout === controller.node.collectionViewLayout)
        view.contentInset = UIEdgeInsets(top: 5, left: 0, bottom: 7, right: 0)
        #expect(controller.node.contentInset.bottom == 7)
        #expect(abs(controller.node.contentOffsetRange.max.y - (450 + 7 - 240)) < 0.001, "the inset lengthens the scrollable range")
        #expect(controller.loadedSwatches.contains(0), "the node blocks made the controller the cells' delegate, which hears them load")
        #expect(controller.node.nodeForItem(at: IndexPath(item: 0, section: 0)).map { ($0 as? SwatchCellNode)?.delegate === controller } == true)
    }

    @Test func uikitCellsAreReusedAsTheCollectionScrolls() throws {
        let controller = InteropViewController(count: 300)
        controller.layout(in: CGSize(width: 100, height: 200))
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 12_000), frames: 60)
        try controller.node.renderFrames(sequence, scale: 1) { _, _ in }
        let made = controller.node.view.reusableViewsMade
        #expect(made >= 2 && made <= 4, "\(made) UIKit cells were made for 100 UIKit items scrolled past a viewport that shows at most 2")
        #expect(controller.cellsSeen.count == made)
        #expect(controller.cellsSeen.values.reduce(0) { $0 + $1.reuses } > 40, "prepareForReuse ran as cells were handed out again")
    }

    @Test func willDisplayAndDidEndDisplayingFollowTheViewport() throws {
        let controller = InteropViewController()
        _ = try controller.renderBitmap(size: CGSize(width: 100, height: 200), scale: 1)
        #expect(controller.log == ["will 2"])
        // Items 2 (100…140) and 5 (250…290) in a 200 pt viewport: at 120 both show, at 200 only 5,
        // at 0 only 2 again. Cells that leave end displaying before those that enter are asked for.
        for offset in [120, 200, 0] { _ = try controller.node.snapshot(at: CGPoint(x: 0, y: offset), scale: 1) }
        #expect(controller.log == ["will 2", "will 5", "end 2", "end 5", "will 2"], "\(controller.log)")
        #expect(controller.node.view.reusableViewsMade == 2)
    }

    @Test func dequeuingAnUnregisteredIdentifierThrowsNamingIt() throws {
        let controller = InteropViewController()
        controller.identifier = "purple"
        controller.loadViewIfNeeded()
        controller.node.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "purple") {
            #expect(throws: CollectionError.unregisteredReuseIdentifier("purple", IndexPath(item: 2, section: 0), kind: nil)) {
                try controller.node.snapshot(scale: 1)
            }
        }
        #expect(diagnostics.count == 1)
        #expect(CollectionError.unregisteredReuseIdentifier("purple", IndexPath(item: 2, section: 0), kind: nil).description
            .contains("no class is registered for reuse identifier \"purple\" (dequeued for the item at section 0, item 2)"))
    }

    /// A data source that returns nil but is not an interop one.
    final class PlainNilSource: ASCollectionDataSource {
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 3 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock? {
            if indexPath.item == 1 { return nil }
            return { ASCellNode() }
        }
    }

    /// An interop data source in a flow layout with nothing that sizes its UIKit cell.
    final class UnsizedInteropSource: ASCollectionDataSourceInterop {
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 3 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode? {
            indexPath.item == 2 ? nil : ASCellNode()
        }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
    }

    @Test func nilWithoutInteropAndUIKitCellsWithoutSizeAreClearErrors() {
        let plain = PlainNilSource()
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 50, height: 50), collectionViewLayout: UICollectionViewFlowLayout())
        node.dataSource = plain
        let nilError = CollectionError.nilNode(IndexPath(item: 1, section: 0), kind: nil)
        #expect(throws: nilError) { try node.loadDataIfNeeded() }
        #expect(nilError.description.contains("section 0, item 1") && nilError.description.contains("only an ASCollectionDataSourceInterop may return nil"))

        let unsized = UnsizedInteropSource()
        let flow = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 50, height: 50), collectionViewLayout: UICollectionViewFlowLayout())
        flow.dataSource = unsized
        let sizeError = CollectionError.noSizeForUIKitCell(IndexPath(item: 2, section: 0))
        #expect(throws: sizeError) { try flow.loadDataIfNeeded() }
        #expect(sizeError.description.contains("section 0, item 2") && sizeError.description.contains("constrainedSizeForItemAt"))

        // A flow layout's itemSize sizes it.
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 20, height: 10)
        let sized = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 50, height: 50), collectionViewLayout: layout)
        sized.dataSource = unsized
        #expect(throws: Never.self) { try sized.loadDataIfNeeded() }
        #expect(sized.layoutElements.element(at: IndexPath(item: 2, section: 0))?.size == CGSize(width: 20, height: 10))
    }

    @Test func theViewBeforeTheNodeLoadsIsReportedAndStillReturned() {
        let node = ASCollectionNode(collectionViewLayout: UICollectionViewFlowLayout())
        #expect(!node.isNodeLoaded)
        let (view, diagnostics) = WeftDiagnostics.collect(matching: "before the node loaded") { node.view }
        #expect(diagnostics.count == 1 && diagnostics.first?.message.contains("viewDidLoad()") == true, "\(diagnostics)")
        #expect(view.collectionNode === node && node.isNodeLoaded)
        let (again, later) = WeftDiagnostics.collect(matching: "before the node loaded") { node.view }
        #expect(again === view && later.isEmpty)

        let table = ASTableNode()
        let (_, tableDiagnostics) = WeftDiagnostics.collect(matching: "before the node loaded") { table.view }
        #expect(tableDiagnostics.count == 1 && table.isNodeLoaded)

        // Loaded by its controller, the view is there in viewDidLoad without a report.
        let (_, hosted) = WeftDiagnostics.collect(matching: "before the node loaded") { InteropViewController().loadViewIfNeeded() }
        #expect(hosted.isEmpty)
    }

    /// A node that records its load.
    final class LoadingNode: ASDisplayNode, @unchecked Sendable {
        // SAFETY: only touched on the main actor, in the test.
        nonisolated(unsafe) var events: [String] = []
        override func didLoad() {
            super.didLoad()
            events.append("didLoad")
        }
    }

    @Test func onDidLoadBlocksRunAtLoadInOrderOnce() {
        let node = LoadingNode()
        let child = LoadingNode()
        node.addSubnode(child)
        node.onDidLoad { n in (n as? LoadingNode)?.events.append("first") }
        node.onDidLoad { n in (n as? LoadingNode)?.events.append("second") }
        #expect(node.events.isEmpty && !node.isNodeLoaded)
        let controller = ASDKViewController(node: node)
        controller.loadViewIfNeeded()
        #expect(node.events == ["didLoad", "first", "second"] && node.isNodeLoaded)
        #expect(child.events == ["didLoad"] && child.isNodeLoaded, "subnodes load with their supernode")
        node.loadNodeIfNeeded()
        node.onDidLoad { n in (n as? LoadingNode)?.events.append("late") }
        #expect(node.events == ["didLoad", "first", "second", "late"], "a block added after the load runs at once")
    }

    @Test func aFrameRenderedOffTheMainActorDrawsItsUIKitCellsOnIt() async throws {
        let controller = InteropViewController()
        controller.layout(in: CGSize(width: 100, height: 200))
        // Rendered on the thread below while this task waits: nodes guard their own state.
        nonisolated(unsafe) let node: ASCollectionNode = controller.node
        // On a thread of its own, never a cooperative-pool thread: the render blocks until the main
        // actor has drawn the cells, and a blocked pool (two threads on two cores) starves other tests.
        let bitmap = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bitmap, any Error>) in
            Thread { continuation.resume(with: Result { try node.snapshot(scale: 1) }) }.start()
        }
        #expect(same(color(bitmap, 50, 120), Self.orange) && same(color(bitmap, 50, 20), Self.blue))
        #expect(controller.log == ["will 2"])
    }

    /// Headers that are UIKit views, and a data source that asks for a cell under every node item.
    final class HeaderInteropSource: ASCollectionDataSourceInterop {
        static var dequeuesCellsForNodeBackedItems: Bool { true }
        var supplementary = true
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 2 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode {
            let node = ASCellNode()
            node.backgroundColor = UIColor.systemBlue.withAlphaComponent(0.5)
            return node
        }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNode? { nil }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "under", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
            let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
            view.backgroundColor = .purple
            return view
        }
    }

    /// The same without the supplementary view method.
    final class HeaderlessInteropSource: ASCollectionDataSourceInterop {
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 1 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode { ASCellNode() }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNode? { nil }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
    }

    @Test func supplementaryUIKitViewsAndCellsUnderNodeBackedItems() throws {
        let layout = UICollectionViewFlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        layout.itemSize = CGSize(width: 100, height: 40)
        layout.minimumLineSpacing = 0
        let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 100, height: 110), collectionViewLayout: layout)
        node.registerSupplementaryNode(ofKind: UICollectionView.elementKindSectionHeader)
        let source = HeaderInteropSource()
        node.dataSource = source
        node.onDidLoad { node in
            guard let collection = node as? ASCollectionNode else { return }
            collection.view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                     withReuseIdentifier: "header")
            collection.view.register(SolidOrangeCell.self, forCellWithReuseIdentifier: "under")
        }
        node.loadNodeIfNeeded()
        let bitmap = try node.snapshot(scale: 1)
        #expect(same(color(bitmap, 50, 15), .purple), "the header is the UIKit view: \(color(bitmap, 50, 15))")
        // Half-transparent blue nodes over their orange cells.
        let item = color(bitmap, 50, 50)
        #expect(item.red > 0.4 && item.blue > 0.4, "the node is drawn over the cell dequeued for it: \(item)")
        #expect(node.view.reusableViewsMade == 3)

        let headerless = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 100, height: 110), collectionViewLayout: layout)
        headerless.registerSupplementaryNode(ofKind: UICollectionView.elementKindSectionHeader)
        let plain = HeaderlessInteropSource()
        headerless.dataSource = plain
        #expect(throws: CollectionError.nilNode(IndexPath(item: 0, section: 0), kind: UICollectionView.elementKindSectionHeader)) {
            try headerless.snapshot(scale: 1)
        }
    }

    @Test func aSelectedCellShowsItsSelectedBackground() throws {
        let cell = SolidOrangeCell(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        cell.contentView.backgroundColor = nil
        let selected = UIView()
        selected.backgroundColor = .purple
        cell.selectedBackgroundView = selected
        #expect(try cell.renderBitmap(scale: 1).pixel(x: 10, y: 10) == 0)
        cell.isSelected = true
        #expect(same(color(try cell.renderBitmap(scale: 1), 10, 10), .purple))
        cell.prepareForReuse()
        #expect(try cell.renderBitmap(scale: 1).pixel(x: 10, y: 10) == 0, "reuse deselects")
    }

    @Test func theInteropMosaicSampleRenders() {
        expectGolden(MosaicInteropController(items: 12), size: CGSize(width: 200, height: 300), named: "collection/interop/mosaic-interop")
    }
}
