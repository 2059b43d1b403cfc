import Foundation

/// Who may use a collection's layout object (`collectionViewLayout`) and the map it is prepared
/// from (`layoutData`) now: one thread at a time, re-entrantly. UIKit's layout belongs to the main
/// thread; here frames, loads, relayouts and edits may come from several threads, so each takes
/// this before it invalidates, prepares or queries the layout.
///
/// Entering waits with `BlockingWait` (serving the main actor when on it: the holder may be
/// waiting for the main actor to answer a data source question). Work that can be left to the
/// next frame (adopting a newer map, noting whether the content fits) uses `tryEntering` and skips
/// when another thread holds it, so a node block of the holder's frame never waits for it.
///
/// Thread safety: `owner` and `depth` are only touched with `condition` locked.
final class LayoutAccess: @unchecked Sendable {
    // SAFETY: see above.
    private let condition = NSCondition()
    private var owner: ObjectIdentifier?
    private var depth = 0

    /// Runs `body` holding the layout, waiting for it if another thread holds it. Past
    /// `BlockingWait`'s limit (reported) `body` runs anyway: a hang is worse than the race.
    func entering<T, E: Error>(_ what: @autoclosure () -> String, _ body: () throws(E) -> T) throws(E) -> T {
        let me = ASDataController.currentThread
        var entered = false
        BlockingWait.on(condition, "\(what()): waiting for another thread's use of the collection's layout") {
            if entered { return true }
            guard owner == nil || owner == me else { return false }
            owner = me
            depth += 1
            entered = true
            return true
        }
        defer { if entered { leave() } }
        return try body()
    }

    /// Runs `body` holding the layout when no other thread holds it; nil (nothing run) otherwise.
    func tryEntering<T>(_ body: () -> T) -> T? {
        let me = ASDataController.currentThread
        condition.lock()
        guard owner == nil || owner == me else { condition.unlock(); return nil }
        owner = me
        depth += 1
        condition.unlock()
        defer { leave() }
        return body()
    }

    private func leave() {
        condition.lock()
        depth -= 1
        if depth == 0 { owner = nil; condition.broadcast() }
        condition.unlock()
    }
}
