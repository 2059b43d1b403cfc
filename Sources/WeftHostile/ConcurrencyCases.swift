import Dispatch
import Foundation
import Synchronization
import Weft

/// Many threads at one tree, as a careless app would.
enum ConcurrencyCases {
    static let all: [HostileCase] = [
        HostileCase(category: .concurrency, name: "concurrent-add-subnode-never-forms-a-cycle") {
            for _ in 0..<2_000 {
                // Shared with the threads on purpose: nodes guard their own state (not Sendable
                // only so that subclasses need not say so).
                nonisolated(unsafe) let a = Fixture.box(CGSize(width: 10, height: 10), name: "a")
                nonisolated(unsafe) let b = Fixture.box(CGSize(width: 10, height: 10), name: "b")
                DispatchQueue.concurrentPerform(iterations: 2) { i in
                    if i == 0 { a.addSubnode(b) } else { b.addSubnode(a) }
                }
                try Expect.that(!(a.supernode === b && b.supernode === a), "a and b became each other's subnodes")
            }
        },
        HostileCase(category: .concurrency, name: "concurrent-stack-layout") {
            let children = (0..<24).map { i -> ASDisplayNode in
                let child = Fixture.box(CGSize(width: 10, height: 10), name: "child \(i)")
                child.style.preferredSize = CGSize(width: 5 + i % 7, height: 8)
                child.style.flexShrink = 1
                return child
            }
            let stack = ASStackLayoutSpec.horizontal()
            stack.isConcurrent = true
            stack.children = children
            let serial = ASStackLayoutSpec.horizontal()
            serial.children = children
            let expected = serial.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 150, height: 50))).recursiveDescription
            for _ in 0..<200 {
                let layout = stack.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 150, height: 50)))
                try Expect.that(layout.recursiveDescription == expected, "a concurrent stack differs from the serial one")
            }
        },
        HostileCase(category: .concurrency, name: "mutation-while-rendering") {
            // Shared with the mutator on purpose: nodes guard their own state.
            nonisolated(unsafe) let root = Fixture.box(CGSize(width: 100, height: 100), name: "busy root")
            nonisolated(unsafe) let text = Fixture.text("changing")
            root.addSubnode(text)
            let stop = Atomic(false)
            let mutator = Thread {
                var i = 0
                while !stop.load(ordering: .relaxed) {
                    i += 1
                    text.attributedText = NSAttributedString(string: "text \(i)", attributes: [.font: UIFont.systemFont(ofSize: CGFloat(10 + i % 20))])
                    root.backgroundColor = i % 2 == 0 ? .systemRed : .systemBlue
                    text.frame = CGRect(x: CGFloat(i % 30), y: 0, width: 60, height: 30)
                    if i % 50 == 0 { let extra = Fixture.box(CGSize(width: 5, height: 5)); root.addSubnode(extra); extra.removeFromSupernode() }
                }
            }
            mutator.start()
            defer { stop.store(true, ordering: .relaxed) }
            for _ in 0..<300 { try Expect.decodablePNG(try root.renderPNG(scale: 1), "a render during mutation") }
        },
        HostileCase(category: .concurrency, name: "display-storm") {
            let queue = DisplayQueue(width: 2)
            // Shared with the threads on purpose: nodes guard their own state.
            nonisolated(unsafe) let nodes = (0..<50).map { i -> ASDisplayNode in
                let node = ASDisplayNode { bounds, context, _ in context.fill(bounds, with: .systemPink) }
                node.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
                node.displayQueue = queue
                node.debugName = "storm \(i)"
                return node
            }
            for node in nodes { node.recursivelySetInterfaceState([.preload, .display]) }
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<200 { for node in nodes { node.setNeedsDisplay() } }
            }
            queue.waitUntilIdle()
            for node in nodes { try Expect.that(node.contents != nil, "\(node) has no contents after the storm") }
        },
        HostileCase(category: .concurrency, name: "two-collections-snapshot-at-once") {
            let first = ScriptedCollection(), second = ScriptedCollection()
            let failures = Mutex<[String]>([])
            // Both render off the main thread, which keeps serving the main actor meanwhile (data
            // sources are asked there and cells load there), as an app's main run loop would.
            let group = DispatchGroup()
            for collection in [first, second] {
                DispatchQueue.global().async(group: group) {
                    for offset in stride(from: 0, to: 200, by: 20) {
                        do { _ = try collection.node.snapshot(at: CGPoint(x: 0, y: offset), scale: 1) } catch {
                            failures.withLock { $0.append("\(error)") }
                        }
                    }
                }
            }
            if Thread.isMainThread {
                while group.wait(timeout: .now()) == .timedOut { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.005)) }
            } else {
                group.wait()
            }
            try Expect.that(failures.withLock { $0.isEmpty }, "snapshots failed: \(failures.withLock { $0 })")
        },
        HostileCase(category: .concurrency, name: "node-blocks-run-exactly-once") {
            let runs = Mutex<[Int: Int]>([:])
            let collection = ScriptedCollection { source in
                source.items = { _ in 200 }
                source.block = { path in
                    { runs.withLock { $0[path.item, default: 0] += 1 }; return ASCellNode() }
                }
            }
            try collection.node.loadDataIfNeeded()
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for item in 0..<200 { _ = collection.node.nodeForItem(at: IndexPath(item: item, section: 0)) }
            }
            let twice = runs.withLock { $0.filter { $0.value != 1 } }
            try Expect.that(twice.isEmpty, "node blocks ran more than once: \(twice.sorted { $0.key < $1.key }.prefix(5))")
        },
    ]
}
