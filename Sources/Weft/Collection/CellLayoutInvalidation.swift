import Synchronization

/// Counts `invalidateCalculatedLayout()` calls on cell nodes that a collection has measured, so a
/// frame looks for cells to measure again (`relayoutInvalidatedCells()`) only when one may need
/// it, instead of visiting every element of a long list each frame. One count for the process:
/// a cell of another collection only costs this one a look. Thread-safe (atomic).
enum CellLayoutInvalidation {
    private static let count = Atomic<Int>(0)

    static var current: Int { count.load(ordering: .acquiring) }

    static func note() { count.add(1, ordering: .releasing) }
}
