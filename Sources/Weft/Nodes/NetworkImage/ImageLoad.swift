import Dispatch
import Foundation

/// One load of one URL for one `ASNetworkImageNode`, from start to finish.
///
/// Its first step (reading a local file, or asking the cache and the downloader) is claimable:
/// it is queued on a global queue, and a display that needs the image before that queue got to
/// it runs the step itself (as a display takes over its own queued job), so a wait never depends
/// on a free worker thread. `finish()` lets every waiter go; a load finishes once, whether it
/// completed, failed, or was cancelled.
///
/// Thread safety: `step`, `finished` and `wasCancelled` are guarded by `condition`, which may be
/// taken while the node's `network` lock is held (never the other way round). Sendable.
final class ImageLoad: @unchecked Sendable {
    // SAFETY: the mutable fields are read and written only with `condition` locked.
    let url: URL
    private let condition = NSCondition()
    private var step: (@Sendable () -> Void)?
    private var finished = false
    private var cancelled = false
    /// How many times the downloader called this load's completion, whether `downloadImage` has
    /// returned, and whether the extra calls were reported; see `noteCompletion()`.
    private var completions = 0
    private var downloadReturned = false
    private var extraCompletionsReported = false
    /// What the first completion does, when it came while `downloadImage` was still running: run
    /// when it returns, after the extra calls made inside it were counted and reported, so the
    /// report comes before any waiter is let go. Run on the thread that called `downloadImage`.
    private var deferredCompletion: (() -> Void)?

    init(url: URL) { self.url = url }

    /// Sets the first step; set before the load is published, so a waiter always finds it.
    func prepare(_ step: @escaping @Sendable () -> Void) {
        condition.lock()
        self.step = step
        condition.unlock()
    }

    /// Queues the first step on a global queue (it runs there unless a waiter took it).
    func queueStep() {
        DispatchQueue.global(qos: .userInitiated).async { self.runStepIfUnclaimed() }
    }

    /// Runs the first step here unless another thread took it.
    func runStepIfUnclaimed() {
        condition.lock()
        let step = self.step
        self.step = nil
        condition.unlock()
        step?()
    }

    /// Lets the waiters go; later calls do nothing. `cancelled` records that the node gave up on
    /// the load (a new URL, leaving the preload range), so a download identifier that arrives
    /// afterwards is cancelled.
    func finish(cancelled: Bool = false) {
        condition.lock()
        if !finished { self.cancelled = cancelled }
        finished = true
        step = nil
        condition.broadcast()
        condition.unlock()
    }

    /// Counts a call of the downloader's completion. Only the first is used; the extra calls are
    /// dropped and reported once, with the count: when `downloadImage` returns, for calls made
    /// inside it (so a downloader that calls it 1,000 times there is reported as such), or at
    /// the first extra call after it. Returns whether this call is the first.
    func noteCompletion(reportingAs subject: @autoclosure () -> String) -> Bool {
        condition.lock()
        completions += 1
        let count = completions
        let report = count > 1 && downloadReturned && !extraCompletionsReported
        if report { extraCompletionsReported = true }
        condition.unlock()
        if report { reportExtraCompletions(count, subject()) }
        return count == 1
    }

    /// Runs `work` (what the first completion does) now, or, when the completion came while
    /// `downloadImage` was still running, when `noteDownloadReturned` is called.
    func completeWhenDownloadReturned(_ work: @escaping () -> Void) {
        condition.lock()
        if !downloadReturned {
            deferredCompletion = work
            condition.unlock()
            return
        }
        condition.unlock()
        work()
    }

    /// Called when the downloader's `downloadImage` returned; see `noteCompletion`. Reports the
    /// extra calls made inside it, then runs the first completion's work if it waited for this.
    func noteDownloadReturned(reportingAs subject: @autoclosure () -> String) {
        condition.lock()
        downloadReturned = true
        let count = completions
        let report = count > 1 && !extraCompletionsReported
        if report { extraCompletionsReported = true }
        let work = deferredCompletion
        deferredCompletion = nil
        condition.unlock()
        if report { reportExtraCompletions(count, subject()) }
        work?()
    }

    private func reportExtraCompletions(_ count: Int, _ subject: String) {
        WeftDiagnostics.report(.image, subject, "the downloader called its completion \(count) times so far for \(ImageLoadingError.name(url)) "
                               + "(it must call it once); the first call was used, the other calls are dropped (reported once)")
    }

    var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return finished
    }

    var wasCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Runs the first step if nobody has, then blocks until the load finishes, at most `limit`
    /// seconds (then reports `what` and returns false). See `BlockingWait`.
    @discardableResult
    func wait(_ what: @autoclosure () -> String, limit: TimeInterval = WeftLimits.networkImageWait) -> Bool {
        runStepIfUnclaimed()
        return BlockingWait.on(condition, what(), limit: limit) { finished }
    }
}
