import Foundation
import Synchronization
import Testing
@testable import Weft

/// A node whose colour changes while its draw parameters are being captured, as if another thread
/// set it at that moment: the parameters carry the old colour, the node's state the new one.
final class ChangedWhileCapturedNode: ASDisplayNode, @unchecked Sendable {
    // SAFETY: `color` and `changes` are behind the mutex.
    private struct Model { var color = UIColor.red; var changes = 1 }
    private let model = Mutex(Model())
    struct Parameters: Sendable { let color: UIColor }

    var color: UIColor { model.withLock { $0.color } }

    override func drawParameters() -> (any Sendable)? {
        let (captured, change) = model.withLock { m -> (UIColor, Bool) in
            defer { m.changes -= 1 }
            return (m.color, m.changes > 0)
        }
        if change {
            model.withLock { $0.color = .blue }
            setNeedsDisplay()
        }
        return Parameters(color: captured)
    }

    override class func draw(_ bounds: CGRect, withParameters parameters: (any Sendable)?, isCancelled: () -> Bool, in context: GraphicsContext) {
        guard let parameters = parameters as? Parameters else { return }
        context.fill(bounds, with: parameters.color)
    }
}

/// Node trees under concurrent edits, deep nesting and stale display work.
@Suite struct NodeTreeReliabilityTests {
    private static func pixel(of color: UIColor) throws -> UInt32? {
        try Bitmap(size: CGSize(width: 1, height: 1), scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 1, height: 1), with: color) }
            .pixel(x: 0, y: 0)
    }

    @Test func aChangeWhileParametersAreCapturedIsNotCommittedStale() throws {
        // Synchronous display.
        let node = ChangedWhileCapturedNode()
        node.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        node.recursivelyEnsureDisplaySynchronously(true)
        #expect(node.color == .blue)
        #expect(node.contents?.pixel(x: 1, y: 1) == (try Self.pixel(of: .blue)))

        // Display state on a queue: the stale job must not commit after the fresh one.
        let queued = ChangedWhileCapturedNode()
        queued.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        let queue = DisplayQueue(width: 1)
        queued.displayQueue = queue
        queued.recursivelySetInterfaceState(.inHierarchy)
        queue.waitUntilIdle()
        #expect(queued.contents?.pixel(x: 1, y: 1) == (try Self.pixel(of: .blue)))
    }
}

extension NodeTreeReliabilityTests {
    /// Whether following supernodes from `node` comes back to a node already seen.
    private static func hasCycle(from node: ASDisplayNode) -> Bool {
        var seen: Set<ObjectIdentifier> = []
        var current: ASDisplayNode? = node
        while let n = current {
            guard seen.insert(ObjectIdentifier(n)).inserted else { return true }
            current = n.supernode
        }
        return false
    }

    @Test func concurrentCrossingAddsNeverMakeACycle() {
        // Pairs where one thread adds b under a while another adds a under b, both released by a
        // barrier at the same moment. Neither node is a leaf, so the cycle check has to walk.
        let rounds = 20_000
        // Edited by two threads at once, on purpose: nodes guard their own state.
        nonisolated(unsafe) let pairs = (0..<rounds).map { _ -> (ASDisplayNode, ASDisplayNode) in
            let a = ASDisplayNode(), b = ASDisplayNode()
            a.addSubnode(ASDisplayNode())
            b.addSubnode(ASDisplayNode())
            return (a, b)
        }
        let arrived = Atomic(0)
        let done = DispatchGroup()
        for side in 0..<2 {
            done.enter()
            Thread {
                for (round, (a, b)) in pairs.enumerated() {
                    arrived.add(1, ordering: .sequentiallyConsistent)
                    while arrived.load(ordering: .sequentiallyConsistent) < 2 * (round + 1) {}
                    if side == 0 { a.addSubnode(b) } else { b.addSubnode(a) }
                }
                done.leave()
            }.start()
        }
        done.wait()
        var cycles = 0
        for (a, b) in pairs where Self.hasCycle(from: a) || Self.hasCycle(from: b) {
            cycles += 1
            // Break the cycle so the nodes can be freed.
            a.state.withLock { $0.subnodes = [] }
            b.state.withLock { $0.subnodes = [] }
        }
        #expect(cycles == 0, "\(cycles) of \(rounds) crossing adds made a cycle")
    }
}

