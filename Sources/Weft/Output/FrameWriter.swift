import Dispatch
import Foundation
import Synchronization

extension ASCollectionNode {
    /// Renders every frame of `sequence` and writes them as `frame_00001.png`… into `folder`,
    /// encoding frames in parallel while the next ones composite. Returns the paths in order.
    /// `encoder` defaults to `PNGEncoder.frames` (the single-pass encoder). `threads` (default
    /// `WeftThreads.count`) is how many frames are composited and encoded at once, on threads of
    /// their own, while this thread moves the collection to the next frames and waits for their
    /// cells; with 1, every frame is composited and encoded on the calling thread. The files are byte-identical whatever the thread count.
    /// `progress` is called after each frame is written, with the count done so far. Each file is
    /// written whole or not at all (see `Data.write(toFile:)`); the first failure stops the run and
    /// is thrown: a `CollectionError` for a sequence or frame that cannot be rendered, an
    /// `OutputError` naming the file for one that cannot be written or for a thread count outside
    /// 1…`WeftLimits.maximumThreads`.
    @discardableResult
    public func writeFrames(_ sequence: FrameSequence, scale: CGFloat, toFolder folder: String,
                            encoder: PNGEncoder = .frames, threads: Int? = nil, progress: (@Sendable (Int) -> Void)? = nil) throws -> [String] {
        // The player captures the frames in order, making the sequence's edits and animating them;
        // compositing and encoding run in parallel behind it.
        let player = FrameSequencePlayer(node: self, sequence: sequence)
        return try FrameWriter.write(sequence, toFolder: folder, encoder: encoder, threads: threads, progress: progress,
                                     capture: { _ throws in
                                         let composition = try player.captureNext(scale: scale).composition
                                         return { () throws in try composition.render() }
                                     })
    }

    /// The frames of `sequence`, composited one after another as the consumer asks for them: a
    /// sink for anything other than PNG files (a video encoder, say).
    public func frames(_ sequence: FrameSequence, scale: CGFloat) -> CollectionFrames {
        CollectionFrames(collectionNode: self, sequence: sequence, scale: scale)
    }
}

/// Writes the frames of a scroll as PNG files, for any scrolling node (a collection, a table…).
enum FrameWriter {
    /// Renders each offset of `sequence` with `render` on this thread and writes the frames as
    /// `frame_00001.png`… into `folder`; see `write(_:frames:toFolder:encoder:threads:progress:capture:)`.
    static func write(_ sequence: FrameSequence, frames: Range<Int>? = nil, toFolder folder: String, encoder: PNGEncoder, threads: Int?,
                      progress: (@Sendable (Int) -> Void)?, render: (CGPoint) throws -> Bitmap) throws -> [String] {
        try write(sequence, frames: frames, toFolder: folder, encoder: encoder, threads: threads, progress: progress) { offset throws in
            let frame = try render(offset)
            return { frame }
        }
    }

