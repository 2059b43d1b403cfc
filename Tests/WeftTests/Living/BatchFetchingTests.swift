import Foundation
import Synchronization
import Testing
@testable import Weft

/// A feed of 10-point rows that fetches pages of 10 rows as its end comes near, up to `pages`.
final class FetchingFeed: ASCollectionDataSource, ASCollectionDelegate, @unchecked Sendable {
    // SAFETY: `count` is written by the fetch while the driving thread waits for it (a frame waits
    // for a fetch begun before it), and read otherwise; `fetchesOnMainActor` is a mutex.
    var count = 10
    let pages: Int
    /// For each fetch, whether it was asked on the main actor.
    let fetchesOnMainActor = Mutex<[Bool]>([])
    init(pages: Int) { self.pages = pages }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { count }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let page = indexPath.item / 10
        return {
            let cell = ASCellNode()
            cell.style.preferredSize = CGSize(width: 40, height: 10)
            // Each page its own grey, so the frames show which pages arrived.
            cell.backgroundColor = UIColor(white: CGFloat(page + 1) / CGFloat(8), alpha: 1)
            return cell
        }
    }
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(exactly: CGSize(width: 40, height: 10))
    }
    func shouldBatchFetch(for collectionNode: ASCollectionNode) -> Bool { count < pages * 10 }
    func collectionNode(_ collectionNode: ASCollectionNode, willBeginBatchFetchWith context: ASBatchContext) {
        fetchesOnMainActor.withLock { $0.append(MainActorBridge.isOnMainActor) }
        let old = count
        count += 10
        collectionNode.insertItems(at: (old..<count).map { IndexPath(item: $0, section: 0) })
        context.completeBatchFetching(true)
    }
}

/// A delegate that does not fetch: only the defaults.
final class NonFetchingDelegate: ASCollectionDelegate {}

@MainActor @Suite struct BatchFetchingTests {
    private func feed(_ source: FetchingFeed) -> ASCollectionNode {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        let node = ASCollectionNode(collectionViewLayout: layout)
        node.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        node.dataSource = source
        node.delegate = source
        return node
    }

    private func rule(fetching: Bool = false, leading: CGFloat = 2, viewport: CGSize = CGSize(width: 40, height: 40),
                      content: CGFloat = 400, offset: CGFloat = 0, towardHead: Bool = false) -> Bool {
        let context = ASBatchContext()
        if fetching { context.beginBatchFetching() }
        return ASDisplayShouldFetchBatchForContext(context, towardHead ? .up : .down, .verticalDirections, CGRect(origin: .zero, size: viewport),
                                                   CGSize(width: 40, height: content), CGPoint(x: 0, y: offset), leading, true, false, .zero, false, nil)
    }

    @Test func texturesDecisionRule() {
        #expect(!rule(fetching: true, content: 10))
        #expect(!rule(leading: 0, content: 10))
        #expect(!rule(leading: -1, content: 10))
        #expect(!rule(viewport: .zero, content: 10))
        #expect(rule(content: 39, towardHead: true))          // shorter than the viewport
        #expect(!rule(content: 400, offset: 300, towardHead: true))
        // 400 − 40 − offset ≤ 40 × 2 ⇔ offset ≥ 280.
        #expect(!rule(content: 400, offset: 279))
        #expect(rule(content: 400, offset: 280))
        #expect(rule(leading: 0.5, content: 400, offset: 340))
        #expect(!rule(leading: 0.5, content: 400, offset: 339))
    }

    @Test func theContextFollowsTexturesStates() {
        let context = ASBatchContext()
        #expect(!context.isFetching())
        context.beginBatchFetching()
        #expect(context.isFetching())
        context.completeBatchFetching(false)
        #expect(context.isFetching())
        context.completeBatchFetching(true)
        #expect(!context.isFetching())
        context.beginBatchFetching()
        context.cancelBatchFetching()
        #expect(!context.isFetching() && context.batchFetchingWasCancelled())
        #expect(ASCollectionNode().leadingScreensForBatching == 2)
    }

