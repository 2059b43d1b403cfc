import Dispatch
import Foundation

/// The library's one way to block a thread until something happens elsewhere.
///
/// Two rules make every wait safe:
/// - On the main actor a wait keeps serving it (`MainActorBridge.serve()`): the work waited for
///   may need the main actor (a data source asked there, an `onDidLoad` block, a display block
///   that snapshots a collection), and a plain semaphore or group wait there would deadlock.
/// - Every wait has a limit (`WeftLimits.blockingWait` unless the caller knows better). Past it the
///   wait ends with a `WeftDiagnostic` of the `.threading` area naming what was waited for, and
///   the caller goes on without it (a placeholder, a synchronous draw, a frame without the batch),
///   so a block that never returns shows up as a message rather than a hung process.
///
/// A wait holds none of its own locks while it serves the main actor or sleeps (its caller may
/// hold `LayoutAccess`). Stateless; use from any thread.
enum BlockingWait {
    /// Blocks until `isDone()` returns true; returns false (after reporting `what`) once `limit`
    /// seconds passed first. `idle(slice)` sleeps for at most `slice` seconds, or less when woken:
    /// a condition or semaphore wait on what `isDone` reads. `what` is evaluated only on timeout.
    @discardableResult
    static func until(_ what: @autoclosure () -> String, limit: TimeInterval = WeftLimits.blockingWait,
                      isDone: () -> Bool, idle: (TimeInterval) -> Void) -> Bool {
        // Nothing to wait for: nothing is served either (the main actor's other work runs only
        // while this thread really waits).
        if isDone() { return true }
        let (sum, overflow) = DispatchTime.now().uptimeNanoseconds.addingReportingOverflow(UInt64(nanoseconds(limit)))
        let deadline = overflow ? UInt64.max : sum
        let onMainActor = MainActorBridge.isOnMainActor
        // Off the main actor a long slice costs nothing (a signal ends it early); on it, requests
        // posted by other threads are picked up within one short slice.
        let longest: TimeInterval = onMainActor ? 0.001 : 0.05
        while true {
            if onMainActor {
                MainActorBridge.serve()
            }
            if isDone() { return true }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            let left = TimeInterval(deadline - now) / 1e9
            idle(min(longest, left))
            // Done within the slice (a lock taken there): return without serving once more.
            if isDone() { return true }
        }
        if isDone() { return true }
        WeftDiagnostics.report(.threading, what(),
                               "still not done after \(limit) s (its limit in WeftLimits); gave up the wait so the program goes on. Something it waited for never finished: a node block, display block or data source that blocks, or a wait on work that waits for it")
        return false
    }

    /// Blocks until `semaphore` is signalled (taking the signal), at most `limit` seconds.
    @discardableResult
    static func forSignal(_ semaphore: DispatchSemaphore, _ what: @autoclosure () -> String,
                          limit: TimeInterval = WeftLimits.blockingWait) -> Bool {
        timed(what(), limit: limit) { semaphore.wait(timeout: $0) }
    }

    /// Blocks until every task entered into `group` has left, at most `limit` seconds.
    @discardableResult
    static func forGroup(_ group: DispatchGroup, _ what: @autoclosure () -> String,
                         limit: TimeInterval = WeftLimits.blockingWait) -> Bool {
        timed(what(), limit: limit) { group.wait(timeout: $0) }
    }

    /// `until` over a dispatch wait with a deadline; no slicing when it is done already.
    private static func timed(_ what: @autoclosure () -> String, limit: TimeInterval,
                              _ wait: (DispatchTime) -> DispatchTimeoutResult) -> Bool {
        if wait(.now()) == .success { return true }
        var done = false
        return until(what(), limit: limit, isDone: { done }) { slice in
            if wait(.now() + .nanoseconds(nanoseconds(slice))) == .success { done = true }
        }
    }

    /// Blocks until `isDone()` (read with `condition` locked), woken by `condition.broadcast()`,
    /// at most `limit` seconds.
    @discardableResult
    static func on(_ condition: NSCondition, _ what: @autoclosure () -> String, limit: TimeInterval = WeftLimits.blockingWait,
                   until isDone: () -> Bool) -> Bool {
        let locked = {
            condition.lock()
            defer { condition.unlock() }
            return isDone()
        }
        return until(what(), limit: limit, isDone: locked) { slice in
            condition.lock()
            if !isDone() { _ = condition.wait(until: Date(timeIntervalSinceNow: slice)) }
            condition.unlock()
        }
    }

    /// `seconds` as whole nanoseconds, saturating (an infinite limit waits about 292 years).
    static func nanoseconds(_ seconds: TimeInterval) -> Int {
        guard seconds > 0 else { return 0 }
        let value = seconds * 1e9
        return value >= Double(Int.max) ? Int.max : Int(value)
    }
}
