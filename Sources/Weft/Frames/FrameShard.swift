import Foundation

/// One of `count` parts of a frame sequence, so several machines (a CI matrix) can render one
/// sequence together: shard `index` of `count` (from 1) writes one contiguous block of frames, the
/// blocks in shard order cover the sequence once, and each frame file has the name and the bytes a
/// single run gives it. Beyond Texture: Weft's own.
///
/// Blocks are contiguous, not interleaved, because a frame depends on the frames before it (scripted
/// edits, their animations, batch fetches the scroll begins): a shard steps through the frames
/// before its block without compositing or encoding them (`FrameSequencePlayer.skip`), then
/// draws its block. Contiguous blocks let shard `i` stop after its own and step over only
/// the `i - 1` blocks before it; interleaved blocks would make every shard step through almost the
/// whole sequence. The first `total % count` shards take one frame more than the others.
/// `writeFrames(_:scale:toFolder:shard:encoder:threads:progress:)` takes one (`.whole` by default).
/// Sendable value; use from any context.
public struct FrameShard: Sendable, Equatable, CustomStringConvertible {
    /// Which shard, from 1.
    public let index: Int
    /// How many shards the sequence is split into.
    public let count: Int

    /// The whole sequence: shard 1 of 1.
    public static let whole = FrameShard(checkedIndex: 1, count: 1)

    /// Shard `index` (from 1) of `count`; throws `invalidSequence`, naming both, unless
    /// `1 <= index <= count`.
    public init(_ index: Int, of count: Int) throws(CollectionError) {
        guard count >= 1 else { throw .invalidSequence("a shard count must be at least 1, not \(count) (shard \(index)/\(count))") }
        guard (1...count).contains(index) else {
            throw .invalidSequence("shard \(index)/\(count): the shard must be 1 to \(count), not \(index)")
        }
        self.init(checkedIndex: index, count: count)
    }

    private init(checkedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// The frames (indices from 0) this shard renders out of `total`. Empty when there are more
    /// shards than frames and this one has none.
    public func frames(of total: Int) -> Range<Int> {
        let total = max(0, total)
        let base = total / count, extra = total % count
        let start = (index - 1) * base + min(index - 1, extra)
        return start..<(start + base + (index <= extra ? 1 : 0))
    }
}
