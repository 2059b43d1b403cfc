import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Weft

/// A data source scripted by closures, for data sources that lie or re-enter.
private final class ScriptedSource: ASCollectionDataSource, ASCollectionDelegate, @unchecked Sendable {
    // SAFETY: the closures are set before the collection loads and only read afterwards.
    var sections: () -> Int = { 1 }
    var items: (Int) -> Int = { _ in 0 }
    var block: (IndexPath) -> ASCellNodeBlock = { _ in { ASCellNode() } }
    var range: ((IndexPath) -> ASSizeRange)?

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int { sections() }
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { items(section) }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock { block(indexPath) }
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        guard let range else {
            DefaultAnswer.mark()
            return .zero
        }
        return range(indexPath)
    }
}

/// A collection with a scripted source kept alive beside it, named so its diagnostics can be picked out.
@MainActor
private struct Scripted {
    /// Used off the main actor by some tests on purpose: the node guards its own state.
    nonisolated(unsafe) let node: ASCollectionNode
    let source = ScriptedSource()

    init(_ name: String, viewport: CGSize = CGSize(width: 100, height: 100), layout: UICollectionViewLayout = UICollectionViewFlowLayout()) {
        node = ASCollectionNode(frame: CGRect(origin: .zero, size: viewport), collectionViewLayout: layout)
        node.debugName = name
        node.dataSource = source
        node.delegate = source
    }
}

/// A collection held weakly, for blocks that call back into it without keeping it alive.
private final class WeakCollection: @unchecked Sendable {
    // SAFETY: set once before any block runs; weak loads are atomic.
    weak var node: ASCollectionNode?
    init(_ node: ASCollectionNode) { self.node = node }
}

/// A cell of a fixed size.
private func box(_ size: CGSize) -> ASCellNode {
    let cell = ASCellNode()
    cell.style.preferredSize = size
    cell.backgroundColor = .systemBlue
    return cell
}

/// Main-actor isolated, as the data sources are: its tests wait their turn on the main actor with
/// every other main-actor test, and a time limit counts that wait (several minutes under the
/// sanitizers), so the limits that turn a deadlock into a failure are 10 minutes rather than one.
@MainActor @Suite struct CollectionReliabilityTests {
    // MARK: Queries with bad input

    @Test func indexPathForANonFinitePointIsNilAndReported() throws {
        let c = Scripted("nan-point-collection")
        c.source.items = { _ in 4 }
        c.source.block = { _ in { box(CGSize(width: 100, height: 30)) } }
        try c.node.loadDataIfNeeded()
        #expect(c.node.indexPathForItem(at: CGPoint(x: 10, y: 40)) == IndexPath(item: 1, section: 0))
        let (found, diagnostics) = WeftDiagnostics.collect(matching: "nan-point-collection") {
            [CGPoint(x: CGFloat.nan, y: 10), CGPoint(x: 10, y: CGFloat.infinity), CGPoint(x: -CGFloat.infinity, y: CGFloat.nan)].map { c.node.indexPathForItem(at: $0) }
        }
        #expect(found == [nil, nil, nil])
        #expect(diagnostics.count == 3)
        #expect(diagnostics.allSatisfy { $0.area == .collection && $0.message.contains("not finite") })
        #expect(diagnostics.first?.message.contains("nan") == true, "shows the point given")
    }

    // MARK: Re-entrancy