    @Test func aFeedFetchesPagesAsItsEndComesNearAndTheFramesShowThem() throws {
        func render() throws -> (frames: [Bitmap], source: FetchingFeed, count: Int) {
            let source = FetchingFeed(pages: 5)
            let node = feed(source)
            let frames = try stride(from: CGFloat(0), through: 400, by: 20).map { offset in
                try node.snapshot(at: CGPoint(x: 0, y: offset), scale: 1)
            }
            node.waitForBatchFetch()
            return (frames, source, node.numberOfItems(inSection: 0))
        }
        func grey(_ page: Int) throws -> UInt32? {
            try Bitmap(size: CGSize(width: 1, height: 1), scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 1, height: 1), with: UIColor(white: CGFloat(page + 1) / 8, alpha: 1)) }
                .pixel(x: 0, y: 0)
        }
        let first = try render()
        // 10 rows (100 pt) in a 40-point viewport: the first frame is within 2 screens of the end
        // (100 − 40 − 0 ≤ 80), so it begins a fetch; the next frame waits for it, and so on.
        #expect(first.count == 50)
        #expect(first.source.fetchesOnMainActor.withLock { $0 } == [true, true, true, true])
        // Frames past the first page show the fetched pages, each in its own grey.
        for (frame, page) in [(5, 1), (10, 2), (15, 3), (20, 4)] {
            #expect(first.frames[frame].pixel(x: 20, y: 5) == (try grey(page)), "frame \(frame)")
        }
        // The same sequence gives the same pixels, however the fetches were scheduled.
        let second = try render()
        for (index, (a, b)) in zip(first.frames, second.frames).enumerated() {
            #expect((0..<a.pixelHeight).allSatisfy { y in (0..<a.pixelWidth).allSatisfy { x in a.pixel(x: x, y: y) == b.pixel(x: x, y: y) } },
                    "frame \(index): \((0..<4).map { a.pixel(x: 20, y: $0 * 10 + 5) }) vs \((0..<4).map { b.pixel(x: 20, y: $0 * 10 + 5) })")
        }
    }

    @Test func aDelegateWithoutWillBeginBatchFetchNeverFetches() throws {
        let source = FetchingFeed(pages: 1)
        let delegate = NonFetchingDelegate()
        let node = feed(source)
        node.delegate = delegate
        _ = try node.snapshot(at: .zero, scale: 1)
        _ = try node.snapshot(at: CGPoint(x: 0, y: 60), scale: 1)
        #expect(!node.batchContext.isFetching())
        #expect(node.settings[\.delegateWithoutBatchFetching] == ObjectIdentifier(delegate))
        #expect(node.numberOfItems(inSection: 0) == 10)
    }

    @Test func noFetchWhenShouldBatchFetchSaysNoOrLeadingScreensIsZero() throws {
        let done = FetchingFeed(pages: 1)
        let node = feed(done)
        _ = try node.snapshot(at: CGPoint(x: 0, y: 60), scale: 1)
        #expect(!node.batchContext.isFetching() && done.fetchesOnMainActor.withLock { $0.isEmpty })
        let more = FetchingFeed(pages: 5)
        let other = feed(more)
        other.leadingScreensForBatching = 0
        _ = try other.snapshot(at: CGPoint(x: 0, y: 60), scale: 1)
        _ = try other.snapshot(at: CGPoint(x: 0, y: 60), scale: 1)
        #expect(more.fetchesOnMainActor.withLock { $0.isEmpty })
    }

    @Test func texturesRuleDefersToItsDelegateWhenScrollingTowardTheTail() {
        let delegate = RecordingBatchFetchingDelegate { _, _ in false }
        let context = ASBatchContext()
        let bounds = CGRect(x: 0, y: 0, width: 40, height: 40), content = CGSize(width: 40, height: 400)
        // 400 − 40 − 100 = 260 points left at 2 points a millisecond: 0.13 s; the rule says no (> 80).
        #expect(!ASDisplayShouldFetchBatchForContext(context, .down, .verticalDirections, bounds, content, CGPoint(x: 0, y: 100), 2, true, false,
                                                     CGPoint(x: 0, y: 2), false, delegate))
        let asked = delegate.calls.withLock { $0 }
        #expect(asked.count == 1 && abs(asked[0].remainingTime - 0.13) < 1e-9 && asked[0].hint == false)
        // No velocity along the axis (or no delegate): the rule alone decides.
        #expect(ASDisplayShouldFetchBatchForContext(context, .down, .verticalDirections, bounds, content, CGPoint(x: 0, y: 300), 2, true, false,
                                                    CGPoint(x: 5, y: 0), false, delegate))
        #expect(delegate.calls.withLock { $0.count } == 1)
        // The delegate's answer wins over the hint either way.
        let eager = RecordingBatchFetchingDelegate { _, _ in true }
        #expect(ASDisplayShouldFetchBatchForContext(context, .down, .verticalDirections, bounds, content, CGPoint(x: 0, y: 100), 2, true, false,
                                                    CGPoint(x: 0, y: 2), false, eager))
        #expect(ASScrollDirectionContainsVerticalDirection(.up) && !ASScrollDirectionContainsVerticalDirection(.left))
        #expect(ASScrollDirectionContainsHorizontalDirection([.left, .down]) && !ASScrollDirectionContainsHorizontalDirection(ASScrollDirectionNone))
    }

    @Test func aFrameSequenceAsksTheBatchFetchingDelegateWithTheTimeLeft() throws {
        let source = FetchingFeed(pages: 5)
        let node = feed(source)
        // The rule alone would not fetch in these frames: 20 points or less must be left.
        node.leadingScreensForBatching = 0.5
        let delegate = RecordingBatchFetchingDelegate { remainingTime, _ in remainingTime < 0.05 }
        node.batchFetchingDelegate = delegate
        #expect(node.batchFetchingDelegate === delegate)
        // 20 points a frame at 60 frames a second: 1.2 points a millisecond.
        let sequence = try FrameSequence(validating: (0...3).map { CGPoint(x: 0, y: CGFloat($0) * 20) })
        try node.renderFrames(sequence, scale: 1) { _, _ in }
        node.waitForBatchFetch()
        // Frame 0 does not move (no velocity, the rule says no). Frame 1: 100 − 40 − 20 = 40 points
        // left, 0.033 s: the delegate fetches a page. Frames 2 and 3: 120 and 100 of 200 left.
        let asked = delegate.calls.withLock { $0 }
        #expect(asked.map(\.hint) == [false, false, false])
        let expectedTimes: [TimeInterval] = [40.0 / 1200, 120.0 / 1200, 100.0 / 1200]
        let times = asked.map(\.remainingTime)
        #expect(times.count == expectedTimes.count && zip(times, expectedTimes).allSatisfy { abs($0 - $1) < 1e-6 }, "\(asked)")
        #expect(source.fetchesOnMainActor.withLock { $0 } == [true])
        #expect(node.numberOfItems(inSection: 0) == 20)
    }
}

/// Records what it is asked, on whichever thread, and answers with `answer`.
final class RecordingBatchFetchingDelegate: ASBatchFetchingDelegate, Sendable {
    let calls = Mutex<[(remainingTime: TimeInterval, hint: Bool)]>([])
    let answer: @Sendable (TimeInterval, Bool) -> Bool
    init(answer: @escaping @Sendable (TimeInterval, Bool) -> Bool) { self.answer = answer }

    func shouldFetchBatch(withRemainingTime remainingTime: TimeInterval, hint: Bool) -> Bool {
        calls.withLock { $0.append((remainingTime, hint)) }
        return answer(remainingTime, hint)
    }
}
