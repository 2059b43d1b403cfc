import Dispatch
import Foundation

/// The frame pipeline of `FrameWriter`, for output that takes frames in order (a video, one
/// stream): frames are captured in order on the calling thread, composited and encoded up to
/// `threads` at once on threads of their own, then delivered one at a time in frame order.
///
/// A frame holds its slot from capture until it is delivered, so at most `threads` frames (their
/// bitmaps and encodings) are alive at once however far a slow frame holds the ones after it back.
/// Delivery is serialized by `Reorder`'s lock: whichever worker finishes the next frame delivers it
/// and any finished frames after it, so `deliver` never runs on two threads at once.
enum OrderedFramePipeline {
    /// Runs the frames `indices` of `sequence`: `capture` on this thread in order, its returned
    /// compositing and then `encode` on a worker (or here with one thread), `deliver` in order.
    /// `progress` gets the number delivered. The first failure stops the run and is thrown, once
    /// the frames in flight have finished; frames after a failure are not delivered.
    static func run<Encoded: Sendable>(_ sequence: FrameSequence, indices: Range<Int>, threads: Int?,
                                       progress: (@Sendable (Int) -> Void)?,
                                       capture: (CGPoint) throws -> @Sendable () throws -> Bitmap,
                                       encode: @escaping @Sendable (Int, Bitmap) throws -> Encoded,
                                       deliver: @escaping @Sendable (Int, Encoded) throws -> Void) throws {
        try sequence.validate()
        let threads = threads ?? WeftThreads.count
        try WeftThreads.validate(threads)
        if threads == 1 {
            for (done, index) in indices.enumerated() {
                let frame = try capture(sequence.offsets[index])()
                try deliver(index, try encode(index, frame))
                progress?(done + 1)
            }
            return
        }
        let workers = DispatchQueue(label: "weft.frames.ordered", attributes: .concurrent)
        let group = DispatchGroup()
        let slots = DispatchSemaphore(value: threads)
        let reorder = Reorder<Encoded>(first: indices.lowerBound)
        for index in indices {
            if reorder.failure != nil { break }
            let finish: @Sendable () throws -> Bitmap
            do {
                finish = try capture(sequence.offsets[index])
            } catch {
                reorder.fail(error)
                break
            }
            // Serves the main actor if this is it (a frame's capture may need it); reports a
            // stall each time BlockingWait's limit passes, and goes on waiting.
            while !BlockingWait.forSignal(slots, "a free frame slot (frames being encoded)") {}
            group.enter()
            workers.async {
                defer { group.leave() }
                let result = Result { try encode(index, try finish()) }
                // Delivers this frame and the finished ones after it, if this worker is the one to.
                var next = reorder.finished(index, result)
                while let (ready, outcome) = next {
                    if reorder.failure == nil {
                        do {
                            try deliver(ready, try outcome.get())
                            progress?(ready - indices.lowerBound + 1)
                        } catch {
                            reorder.fail(error)
                        }
                    }
                    slots.signal()
                    next = reorder.delivered()
                }
            }
        }
        while !BlockingWait.forGroup(group, "the frames being encoded") {}
        if let failure = reorder.failure { throw failure }
    }
}

/// The finished frames waiting for the ones before them, and which worker delivers.
private final class Reorder<Encoded: Sendable>: @unchecked Sendable {
    // SAFETY: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var waiting: [Int: Result<Encoded, any Error>] = [:]
    private var next: Int
    private var delivering = false
    private var error: (any Error)?

    init(first: Int) { next = first }

    var failure: (any Error)? { lock.withLock { error } }

    func fail(_ e: any Error) { lock.withLock { if error == nil { error = e } } }

    /// Files frame `index`'s result; returns the next frame for this worker to deliver, or nil when
    /// another worker is delivering or the next frame is not finished.
    func finished(_ index: Int, _ result: Result<Encoded, any Error>) -> (Int, Result<Encoded, any Error>)? {
        lock.withLock {
            waiting[index] = result
            if delivering { return nil }
            return takeNext()
        }
    }

    /// Called by the delivering worker after each frame: the next one to deliver, or nil (and the
    /// worker stops delivering) when it is not finished yet.
    func delivered() -> (Int, Result<Encoded, any Error>)? {
        lock.withLock {
            next += 1
            return takeNext()
        }
    }

    // Under the lock.
    private func takeNext() -> (Int, Result<Encoded, any Error>)? {
        guard let result = waiting.removeValue(forKey: next) else {
            delivering = false
            return nil
        }
        delivering = true
        return (next, result)
    }
}
