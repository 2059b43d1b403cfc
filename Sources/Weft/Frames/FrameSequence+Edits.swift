import Foundation

extension FrameSequence {
    /// How long an animated batch update lasts unless a sequence says otherwise. UIKit does not
    /// document the length of `performBatchUpdates`' animation (only that the collection view
    /// controls its timing); 0.3 s with the ease-in-out curve of `UIView` animations is the figure
    /// usually given, and what Weft uses. Set `updateAnimationDuration` to match a measurement.
    public static let defaultUpdateAnimationDuration: TimeInterval = 0.3

    /// An edit made at one frame of a sequence: the app's `performBatchUpdates`, `insertItems`… at
    /// that moment of the scroll. Sendable value; its closure runs on the main actor.
    public struct Edit: Sendable, Equatable {
        /// The frame (an index into `offsets`, from 0) before which the edit is made: that frame is
        /// the first to show it (`frame_00031.png` for frame 30).
        public let frame: Int
        let apply: @MainActor @Sendable (ASCollectionNode) throws -> Void
        /// Tells edits apart for `==`, since closures cannot be compared.
        private let identity = Identity()
        private final class Identity: Sendable {}

        public static func == (a: Edit, b: Edit) -> Bool { a.frame == b.frame && a.identity === b.identity }
    }

    /// This sequence with `edit` made before frame `frame` (from 0) is rendered: update the data
    /// source and call the collection's edit methods there, as an app would. Edits at one frame
    /// run in the order they were added.
    ///
    /// How the frames show it follows UIKit: a batch made with `performBatch(animated: true…)`,
    /// `performBatchUpdates` or a lone edit (`insertItems(at:)`…) animates over
    /// `updateAnimationDuration` with UIKit's ease-in-out curve, sampled at `framesPerSecond`:
    /// inserted cells fade in, deleted ones fade out where they were, kept cells slide from their
    /// old frame to the new one. `performBatch(animated: false…)`, `reloadData()` and a collection
    /// in `.alwaysReloadData` mode show the new state at once. The content offset is the
    /// sequence's, as UIScrollView keeps its offset: items inserted above the viewport push the
    /// content down. Each frame waits for the edit's batches (as `waitUntilAllUpdatesAreProcessed()`
    /// does), so the same script gives the same frames every run.
    ///
    /// The edit runs on the main actor: render such a sequence from the main thread (a
    /// `@MainActor` test, a command-line tool's main code) or through `frames(_:scale:)`. An edit
    /// that throws stops the render with its error. Throws `invalidSequence` for a frame outside
    /// the sequence.
    public func editing(atFrame frame: Int, _ edit: @escaping @MainActor @Sendable (ASCollectionNode) throws -> Void) throws(CollectionError) -> FrameSequence {
        guard offsets.indices.contains(frame) else {
            throw .invalidSequence("an edit at frame \(frame) is outside the sequence's \(offsets.count) frames (0 to \(offsets.count - 1))")
        }
        var copy = self
        let index = copy.edits.lastIndex(where: { $0.frame <= frame }).map { $0 + 1 } ?? 0
        copy.edits.insert(Edit(frame: frame, apply: edit), at: index)
        return copy
    }
}
