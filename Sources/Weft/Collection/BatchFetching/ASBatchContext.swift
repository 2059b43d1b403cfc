import Foundation
import Synchronization

/// The state of one batch fetch, handed to `collectionNode(_:willBeginBatchFetchWith:)`; Texture's
/// `ASBatchContext`. Call `completeBatchFetching(true)` once the new items are inserted (or
/// `cancelBatchFetching()`); until then the collection starts no other fetch, and a snapshot or a
/// frame of a sequence waits for it (bounded by `WeftLimits.batchFetchWait`), so frames stay
/// deterministic.
///
/// Thread-safe: the state is behind a lock, and any thread may complete or cancel the fetch.
public final class ASBatchContext: @unchecked Sendable {
    // SAFETY: `state` is only read and written with `condition` locked.
    private enum State { case idle, fetching, cancelled, completed }
    private var state = State.idle
    private let condition = NSCondition()

    public init() {}

    /// Whether a fetch has begun and is neither completed nor cancelled; Texture's `isFetching()`.
    public func isFetching() -> Bool { locked { $0 == .fetching } }

    /// Whether the last fetch was cancelled; Texture's `batchFetchingWasCancelled()`.
    public func batchFetchingWasCancelled() -> Bool { locked { $0 == .cancelled } }

    /// Marks a fetch as begun; the collection calls it before asking its delegate.
    public func beginBatchFetching() { set(.fetching) }

    /// Ends the fetch when `didComplete` is true; Texture's `completeBatchFetching(_:)` (false
    /// leaves it fetching, as Texture's does).
    public func completeBatchFetching(_ didComplete: Bool) {
        if didComplete { set(.completed) }
    }

    /// Ends the fetch without new content; Texture's `cancelBatchFetching()`.
    public func cancelBatchFetching() { set(.cancelled) }

    /// Blocks until the state changes (or `wake()`), at most `timeout` seconds: one slice of
    /// `ASCollectionNode.waitForBatchFetch()`'s wait, which keeps serving the main actor between
    /// slices (the delegate is asked there, and its inserts ask the data source there).
    func waitForChange(upTo timeout: TimeInterval) {
        condition.lock()
        _ = condition.wait(until: Date(timeIntervalSinceNow: timeout))
        condition.unlock()
    }

    /// Wakes `waitForChange` callers: the collection decided not to fetch.
    func wake() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    private func locked<T>(_ body: (State) -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body(state)
    }

    private func set(_ new: State) {
        condition.lock()
        state = new
        condition.broadcast()
        condition.unlock()
    }
}
