import Dispatch
import Foundation
import Synchronization

/// Measures the items just past the last one a frame showed, on a background queue between
/// frames: Weft's own, for long lists measured lazily (see `ASCollectionNode.lazyMeasurementThreshold`).
/// A scroll then finds the sizes its next frames need already measured, while the first frame
/// still costs only what it shows. Texture measures every item up front instead.
///
/// Pixels do not depend on it: a size is the same whoever measures it, and a frame that gets
/// ahead of the measuring measures what it needs itself (waiting for an item being measured here).
/// It asks the data source quietly (`ElementResolver.resolve(_:quietly:)`): an item it cannot
/// describe stays for the frame that needs it to report. The nodes it makes are kept, as Texture
/// keeps the nodes it measured: at most `ASCollectionNode.backgroundMeasurementLimit` more. With
/// `releasesNodesOutsidePreloadRange` they are kept only until the frames reach them (the range
/// controller then gives them up as they leave the ranges, like any node) or pass them without
/// reaching them (a jump), and at most the limit of them: the frame that shows one does not make
/// and lay out its node a second time, which made node release cost about a tenth more CPU time.
///
/// A reload or relayout cancels the job, and the data source is asked only while the job is
/// current and no load is under way (checked on the main actor), so it is never asked about a
/// model being replaced.
///
/// Thread safety: `schedule`, `cancel` and `waitUntilIdle` are called from the collection's
/// thread; the measuring runs on `queue`, one serial utility queue for every collection, so it
/// takes at most one core from rendering. The generation is behind its mutex; a job holds the map
/// it was given and the collection only weakly, and stops at the next chunk once superseded or
/// once the collection is gone. `keptAhead` is behind its own mutex: jobs append to it, and the
/// collection's thread takes it whole in `schedule`, between frames, the only place nodes in it
/// are given up (so never while the range controller, on that thread, places them).
final class BackgroundMeasurement: Sendable {
    private static let queue = DispatchQueue(label: "weft.collection.background-measurement", qos: .utility)
    /// Items resolved and measured per step: one visit to the main actor each.
    static let chunk = 16

    private let generation = Mutex(0)
    private let running = DispatchGroup()
    /// With node release: the elements whose nodes a job made, oldest first, until the frames
    /// reach or pass them.
    private let keptAhead = Mutex<[ASCollectionElement]>([])

    /// Measures up to `count` items of `map` after `last` (in section, item order), unless a
    /// later call supersedes this one, and stops once the items measured add up to `extent`
    /// points along the scroll (`vertical`: their heights, else their widths).
    func schedule(map: ASElementMap, after last: IndexPath, count: Int, extent: CGFloat = .infinity, vertical: Bool = true,
                  releasing: Bool, collection: ASCollectionNode) {
        let mine = generation.withLock { value -> Int in value += 1; return value }
        if releasing { releaseKeptNodes(map: map, after: last, keeping: count) }
        guard count > 0, last.count == 2 else { return }
        let owner = WeakCollectionNode(collection)
        let job = Job(map: map, after: last, count: count)
        running.enter()
        Self.queue.async { [self, running] in
            defer { running.leave() }
            let isCurrent: @Sendable () -> Bool = { self.generation.withLock { $0 } == mine && owner.value != nil }
            var pending = job
            var measured: CGFloat = 0
            while isCurrent(), let elements = pending.next(Self.chunk) {
                let unmeasured = elements.filter { !$0.isMeasured }
                if !unmeasured.isEmpty {
                    ElementResolution.resolve(unmeasured, quietly: true, stillWanted: isCurrent)
                    guard isCurrent() else { return }
                    let serial = unmeasured.filter(\.serialCreation), concurrent = unmeasured.filter { !$0.serialCreation }
                    var made: [ASCollectionElement] = []
                    if !serial.isEmpty {
                        made += ElementAllocation.onNodeCreationThread(serial: true) { serial.filter { $0.measureAhead() } } ?? []
                    }
                    made += ElementAllocation.asNodeCreationThread { concurrent.filter { $0.measureAhead() } }
                    if releasing, !made.isEmpty { keptAhead.withLock { $0 += made } }
                }
                measured += elements.reduce(0) { sum, element in
                    guard let size = element.knownSize else { return sum }
                    return sum + (vertical ? size.height : size.width)
                }
                if measured >= extent { return }
            }
        }
    }

    /// Gives up the nodes measuring ahead made that the frames did not take into their ranges (a
    /// node with any interface state is the range controller's, which gives it up as it leaves the
    /// ranges): those at or before `last`, the last item shown, which the frames passed; those no
    /// longer in `map` (a reload or an edit replaced them); and, oldest first, all but `count`.
    private func releaseKeptNodes(map: ASElementMap, after last: IndexPath, keeping count: Int) {
        let kept = keptAhead.withLock { list -> [ASCollectionElement] in defer { list = [] }; return list }
        guard !kept.isEmpty else { return }
        var ahead: [ASCollectionElement] = [], passed: [ASCollectionElement] = []
        for element in kept {
            // Given up already, or taken into the ranges: no longer this list's.
            guard let node = element.allocatedNode, node.interfaceState == [] else { continue }
            let path = element.indexPath
            let current = map.element(at: path) === element
            if current && last.count == 2 && path > last { ahead.append(element) } else { passed.append(element) }
        }
        let excess = max(0, ahead.count - count)
        passed += ahead.prefix(excess)
        for element in passed { _ = element.releaseNode() }
        keptAhead.withLock { $0.insert(contentsOf: ahead.dropFirst(excess), at: 0) }
    }

    /// Stops the running job at its next chunk.
    func cancel() {
        generation.withLock { $0 += 1 }
    }

    /// Blocks until no job runs, serving the main actor meanwhile when called on it (a job asks
    /// the data source there). For tests and benchmarks; returns false after `timeout` seconds.
    @discardableResult
    func waitUntilIdle(timeout: TimeInterval = 60) -> Bool {
        BlockingWait.forGroup(running, "measuring ahead (BackgroundMeasurement.waitUntilIdle)", limit: timeout)
    }

    /// The items (never supplementary elements) after a position in a map, handed out a chunk at a time.
    private struct Job: Sendable {
        let map: ASElementMap
        var section: Int
        var item: Int
        var remaining: Int

        init(map: ASElementMap, after last: IndexPath, count: Int) {
            self.map = map
            section = last.section
            item = last.item + 1
            remaining = count
        }

        mutating func next(_ limit: Int) -> [ASCollectionElement]? {
            var result: [ASCollectionElement] = []
            while remaining > 0, result.count < limit, map.sections.indices.contains(section) {
                let items = map.sections[section].items
                guard item < items.count else { section += 1; item = 0; continue }
                let end = min(items.count, item + min(limit - result.count, remaining))
                result += items[item..<end]
                remaining -= end - item
                item = end
            }
            return result.isEmpty ? nil : result
        }
    }
}