    @Test func reloadDataFromANodeBlockRunsAfterTheLoadAndNeverRecurses() throws {
        let c = Scripted("reload-in-block")
        let runs = Mutex(0)
        c.source.items = { _ in 3 }
        let weak = WeakCollection(c.node)
        c.source.block = { _ in
            {
                runs.withLock { $0 += 1 }
                weak.node?.reloadData()
                return box(CGSize(width: 100, height: 30))
            }
        }
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "reload-in-block") { c.node.reloadData() }
        // The first load runs 3 blocks, each asking for a reload; the one follow-up load runs 3 more,
        // whose requests are refused instead of looping.
        #expect(runs.withLock { $0 } == 6)
        #expect(c.node.numberOfItems(inSection: 0) == 3)
        #expect(c.node.dataError == nil)
        #expect(diagnostics.contains { $0.message.contains("while the collection was loading") })
        #expect(diagnostics.contains { $0.message.contains("called again during the reload") })
        _ = try c.node.snapshot(scale: 1)
    }

    @Test func reloadDataFromTheDataSourceDuringALoadAppliesAfterIt() throws {
        let c = Scripted("reload-in-data-source")
        let asked = Mutex(0)
        c.source.block = { _ in { box(CGSize(width: 100, height: 30)) } }
        c.source.items = { [weak node = c.node] _ in
            let count = asked.withLock { n -> Int in n += 1; return n }
            if count == 1 { node?.reloadData() }
            // A data source that also queries the collection while loading gets the old answers.
            _ = node?.contentSize
            _ = node?.nodeForItem(at: IndexPath(item: 0, section: 0))
            return count == 1 ? 2 : 5
        }
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "reload-in-data-source") { try? c.node.loadDataIfNeeded() }
        // The first load reads the counts twice, as Texture's does (its old and new counts).
        #expect(asked.withLock { $0 } == 3, "the requested reload ran once, after the first load")
        #expect(c.node.numberOfItems(inSection: 0) == 5, "and its answer stands")
        #expect(diagnostics.count == 1)
    }

    // MARK: Limits

    @Test func hugeItemCountsAreRefusedBeforeAnythingIsMade() throws {
        let perSection = Scripted("huge-section")
        perSection.source.items = { _ in 1 << 40 }
        #expect(throws: CollectionError.tooManyItemsInSection(section: 0, count: 1 << 40, limit: WeftLimits.maximumItemsPerSection)) {
            try perSection.node.loadDataIfNeeded()
        }
        #expect(CollectionError.tooManyItemsInSection(section: 0, count: 1 << 40, limit: 7).description.contains("1099511627776"))

        let sections = Scripted("huge-sections")
        sections.source.sections = { Int.max }
        #expect(throws: CollectionError.tooManySections(Int.max, limit: WeftLimits.maximumSections)) { try sections.node.loadDataIfNeeded() }

        let total = Scripted("huge-total")
        total.source.sections = { 3 }
        total.source.items = { _ in WeftLimits.maximumItemsPerSection }
        let made = Mutex(0)
        total.source.block = { _ in made.withLock { $0 += 1 }; return { ASCellNode() } }
        let expected = CollectionError.tooManyItems(section: 1, total: 2 * WeftLimits.maximumItemsPerSection, limit: WeftLimits.maximumItems)
        #expect(throws: expected) { try total.node.snapshot(scale: 1) }
        #expect(made.withLock { $0 } == 0, "no element was made before the counts were checked")
    }

    // MARK: Bad sizes

    @Test func badConstrainedSizesAreErrorsNamingTheItemAndTheRange() throws {
        let c = Scripted("nan-range")
        c.source.items = { _ in 3 }
        c.source.block = { _ in { box(CGSize(width: 50, height: 30)) } }
        let bad = ASSizeRange(min: CGSize(width: CGFloat.nan, height: 0), max: CGSize(width: 100, height: 100))
        c.source.range = { $0.item == 2 ? bad : ASSizeRange(exactly: CGSize(width: 50, height: 30)) }
        do {
            try c.node.loadDataIfNeeded()
            Issue.record("a NaN range loaded")
        } catch {
            guard case let .invalidConstrainedSize(indexPath, kind, range) = error else { throw error }
            #expect(indexPath == IndexPath(item: 2, section: 0) && kind == nil && range.min.width.isNaN)
            #expect(error.description.contains("section 0, item 2") && error.description.contains("nan"))
        }
        let negative = ASSizeRange(min: .zero, max: CGSize(width: -4, height: 10))
        c.source.range = { _ in negative }
        c.node.reloadData()
        #expect(c.node.dataError == .invalidConstrainedSize(IndexPath(item: 0, section: 0), kind: nil, negative))
    }

    @Test func unplaceableCellSizesAreReported() throws {
        final class Endless: ASCellNode, @unchecked Sendable {
            override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize { CGSize(width: 40, height: CGFloat.infinity) }
        }
        let c = Scripted("endless-cell")
        c.source.items = { _ in 2 }
        c.source.block = { indexPath in { indexPath.item == 1 ? Endless() : box(CGSize(width: 100, height: 30)) } }
        let (size, diagnostics) = try WeftDiagnostics.collect(matching: "section 0, item 1") { () throws -> CGSize in
            try c.node.loadDataIfNeeded()
            return try #require(c.node.elements.element(at: IndexPath(item: 1, section: 0))).size
        }
        #expect(size.height.isFinite, "\(size) \(diagnostics)")
        #expect(diagnostics.contains { $0.area == .collection && $0.message.contains("inf") }, "\(size)")
        _ = try c.node.snapshot(scale: 1)
    }

    @Test func viewportErrorsShowTheValueGiven() throws {
        let c = Scripted("bad-viewport", viewport: CGSize(width: -5, height: 100))
        #expect(throws: CollectionError.invalidViewport(CGSize(width: -5, height: 100))) { try c.node.snapshot(scale: 1) }
        c.node.bounds = CGRect(x: 0, y: 0, width: 80, height: CGFloat.nan)
        do {
            _ = try c.node.snapshot(scale: 1)
            Issue.record("a NaN viewport rendered")
        } catch {
            #expect(error.description.contains("80.0×nan"))
        }
        c.node.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        #expect(try c.node.snapshot(scale: 1).pixelWidth == 80)
    }

    // MARK: Offsets and frame sequences

    @Test func nonFiniteOffsetsAreErrorsOrReported() throws {
        let c = Scripted("nan-offset")
        c.source.items = { _ in 10 }
        c.source.block = { _ in { box(CGSize(width: 100, height: 30)) } }
        #expect(throws: CollectionError.self) { try c.node.snapshot(at: CGPoint(x: 0, y: CGFloat.nan), scale: 1) }
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "nan-offset") { c.node.contentOffset = CGPoint(x: 0, y: CGFloat.infinity) }
        #expect(c.node.contentOffset == .zero)
        #expect(diagnostics.count == 1 && diagnostics[0].message.contains("inf"))

        let (sequence, reported) = WeftDiagnostics.collect(matching: "FrameSequence(offsets:)") {
            FrameSequence(offsets: [.zero, CGPoint(x: 0, y: CGFloat.nan)])
        }
        #expect(reported.contains { $0.message.contains("frame 2") })
        #expect(throws: CollectionError.self) { try c.node.writeFrames(sequence, scale: 1, toFolder: NSTemporaryDirectory() + "weft-nan-\(UUID())") }
        #expect(throws: CollectionError.self) { try c.node.realTimeFrames(sequence, scale: 1, framesPerSecond: 60) }
        #expect(throws: CollectionError.self) { try FrameSequence(validating: [CGPoint(x: CGFloat.nan, y: 0)]) }
        #expect(try FrameSequence(validating: [.zero, CGPoint(x: 0, y: 5)]).count == 2)
    }

    @Test(.timeLimit(.minutes(10))) func frameCountsAreLimited() throws {
        #expect(throws: CollectionError.tooManyFrames(1_000_000_000, limit: WeftLimits.maximumFrames)) {
            try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 100), frames: 1_000_000_000)
        }
        #expect(CollectionError.tooManyFrames(1_000_000_000, limit: 5).description.contains("1000000000"))
        #expect(throws: CollectionError.self) {
            try FrameSequence.deceleration(from: .zero, velocity: CGPoint(x: 0, y: 1000), framesPerSecond: Int.max, bounds: (.zero, CGPoint(x: 0, y: 1e9)))
        }
        let long = Array(repeating: CGPoint.zero, count: WeftLimits.maximumFrames + 1)
        #expect(throws: CollectionError.tooManyFrames(long.count, limit: WeftLimits.maximumFrames)) { try FrameSequence(validating: long) }
    }

    // MARK: Node blocks run once

    @Test func eachNodeBlockRunsExactlyOnceUnderConcurrentAllocation() async throws {
        let count = 40
        let runs = Mutex(Array(repeating: 0, count: count))
        let elements = (0..<count).map { item in
            ASCollectionElement(indexPath: IndexPath(item: item, section: 0), kind: nil, source: .block({
                runs.withLock { $0[item] += 1 }
                usleep(200)
                return box(CGSize(width: 10, height: 10))
            }), constrainedSize: .unconstrained, traits: nil)
        }
        let seen = Mutex<[Int: Set<ObjectIdentifier>]>([:])
        DispatchQueue.concurrentPerform(iterations: 5) { thread in
            if thread == 0 {
                ASCollectionElement.allocate(elements, serial: false)
            } else {
                // Others ask on demand, each in its own order, as `nodeForItem(at:)` does.
                for item in (0..<count).map({ ($0 * (thread * 7 + 1)) % count }) {
                    let node = elements[item].node
                    seen.withLock { _ = $0[item, default: []].insert(ObjectIdentifier(node)) }
                }
            }
        }
        #expect(runs.withLock { $0 } == Array(repeating: 1, count: count))
        #expect(seen.withLock { $0.values.allSatisfy { $0.count == 1 } }, "every thread got the same node")
    }

    @Test func nodeForItemRacingARangeAllocationRunsEachBlockOnce() async throws {
        let gallery = ASCollectionGalleryLayoutDelegate(scrollableDirections: .verticalDirections)
        final class Sizes: ASCollectionGalleryLayoutPropertiesProviding {
            func galleryLayoutDelegate(_ delegate: ASCollectionGalleryLayoutDelegate, sizeForElements elements: ASElementMap) -> CGSize {
                CGSize(width: 50, height: 50)
            }
        }
        let sizes = Sizes()
        gallery.propertiesProvider = sizes
        let c = Scripted("gallery-race", layout: CollectionLayoutDelegateLayout(delegate: gallery))
        let runs = Mutex<[IndexPath: Int]>([:])
        c.source.items = { _ in 100 }
        c.source.block = { indexPath in
            {
                runs.withLock { $0[indexPath, default: 0] += 1 }
                usleep(300)
                return box(CGSize(width: 50, height: 50))
            }
        }
        try c.node.loadDataIfNeeded()
        // On a thread of its own, never the main actor's: the snapshot loads its cells on the main
        // actor (their didLoad), which a main actor blocked in concurrentPerform could never do.
        let node = UncheckedBox(c.node)
        try await onThreadOfItsOwn {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                if thread == 0 {
                    _ = try? node.value.snapshot(scale: 1)
                } else {
                    for item in stride(from: 12 - thread, through: 0, by: -1) { _ = node.value.nodeForItem(at: IndexPath(item: item, section: 0)) }
                }
            }
        }
        #expect(!runs.withLock { $0 }.isEmpty)
        #expect(runs.withLock { $0.values.allSatisfy { $0 == 1 } })
    }

    @Test(.timeLimit(.minutes(10))) func aBlockAskingForItsOwnNodeGetsAPlaceholderNotADeadlock() throws {
        let holder = Mutex<ASCollectionElement?>(nil)
        let element = ASCollectionElement(indexPath: IndexPath(item: 7, section: 3), kind: nil, source: .block({
            _ = holder.withLock { $0 }?.node
            return box(CGSize(width: 10, height: 10))
        }), constrainedSize: ASSizeRange(exactly: CGSize(width: 10, height: 10)), traits: nil)
        holder.withLock { $0 = element }
        let (node, diagnostics) = WeftDiagnostics.collect(matching: "section 3, item 7") { element.node }
        #expect(node.bounds.size == CGSize(width: 10, height: 10))
        #expect(diagnostics.count == 1 && diagnostics[0].message.contains("instead of waiting forever"))
        holder.withLock { $0 = nil }
    }

    // MARK: Waiting for exactly the visible cells

    @Test(.timeLimit(.minutes(10))) func aSnapshotDoesNotWaitForUnrelatedDisplayWork() throws {
        let queue = DisplayQueue(width: 2)
        let c = Scripted("unrelated-wait")
        c.source.items = { _ in 6 }
        c.source.block = { _ in
            {
                let cell = box(CGSize(width: 100, height: 30))
                cell.displayQueue = queue
                cell.displayBlock = { bounds, context, _ in context.fill(Path(ellipseIn: bounds), with: .white) }
                return cell
            }
        }
        let release = DispatchSemaphore(value: 0)
        queue.enqueue { _ = release.wait(timeout: .now() + 3) }
        let start = Date()
        let frame = try c.node.snapshot(scale: 1)
        let seconds = Date().timeIntervalSince(start)
        release.signal()
        #expect(seconds < 2, "the snapshot took \(seconds) s: it waited for an unrelated job")
        #expect(frame.pixelHeight == 100)
    }

    @Test(.timeLimit(.minutes(10))) func aDisplayJobCanSnapshotACollectionOnItsOwnQueue() async throws {
        let queue = DisplayQueue(width: 1)
        let c = Scripted("snapshot-in-job")
        c.source.items = { _ in 6 }
        c.source.block = { _ in
            {
                let cell = box(CGSize(width: 100, height: 30))
                cell.displayQueue = queue
                cell.displayBlock = { bounds, context, _ in context.fill(Path(ellipseIn: bounds), with: .white) }
                return cell
            }
        }
        let expected = try Scripted.reference(items: 6)
        // Loaded here, on the main actor the data source lives on.
        try c.node.loadDataIfNeeded()
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Bitmap?>(nil)
        queue.enqueue {
            let frame = try? c.node.snapshot(scale: 1)
            result.withLock { $0 = frame }
            done.signal()
        }
        // Waited for on a thread of its own: the snapshot loads its cells on the main actor (their
        // didLoad), as a frame rendered off the main actor does, so the main actor stays free. The
        // main actor is shared with the suite's other tests: under AddressSanitizer their work held
        // it past 10 s once (the test alone takes 0.01 s there), hence the longer bound.
        let limit: TimeInterval = Sanitizers.any ? 90 : 10
        let finished = try await onThreadOfItsOwn { done.wait(timeout: .now() + limit) == .success }
        #expect(finished, "the snapshot in a display job deadlocked")
        #expect(result.withLock { $0 }?.hasSamePixels(as: expected) == true, "and drew what a snapshot elsewhere draws")
    }

    // MARK: The frames AsyncSequence

    @Test(.timeLimit(.minutes(10))) func framesDoNotBlockTheCooperativePool() async throws {
        // More iterations than the cooperative pool has threads, each blocked inside its first
        // layout pass (which runs on the thread that makes the frames, unlike the data source,
        // which is asked on the main actor) until a task on that pool lets it go: if `next()`
        // blocked a pool thread, the releasing task could not run and the blocks would time out.
        let width = ProcessInfo.processInfo.activeProcessorCount + 2
        let gate = DispatchSemaphore(value: 0)
        final class Progress: Sendable {
            let entered = Mutex(0), timedOut = Mutex(false)
        }
        final class GatedLayout: UICollectionViewFlowLayout, @unchecked Sendable {
            // SAFETY: `opened` is only touched by the thread that drives this layout's collection.
            let gate: DispatchSemaphore, progress: Progress
            var opened = false
            init(gate: DispatchSemaphore, progress: Progress) { self.gate = gate; self.progress = progress; super.init() }
            required init?(coder: NSCoder) { nil }
            override func prepare() {
                if !opened {
                    opened = true
                    progress.entered.withLock { $0 += 1 }
                    if gate.wait(timeout: .now() + 5) == .timedOut { progress.timedOut.withLock { $0 = true } }
                }
                super.prepare()
            }
        }
        let progress = Progress()
        let collections = (0..<width).map { index -> Scripted in
            let c = Scripted("frames-pool-\(index)", layout: GatedLayout(gate: gate, progress: progress))
            c.source.items = { _ in 3 }
            c.source.block = { _ in { box(CGSize(width: 100, height: 30)) } }
            return c
        }
        let sequence = try FrameSequence(validating: [.zero, CGPoint(x: 0, y: 10)])
        try await withThrowingTaskGroup(of: Int.self) { group in
            for c in collections {
                // Iterated by the task: the node guards its own state.
                nonisolated(unsafe) let node = c.node
                group.addTask {
                    var count = 0
                    for try await _ in node.frames(sequence, scale: 1) { count += 1 }
                    return count
                }
            }
            group.addTask {
                while progress.entered.withLock({ $0 }) < width { try await Task.sleep(for: .milliseconds(5)) }
                for _ in 0..<width { gate.signal() }
                return sequence.count
            }
            for try await count in group { #expect(count == sequence.count) }
        }
        #expect(!progress.timedOut.withLock { $0 })
        withExtendedLifetime(collections) {}
    }
}

