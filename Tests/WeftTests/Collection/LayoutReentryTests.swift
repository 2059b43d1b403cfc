import Foundation
import Synchronization
import Testing
@testable import Weft

/// Main-actor work that a wait inside the layout serves must not enter that layout: the thread
/// that lays out is mid-way through a layout step (see `LayoutAccess`).
@MainActor @Suite struct LayoutReentryTests {
    final class Flags: Sendable {
        let armed = Mutex(true)
        let answer = Mutex<Bool?>(nil)
        let alarms = Mutex<[String]>([])
    }

    /// Cell layout modes, and whether the served work also waits for its edit. The default mode
    /// asks the layout whether the content fits (the path that crashed, with or without the
    /// wait); `.alwaysSync` does not ask it, and now goes asynchronous there too.
    nonisolated static let cases: [(mode: ASCellLayoutMode, waits: Bool)] = [
        ([], false), ([], true), (.alwaysSync, false), (.alwaysSync, true), ([.alwaysSync, .serializeNodeCreation], false),
    ]

    /// A deferred list whose node block, made while the main actor lays out a frame, edits the
    /// collection on the main actor (and waits for the edit, in some cases): the frame waits for
    /// the block, serving the main actor, so the edit runs on the frame's own thread, in the middle
    /// of the flow layout's extension. It used to ask the layout whether the content fits from
    /// there, nested in the extension (a Swift exclusivity violation); now the edit is applied
    /// asynchronously, in order, and the next frame shows it.
    @Test(.timeLimit(.minutes(10)), arguments: 0..<5)
    func anEditServedWhileTheFrameWaitsForANodeIsQueuedNotNested(_ index: Int) throws {
        let (mode, waits) = Self.cases[index]
        let source = ModelBoxSource(sections: LazyMeasurementTests.model(sections: 1, items: 5_000))
        let node = LazyMeasurementTests.collection(source, threshold: 0)
        node.cellLayoutMode = mode
        try node.loadDataIfNeeded()
        let editedSource = source
        let weakNode = WeakCollectionNode(node)
        let flags = Flags()
        let observation = WeftDiagnostics.observe { diagnostic in
            if diagnostic.message.contains("still not done after") || diagnostic.message.contains("please report") {
                flags.alarms.withLock { $0.append("\(diagnostic)") }
            }
        }
        defer { observation.cancel() }
        // Past the first screen (made by the load): made by the frame's extension below.
        source.blockHook = { identity in
            guard identity >= 20, flags.armed.withLock({ let was = $0; $0 = false; return was }) else { return }
            MainActorBridge.run {
                guard let node = weakNode.value else { return }
                node.performBatchUpdates({
                    editedSource.sections[0].insert(contentsOf: [90_000, 90_001], at: 0)
                    node.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
                }, completion: { ok in flags.answer.withLock { $0 = ok } })
                if waits { node.waitUntilAllUpdatesAreProcessed() }
            }
        }
        _ = try node.snapshot(at: CGPoint(x: 0, y: 1_200), scale: 1)
        #expect(flags.armed.withLock { $0 } == false, "the edit ran")
        node.waitUntilAllUpdatesAreProcessed()
        _ = try node.snapshot(scale: 1)
        #expect(node.numberOfItems(inSection: 0) == 5_002)
        #expect(node.elements.element(at: IndexPath(item: 0, section: 0))?.node.debugName == "box 90000")
        #expect(node.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 5_001, section: 0)) != nil)
        // The completion runs on the callback queue.
        let deadline = Date(timeIntervalSinceNow: 10)
        while flags.answer.withLock({ $0 }) == nil && Date() < deadline { usleep(1_000) }
        #expect(flags.answer.withLock { $0 } == true)
        #expect(flags.alarms.withLock { $0 }.isEmpty)
    }
}
