import Foundation
import Synchronization
import Testing
@testable import Weft

/// A cell whose height a test can change after it was measured (10 points, or 25 expanded).
final class StressCell: IDCell, @unchecked Sendable {
    // SAFETY: `expanded` is a mutex; the rest is immutable.
    let expanded = Mutex(false)
    init(id: Int) { super.init(id: id, size: nil) }
    var height: CGFloat { expanded.withLock { $0 } ? 25 : 10 }
    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: height)
    }
}

/// The stress test's data source and delegate, on the main actor as UIKit's are: a model of item
/// identifiers that it edits through the collection (`edit`), and batch fetches that append items.
final class StressSource: ASCollectionDataSource, ASCollectionDelegate {
    var model: [[Int]]
    var rng: SeededGenerator
    var nextID = 1_000
    var fetchBudget: Int
    /// Every completion's answer, and every rejection reported: a valid edit must answer `true`.
    /// Each completion's batch number and answer, in the order they came.
    let answers = Answers()
    final class Answers: Sendable {
        let list = Mutex<[(index: Int, ok: Bool)]>([])
    }
    /// Finish blocks added, and those that ran.
    let finishBlocks = Mutex((added: 0, ran: 0))
    let rejections = Mutex<[String]>([])
    var submitted = 0

    init(_ model: [[Int]], seed: UInt64, fetches: Int) {
        self.model = model
        rng = SeededGenerator(seed: seed)
        fetchBudget = fetches
    }

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int { model.count }
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { model[section].count }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let id = model[indexPath.section][indexPath.item]
        return { StressCell(id: id) }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        let width = collectionNode.bounds.width
        return ASSizeRange(min: CGSize(width: width, height: 0), max: CGSize(width: width, height: 100))
    }

    func shouldBatchFetch(for collectionNode: ASCollectionNode) -> Bool { fetchBudget > 0 }

    func collectionNode(_ collectionNode: ASCollectionNode, willBeginBatchFetchWith context: ASBatchContext) {
        defer { context.completeBatchFetching(true) }
        guard fetchBudget > 0, !model.isEmpty else { return }
        fetchBudget -= 1
        nextID += 1
        model[model.count - 1].append(nextID)
        submit(collectionNode, [.insertItem(IndexPath(item: model[model.count - 1].count - 1, section: model.count - 1))])
    }

    /// A new model, told to the collection by `reloadData()` rather than by edits.
    func replaceModel(_ node: ASCollectionNode) {
        let (_, after) = CollectionModelTests.validBatch(model, nextID: &nextID, rng: &rng)
        model = after
        node.reloadData()
    }

    /// A random valid batch made to the model and submitted, in one visit to the main actor.
    func edit(_ node: ASCollectionNode) {
        let (edits, after) = CollectionModelTests.validBatch(model, nextID: &nextID, rng: &rng)
        model = after
        submit(node, edits)
    }

    private func submit(_ node: ASCollectionNode, _ edits: [CollectionUpdateError.Edit]) {
        let index = submitted
        submitted += 1
        node.performBatchUpdates({ node.dataController.record(edits) }) { [answers] ok in answers.list.withLock { $0.append((index, ok)) } }
    }
}

/// Edits, reloads, relayouts, width changes, batch fetches, cell relayouts, frames and finish
/// blocks driven from several threads at once, against a model: after every schedule the collection
/// must show exactly the model, with every cell at its current height, every edit answered
/// `true`, and no stall. A quarter of the schedules load deferred (`lazyMeasurementThreshold` 0).
/// `WEFT_STRESS_RUNS` sets the number of schedules (10,000 by default); `WEFT_STRESS_SEED` repeats
/// one schedule's seed that many times; `WEFT_STRESS_PROGRESS` prints a line every 1,000.
@Suite struct CollectionStressTests {
    enum Operation {
        case edit, reload, relayout, widthChange, frame, cellRelayout, finishBlock, wait
        static let driving: [Operation] = [.frame, .frame, .relayout, .widthChange, .edit, .wait]
        /// A `.reload` here is made on the main actor for an editing thread, so from another
        /// thread than the driving one: during its frames, relayouts and width changes' loads.
        static let editing: [Operation] = [.edit, .edit, .cellRelayout, .finishBlock, .wait, .reload]
    }

    /// How long one schedule may take before it counts as a stall (its threads are left behind).
    static let stallLimit: TimeInterval = 60

    /// Marks a schedule's threads (`Thread.threadDictionary`), whose diagnostics are its own.
    static let scheduleThread = "weft.stress.scheduleThread"

    /// Runs `body` (synchronous, so on one thread) with this thread marked as the schedule's.
    static func asScheduleThread(_ body: () -> Void) {
        Thread.current.threadDictionary[scheduleThread] = true
        defer { Thread.current.threadDictionary[scheduleThread] = nil }
        body()
    }