    /// Captures each offset of `sequence` with `capture` on this thread, in order, and writes the
    /// frames as `frame_00001.png`… into `folder`. Each capture returns the rest of its frame's
    /// work (compositing), which runs with the encoding: with one thread, here, right away; with
    /// more, up to `threads` frames at once on other threads while the next ones are captured.
    /// The files do not depend on the thread count. With `frames`, only those (indices from 0) are
    /// written, named by their place in the whole sequence. Returns the paths in order; the first
    /// failure stops the run and is thrown, once the frames in flight have finished.
    static func write(_ sequence: FrameSequence, frames: Range<Int>? = nil, toFolder folder: String, encoder: PNGEncoder, threads: Int?,
                      progress: (@Sendable (Int) -> Void)?,
                      capture: (CGPoint) throws -> @Sendable () throws -> Bitmap) throws -> [String] {
        try sequence.validate()
        let threads = threads ?? WeftThreads.count
        try WeftThreads.validate(threads)
        let indices = frames ?? sequence.offsets.indices
        let paths = indices.map { String(format: "%@/frame_%05d.png", folder, $0 + 1) }
        if threads == 1 {
            for (done, (path, offset)) in zip(paths, sequence.offsets[indices]).enumerated() {
                try encoder.write(try capture(offset)(), toFile: path)
                progress?(done + 1)
            }
            return paths
        }
        let workers = DispatchQueue(label: "weft.frames.encode", attributes: .concurrent)
        let group = DispatchGroup()
        // Bound the frames in flight, so memory stays at a few frames whatever the sequence length.
        let slots = DispatchSemaphore(value: threads)
        let failures = FrameFailures()
        for (path, offset) in zip(paths, sequence.offsets[indices]) {
            if failures.first != nil { break }
            let finish: @Sendable () throws -> Bitmap
            do {
                finish = try capture(offset)
            } catch {
                failures.record(error)
                break
            }
            // Serves the main actor if this is it (a frame's capture may need it); reports a
            // stall each time BlockingWait's limit passes, and goes on waiting.
            while !BlockingWait.forSignal(slots, "a free frame slot (frames being encoded)") {}
            group.enter()
            workers.async {
                defer { slots.signal(); group.leave() }
                do {
                    try encoder.write(try finish(), toFile: path)
                    progress?(failures.finished())
                } catch {
                    failures.record(error)
                }
            }
        }
        while !BlockingWait.forGroup(group, "the frames being encoded") {}
        if let failure = failures.first { throw failure }
        return paths
    }
}

/// The frames of a scroll as an `AsyncSequence`; each is composited when the iterator asks.
/// Compositing waits for cells to display, so it runs on a serial dispatch queue of the iterator's
/// own, never on a thread of Swift's cooperative pool, which `next()` only suspends.
/// Iterate it from one task.
public struct CollectionFrames: AsyncSequence, @unchecked Sendable {
    // SAFETY: the collection node is not Sendable only so that user subclasses need not say so
    // (see `UncheckedSendable`); it guards its state with its mutexes, and the frames are
    // composited on the iterator's serial queue, one at a time.
    public typealias Element = Bitmap
    let collectionNode: ASCollectionNode
    let sequence: FrameSequence
    let scale: CGFloat

    public struct AsyncIterator: AsyncIteratorProtocol {
        let frames: CollectionFrames
        let queue = DispatchQueue(label: "weft.collection.frames", qos: .userInitiated)
        let player: FrameSequencePlayer
        var index = 0

        init(frames: CollectionFrames) {
            self.frames = frames
            player = FrameSequencePlayer(node: frames.collectionNode, sequence: frames.sequence)
        }

        public mutating func next() async throws -> Bitmap? {
            if index == 0 { try frames.sequence.validate() }
            guard index < frames.sequence.offsets.count else { return nil }
            defer { index += 1 }
            let node = frames.collectionNode, player = self.player, scale = frames.scale
            let edits = player.edits(atFrame: index)
            if !edits.isEmpty {
                try await MainActor.run { for edit in edits { try edit.apply(node) } }
            }
            // The frame crosses from the queue to this task through a lock as well as the
            // continuation: ThreadSanitizer on Linux does not see the continuation's ordering and
            // would report the bitmap's fields as raced; the lock is an ordering it does see.
            let handoff = Mutex<Result<Bitmap, CollectionError>?>(nil)
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                queue.async {
                    let result = Result { () throws(CollectionError) in try player.render(scale: scale).bitmap }
                    handoff.withLock { $0 = result }
                    continuation.resume()
                }
            }
            return try handoff.withLock { $0 }!.get()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(frames: self) }
}

/// The first error of a batch of parallel frame writes, and a count of the ones finished.
private final class FrameFailures: @unchecked Sendable {
    // SAFETY: every access takes the lock.
    private let lock = NSLock()
    private var error: (any Error)?
    private var done = 0
    var first: (any Error)? { lock.withLock { error } }
    func record(_ e: any Error) { lock.withLock { if error == nil { error = e } } }
    func finished() -> Int { lock.withLock { done += 1; return done } }
}
