import Dispatch
import Foundation

/// The one frame path: every frame sequence, whatever it is written to, runs through a driver.
/// A `FrameRequest` (offset, scale, edits due) flows one way: from the sequence, through the
/// `FrameSource` (which edits, scrolls and captures on this thread, in order), to the sink's
/// `encode(_:captured:)`, which composites and encodes (up to `threads` frames at once on threads
/// of their own, or here with one thread), to the sink's `deliver`, one frame at a time in frame
/// order. A snapshot is the same path with one frame. Beyond Texture: Weft's own.
///
/// The sequence and thread count are checked once, when the driver is made, before the caller
/// opens any output. A frame holds its slot from capture until it is delivered (or, for a sink
/// whose encodings are small, such as PNG files' paths, until it is encoded), so at most `threads`
/// frames (their bitmaps and encodings) are alive at once however far a slow frame holds the ones
/// after it back. Delivery is serialized by `Reorder`'s lock: whichever worker finishes
/// the next frame delivers it and any finished frames after it, so `deliver` never runs on two
/// threads at once. The output does not depend on the thread count.
/// Sendable value; `run` is called from the thread that owns the source.
struct FrameDriver: Sendable {
    let sequence: FrameSequence
    let scale: DisplayScale
    /// The frames (indices from 0) drawn and delivered: the shard's block.
    let frames: Range<Int>
    let threads: Int

    /// Checks `sequence` (`FrameSequence.validate()`), `scale` (`DisplayScale`) and `threads` (nil:
    /// `WeftThreads.count`), the one place a frame path does; throws `CollectionError` or
    /// `OutputError.invalidThreadCount`.
    init(_ sequence: FrameSequence, scale: CGFloat, shard: FrameShard = .whole, threads: Int?) throws {
        try sequence.validate()
        guard let scale = DisplayScale(scale) else { throw CollectionError.invalidScale(scale) }
        let threads = threads ?? WeftThreads.count
        try WeftThreads.validate(threads)
        self.sequence = sequence
        self.scale = scale
        self.frames = shard.frames(of: sequence.count)
        self.threads = threads
    }

    /// Steps `source` over the frames before the block (capturing the one the sink asks to be primed
    /// with), then draws the block's frames into `sink`.
    /// `progress` gets the number delivered. The first failure stops the run and is thrown, once
    /// the frames in flight have finished; frames after a failure are not delivered.
    func run<Sink: FrameSink>(from source: some FrameSource, to sink: Sink, progress: (@Sendable (Int) -> Void)?) throws {
        // An empty block (more shards than frames) draws nothing, so it needs no priming.
        let priming = frames.isEmpty ? nil : sink.primingFrame(forBlockFrom: frames.lowerBound)
        for index in 0..<frames.lowerBound {
            if index == priming {
                try sink.prime(index, captured: source.capture(sequence.request(index, scale: scale)))
            } else {
                try source.skip(sequence.request(index, scale: scale))
            }
        }
        if threads == 1 {
            for (done, index) in frames.enumerated() {
                let frame = try source.capture(sequence.request(index, scale: scale))
                try sink.deliver(index, try sink.encode(index, captured: frame))
                progress?(done + 1)
            }
            return
        }
        let workers = DispatchQueue(label: "weft.frames", attributes: .concurrent)
        let group = DispatchGroup()
        let slots = DispatchSemaphore(value: threads)
        let reorder = Reorder<Sink.Encoded>(first: frames.lowerBound)
        let first = frames.lowerBound
        let freesSlotOnEncode = Sink.encodedFramesAreSmall
        for index in frames {
            if reorder.failure != nil { break }
            let frame: CapturedFrame
            do {
                frame = try source.capture(sequence.request(index, scale: scale))
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
                let result = Result { try sink.encode(index, captured: frame) }
                if freesSlotOnEncode { slots.signal() }
                // Delivers this frame and the finished ones after it, if this worker is the one to.
                var next = reorder.finished(index, result)
                while let (ready, outcome) = next {
                    if reorder.failure == nil {
                        do {
                            try sink.deliver(ready, try outcome.get())
                            progress?(ready - first + 1)
                        } catch {
                            reorder.fail(error)
                        }
                    }
                    if !freesSlotOnEncode { slots.signal() }
                    next = reorder.delivered()
                }
            }
        }
        while !BlockingWait.forGroup(group, "the frames being encoded") {}
        if let failure = reorder.failure { throw failure }
    }
}

extension FrameDriver {
    /// Frame `index` alone, as `run` makes each frame on one thread: its request captured by
    /// `source`, then composited here. For a consumer that pulls frames one at a time and so is no
    /// sink the driver can push to (`CollectionFrames`, an `AsyncSequence`): it calls this once per
    /// frame, in frame order, from one thread at a time.
    func frame(_ index: Int, from source: some FrameSource) throws -> Bitmap {
        try source.capture(request(index)).render()
    }

    /// The request for frame `index` of the sequence at the driver's scale.
    func request(_ index: Int) -> FrameRequest { sequence.request(index, scale: scale) }
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