    /// The number of schedules: `WEFT_STRESS_RUNS`, or 10,000.
    static let runs = ProcessInfo.processInfo.environment["WEFT_STRESS_RUNS"].flatMap(Int.init) ?? 10_000

    /// 15 minutes, or a minute per 400 schedules for long runs: a sanitizer build runs 100,000
    /// (`make stress`) at a few hundred schedules a minute on a loaded two-core machine.
    static let minutesAllowed = max(15, runs / 400)

    @Test(.timeLimit(.minutes(minutesAllowed))) func randomMultiThreadedSchedulesLoseNoEditAndNeverStall() async throws {
        let runs = Self.runs
        var rng = SeededGenerator(seed: 0x57E55)
        // A wait that gave up, or a replacement that found the map changed under it, is a failure
        // even when the collection ends up right. A wait is counted when one of the schedules'
        // threads gave it up (it reports on its own thread): other suites run beside this one, and
        // under a sanitizer their main-actor tests, queued on the main actor ahead of another
        // suite's background request, can keep it waiting past the limit with nothing stalled.
        // (A schedule's own wait that long fails it by `stallLimit` first.)
        let alarms = Mutex<[String]>([])
        let observation = WeftDiagnostics.observe { diagnostic in
            let ours = Thread.current.threadDictionary[Self.scheduleThread] != nil
            if (ours && diagnostic.message.contains("still not done after")) || diagnostic.message.contains("please report") {
                alarms.withLock { $0.append("\(diagnostic)") }
            }
        }
        defer { observation.cancel() }
        // `WEFT_STRESS_SEED` runs that one schedule `runs` times: a failure names its seed.
        let onlySeed = ProcessInfo.processInfo.environment["WEFT_STRESS_SEED"].flatMap(UInt64.init)
        let progress = ProcessInfo.processInfo.environment["WEFT_STRESS_PROGRESS"] != nil
        for run in 0..<runs {
            let seed = onlySeed ?? rng.next()
            // `WEFT_STRESS_PROGRESS`: a line every 1,000 schedules, for long runs (`make stress`).
            if progress && run % 1_000 == 0 { print("stress: \(run) of \(runs) schedules passed") }
            if let failure = await schedule(seed: seed) {
                Issue.record("schedule \(run) (seed \(seed)): \(failure)")
                return
            }
            if let alarm = alarms.withLock({ $0.first }) {
                Issue.record("schedule \(run) (seed \(seed)): \(alarm)")
                return
            }
        }
    }

