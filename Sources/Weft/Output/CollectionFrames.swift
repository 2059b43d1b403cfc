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
            let request = frames.sequence.request(index, scale: scale)
            if !request.edits.isEmpty {
                try await MainActor.run { for edit in request.edits { try edit.apply(node) } }
            }
            // The frame crosses from the queue to this task through a lock as well as the
            // continuation: ThreadSanitizer on Linux does not see the continuation's ordering and
            // would report the bitmap's fields as raced; the lock is an ordering it does see.
            let handoff = Mutex<Result<Bitmap, CollectionError>?>(nil)
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                queue.async {
                    let result = Result { () throws(CollectionError) in try player.renderEdited(request).bitmap }
                    handoff.withLock { $0 = result }
                    continuation.resume()
                }
            }
            return try handoff.withLock { $0 }!.get()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(frames: self) }
}
