import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Weft

/// A node that counts how often it is drawn and can hold its drawing until released.
final class CountingNode: ASDisplayNode, @unchecked Sendable {
    let draws = Atomic<Int>(0)
    override func drawParameters() -> (any Sendable)? { Counter(node: self) }
    struct Counter: Sendable { let node: CountingNode }
    override class func draw(_ bounds: CGRect, withParameters parameters: (any Sendable)?, isCancelled: () -> Bool, in context: GraphicsContext) {
        (parameters as? Counter)?.node.draws.add(1, ordering: .relaxed)
        context.fill(bounds, with: .systemGreen)
    }
}

@Suite struct DisplayQueueTests {
    /// A one-thread queue whose only worker is parked until `release` is signalled.
    static func blockedQueue() -> (DisplayQueue, DispatchSemaphore) {
        let queue = DisplayQueue(width: 1)
        let release = DispatchSemaphore(value: 0)
        queue.enqueue { release.wait() }
        return (queue, release)
    }

    /// A node and its parent, both displaying on `queue` (so `waitUntilIdle` covers both).
    static func pendingNode(on queue: DisplayQueue) -> (CountingNode, ASDisplayNode) {
        let parent = ASDisplayNode()
        parent.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        parent.displayQueue = queue
        let node = CountingNode()
        node.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        node.displayQueue = queue
        parent.addSubnode(node)
        parent.recursivelySetInterfaceState(.inHierarchy)
        return (node, parent)
    }

    @Test func thousandCellsOnTheDisplayQueueMatchSerialRendering() throws {
        let count = 1000
        let asyncCells = (0..<count).map { ShowcaseFixtures.card(index: $0) }
        for cell in asyncCells {
            cell.setNeedsDisplayAtScale(2)
            cell.recursivelySetInterfaceState(.display)
        }
        DisplayQueue.shared.waitUntilIdle()
        var drawnAsync = 0
        for cell in asyncCells {
            for node in cell.subnodes where node.contents != nil { drawnAsync += 1 }
        }
        #expect(drawnAsync == count * 3, "every avatar and text node committed a backing store on the display queue")

        for index in 0..<count {
            let serial = ShowcaseFixtures.card(index: index)
            for node in [serial] + serial.subnodes { node.displaysAsynchronously = false }
            let expected = try serial.renderBitmap(scale: 2)
            let actual = try asyncCells[index].renderBitmap(scale: 2)
            #expect(actual.hasSamePixels(as: expected), "cell \(index)")
            if !actual.hasSamePixels(as: expected) { break }
        }
    }

    @Test func removedNodeNeverCommitsStaleWork() {
        let (queue, release) = Self.blockedQueue()
        let (node, parent) = Self.pendingNode(on: queue)
        // Held until the removal: a parent already freed would leave nothing to remove from.
        withExtendedLifetime(parent) { node.removeFromSupernode() }
        release.signal()
        queue.waitUntilIdle()
        #expect(node.contents == nil)
        #expect(node.draws.load(ordering: .relaxed) == 0)
    }

    @Test func suspendedDisplayIsCancelledAndResumes() {
        let (queue, release) = Self.blockedQueue()
        let (node, _) = Self.pendingNode(on: queue)
        node.isDisplaySuspended = true
        release.signal()
        queue.waitUntilIdle()
        #expect(node.contents == nil && node.draws.load(ordering: .relaxed) == 0)
        node.isDisplaySuspended = false
        queue.waitUntilIdle()
        #expect(node.contents != nil && node.draws.load(ordering: .relaxed) == 1)
    }

    @Test func newerContentsSupersedeQueuedWork() {
        let (queue, release) = Self.blockedQueue()
        let (node, _) = Self.pendingNode(on: queue)
        node.setNeedsDisplay()
        node.setNeedsDisplay()
        release.signal()
        queue.waitUntilIdle()
        #expect(node.draws.load(ordering: .relaxed) == 1, "only the newest of three queued displays draws")
        #expect(node.contents != nil)
    }

    @Test func leavingDisplayStateDropsTheBackingStore() {
        let queue = DisplayQueue(width: 1)
        let (node, parent) = Self.pendingNode(on: queue)
        queue.waitUntilIdle()
        #expect(node.contents?.pixelWidth == Int(10 * node.contentsScaleForDisplay))
        parent.recursivelySetInterfaceState([])
        #expect(node.contents == nil)
    }

    /// A finished job held its node (and so its backing store) in the queue's job list, and a
    /// node holds its queue: a node on a queue of its own was never freed, nor was the queue.
    @Test func aNodeIsFreedOnceItsDisplayJobHasRun() {
        weak var drawn: CountingNode?
        do {
            let queue = DisplayQueue(width: 1)
            let (node, parent) = Self.pendingNode(on: queue)
            queue.waitUntilIdle()
            #expect(node.contents != nil)
            parent.recursivelySetInterfaceState([])
            drawn = node
        }
        #expect(drawn == nil, "the node outlived its tree: something still holds it after its display ran")
    }

    /// The same for a display cancelled before it ran: the node left the tree while its job waited.
    @Test func aNodeIsFreedAfterItsQueuedDisplayIsCancelled() {
        weak var cancelled: CountingNode?
        let (queue, release) = Self.blockedQueue()
        do {
            let (node, _) = Self.pendingNode(on: queue)
            node.removeFromSupernode()
            cancelled = node
        }
        release.signal()
        queue.waitUntilIdle()
        #expect(cancelled == nil, "a cancelled display kept its node alive")
    }

    @Test func synchronousEnsureDrawsNow() {
        let node = CountingNode()
        node.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        node.setNeedsDisplayAtScale(3)
        node.recursivelyEnsureDisplaySynchronously(true)
        #expect(node.contents?.pixelWidth == 24 && node.draws.load(ordering: .relaxed) == 1)
        node.recursivelyEnsureDisplaySynchronously(true)
        #expect(node.draws.load(ordering: .relaxed) == 1, "current contents are not drawn again")
    }

    @Test func nonAsynchronousNodesDisplayInline() {
        let node = CountingNode()
        node.displaysAsynchronously = false
        node.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        node.recursivelySetInterfaceState(.display)
        #expect(node.contents != nil)
    }

    @Test func queueWidthDoesNotChangePixels() throws {
        func render(width: Int) throws -> [Bitmap] {
            let queue = DisplayQueue(width: width)
            let cells = (0..<40).map { ShowcaseFixtures.card(index: $0) }
            for cell in cells {
                for node in [cell] + cell.subnodes { node.displayQueue = queue; node.setNeedsDisplayAtScale(2) }
                cell.recursivelySetInterfaceState(.display)
            }
            queue.waitUntilIdle()
            return try cells.map { try $0.renderBitmap(scale: 2) }
        }
        let one = try render(width: 1), many = try render(width: ProcessInfo.processInfo.activeProcessorCount * 2)
        for (a, b) in zip(one, many) { #expect(a.hasSamePixels(as: b)) }
    }
}
