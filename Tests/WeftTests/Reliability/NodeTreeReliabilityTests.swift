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

/// Node trees under concurrent edits, deep nesting and stale display work (issue 7).
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
        let pairs = (0..<rounds).map { _ -> (ASDisplayNode, ASDisplayNode) in
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
