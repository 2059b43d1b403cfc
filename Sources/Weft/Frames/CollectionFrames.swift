import Dispatch
import Foundation
import Synchronization

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

    /// Frames come through the one frame path: a one-thread `FrameDriver` (made, checking the
    /// sequence, at the first `next()`) asked for one frame at a time (`FrameDriver.frame`), as
    /// the iterator pulls them rather than a sink being pushed to.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let frames: CollectionFrames
        let queue = DispatchQueue(label: "weft.collection.frames", qos: .userInitiated)
        let source: EditedFrameSource
        var driver: FrameDriver?
        var index = 0

        init(frames: CollectionFrames) {
            self.frames = frames
            source = EditedFrameSource(player: FrameSequencePlayer(node: frames.collectionNode, sequence: frames.sequence))
        }

        public mutating func next() async throws -> Bitmap? {
            if driver == nil { driver = try FrameDriver(frames.sequence, scale: frames.scale, threads: 1) }
            guard let driver, index < frames.sequence.offsets.count else { return nil }
            defer { index += 1 }
            let node = frames.collectionNode, source = self.source, index = self.index
            let edits = driver.request(index).edits
            if !edits.isEmpty {
                try await MainActor.run { for edit in edits { try edit.apply(node) } }
            }
            // The frame crosses from the queue to this task through a lock as well as the
            // continuation: ThreadSanitizer on Linux does not see the continuation's ordering and
            // would report the bitmap's fields as raced; the lock is an ordering it does see.
            let handoff = Mutex<Result<Bitmap, any Error>?>(nil)
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                queue.async {
                    let result = Result { try driver.frame(index, from: source) }
                    handoff.withLock { $0 = result }
                    continuation.resume()
                }
            }
            return try handoff.withLock { $0 }!.get()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(frames: self) }
}

/// The player as the `FrameSource` of an iterator's frames, whose edits the iterator has made
/// already: it awaits the main actor for them, where a capture would block a thread on it, so
/// capturing here makes none. Used on the iterator's serial queue, one frame at a time.
struct EditedFrameSource: FrameSource, Sendable {
    let player: FrameSequencePlayer

    func capture(_ request: FrameRequest) throws -> CapturedFrame {
        try player.captureEdited(request)
    }

    /// Never asked for (an iterator is not sharded); steps over a frame by capturing it and
    /// leaving it undrawn, which leaves the state a drawn frame leaves.
    func skip(_ request: FrameRequest) throws { _ = try player.captureEdited(request) }
}
