import Dispatch
import Foundation
import Synchronization

/// How the collection asks its `@MainActor` data source and delegate from whatever thread drives
/// it: inline when the caller is already on the main actor (Texture's case: the main thread), else
/// on the main actor, with the caller blocked until the answer is back.
///
/// A caller off the main actor may need the main actor while the main actor is itself blocked in
/// one of Weft's waits (`BlockingWait`; a frame waiting for a batch fetch whose inserts ask the data source, or
/// `waitUntilAllUpdatesAreProcessed()` waiting for a completion that edits). So a request is both
/// queued on the main queue and posted to an inbox that those waits drain (`serve()`);
/// whichever runs it first claims it.
///
/// Thread safety: the inbox is behind its mutex; a `Request` is claimed once (an atomic flag).
enum MainActorBridge {
    /// Whether the current code runs on the main actor: the main thread, or (where `dispatch_main`
    /// gave the main queue to worker threads, as the Swift Testing runner on Linux does) the main
    /// queue.
    static var isOnMainActor: Bool {
        if Thread.isMainThread { return true }
        _ = mainQueueMarked
        return DispatchQueue.getSpecific(key: mainQueueKey) != nil
    }

    private static let mainQueueKey = DispatchSpecificKey<Bool>()
    private static let mainQueueMarked: Bool = {
        DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
        return true
    }()

    /// Runs `body` when the caller is on the main actor, returning its result; nil elsewhere
    /// (for reads of main-actor state that other threads go without).
    static func ifOnMainActor<T>(_ body: @MainActor () -> T) -> T? {
        guard isOnMainActor else { return nil }
        return assumingMainActor(body)
    }

    /// Runs `body` on the main actor and returns its result; see the type's notes.
    static func run<T, E: Error>(_ body: @MainActor () throws(E) -> T) throws(E) -> T {
        if isOnMainActor {
            return try Self.assumingMainActor(body)
        }
        // The request drops `body` once it has run, before the answer is signalled, so nothing
        // keeps the closure past this call.
        let answer = withoutActuallyEscaping(body) { body -> Any in
            let request = Request { () -> Any in
                let mark = marks.value
                mark.answering += 1
                defer { mark.answering -= 1 }
                do throws(E) { return Result<T, E>.success(try Self.assumingMainActor(body)) } catch { return Result<T, E>.failure(error) }
            }
            inbox.withLock { $0.append(request) }
            DispatchQueue.main.async { request.runIfUnclaimed() }
            let answer = request.waitForAnswer()
            // Answered by the main queue, it is still in the inbox: take it out, answer and all.
            inbox.withLock { $0.removeAll { $0 === request } }
            return answer
        }
        // The request's body is the closure above, which returns exactly this type.
        return try (answer as! Result<T, E>).get()
    }

    /// Runs `body` on the main actor later, without waiting: from the main queue, or from a
    /// `BlockingWait` on the main actor, whichever comes first.
    static func post(_ body: @escaping @MainActor @Sendable () -> Void) {
        let request = Request { () -> Any in
            MainActor.assumeIsolated { body() }
            return ()
        }
        inbox.withLock { $0.append(request) }
        DispatchQueue.main.async {
            request.runIfUnclaimed()
            inbox.withLock { $0.removeAll { $0 === request } }
        }
    }

    /// On the main actor: runs the requests other threads posted, and on the main thread the main
    /// run loop's sources once (among them the main queue, which a wait there would otherwise
    /// block). What `BlockingWait` does between slices, so that work a wait depends on can still
    /// reach the main actor. Elsewhere the main queue is blocked by the wait, and only the inbox helps.
    ///
    /// What it runs runs in the middle of whatever the waiting thread was doing (its wait is
    /// somewhere down this thread's stack); `servingDepth` tells such work apart.
    static func serve() {
        let mark = marks.value
        mark.serving += 1
        defer { mark.serving -= 1 }
        drainInbox()
        if Thread.isMainThread { _ = RunLoop.main.run(mode: .default, before: Date()) }
    }

    /// How many `serve()` calls this thread is inside now: 0 outside any, 1 in work a wait served,
    /// 2 in work served by a wait inside that, and so on. Code that holds something across a wait
    /// (`LayoutAccess`) compares it with the depth it was taken at, so work a wait served on the
    /// holder's own thread is not taken for the holder. Per thread: each thread reads its own.
    static var servingDepth: Int { marks.value.serving }

    /// Whether this thread (the main actor) is answering a question another thread asked and is
    /// blocked on. That thread may hold something (a collection's `layoutAccess`) in the middle
    /// of its work; code here that would wait for it would wait for its own caller. Per thread.
    static var isAnsweringAnotherThread: Bool { marks.value.answering > 0 }

    /// This thread's depths in `serve()` and in answering another thread, in one per-thread box
    /// (each `ThreadLocal` is a pthread key, and a process has few to spare).
    private final class Marks { var serving = 0, answering = 0 }
    private static let marks = ThreadLocal { Marks() }

    // MARK: The inbox

    private static let inbox = Mutex<[Request]>([])
    /// Requests in the inbox: asked and not yet answered (or answered a moment ago).
    static var pendingRequestCount: Int { inbox.withLock { $0.count } }
    /// Runs the requests one at a time, each taken out just before it runs: a request may wait,
    /// and the waits inside it serve the inbox. Taken out all at once, the requests after it were
    /// out of reach of those waits, and of the main queue, which this thread blocks: one that the
    /// running request waits for (through the thread that asked it) was never run.
    private static func drainInbox() {
        while let request = inbox.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { request.runIfUnclaimed() }
    }

    private static func assumingMainActor<T, E: Error>(_ body: @MainActor () throws(E) -> T) throws(E) -> T {
        // `MainActor.assumeIsolated` wants a Sendable result and untyped throws; the caller is on
        // the main actor (checked above) and the result goes back to the thread that asked for it.
        let outcome = Unchecked<Result<T, E>>(MainActor.assumeIsolated {
            do throws(E) { return Unchecked(Result<T, E>.success(try body())) } catch { return Unchecked(Result<T, E>.failure(error)) }
        }.value)
        return try outcome.value.get()
    }

    /// A value handed between the thread that asks and the main actor, which run one after the other.
    private struct Unchecked<Value>: @unchecked Sendable {
        // SAFETY: handed over once, from the thread that made it to the one that waits for it.
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// One question for the main actor, claimed once by the main queue or by a draining wait.
    private final class Request: @unchecked Sendable {
        // SAFETY: `body` is taken by the one claimant only; `answer` is written once under
        // `done`'s lock before the signal, and read by the asking thread after it.
        private var body: (() -> Any)?
        private let claimed = Atomic(false)
        private var answer: Any?
        private let done = NSCondition()

        init(_ body: @escaping () -> Any) { self.body = body }

        func runIfUnclaimed() {
            guard claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
            let value = body!()
            body = nil
            done.lock(); answer = value; done.broadcast(); done.unlock()
        }

        /// Off the main actor only. Every main-actor wait serves the inbox, so an answer comes
        /// unless the main thread is blocked outside Weft; that is reported each time the limit
        /// passes, and the wait goes on: there is no answer to go on without.
        func waitForAnswer() -> Any {
            while !BlockingWait.on(done, "a request from another thread to the main actor (a data source or delegate question)",
                                   until: { answer != nil }) {}
            done.lock()
            defer { done.unlock() }
            return answer!
        }
    }
}