extension Scripted {
    /// The frame `items` plain drawn boxes give when snapshotted on this thread.
    fileprivate static func reference(items: Int) throws -> Bitmap {
        let c = Scripted("reference-\(UUID())")
        c.source.items = { _ in items }
        c.source.block = { _ in
            {
                let cell = box(CGSize(width: 100, height: 30))
                cell.displayBlock = { bounds, context, _ in context.fill(Path(ellipseIn: bounds), with: .white) }
                return cell
            }
        }
        return try c.node.snapshot(scale: 1)
    }
}

@MainActor @Suite struct FlowLayoutReliabilityTests {
    @Test func nonFiniteSpacingAndInsetsAreRepairedAndReported() {
        let layout = UICollectionViewFlowLayout()
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "UICollectionViewFlowLayout.") {
            layout.minimumLineSpacing = .nan
            layout.minimumInteritemSpacing = -.infinity
            layout.sectionInset = UIEdgeInsets(top: 4, left: .nan, bottom: 2, right: 1)
        }
        #expect(layout.minimumLineSpacing == 0 && layout.minimumInteritemSpacing == 0)
        #expect(layout.sectionInset == UIEdgeInsets(top: 4, left: 0, bottom: 2, right: 1))
        // Other tests' layouts may report too: count only the messages these values make.
        #expect(diagnostics.filter { $0.message.contains("nan") || $0.message.contains("-inf") }.count >= 3)
    }
}

@MainActor @Suite struct IndexPathReliabilityTests {
    @Test func malformedIndexPathsAreOutOfRangeNotACrash() throws {
        let c = Scripted("malformed-paths")
        c.source.items = { _ in 3 }
        c.source.block = { _ in { box(CGSize(width: 100, height: 30)) } }
        try c.node.loadDataIfNeeded()
        for path in [IndexPath(), IndexPath(index: 1), IndexPath(indexes: [0, 1, 2])] {
            #expect(c.node.nodeForItem(at: path) == nil)
            #expect(c.node.nodeForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: path) == nil)
            do {
                try c.node.scrollToItemChecked(at: path, at: .top, animated: false)
                Issue.record("scrolled to \(path)")
            } catch {
                #expect(error.description.contains("not a (section, item) pair"), "\(error)")
            }
        }
        #expect(IndexPath().section == -1 && IndexPath(index: 2).item == -1)
    }
}