/// Trees far deeper than `WeftLimits.maximumTreeDepth`, on a thread with a small stack.
@Suite struct DeepTreeReliabilityTests {
    /// Runs `body` on a new thread with a 512 KiB stack (a secondary thread's default on Darwin)
    /// and returns what it returned: a recursion per level would overflow that stack within a few
    /// hundred levels. Expectations are checked by the caller, on the test's own thread.
    static func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<T?>(nil)
        let thread = Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        return result.withLock { $0! }
    }

    static func renderFailure(_ node: ASDisplayNode) -> RenderError? {
        do throws(RenderError) {
            _ = try node.renderBitmap(scale: 1)
            return nil
        } catch {
            return error
        }
    }

    /// A chain `depth` nodes deep, each 10×10 at the origin of its supernode and drawn inline;
    /// with `spec`, each node's spec wraps its subnode. Built from the leaf up, so that setting a
    /// spec block (which invalidates the layouts of all ancestors, as in Texture) costs nothing.
    static func chain(depth: Int, name: String, spec: Bool) -> (root: ASDisplayNode, leaf: ASDisplayNode) {
        func make() -> ASDisplayNode {
            let node = ASDisplayNode()
            node.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            node.displaysAsynchronously = false
            return node
        }
        let leaf = make()
        var top = leaf
        for _ in 1..<depth {
            let parent = make()
            let child = top
            if spec { parent.layoutSpecBlock = { _, _ in ASWrapperLayoutSpec(layoutElement: child) } }
            parent.addSubnode(child)
            top = parent
        }
        top.debugName = name
        return (top, leaf)
    }

    @Test func aChainOf100000NodesIsRefusedWithoutOverflowingTheStack() {
        struct Seen: Sendable {
            var rootDescription = "", leafDescription = "", diagnostics: [WeftDiagnostic] = []
            var leafStateAfterEntering = ASInterfaceState(), current = false, leafStateAfterLeaving = ASInterfaceState()
            var renderError: RenderError?
        }
        let seen = Self.onSmallStack { () -> Seen in
            var seen = Seen()
            let (root, leaf) = Self.chain(depth: 100_000, name: "deep-plain", spec: false)
            seen.rootDescription = root.description
            seen.leafDescription = leaf.description
            seen.diagnostics = WeftDiagnostics.collect(matching: "deep-plain") { root.layoutIfNeeded() }.1
            root.recursivelySetInterfaceState(.inHierarchy)
            seen.leafStateAfterEntering = leaf.interfaceState
            seen.current = root.isDisplayCurrentRecursively(scale: root.contentsScaleForDisplay)
            root.recursivelyEnsureDisplaySynchronously(true)
            seen.renderError = Self.renderFailure(root)
            root.recursivelySetInterfaceState([])
            seen.leafStateAfterLeaving = leaf.interfaceState
            return seen  // the chain is freed here, on the small stack too
        }
        #expect(seen.rootDescription.contains("deep-plain"))
        #expect(seen.leafDescription.contains("ASDisplayNode"))
        #expect(seen.diagnostics.count == 1)
        #expect(seen.diagnostics.first?.message.contains("1001 levels deep") == true)
        #expect(seen.leafStateAfterEntering == .inHierarchy)
        #expect(seen.current)
        #expect(seen.renderError == .treeTooDeep(node: seen.rootDescription, depth: 100_000, limit: WeftLimits.maximumTreeDepth))
        #expect(seen.renderError?.description.contains("100000 nodes deep") == true)
        #expect(seen.leafStateAfterLeaving == [])
    }

    @Test func aChainOf100000NodesWithSpecsLaysOutToTheLimit() {
        let (issues, lines, renderError) = Self.onSmallStack { () -> ([ASLayoutIssue], Int, RenderError?) in
            let (root, _) = Self.chain(depth: 100_000, name: "deep-spec", spec: true)
            let layout = root.layoutThatFits(ASSizeRange(exactly: CGSize(width: 10, height: 10)))
            root.layoutIfNeeded()
            return (layout.issues, layout.recursiveDescription.split(separator: "\n").count, Self.renderFailure(root))
        }
        let limit = WeftLimits.maximumTreeDepth
        #expect(issues == [.tooDeep(element: "ASDisplayNode", depth: limit + 1, limit: limit)])
        // Each node within the limit and its wrapper, then the first node past it, as 0×0.
        #expect(lines == 2 * limit + 1)
        if case .treeTooDeep(_, 100_000, limit)? = renderError {} else { Issue.record("expected treeTooDeep, got \(String(describing: renderError))") }
    }

    @Test func aTreeAtTheDepthLimitRendersOnASmallStack() throws {
        let result = Self.onSmallStack { () -> Result<Bitmap, RenderError> in
            let (root, leaf) = Self.chain(depth: WeftLimits.maximumTreeDepth, name: "at-limit", spec: true)
            leaf.backgroundColor = .red
            return Result { () throws(RenderError) in try root.renderBitmap(scale: 1) }
        }
        let bitmap = try result.get()
        #expect(bitmap.pixelWidth == 10)
        let red = try Bitmap(size: CGSize(width: 1, height: 1), scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 1, height: 1), with: .red) }
        #expect(bitmap.pixel(x: 9, y: 9) == red.pixel(x: 0, y: 0))
    }
}

