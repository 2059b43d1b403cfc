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
/// describe stays for the frame that needs it to report. With `releasesNodesOutsidePreloadRange`
/// the nodes it makes keep only their sizes, so it holds no node; otherwise at most
/// `ASCollectionNode.backgroundMeasurementLimit` more nodes are kept, as Texture keeps the nodes
/// it measured.
///
/// A reload or relayout cancels the job, and the data source is asked only while the job is
/// current and no load is under way (checked on the main actor), so it is never asked about a
/// model being replaced.
///
/// Thread safety: `schedule`, `cancel` and `waitUntilIdle` are called from the collection's
/// thread; the measuring runs on `queue`, one serial utility queue for every collection, so it
/// takes at most one core from rendering. The generation is behind its mutex; a job holds the map
/// it was given and the collection only weakly, and stops at the next chunk once superseded or
/// once the collection is gone.
final class BackgroundMeasurement: Sendable {
    private static let queue = DispatchQueue(label: "weft.collection.background-measurement", qos: .utility)
    /// Items resolved and measured per step: one visit to the main actor each.
    static let chunk = 16

    private let generation = Mutex(0)
    private let running = DispatchGroup()

    /// Measures up to `count` items of `map` after `last` (in section, item order), unless a
    /// later call supersedes this one.
    func schedule(map: ASElementMap, after last: IndexPath, count: Int, releasing: Bool, collection: ASCollectionNode) {
        let mine = generation.withLock { value -> Int in value += 1; return value }
        guard count > 0, last.count == 2 else { return }
        let owner = WeakCollectionNode(collection)
        let job = Job(map: map, after: last, count: count)
        running.enter()
        Self.queue.async { [self, running] in
            defer { running.leave() }
            let isCurrent: @Sendable () -> Bool = { self.generation.withLock { $0 } == mine && owner.value != nil }
            var pending = job
            while isCurrent(), let elements = pending.next(Self.chunk) {
                let unmeasured = elements.filter { !$0.isMeasured }
                guard !unmeasured.isEmpty else { continue }
                ElementResolution.resolve(unmeasured, quietly: true, stillWanted: isCurrent)
                guard isCurrent() else { return }
                let serial = unmeasured.filter(\.serialCreation), concurrent = unmeasured.filter { !$0.serialCreation }
                if !serial.isEmpty {
                    _ = ElementAllocation.onNodeCreationThread(serial: true) { for element in serial { element.measureAhead(releasing: releasing) } }
                }
                ElementAllocation.asNodeCreationThread {
                    for element in concurrent { element.measureAhead(releasing: releasing) }
                }
            }
        }
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