    /// One schedule; nil when it passed, else what went wrong.
    private func schedule(seed: UInt64) async -> String? {
        var rng = SeededGenerator(seed: seed)
        let start = (0..<Int.random(in: 0...2, using: &rng)).map { s in (0..<Int.random(in: 0...5, using: &rng)).map { s * 100 + $0 } }
        let mode = [ASCellLayoutMode(), .alwaysAsync, .alwaysSync].randomElement(using: &rng)!
        let fetches = Int.random(in: 0...2, using: &rng)
        // One schedule in four loads deferred (elements made on first read, their data source
        // asked then, on the main actor), from the seed so the other draws stay as they were.
        let deferred = seed % 4 == 1
        let (sourceBox, node) = await MainActor.run { () -> (UncheckedBox<StressSource>, UncheckedBox<ASCollectionNode>) in
            let source = StressSource(start, seed: seed, fetches: fetches)
            let layout = UICollectionViewFlowLayout()
            layout.minimumLineSpacing = 0
            let node = ASCollectionNode(collectionViewLayout: layout)
            node.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
            node.cellLayoutMode = mode
            if deferred { node.lazyMeasurementThreshold = 0 }
            node.dataSource = source
            node.delegate = source
            node.onUpdateError = { error in source.rejections.withLock { $0.append("\(error)") } }
            // Loaded here: a first load made by an edit would be made on the main actor, and the
            // layout object belongs to the driving thread.
            try? node.loadDataIfNeeded()
            return (UncheckedBox(source), UncheckedBox(node))
        }
        // Driven and edited by the threads below at once, on purpose: the node guards its own state.
        nonisolated(unsafe) let collection = node.value
        let source = sourceBox.value
        // Thread 0 drives the collection (frames, relayouts, width changes: what touches the layout
        // object, which, as UIKit's, belongs to one thread); threads 1 and 2 edit (on the main
        // actor, where the model lives), invalidate cells, add finish blocks and wait, all at once
        // with it.
        let plans = (0..<3).map { t in
            (0..<Int.random(in: 2...5, using: &rng)).map { _ in (t == 0 ? Operation.driving : Operation.editing).randomElement(using: &rng)! }
        }
        let widths: [CGFloat] = [40, 60]
        let offsets = (0..<16).map { _ in CGFloat(Int.random(in: 0...60, using: &rng)) }
        let everyoneReady = DispatchGroup(), go = DispatchSemaphore(value: 0), finished = DispatchGroup()
        for (t, plan) in plans.enumerated() {
            everyoneReady.enter()
            finished.enter()
            Thread.detachNewThread {
                Thread.current.threadDictionary[Self.scheduleThread] = true
                everyoneReady.leave()
                go.wait()
                for (i, operation) in plan.enumerated() {
                    Self.perform(operation, on: collection, source: source, width: widths[(t + i) % 2], offset: offsets[(t * 5 + i) % 16])
                }
                finished.leave()
            }
        }
        everyoneReady.wait()
        for _ in plans { go.signal() }
        guard await Self.wait(for: finished) else { return "stalled: the threads ran \(plans) for over \(Self.stallLimit) s" }
        // Settle: updates applied, a frame to measure cells again; each frame waits for the batch
        // fetch the one before began, and the budget (at most 2) runs out within 3 frames. Then
        // the main actor runs what the last frame posted, and its updates are waited for.
        Self.asScheduleThread {
            for _ in 0...fetches {
                collection.waitUntilAllUpdatesAreProcessed()
                _ = try? collection.snapshot(at: .zero, scale: 1)
            }
        }
        await MainActor.run {}
        Self.asScheduleThread {
            collection.waitUntilAllUpdatesAreProcessed()
            // The layout takes the newest map at a frame, on the frame's thread.
            _ = try? collection.snapshot(at: .zero, scale: 1)
        }
        return await MainActor.run { () -> String? in
            let answers = source.answers.list.withLock { $0 }
            let finishBlocks = source.finishBlocks.withLock { $0 }
            if finishBlocks.added != finishBlocks.ran { return "\(finishBlocks.added) finish blocks added, \(finishBlocks.ran) ran (plans \(plans))" }
            let rejections = source.rejections.withLock { $0 }
            if !rejections.isEmpty { return "valid edits were rejected: \(rejections)" }
            // Each batch answered once, `true`, in the order the batches were made.
            if answers.map(\.index) != Array(0..<source.submitted) || answers.contains(where: { !$0.ok }) {
                return "\(source.submitted) edits submitted, completions answered \(answers); data error \(collection.dataError.map { "\($0)" } ?? "none"); \(collection.dataController.state.withLock { "issued \($0.issued), applied \($0.applied), completed \($0.completed), held \($0.held.count), finish blocks \($0.finishBlocks.count), finishing \($0.finishing)" }) (plans \(plans))"
            }
            guard let ids = Living.ids(collection), ids == source.model else {
                return "the collection shows \(Living.ids(collection).map { "\($0)" } ?? "bad index paths"), the model is \(source.model); \(collection.dataController.state.withLock { "\($0.load), replacement \($0.replacement.map { "\($0.kind)" } ?? "none"), held \($0.held.count)" }) (plans \(plans))"
            }
            for (s, section) in collection.elements.sections.enumerated() {
                for (i, element) in section.items.enumerated() {
                    guard let cell = element.node as? StressCell,
                          let frame = collection.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: i, section: s))?.frame else {
                        return "item \(i) of section \(s) has no stress cell or no layout attributes (plans \(plans))"
                    }
                    if frame.height != cell.height || frame.width != collection.bounds.width {
                        return "item \(i) of section \(s) is laid out at \(frame), its cell is \(collection.bounds.width)×\(cell.height) (plans \(plans))"
                    }
                }
            }
            return nil
        }
    }

    private static func perform(_ operation: Operation, on node: ASCollectionNode, source: StressSource, width: CGFloat, offset: CGFloat) {
        // Handed to the main actor (this thread waits) and to finish blocks on the editing queue,
        // on purpose: the node guards its own state.
        nonisolated(unsafe) let node = node
        switch operation {
        case .edit:
            MainActorBridge.run { source.edit(node) }
        case .relayout:
            node.relayoutItems()
        case .widthChange:
            node.frame = CGRect(x: 0, y: 0, width: width, height: 30)
            try? node.loadDataIfNeeded()
        case .frame:
            _ = try? node.snapshot(at: CGPoint(x: 0, y: offset), scale: 1)
        case .cellRelayout:
            guard let cell = node.elements.allocatedNodes.compactMap({ $0 as? StressCell }).first else { return }
            cell.expanded.withLock { $0.toggle() }
            cell.setNeedsLayout()
        case .reload:
            MainActorBridge.run { source.replaceModel(node) }
        case .finishBlock:
            source.finishBlocks.withLock { $0.added += 1 }
            node.onDidFinishProcessingUpdates {
                source.finishBlocks.withLock { $0.ran += 1 }
                node.waitUntilAllUpdatesAreProcessed()
                MainActorBridge.run { source.edit(node) }
            }
        case .wait:
            node.waitUntilAllUpdatesAreProcessed()
        }
    }

    /// Waits for `group` off the cooperative pool's threads, at most `stallLimit`.
    private static func wait(for group: DispatchGroup) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: group.wait(timeout: .now() + stallLimit) == .success) }
        }
    }
}