/// Geometry and appearance that cannot be drawn: repaired as before, but reported, and never a
/// 0-sized picture.
@Suite struct GeometryReliabilityTests {
    private static func node(_ name: String) -> ASDisplayNode {
        let node = ASDisplayNode()
        node.debugName = name
        node.backgroundColor = .red
        return node
    }

    @Test(arguments: [
        CGRect(x: CGFloat.nan, y: 5, width: 10, height: 10),
        CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10),
        CGRect(x: 0, y: 0, width: -10, height: 10),
        CGRect(x: 0, y: 0, width: 10, height: CGFloat.nan),
    ])
    func anUndrawableFrameIsReportedAndRefusedByTheRenderer(frame: CGRect) {
        let name = "bad-frame-\(frame.origin.x)-\(frame.size.width)-\(frame.size.height)"
        let node = Self.node(name)
        let (_, diagnostics) = WeftDiagnostics.collect(matching: name) { node.frame = frame }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.area == .geometry)
        #expect(diagnostics.first?.message.contains("frame set to (\(frame.origin.x), \(frame.origin.y), \(frame.size.width), \(frame.size.height))") == true)
        #expect(node.frame.width.isFinite && node.frame.height.isFinite && node.frame.minX.isFinite)
        if node.bounds.width == 0 || node.bounds.height == 0 {
            #expect(throws: RenderError.emptyBounds(node: node.description, size: node.bounds.size)) { try node.renderPNG(scale: 1) }
        } else {
            #expect(throws: Never.self) { try node.renderPNG(scale: 1) }
        }
    }

    @Test func aZeroSizedNodeIsNotRenderedAsAnEmptyPicture() {
        let node = Self.node("zero-size")
        node.frame = CGRect(x: 0, y: 0, width: 0, height: 20)
        #expect(throws: RenderError.emptyBounds(node: node.description, size: CGSize(width: 0, height: 20))) { try node.renderBitmap(scale: 2) }
        #expect(RenderError.emptyBounds(node: "n", size: CGSize(width: 0, height: 20)).description.contains("0.0×20.0"))
    }

    @Test func badBoundsPositionAndAnchorAreReported() throws {
        let node = Self.node("bad-geometry")
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "bad-geometry") {
            node.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 4)
            node.position = CGPoint(x: CGFloat.infinity, y: 3)
            node.anchorPoint = CGPoint(x: 0.5, y: CGFloat.nan)
            node.frame = CGRect(x: 1, y: 2, width: 3, height: 4)  // fine: not reported
        }
        #expect(diagnostics.map { $0.message.prefix { $0 != " " } } == ["bounds", "position", "anchorPoint"])
        #expect(diagnostics.allSatisfy { $0.area == .geometry })
        try #require(diagnostics.count == 3)
        #expect(diagnostics[1].message.contains("(inf, 3.0)") && diagnostics[1].message.contains("used (0.0, 3.0)"))
        #expect(node.anchorPoint == CGPoint(x: 0.5, y: 0.5))
    }

    @Test func badAppearanceIsReported() throws {
        let node = Self.node("bad-appearance")
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "bad-appearance") {
            node.cornerRadius = .nan
            node.cornerRadius = -3
            node.borderWidth = .infinity
            node.alpha = .nan
            node.alpha = 3  // UIKit clamps silently
            node.contentsScale = .nan
            node.cornerRadius = 4  // fine
        }
        #expect(diagnostics.map { $0.message.prefix { $0 != " " } } == ["cornerRadius", "cornerRadius", "borderWidth", "alpha", "contentsScale"])
        #expect(diagnostics.allSatisfy { $0.area == .appearance })
        try #require(diagnostics.count == 5)
        #expect(diagnostics[1].message.contains("-3.0") && diagnostics[1].message.contains("used 0.0"))
        #expect(node.cornerRadius == 4 && node.borderWidth == 0 && node.alpha == 1 && node.contentsScale.isFinite)
    }
}

