import Foundation
import Synchronization

/// Which map generations of a collection came from a batch that animates: a frame sequence
/// animates the change between two frames only when every generation in between did (a load, a
/// relayout, a non-animated batch or one applied as a reload shows at once).
///
/// Thread safety: written on the editing queue as batches are applied, read by the thread that
/// renders frames; the entries are behind a mutex. Keeps at least the last `capacity` generations.
final class UpdateAnimationLog: Sendable {
    private let entries = Mutex<[Int: Bool]>([:])
    static let capacity = 4_096

    /// Notes that the batch that made `generation` animates, or not.
    func note(generation: Int, animated: Bool) {
        entries.withLock { e in
            e[generation] = animated
            // Pruned in halves, so a long-lived collection pays for it once every `capacity` batches.
            if e.count > 2 * Self.capacity {
                let cutoff = generation - Self.capacity
                e = e.filter { $0.key > cutoff }
            }
        }
    }

    /// Whether every generation after `old` up to `new` came from an animated batch.
    func animates(from old: Int, to new: Int) -> Bool {
        guard new > old, new - old <= Self.capacity else { return false }
        return entries.withLock { e in ((old + 1)...new).allSatisfy { e[$0] == true } }
    }
}
