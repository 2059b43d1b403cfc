import ArgumentParser
import Foundation
import Testing
@testable import Weft
@testable import weft
import WeftSamples

@Suite struct FrameShardTests {
    /// Every split of every short sequence: blocks in shard order, contiguous, covering each frame
    /// once, sizes differing by at most one.
    @Test func blocksCoverTheSequenceOnceInOrder() throws {
        for total in 0...40 {
            for count in 1...12 {
                let blocks = try (1...count).map { try FrameShard($0, of: count).frames(of: total) }
                #expect(blocks.flatMap { Array($0) } == Array(0..<total), "\(total) frames in \(count) shards: \(blocks)")
                #expect(blocks.map(\.count).max()! - blocks.map(\.count).min()! <= 1)
            }
        }
        #expect(FrameShard.whole.frames(of: 7) == 0..<7)
    }

    @Test func refusesShardsOutsideTheirCount() {
        #expect(throws: CollectionError.invalidSequence("shard 0/3: the shard must be 1 to 3, not 0")) { try FrameShard(0, of: 3) }
        #expect(throws: CollectionError.invalidSequence("shard 4/3: the shard must be 1 to 3, not 4")) { try FrameShard(4, of: 3) }
        #expect(throws: CollectionError.invalidSequence("a shard count must be at least 1, not 0 (shard 1/0)")) { try FrameShard(1, of: 0) }
    }

    @Test func optionBeatsVariablesAndVariablesAreReadInOrder() throws {
        let all = ["BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "4", "CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "2",
                   "CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"]
        #expect(try ShardArgument.resolve(option: "2/5", environment: all) == ShardArgument(shard: try FrameShard(2, of: 5), source: "--shard"))
        #expect(try ShardArgument.resolve(option: nil, environment: all)
                == ShardArgument(shard: try FrameShard(2, of: 4), source: "BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT"))
        #expect(try ShardArgument.resolve(option: nil, environment: ["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2"])?.shard == FrameShard(2, of: 2))
        #expect(try ShardArgument.resolve(option: nil, environment: ["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"])?.shard == FrameShard(3, of: 3))
        #expect(try ShardArgument.resolve(option: nil, environment: ["PATH": "/bin"]) == nil)
    }

    /// In process, through the library: the live feed scrolled with scripted animated edits and its
    /// own batch fetches; each shard's frames are the whole run's frames at the same numbers.
    @MainActor @Test func shardedWritesEqualOneRun() throws {
        func sequence(for sample: CollectionSample) throws -> FrameSequence {
            try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 900), frames: 10)
                .editing(atFrame: 1) { _ in try sample.apply(.insert(IndexPath(item: 0, section: 0), count: 2), animated: true) }
                .editing(atFrame: 6) { _ in try sample.apply(.delete(IndexPath(item: 1, section: 0), count: 1), animated: true) }
        }
        let root = NSTemporaryDirectory() + "weft-shards-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        func render(_ shard: FrameShard?) throws -> [String: Data] {
            let sample = try #require(CollectionSample.make("livefeed", viewport: CGSize(width: 100, height: 140), items: 3))
            let folder = root + "/" + (shard.map { "\($0.index)-of-\($0.count)" } ?? "whole")
            let paths = try shard.map { try sample.collectionNode.writeFrames(sequence(for: sample), scale: 1, toFolder: folder, shard: $0) }
                ?? sample.collectionNode.writeFrames(sequence(for: sample), scale: 1, toFolder: folder)
            return try Dictionary(uniqueKeysWithValues: paths.map { (URL(fileURLWithPath: $0).lastPathComponent, try Data(contentsOf: URL(fileURLWithPath: $0))) })
        }
        let whole = try render(nil)
        #expect(whole.count == 10)
        var parts: [String: Data] = [:]
        for index in 1...4 { parts.merge(try render(FrameShard(index, of: 4))) { a, _ in a } }
        #expect(parts.keys.sorted() == whole.keys.sorted())
        #expect(parts == whole)
        // The frames differ from one another, so a shard that drew the wrong frames would show.
        #expect(Set(whole.values).count > 5)
    }
}