/// `waitUntilDisplayed(scale:)` waits for exactly the nodes asked about.
@Suite struct DisplayWaitReliabilityTests {
    /// A value shared with display blocks.
    final class Shared<T: Sendable>: Sendable {
        let value: Mutex<T>
        init(_ value: T) { self.value = Mutex(value) }
        func withLock<R>(_ body: (inout T) -> R) -> R { value.withLock { body(&$0) } }
    }

    /// A node drawn by a display block that counts its draws and can be held in its draw.
    static func countingNode(draws: Shared<Int>, hold: DispatchSemaphore? = nil, started: DispatchSemaphore? = nil,
                             queue: DisplayQueue) -> ASDisplayNode {
        let node = ASDisplayNode(displayBlock: { bounds, context, _ in
            started?.signal()
            hold?.wait()
            draws.withLock { $0 += 1 }
            context.fill(bounds, with: .green)
        })
        node.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        node.setNeedsDisplayAtScale(1)
        node.displayQueue = queue
        return node
    }

    @Test func waitingForANodeDoesNotWaitForUnrelatedWorkAndDrawsItOnce() {
        let queue = DisplayQueue(width: 1)
        let blocker = DispatchSemaphore(value: 0)
        queue.enqueue { blocker.wait() }  // an unrelated slow job, first in line
        let draws = Shared(0)
        let node = Self.countingNode(draws: draws, queue: queue)
        node.recursivelySetInterfaceState(.inHierarchy)  // queues its job behind the slow one
        let start = Date()
        node.waitUntilDisplayed(scale: 1)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(node.isDisplayCurrentRecursively(scale: 1))
        blocker.signal()
        queue.waitUntilIdle()
        // The queued job was taken over, not repeated.
        #expect(draws.withLock { $0 } == 1)
    }

    @Test func aJobRunningOnTheQueueIsWaitedForNotRepeated() {
        let queue = DisplayQueue(width: 2)
        let hold = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let draws = Shared(0)
        let node = Self.countingNode(draws: draws, hold: hold, started: started, queue: queue)
        node.recursivelySetInterfaceState(.inHierarchy)
        started.wait()
        // Released twice, so that a second draw of the node (the fault this test catches) would
        // not hang the test.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { hold.signal(); hold.signal() }
        node.waitUntilDisplayed(scale: 1)
        #expect(node.isDisplayCurrentRecursively(scale: 1))
        queue.waitUntilIdle()
        #expect(draws.withLock { $0 } == 1)
    }

    @Test func aDisplayJobThatWaitsForAnotherNodeDoesNotDeadlockOnANarrowQueue() {
        let queue = DisplayQueue(width: 1)
        let otherDraws = Shared(0)
        // Waited for by the other node's display job: nodes guard their own state.
        nonisolated(unsafe) let other = Self.countingNode(draws: otherDraws, queue: queue)
        let waited = Shared(false)
        let snapshotting = ASDisplayNode(displayBlock: { bounds, context, _ in
            other.waitUntilDisplayed(scale: 1)
            waited.withLock { $0 = other.isDisplayCurrentRecursively(scale: 1) }
            context.fill(bounds, with: .blue)
        })
        snapshotting.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        snapshotting.setNeedsDisplayAtScale(1)
        snapshotting.displayQueue = queue
        snapshotting.recursivelySetInterfaceState(.inHierarchy)  // its job first on the one worker
        other.recursivelySetInterfaceState(.inHierarchy)  // then the other node's, behind it
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            queue.waitUntilIdle()
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + 20) == .success, "display queue deadlocked")
        #expect(waited.withLock { $0 })
        #expect(otherDraws.withLock { $0 } == 1)
    }
}
